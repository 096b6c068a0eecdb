//! European Chess, Team Battle (`european-team-battle`): partners side by
//! side as in two-player chess; a position for each rule sentence of
//! section 3 of european-chess-nations.md and docs/nations.md.

use crate::named_variants;

use named_variants::*;
use tetrarch_rules::{Outcome, Seat, WinReason};

const TB: &str = "european-team-battle";

#[test]
fn partners_start_side_by_side_kings_in_the_centre() {
    let v = variant(TB);
    let p = Pos::start(&v);
    let back = [
        ("a1", (0, 'r')),
        ("b1", (0, 'n')),
        ("c1", (0, 'b')),
        ("d1", (0, 'k')),
        ("e1", (3, 'k')),
        ("f1", (3, 'b')),
        ("g1", (3, 'n')),
        ("h1", (3, 'r')),
        ("a8", (1, 'r')),
        ("d8", (1, 'k')),
        ("e8", (2, 'k')),
        ("h8", (2, 'r')),
        ("a2", (0, 'p')),
        ("h2", (3, 'p')),
        ("a7", (1, 'p')),
        ("h7", (2, 'p')),
    ];
    for (sq, want) in back {
        assert_eq!(piece(&p, sq), Some(want), "{sq}");
    }
    // Red and green against blue and yellow; turns clockwise from a1.
    assert!(v.allied(Seat(0), Seat(3)) && v.allied(Seat(1), Seat(2)));
    assert!(!v.allied(Seat(0), Seat(1)));
    assert!(v.with_teams(&[0, 1, 0, 1]).is_err(), "partners are fixed");
    assert_eq!(p.turn(), Seat(0));
    // Red's first moves: four pawns, one or two steps, and the knight.
    assert_eq!(moves(&p).len(), 10, "{:?}", moves(&p));
    let p = play(&p, "a2a4");
    assert_eq!(p.turn(), Seat(1));
    assert_eq!(from(&p, "a7"), ["a7a5", "a7a6"], "blue's pawns go south");
    let p = play(&p, "a7a5");
    let p = play(&p, "h7h6");
    assert_eq!(from(&p, "h2"), ["h2h3", "h2h4"], "green's go north");
}

#[test]
fn pawns_promote_on_the_far_rank() {
    let rows = [
        "3,bK,yK,3",
        "6,gP,1",
        "8",
        "8",
        "8",
        "8",
        "1,bP,6",
        "3,rK,gK,2,rP",
    ];
    let p = pos(TB, &fen('G', "0,0,0,0", PLAYED, rows));
    assert_eq!(from(&p, "g7"), ["g7g8b", "g7g8n", "g7g8r"]);
    let p = play(&p, "g7g8r");
    let p = play(&p, "h1h2");
    assert_eq!(from(&p, "b2"), ["b2b1b", "b2b1n", "b2b1r"]);
}

#[test]
fn a_team_wins_when_both_opposing_kings_are_taken() {
    // Blue is out (its king taken by green, who commands its pawn);
    // red takes yellow's king: red and green win.
    let rows = [
        "4,yK,3",
        "bP,6,yP",
        "8",
        "8",
        "4,rR,3",
        "8",
        "rP,6,gP",
        "3,rK,gK,3",
    ];
    let extras = format!("'commanders':('','g','',''),{PLAYED}");
    let p = pos(TB, &fen('R', "0,0,0,0", &extras, rows));
    assert!(p.outcome().is_none());
    assert!(!is_legal(&p, "e4e1"), "a partner's king is not taken");
    let p = play(&p, "e4e8");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Seat(0),
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn nations_are_not_played_here() {
    let v = variant(TB);
    assert!(!v.takes_nations());
    let e = v
        .with_lineup("default,default,default,default", &[])
        .unwrap_err();
    assert_eq!(field_of(&e), "nations", "{e}");
}

#[test]
fn random_games_play_and_replay() {
    let (n, reasons) = random_games(TB, 24, 0x7ba7);
    assert!(n > 800, "{n}");
    assert!(!reasons.is_empty());
}
