//! European Chess with Checks (`european-checks`, `european-checks-teams`):
//! a position for each rule sentence of section 3 of
//! european-chess-nations.md and of docs/nations.md ("Named variants").

use crate::named_variants;

use named_variants::*;

const FFA: &str = "european-checks";
const TEAMS: &str = "european-checks-teams";

#[test]
fn a_check_must_be_escaped() {
    // Blue's rook on c5 attacks red's king on c1: only the king's steps
    // off the c-file and the bishop's block on c4 are legal.
    let rows = [
        "bK,6,yK",
        "7,yP",
        "8",
        "2,bR,5",
        "8",
        "8",
        "rB,6,gP",
        "2,rK,3,rN,gK",
    ];
    let p = pos(FFA, &fen('R', "0,0,0,0", PLAYED, rows));
    assert_eq!(moves(&p), ["a2c4", "c1b1", "c1b2", "c1d1", "c1d2"]);
    // In the base game every move is legal.
    let base = pos("european-ffa", &fen('R', "0,0,0,0", PLAYED, rows));
    assert!(moves(&base).len() > 10);
    assert!(moves(&base).contains(&"g1f3".to_string()));
}

#[test]
fn a_move_into_check_is_refused() {
    // Blue's rook on d5 covers the d-file; blue's bishop on e5 pins red's
    // bishop on b2 against the king on a1.
    let rows = [
        "bK,6,yK",
        "7,yP",
        "8",
        "3,bR,bB,3",
        "8",
        "8",
        "1,rB,5,gP",
        "rK,6,gK",
    ];
    let p = pos(FFA, &fen('R', "0,0,0,0", PLAYED, rows));
    assert_eq!(from(&p, "b2"), ["b2c3", "b2d4", "b2e5"], "the pin holds");
    assert_eq!(from(&p, "a1"), ["a1a2", "a1b1"]);
    let base = pos("european-ffa", &fen('R', "0,0,0,0", PLAYED, rows));
    assert!(is_legal(&base, "b2a3") && is_legal(&base, "b2c1"));
}

#[test]
fn with_no_escape_every_move_is_legal() {
    // Blue's rook on a6 checks down the a-file, yellow's rook on b7 covers
    // the b-file: no move keeps the king safe, so every move may be played.
    let rows = [
        "bK,6,yK",
        "1,yR,6",
        "bR,7",
        "8",
        "8",
        "8",
        "3,rP,3,gP",
        "rK,6,gK",
    ];
    let p = pos(FFA, &fen('R', "0,0,0,0", PLAYED, rows));
    assert_eq!(moves(&p), ["a1a2", "a1b1", "a1b2", "d2d3", "d2d4"]);
    // The king may then be taken, as in the base game: blue takes over.
    let p = play(&p, "d2d3");
    let p = play(&p, "a6a1");
    assert_eq!(piece(&p, "a1"), Some((1, 'r')));
    assert_eq!(
        p.commander_of(tetrarch_rules::Seat(0)),
        tetrarch_rules::Seat(1)
    );
}

#[test]
fn only_the_other_teams_pieces_give_check() {
    // The same position with partners across: yellow's rook is red's
    // partner's, so b1 and b2 are safe, and only blue's rook checks.
    let rows = [
        "bK,6,yK",
        "1,yR,6",
        "bR,7",
        "8",
        "8",
        "8",
        "3,rP,3,gP",
        "rK,6,gK",
    ];
    let p = pos(TEAMS, &fen('R', "0,0,0,0", PLAYED, rows));
    assert_eq!(moves(&p), ["a1b1", "a1b2"]);
}

#[test]
fn a_check_by_an_army_taken_over_counts_for_its_commander() {
    // Green's king was taken by blue: green's rook on c5 now attacks for
    // blue, and red must step out of it.
    let rows = [
        "bK,6,yK", "bP,6,yP", "8", "2,gR,5", "8", "8", "rP,7", "2,rK,5",
    ];
    let extras = format!("'commanders':('','','','b'),{PLAYED}");
    let p = pos(FFA, &fen('R', "0,0,0,0", &extras, rows));
    assert_eq!(moves(&p), ["c1b1", "c1b2", "c1d1", "c1d2"]);
}

#[test]
fn the_opening_rule_still_holds() {
    // From the start nothing differs from the base game to depth 3: no
    // piece can reach a king in the first turns.
    let base = Pos::start(&variant("european-ffa"));
    let p = Pos::start(&variant(FFA));
    for d in 1..=3 {
        assert_eq!(
            tetrarch_rules::perft(&p, d),
            tetrarch_rules::perft(&base, d)
        );
    }
}

#[test]
fn escape_check_needs_armies_that_change_hands() {
    let e = file_error("extends = \"fourway-ffa\"\nname = \"x\"\n[rules]\nescape_check = true\n");
    assert_eq!(field_of(&e), "rules.escape_check", "{e}");
    let e = file_error(
        "extends = \"european-checks\"\nname = \"x\"\n[rules]\nescape_check = \"yes\"\n",
    );
    assert!(e.to_string().contains("escape_check"), "{e}");
}

#[test]
fn random_games_play_and_replay() {
    for (name, seed) in [(FFA, 0xc4ec), (TEAMS, 0x7ea3)] {
        let (n, reasons) = random_games(name, 12, seed);
        assert!(n > 500, "{name}: {n}");
        assert!(!reasons.is_empty(), "{name}");
    }
}
