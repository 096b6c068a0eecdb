//! The Nuclear Rogue's bomb (issue 14, `bomb`): once every three turns,
//! from its third, the Nuclear Rogue chooses with its move a 2 x 2 block
//! of the centre 4 x 4, and when its next turn begins everything in the
//! block is destroyed. Each sentence of the power's text, and each
//! decision of `docs/nations.md`, with a position where it decides
//! something.

use crate::european_fen;
use crate::lineup_play;

use european_fen::{PLAYED, fen};
use lineup_play::*;

const ROGUE: &str = "nuclear-rogue,default,default,default";

/// The lower-left squares of the centre 4 x 4's blocks.
const CORNERS: [&str; 9] = ["c3", "c4", "c5", "d3", "d4", "d5", "e3", "e4", "e5"];

/// The blocks the move `m` may arm, sorted (empty: no bomb this turn).
fn blocks(p: &Pos, m: &str) -> Vec<String> {
    let prefix = format!("{m}@");
    with_prefix(p, &prefix)
        .iter()
        .map(|t| t[prefix.len()..].to_string())
        .collect()
}

fn any_bomb(p: &Pos) -> bool {
    moves(p).iter().any(|m| m.contains('@'))
}

/// Red (the Nuclear Rogue) to move with K a1 and a pawn on c2, each other
/// seat a king in its corner and a pawn, with `extras` after `PLAYED`.
fn quiet(extras: &str) -> Pos {
    let extras = format!("{PLAYED}{extras}");
    let rows = [
        "bK,6,yK", "8", "6,yP,1", "1,bP,6", "8", "6,gP,1", "2,rP,5", "rK,6,gK",
    ];
    pos(&lineup(ROGUE), &fen('R', &extras, rows))
}

/// A round of the other three seats' king steps, there or back.
const OUT: &str = "a8a7 h8h7 h1h2";
const BACK: &str = "a7a8 h7h8 h2h1";

#[test]
fn the_first_bomb_is_on_the_third_turn() {
    let p = Pos::start(&lineup(ROGUE));
    assert!(!any_bomb(&p), "turn 1");
    let p = play_line(&p, "a2a3 b5c5 e7e6 g4f4");
    assert!(!any_bomb(&p), "turn 2");
    let p = play_line(&p, "b2b3 b6c6 f7f6 g3f3");
    // Turn 3: every move once without a bomb and once per block.
    assert_eq!(blocks(&p, "c2c3"), sorted(&CORNERS));
    assert!(moves(&p).contains(&"c2c3".to_string()));
}

#[test]
fn then_once_every_three_turns() {
    let p = quiet(",'bomb':('2','','','')");
    let p = play_line(&p, &format!("a1b1@d4 {OUT}"));
    assert!(!any_bomb(&p), "the turn after a bomb");
    let p = play_line(&p, &format!("b1a1 {BACK}"));
    assert!(!any_bomb(&p), "the second turn after it");
    let p = play_line(&p, &format!("a1b1 {OUT}"));
    assert_eq!(blocks(&p, "b1a1"), sorted(&CORNERS), "the third");
}

#[test]
fn a_bomb_not_chosen_may_be_chosen_on_a_later_turn() {
    let p = quiet(",'bomb':('2','','','')");
    let p = play_line(&p, &format!("a1b1 {OUT}"));
    assert_eq!(blocks(&p, "b1a1"), sorted(&CORNERS));
}

#[test]
fn the_block_is_a_2x2_block_inside_the_centre_4x4() {
    // Nine blocks, named by their lower-left squares: c3 (c3-d4) to e5
    // (e5-f6); none reaches outside c3-f6.
    let p = quiet(",'bomb':('2','','','')");
    assert_eq!(blocks(&p, "a1b1"), sorted(&CORNERS));
    assert_eq!(blocks(&p, "c2c3"), sorted(&CORNERS));
}

#[test]
fn the_block_blows_up_when_the_next_turn_begins() {
    // In the block d4-e5: a knight of the Rogue's own (d4), Sparta's
    // warrior (e4, proof against powers), a yellow knight (d5), the green
    // king, green's last royal piece (e5). Outside it, a yellow pawn on f5.
    let rows = [
        "bK,6,yK",
        "8",
        "6,yP,1",
        "3,yN,gK,yP,2",
        "3,rN,bG,3",
        "8",
        "2,rP,5",
        "rK,5,gP,1",
    ];
    let v = lineup("nuclear-rogue,sparta,default,default");
    let extras = format!("{PLAYED},'bomb':('2','','','')");
    let p = pos(&v, &fen('R', &extras, rows));
    let p = play(&p, "c2c3@d4");
    assert!(
        p.to_fen().contains("'bomb':('0d4','','','')"),
        "{}",
        p.to_fen()
    );
    // Nothing happens until the Rogue's next turn begins.
    let p = play_line(&p, "a8a7 h8h7");
    assert_eq!(piece(&p, "d5"), Some((2, 'n')));
    let p = play(&p, "g1f1");
    for (sq, left) in [
        ("d4", None),
        ("d5", None),
        ("e4", Some((1, 'g'))),
        ("e5", Some((3, 'k'))),
        ("f5", Some((2, 'p'))),
    ] {
        assert_eq!(piece(&p, sq), left, "{sq}: {}", p.to_fen());
    }
    // The bomb is spent: only the count is left, at 0 (written as none).
    assert!(!p.to_fen().contains("'bomb'"), "{}", p.to_fen());
}

#[test]
fn a_pass_or_a_move_without_a_bomb_counts_a_turn() {
    let p = quiet(",'bomb':('0','','','')");
    let p = play_line(&p, &format!("a1b1 {OUT}"));
    assert!(
        p.to_fen().contains("'bomb':('1','','','')"),
        "{}",
        p.to_fen()
    );
}

#[test]
fn the_bomb_is_position_text_and_bad_entries_are_refused() {
    let p = quiet(",'bomb':('0e3','','','')");
    assert_eq!(pos(p.variant(), &p.to_fen()), p);
    assert_ne!(p, quiet(",'bomb':('0','','','')"));
    let v = p.variant().clone();
    for (entry, why) in [
        ("('3','','','')", "a count from 0 to 2"),
        ("('x','','','')", "a count from 0 to 2"),
        ("('0f6','','','')", "not the lower-left square of a block"),
        ("('0b2','','','')", "not the lower-left square of a block"),
        ("('','1','','')", "seat 2 has no bomb"),
    ] {
        let text = p.to_fen().replace("('0e3','','','')", entry);
        let e = Pos::from_fen(&v, &text).unwrap_err().to_string();
        assert!(e.contains(why), "{entry}: {e}");
    }
}

#[test]
fn every_corner_bombs_the_same_centre() {
    // The centre 4 x 4 turns onto itself: the Rogue in any seat names
    // the same nine blocks.
    for seat in 0..4 {
        let mut ids = ["default"; 4];
        ids[seat] = "nuclear-rogue";
        let v = lineup(&ids.join(","));
        let mut bomb = ["''"; 4];
        bomb[seat] = "'2'";
        let extras = format!("{PLAYED},'bomb':({})", bomb.join(","));
        let rows = [
            "bK,bP,4,yP,yK",
            "8",
            "8",
            "8",
            "8",
            "8",
            "8",
            "rK,rP,4,gP,gK",
        ];
        let turn = ['R', 'B', 'Y', 'G'][seat];
        let p = pos(&v, &fen(turn, &extras, rows));
        let first = moves(&p)
            .into_iter()
            .find(|m| !m.contains('@'))
            .expect("a move");
        assert_eq!(blocks(&p, &first), sorted(&CORNERS), "seat {seat}");
    }
}

#[test]
fn a_bomb_that_leaves_the_rogue_one_piece_puts_it_out() {
    // The Rogue's knight on d4 is in its own armed block: when its turn
    // begins the knight goes, its king stands alone, and the lone-piece
    // rule takes it; blue moves next.
    let rows = [
        "bK,6,yK", "8", "6,yP,1", "1,bP,6", "3,rN,4", "6,gP,1", "8", "rK,6,gK",
    ];
    let extras = format!("{PLAYED},'bomb':('0d4','','','')");
    let p = pos(&lineup(ROGUE), &fen('G', &extras, rows));
    let p = play(&p, "h1h2");
    assert_eq!(piece(&p, "d4"), None, "{}", p.to_fen());
    assert_eq!(piece(&p, "a1"), None, "{}", p.to_fen());
    assert_eq!(p.turn().0, 1, "{}", p.to_fen());
    assert_eq!(pos(p.variant(), &p.to_fen()), p);
}
