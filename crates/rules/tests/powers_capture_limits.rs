//! Powers that limit who captures a piece (issue 14): Carthage's
//! elephants (`capture-range`), which move up to 3 squares orthogonally
//! and are captured only by a piece standing at most 2 squares away. Each
//! sentence of the power's text with a position where it decides
//! something (`docs/nations.md`).

use crate::european_fen;
use crate::lineup_play;

use european_fen::{PLAYED, fen};
use lineup_play::*;

/// Blue is Carthage.
const BLUE_CARTHAGE: &str = "default,carthage,default,default";

/// Whether the seat to move may play `m`.
fn has(p: &Pos, m: &str) -> bool {
    moves(p).iter().any(|x| x == m)
}

// ------------------------------------------------------------- the elephant

#[test]
fn an_elephant_moves_up_to_three_squares_orthogonally() {
    let rows = [
        "bK,6,yK",
        "8",
        "8",
        "3,yP,4",
        "3,rE,3,bN",
        "8",
        "8",
        "rK,6,gK",
    ];
    let p = pos(
        &lineup("carthage,default,default,default"),
        &fen('R', PLAYED, rows),
    );
    let elephant = with_prefix(&p, "d4");
    let expected = [
        "d4d5", // the yellow pawn: taken, and no further
        "d4d3", "d4d2", "d4d1", // three squares, to the edge
        "d4c4", "d4b4", "d4a4", // three squares, not to a4's far side
        "d4e4", "d4f4", "d4g4", // the blue knight, taken three squares away
    ];
    assert_eq!(elephant, sorted(&expected));
}

#[test]
fn an_elephant_goes_no_further_than_three_squares() {
    // On an open board the fourth square is out of reach.
    let rows = ["bK,6,yK", "8", "8", "8", "3,rE,4", "8", "8", "rK,6,gK"];
    let p = pos(
        &lineup("carthage,default,default,default"),
        &fen('R', PLAYED, rows),
    );
    assert!(has(&p, "d4g4") && has(&p, "d4d7"));
    assert!(!has(&p, "d4h4") && !has(&p, "d4d8"));
    assert_eq!(with_prefix(&p, "d4").len(), 12);
}

#[test]
fn carthage_starts_with_an_elephant_in_the_rooks_place_in_every_corner() {
    for (seat, ids, square) in [
        (0, "carthage,default,default,default", "b1"),
        (1, "default,carthage,default,default", "a7"),
        (2, "default,default,carthage,default", "g8"),
        (3, "default,default,default,carthage", "h2"),
    ] {
        let p = Pos::start(&lineup(ids));
        assert_eq!(piece(&p, square), Some((seat, 'e')), "{ids}");
    }
}

#[test]
fn carthaginian_pawns_promote_to_an_elephant_a_bishop_or_a_knight() {
    let rows = ["bK,6,yK", "2,rP,5", "8", "8", "8", "8", "8", "rK,6,gK"];
    let p = pos(
        &lineup("carthage,default,default,default"),
        &fen('R', PLAYED, rows),
    );
    assert_eq!(with_prefix(&p, "c7"), sorted(&["c7c8b", "c7c8e", "c7c8n"]));
}

// ------------------------------------------- captured only from near enough

/// Red to move; blue (Carthage) has `victim` on d5 (`bE`, an elephant, or
/// `bR`, a rook, which has no guard). Red has a rook on d1 (4 squares
/// away), one on h5 (4), a bishop on g2 (3), a knight on c3 (a knight's
/// leap: 2) and a bishop on b7 (2 diagonally).
fn red_near_d5(victim: &str) -> Pos {
    red_near_d5_in(BLUE_CARTHAGE, victim)
}

/// [`red_near_d5`] in the line-up `ids`.
fn red_near_d5_in(ids: &str, victim: &str) -> Pos {
    let fifth = format!("3,{victim},3,rR");
    let rows = [
        "bK,6,yK",
        "1,rB,6",
        "8",
        &fifth,
        "8",
        "2,rN,5",
        "6,rB,1",
        "rK,2,rR,3,gK",
    ];
    pos(&lineup(ids), &fen('R', PLAYED, rows))
}

#[test]
fn an_elephant_is_captured_only_by_a_piece_at_most_two_squares_away() {
    let p = red_near_d5("bE");
    for far in ["d1d5", "h5d5", "g2d5"] {
        assert!(!has(&p, far), "{far} takes from too far");
    }
    for near in ["c3d5", "b7d5"] {
        assert!(has(&p, near), "{near} takes from near enough");
    }
    // The far pieces still move up to it.
    assert!(has(&p, "d1d4") && has(&p, "h5e5") && has(&p, "g2e4"));
    // Any other piece on d5 is taken from anywhere.
    let p = red_near_d5("bR");
    for m in ["d1d5", "h5d5", "g2d5", "c3d5", "b7d5"] {
        assert!(has(&p, m), "{m}");
    }
}

#[test]
fn beside_the_hurons_the_elephant_takes_a_free_letter_and_keeps_its_guard() {
    // The Hurons' bishop, an earlier seat's kind, keeps `e`; the elephant
    // is written with the first letter no kind of the line-up uses, in
    // the start position too, and its power follows it.
    let ids = "hurons,carthage,default,default";
    let v = lineup(ids);
    let letter_of = |name: &str| v.pieces.iter().find(|k| k.name == name).unwrap().letter;
    assert_eq!(letter_of("huron bishop"), 'e');
    let elephant = letter_of("elephant");
    assert!(!"ehuwkqrbnp".contains(elephant), "{elephant}");
    assert_eq!(
        v.seat_letters,
        [vec![], vec![('e', elephant)], vec![], vec![]]
    );
    assert_eq!(piece(&Pos::start(&v), "a7"), Some((1, elephant)));
    let victim = format!("b{}", elephant.to_ascii_uppercase());
    let p = red_near_d5_in(ids, &victim);
    for far in ["d1d5", "h5d5", "g2d5"] {
        assert!(!has(&p, far), "{far} takes from too far");
    }
    assert!(has(&p, "c3d5") && has(&p, "b7d5"));
}

#[test]
fn two_squares_away_is_counted_in_king_steps_for_every_capturer() {
    // Blue's elephant on d5; the seat to move has a rook on the d-file at
    // `from`, in front of its king: two squares away it takes, three not.
    for (turn, colour) in [('R', 'r'), ('Y', 'y'), ('G', 'g')] {
        for (from, takes) in [("d3", true), ("d2", false), ("d7", true), ("d8", false)] {
            let mut rows: [String; 8] =
                ["bK,6,yK", "8", "8", "3,bE,4", "8", "8", "8", "rK,6,gK"].map(String::from);
            let rank = (from.as_bytes()[1] - b'1') as usize;
            rows[7 - rank] = match rank {
                7 => format!("bK,2,{colour}R,3,yK"),
                0 => format!("rK,2,{colour}R,3,gK"),
                _ => format!("3,{colour}R,4"),
            };
            let rows: [&str; 8] = std::array::from_fn(|i| rows[i].as_str());
            let p = pos(&lineup(BLUE_CARTHAGE), &fen(turn, PLAYED, rows));
            let m = format!("{from}d5");
            assert_eq!(has(&p, &m), takes, "{turn} {m}");
        }
    }
}

#[test]
fn a_taken_over_elephant_keeps_its_guard() {
    // Red takes the Carthaginian king with its rook; the elephant on d5 is
    // red's now, and a yellow rook four squares away may not take it.
    let rows = [
        "bK,6,yK",
        "rR,7",
        "8",
        "3,bE,4",
        "8",
        "8",
        "8",
        "rK,2,yR,3,gK",
    ];
    let p = pos(&lineup(BLUE_CARTHAGE), &fen('R', PLAYED, rows));
    let p = play(&p, "a7a8");
    assert_eq!(piece(&p, "d5"), Some((1, 'e')));
    assert!(p.to_fen().starts_with("Y-"), "{}", p.to_fen());
    assert!(!has(&p, "d1d5"));
    assert!(has(&p, "d1d4"));
}

#[test]
fn a_double_moves_part_does_not_take_an_elephant_from_too_far() {
    // Red is the Holy Roman Empire: two rooks, each a part of the turn.
    // The rook on d1 is four squares from the elephant; the one on h3 is
    // out of the way. With the elephant a rook, the pair is offered.
    let ids = "holy-roman-empire,carthage,default,default";
    for (victim, offered) in [("bE", false), ("bR", true)] {
        let fifth = format!("3,{victim},4");
        let rows = [
            "bK,6,yK",
            "8",
            "8",
            &fifth,
            "8",
            "7,rR",
            "8",
            "rK,2,rR,3,gK",
        ];
        let p = pos(&lineup(ids), &fen('R', PLAYED, rows));
        let takes = with_prefix(&p, "move-two@")
            .iter()
            .any(|m| m.contains("d1d5"));
        assert_eq!(takes, offered, "{victim}");
    }
}

#[test]
fn a_relocations_capture_takes_an_elephant_only_from_near_enough() {
    // Green (the Byzantine Empire) may put a non-pawn piece from outside
    // its 3 x 5 (f1-h5) onto an enemy piece of its 2 x 4 (g1-h4): red's
    // elephant on g3. The knight on e2 stands 2 squares away, the bishop
    // on c7 four.
    let ids = "carthage,default,default,byzantine-empire";
    for (victim, from_far) in [("rE", false), ("rR", true)] {
        let third = format!("6,{victim},1");
        let rows = [
            "bK,6,yK", "2,gB,5", "8", "8", "8", &third, "4,gN,3", "rK,6,gK",
        ];
        let p = pos(&lineup(ids), &fen('G', PLAYED, rows));
        assert!(has(&p, "relocate@e2g3"), "{victim}");
        assert_eq!(has(&p, "relocate@c7g3"), from_far, "{victim}");
    }
}

#[test]
fn destroying_an_elephant_is_no_capture() {
    // Yellow (the Conquistadors) begins its turn with its knight
    // orthogonally next to the elephant on d5: the elephant is destroyed.
    let ids = "default,carthage,conquistadors,default";
    let rows = ["bK,6,yK", "8", "8", "3,bE,yN,3", "8", "8", "8", "rK,6,gK"];
    let p = pos(&lineup(ids), &fen('B', PLAYED, rows));
    let p = play(&p, "a8b8");
    assert_eq!(piece(&p, "d5"), None, "{}", p.to_fen());
}
