//! Armenia's religion (issue 14, `move-again`, and its king `h`, KmBmA):
//! kings also move like a bishop and leap two squares diagonally, never
//! capturing so; a piece that lands within two squares of an Armenian
//! king, without checking anyone, may move again that turn, once. Each
//! sentence of the power's text with a position where it decides
//! something (`docs/nations.md`).

use crate::european_fen;
use crate::lineup_play;

use european_fen::{PLAYED, fen};
use lineup_play::*;
use std::collections::HashSet;

const RED_ARMENIA: &str = "armenia,default,default,default";

/// `text` with every seat marked in: the test helper counts `K` kings
/// only, and Armenia's king is an `H`.
fn all_in(text: String) -> String {
    let (turn, rest) = text.split_at(2);
    let (_, rest) = rest.split_at(rest.find('-').expect("FEN4 fields"));
    format!("{turn}0,0,0,0{rest}")
}

/// Red (Armenia) to move with `extras`, from short rows.
fn armenia(extras: &str, rows: [&str; 8]) -> Pos {
    pos(&lineup(RED_ARMENIA), &all_in(fen('R', extras, rows)))
}

/// The `move-again` turns of `p`, each leading to a position of its own.
fn again(p: &Pos) -> Vec<String> {
    let turns = with_prefix(p, "move-again@");
    let ends: HashSet<String> = turns.iter().map(|m| play(p, m).to_fen()).collect();
    assert_eq!(ends.len(), turns.len(), "one move per turn: {turns:?}");
    turns
}

// ------------------------------------------------------------ the king

/// The Armenian king on d4 with its knight on e5; blue knights on b6 (two
/// squares diagonally) and g1 (at the end of a diagonal), a blue pawn on
/// c3 next to it.
fn king_on_d4() -> Pos {
    armenia(
        PLAYED,
        [
            "bK,6,yK", "8", "1,bN,6", "4,rN,3", "3,rH,4", "2,bP,5", "8", "6,bN,gK",
        ],
    )
}

#[test]
fn an_armenian_king_moves_as_a_king_a_bishop_and_by_two_diagonally() {
    let p = king_on_d4();
    let expected = [
        "d4c3", // a king's step takes
        "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", //
        "d4f2", // along the diagonal, as a bishop
        "d4f6", // two diagonally, over its own knight
        "d4b2", // two diagonally, over the blue pawn
    ];
    assert_eq!(with_prefix(&p, "d4"), sorted(&expected));
}

#[test]
fn an_armenian_king_does_not_capture_as_a_bishop_or_by_two_diagonally() {
    let p = king_on_d4();
    // The bishop's move ends before g1, the leap does not land on b6.
    assert!(!with_prefix(&p, "d4").contains(&"d4g1".to_string()));
    assert!(!with_prefix(&p, "d4").contains(&"d4b6".to_string()));
    assert!(with_prefix(&p, "d4").contains(&"d4f2".to_string()));
}

// ------------------------------------------------------------ moving again

/// Red's Armenian king on a1 and rook on d1, and on `first_rank` a red
/// knight on f1 or not (it keeps rank 1 shut, so that the rook checks no
/// one from c1 or b1); the others have a pawn each, not to be out alone.
fn rook_near_king(extras: &str, first_rank: &str) -> Pos {
    armenia(
        extras,
        [
            "bK,6,yK",
            "1,bP,4,yP,1",
            "8",
            "8",
            "8",
            "8",
            "6,gP,1",
            first_rank,
        ],
    )
}

const SHUT: &str = "rH,2,rR,1,rN,1,gK";
const OPEN: &str = "rH,2,rR,3,gK";

#[test]
fn a_piece_landing_within_two_squares_of_the_king_may_move_again() {
    let p = rook_near_king(PLAYED, SHUT);
    let turns = again(&p);
    // c1 is two squares from the king, b1 one.
    assert!(
        turns.contains(&"move-again@d1c1c1c7".to_string()),
        "{turns:?}"
    );
    assert!(
        turns.iter().any(|m| m.starts_with("move-again@d1b1")),
        "{turns:?}"
    );
    // The move alone stays a move.
    assert!(moves(&p).contains(&"d1c1".to_string()));
    // d2 and e1 are three squares away: no second move.
    assert!(!turns.iter().any(|m| m.starts_with("move-again@d1d2")));
    assert!(!turns.iter().any(|m| m.starts_with("move-again@d1e1")));
}

#[test]
fn the_second_move_is_the_same_pieces_and_may_do_what_it_may() {
    let p = rook_near_king(PLAYED, SHUT);
    let turns = again(&p);
    for m in &turns {
        let cells = &m["move-again@".len()..];
        assert_eq!(&cells[2..4], &cells[4..6], "{m}");
    }
    // The second move may attack a king: only the first must not.
    assert!(
        turns.contains(&"move-again@d1c1c1c8".to_string()),
        "{turns:?}"
    );
    // The knight on f1 lands nowhere near the king: it has none.
    assert!(!turns.iter().any(|m| m.starts_with("move-again@f1")));
}

#[test]
fn a_piece_that_checks_anyone_as_it_lands_does_not_move_again() {
    // Rank 1 open: from c1 or b1 the rook attacks the green king on h1.
    let p = rook_near_king(PLAYED, OPEN);
    assert!(again(&p).is_empty(), "{:?}", again(&p));
    assert!(moves(&p).contains(&"d1c1".to_string()));
}

#[test]
fn the_king_is_not_near_itself() {
    let p = rook_near_king(PLAYED, SHUT);
    assert!(!again(&p).iter().any(|m| m.starts_with("move-again@a1")));
}

#[test]
fn once_per_turn_the_turn_passes_after_the_second_move() {
    let p = rook_near_king(PLAYED, SHUT);
    // Back to b1, one square from the king: still no third move.
    let after = play(&p, "move-again@d1c1c1b1");
    assert!(after.to_fen().starts_with("B-"), "{}", after.to_fen());
    assert_eq!(piece(&after, "b1"), Some((0, 'r')));
    assert_eq!(piece(&after, "d1"), None);
}

#[test]
fn turns_of_one_piece_that_end_alike_are_one_turn() {
    let p = rook_near_king(PLAYED, SHUT);
    let back: Vec<String> = again(&p)
        .into_iter()
        .filter(|m| m.ends_with("d1"))
        .collect();
    // d1c1 then c1d1, and d1b1 then b1d1, both leave the rook on d1.
    assert_eq!(back.len(), 1, "{back:?}");
}

#[test]
fn in_the_opening_turns_the_whole_turn_may_not_check() {
    let opening = "'turns':(0,2,2,2)";
    let p = rook_near_king(opening, SHUT);
    let turns = again(&p);
    assert!(!turns.contains(&"move-again@d1c1c1c8".to_string()));
    assert!(turns.contains(&"move-again@d1c1c1c7".to_string()));
}

#[test]
fn a_pawn_that_promotes_ends_its_turn() {
    // The king on c8 is next to the pawn's promotion square d8.
    let p = armenia(
        PLAYED,
        ["bK,1,rH,4,yK", "3,rP,4", "8", "8", "8", "8", "8", "7,gK"],
    );
    assert!(moves(&p).contains(&"d7d8r".to_string()));
    assert!(!again(&p).iter().any(|m| m.starts_with("move-again@d7")));
}

#[test]
fn armenia_moves_again_from_its_start_in_every_corner() {
    for (seat, turn, ids, again_turn, too_far) in [
        (
            0,
            'R',
            "armenia,default,default,default",
            "move-again@a2a3a3a4",
            "b2b4",
        ),
        (
            1,
            'B',
            "default,armenia,default,default",
            "move-again@b8c8c8d8",
            "b7d7",
        ),
        (
            2,
            'Y',
            "default,default,armenia,default",
            "move-again@h7h6h6h5",
            "g7g5",
        ),
        (
            3,
            'G',
            "default,default,default,armenia",
            "move-again@g1f1f1e1",
            "g2e2",
        ),
    ] {
        let v = lineup(ids);
        let text = Pos::start(&v).to_fen().replacen('R', &turn.to_string(), 1);
        let p = pos(&v, &text);
        let turns = again(&p);
        assert!(turns.contains(&again_turn.to_string()), "{seat}: {turns:?}");
        let far = format!("move-again@{too_far}");
        assert!(!turns.iter().any(|m| m.starts_with(&far)), "{seat}");
    }
}
