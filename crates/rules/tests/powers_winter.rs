//! Russia's winter (issue 13, `destroy-idle`): a piece of another player
//! that stays put and alone from the end of one Russian turn to the end of
//! the next is destroyed. Each rule of `docs/nations.md` with a position
//! where it decides something.

use crate::european_fen;
use crate::lineup_play;

use european_fen::{PLAYED, fen};
use lineup_play::*;
use tetrarch_rules::Seat;

const RUSSIA: &str = "russia,default,default,default";

/// Red (Russia) to move with K a1, R b1; `eighth` and `fifth` are those
/// ranks (a blue knight alone on e5 by default).
fn winter(ids: &str, extras: &str, eighth: &str, fifth: &str) -> Pos {
    let rows = [eighth, "8", "8", fifth, "8", "8", "8", "rK,rR,4,gP,gK"];
    pos(&lineup(ids), &fen('R', extras, rows))
}

fn plain(extras: &str) -> Pos {
    winter(RUSSIA, extras, "bK,5,yP,yK", "4,bN,3")
}

#[test]
fn a_piece_alone_and_still_from_one_russian_turn_to_the_next_is_destroyed() {
    let p = play(&plain(PLAYED), "a1a2");
    // Marked at the end of Russia's turn: the lone knight (the yellow and
    // green pieces stand side by side, blue's king is royal).
    assert!(
        p.to_fen().contains("'idle':('','e5','','')"),
        "{}",
        p.to_fen()
    );
    let p = play_line(&p, "a8a7 h8h7 h1h2");
    assert_eq!(piece(&p, "e5"), Some((1, 'n')));
    let p = play(&p, "a2a1");
    assert_eq!(piece(&p, "e5"), None, "{}", p.to_fen());
    // Left alone by their kings' steps, the yellow and green pawns are
    // marked now.
    assert!(
        p.to_fen().contains("'idle':('','','g8','g1')"),
        "{}",
        p.to_fen()
    );
}

#[test]
fn a_piece_that_moved_meanwhile_is_spared_and_marked_again() {
    let p = play_line(&plain(PLAYED), "a1a2 e5c6 h8h7 h1h2 a2a1");
    assert_eq!(piece(&p, "c6"), Some((1, 'n')));
    assert!(p.to_fen().contains("'c6'"), "{}", p.to_fen());
}

#[test]
fn a_piece_with_a_neighbour_is_spared() {
    // A yellow rook comes to e6, next to the knight.
    let p = winter(RUSSIA, PLAYED, "bK,3,yR,2,yK", "4,bN,3");
    let p = play_line(&p, "a1a2 a8a7 e8e6 h1h2 a2a1");
    assert_eq!(piece(&p, "e5"), Some((1, 'n')));
    assert!(!p.to_fen().contains("'e5'"), "{}", p.to_fen());
}

#[test]
fn royal_russian_and_power_proof_pieces_are_spared() {
    // Blue is Sparta: its warrior is proof against powers; its king alone
    // on a8 is royal; Russia's rook alone on d5 is its own.
    let p = winter(
        "russia,sparta,default,default",
        PLAYED,
        "bK,5,yP,yK",
        "3,rR,bG,3",
    );
    let p = play_line(&p, "a1a2 a8a7 h8h7 h1h2 a2a1 a7a8 h7h8 h2h1 a1a2");
    assert_eq!(piece(&p, "e5"), Some((1, 'g')));
    assert_eq!(piece(&p, "d5"), Some((0, 'r')));
    assert_eq!(piece(&p, "a8"), Some((1, 'k')));
    // The rook stood next to the warrior: alone, a plain knight goes.
    let p = winter(RUSSIA, PLAYED, "bK,5,yP,yK", "3,rR,2,bN,1");
    let p = play_line(&p, "a1a2 a8a7 h8h7 h1h2 a2a1");
    assert_eq!(piece(&p, "g5"), None);
}

#[test]
fn the_idle_pieces_are_position_text_and_bad_ones_are_refused() {
    let p = plain(&format!("{PLAYED},'idle':('','e5','','')"));
    assert_eq!(pos(p.variant(), &p.to_fen()), p);
    assert_ne!(p, plain(PLAYED));
    // The knight read as idle goes at the end of Russia's turn.
    assert_eq!(piece(&play(&p, "a1a2"), "e5"), None);
    let v = p.variant().clone();
    for (entry, why) in [
        ("('','e4','','')", "no piece of seat 2 on e4"),
        ("('e5','','','')", "no piece of seat 1 on e5"),
        ("('','e5x','','')", "not a list of squares"),
    ] {
        let text = p.to_fen().replace("('','e5','','')", entry);
        let e = Pos::from_fen(&v, &text).unwrap_err().to_string();
        assert!(e.contains(why), "{entry}: {e}");
    }
    let base = lineup("default,default,default,default");
    let text = p.to_fen();
    let e = Pos::from_fen(&base, &text).unwrap_err().to_string();
    assert!(e.contains("destroys idle pieces"), "{e}");
}

#[test]
fn the_winter_ends_once_russia_is_out() {
    // Russia is out; blue commands its rook. A yellow knight alone on e5,
    // marked idle, outlives a round: no seat plays Russia's power, not
    // even the one that took its army.
    let rows = [
        "bK,5,yP,yK",
        "8",
        "8",
        "4,yN,3",
        "8",
        "8",
        "8",
        "1,rR,4,gP,gK",
    ];
    let extras = format!("'commanders':('b','','',''),{PLAYED},'idle':('','','e5','')");
    let p = pos(&lineup(RUSSIA), &fen('B', &extras, rows));
    let p = play_line(&p, "a8a7 h8h7 h1h2 a7a8");
    assert_eq!(piece(&p, "e5"), Some((2, 'n')), "{}", p.to_fen());
}

/// An idle piece stays idle when its army changes hands: blue's knight,
/// alone on e5 since Russia's turn, is yellow's once yellow takes blue's
/// king, and goes at Russia's next turn's end (found by the reference:
/// taking a king cleared its army's marks, as castling rights are cleared
/// in the variants that castle).
#[test]
fn an_idle_piece_stays_idle_when_its_army_changes_hands() {
    let p = winter(RUSSIA, PLAYED, "bK,1,yR,3,yP,yK", "4,bN,3");
    let p = play_line(&p, "a1a2 a8b8 c8b8 h1h2");
    assert_eq!(p.commander_of(Seat(1)), Seat(2), "{}", p.to_fen());
    assert!(p.to_fen().contains("'e5'"), "{}", p.to_fen());
    let p = play(&p, "a2a1");
    assert_eq!(piece(&p, "e5"), None, "{}", p.to_fen());
}

/// Of Britain's two ministers, alone and idle together, the winter takes
/// one: the other is then Britain's last, royal, and spared (found by the
/// reference: both went, and Britain was out with no one to take over).
#[test]
fn the_winter_never_takes_a_last_minister() {
    let rows = [
        "bO,5,yP,yK",
        "8",
        "8",
        "4,bO,3",
        "8",
        "2,bR,5",
        "8",
        "rK,rR,4,gP,gK",
    ];
    // Every seat is in (the short FEN counts kings, and Britain has none).
    let text = fen('R', PLAYED, rows).replacen("R-0,1,0,0-", "R-0,0,0,0-", 1);
    let p = pos(&lineup("russia,britain,default,default"), &text);
    let p = play_line(&p, "a1a2 c3c2 h8h7 h1h2 a2a1");
    let ministers: Vec<_> = ["a8", "e5"].iter().filter_map(|sq| piece(&p, sq)).collect();
    assert_eq!(ministers, [(1, 'o')], "{}", p.to_fen());
}
