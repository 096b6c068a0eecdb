//! The American Colonies' militia (issue 14, `militia`): "Once per turn,
//! after your move, you may create a militia piece on an empty square of
//! your 3x5 area. Militia: moves like a king but captures only diagonally
//! (mKcF). It dies two turns after it appears. It may leave the 3x5 only
//! when capturing." Each sentence, and each decision of
//! `docs/nations.md`, with a position where it decides something; the
//! Americans sit in each of the four corners in turn, the positions
//! written for the a1 corner and turned to theirs.

use crate::corners;
use crate::lineup_play;

use corners::*;
use lineup_play::*;

const AMERICANS: &str = "american-colonies";

fn scene(seat: usize, pieces: &[(usize, char, &str)], extras: &str) -> Pos {
    board(AMERICANS, seat, pieces, extras)
}

/// The squares (for the a1 corner) of the 3 x 5 but `except`.
fn area_but(except: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for f in b'a'..=b'e' {
        for r in b'1'..=b'3' {
            let sq = format!("{}{}", f as char, r as char);
            if !except.contains(&sq.as_str()) {
                out.push(sq);
            }
        }
    }
    out
}

/// The squares the piece on `sq` moves to, each once (the forms with a
/// militia left out).
fn targets(p: &Pos, seat: usize, sq: &str) -> Vec<String> {
    let mut out: Vec<String> = moves_from(p, seat, sq)
        .iter()
        .map(|m| m[2..4].to_string())
        .collect();
    out.sort();
    out.dedup();
    out
}

fn turned_all(seat: usize, squares: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = squares.iter().map(|s| turned(seat, s)).collect();
    out.sort();
    out
}

#[test]
fn after_the_move_a_militia_may_be_created_on_an_empty_square_of_the_3x5() {
    for seat in 0..4 {
        let p = scene(seat, &[(0, 'P', "c2")], "");
        let prefix = mv(seat, "c2c3");
        let mut got = with_prefix(&p, &prefix);
        got.sort();
        // The move alone, and once per square of the 3 x 5 empty after it
        // (c2, left by the pawn, included; a1, b1 and c3 held).
        let mut want: Vec<String> = area_but(&["a1", "b1", "c3"])
            .iter()
            .map(|sq| mv(seat, &format!("c2c3@{sq}")))
            .collect();
        want.push(prefix.clone());
        want.sort();
        assert_eq!(got, want, "seat {seat}");
        // Once per turn: one square per move.
        assert!(moves(&p).iter().all(|m| m.len() <= 7), "seat {seat}");
        // None outside the 3 x 5, none on a held square.
        for sq in ["f1", "a4", "e4", "f3", "b1"] {
            assert!(!legal(&p, seat, &format!("c2c3@{sq}")), "seat {seat} {sq}");
        }
        // The new militia is the Americans'.
        let p = play(&p, &mv(seat, "c2c3@e3"));
        assert_eq!(piece(&p, &turned(seat, "e3")), Some((seat as u8, 'm')));
        // Not creating one is allowed.
        let q = play(&scene(seat, &[(0, 'P', "c2")], ""), &prefix);
        assert_eq!(piece(&q, &turned(seat, "e3")), None);
    }
}

#[test]
fn a_militia_moves_like_a_king_but_captures_only_diagonally() {
    for seat in 0..4 {
        // Enemy knights on c3 (straight ahead) and d3 (diagonally).
        let p = scene(seat, &[(0, 'M', "c2"), (1, 'N', "c3"), (1, 'N', "d3")], "");
        assert_eq!(
            targets(&p, seat, "c2"),
            turned_all(seat, &["b2", "b3", "c1", "d1", "d2", "d3"]),
            "seat {seat}"
        );
    }
}

#[test]
fn a_militia_leaves_the_3x5_only_when_capturing() {
    for seat in 0..4 {
        // On e3, the 3 x 5's corner: an enemy knight on f4 (diagonal, to
        // take) and one on e4 (straight: neither taken nor passed).
        let p = scene(seat, &[(0, 'M', "e3"), (1, 'N', "f4"), (1, 'N', "e4")], "");
        assert_eq!(
            targets(&p, seat, "e3"),
            turned_all(seat, &["d2", "d3", "e2", "f4"]),
            "seat {seat}"
        );
        // Outside, after a capture, it moves freely.
        let p = play(&p, &mv(seat, "e3f4"));
        let p = others(&p, seat, true);
        assert_eq!(
            targets(&p, seat, "f4"),
            turned_all(seat, &["e3", "e5", "f3", "f5", "g3", "g4", "g5"]),
            "seat {seat}"
        );
    }
}

#[test]
fn a_militia_dies_two_turns_after_it_appears() {
    for seat in 0..4 {
        let p = scene(seat, &[(0, 'P', "c2")], "");
        // Turn N: created on e2.
        let p = play(&p, &mv(seat, "c2c3@e2"));
        assert!(!p.to_fen().contains("'militia'"), "{}", p.to_fen());
        let p = others(&p, seat, true);
        // Turn N + 1: it moves; another is created on d1.
        let p = play(&p, &mv(seat, "e2e3@d1"));
        let e3 = turned(seat, "e3");
        let mut entries = vec![String::from("''"); 4];
        entries[seat] = format!("'{e3}'");
        let text = p.to_fen();
        assert!(
            text.contains(&format!("'militia':({})", entries.join(","))),
            "{text}"
        );
        let p = others(&p, seat, false);
        // Turn N + 2: it moves, and is gone as the turn ends; the one of
        // turn N + 1 stays, to die at the end of turn N + 3.
        assert!(legal(&p, seat, "e3d3"));
        let p = play(&p, &mv(seat, "e3d3"));
        assert_eq!(piece(&p, &turned(seat, "d3")), None, "seat {seat}");
        assert_eq!(piece(&p, &turned(seat, "d1")), Some((seat as u8, 'm')));
        let p = others(&p, seat, true);
        let p = play(&p, &mv(seat, "c3c4"));
        assert_eq!(piece(&p, &turned(seat, "d1")), None, "seat {seat}");
    }
}

#[test]
fn a_militia_taken_over_dies_at_its_new_commanders_turn_ends() {
    for seat in 0..4 {
        // The next seat's rook on a5 takes the Americans' king after a
        // militia is created on c2: the militia is that seat's now.
        let p = scene(seat, &[(1, 'R', "a5"), (0, 'P', "d2")], "");
        let p = play(&p, &mv(seat, "d2d3@c2"));
        let p = play(&p, &mv(seat, "a5a1"));
        let c2 = turned(seat, "c2");
        assert_eq!(piece(&p, &c2), Some((seat as u8, 'm')));
        // The capture's turn end was its new commander's first: marked.
        let next = (seat + 1) % 4;
        let mut entries = vec![String::from("''"); 4];
        entries[next] = format!("'{c2}'");
        let text = p.to_fen();
        assert!(
            text.contains(&format!("'militia':({})", entries.join(","))),
            "{text}"
        );
        // Its second removes it.
        let p = play(&p, &mv((seat + 2) % 4, "a1a2"));
        let p = play(&p, &mv((seat + 3) % 4, "a1a2"));
        assert_eq!(piece(&p, &c2), Some((seat as u8, 'm')), "seat {seat}");
        let p = play(&p, &mv(next, "a1a2"));
        assert_eq!(piece(&p, &c2), None, "seat {seat}");
    }
}

#[test]
fn the_position_text_keeps_the_militias_ages() {
    for seat in 0..4 {
        let p = scene(seat, &[(0, 'P', "c2")], "");
        let p = others(&play(&p, &mv(seat, "c2c3@e2")), seat, true);
        let p = play(&p, &mv(seat, "c3c4@d1"));
        let back = pos(p.variant(), &p.to_fen());
        assert_eq!(back, p);
        assert_eq!(back.hash(), p.hash());
        assert!(p.to_fen().contains(&turned(seat, "e2")), "{}", p.to_fen());
    }
}

#[test]
fn bad_militia_entries_are_refused() {
    let (v, _) = board_text(AMERICANS, 0, &[(0, 'M', "e2")], "");
    for (entry, says) in [
        ("'d2','','',''", "no militia seat 1 commands on d2"),
        ("'b1','','',''", "no militia seat 1 commands on b1"),
        ("'','e2','',''", "no militia seat 2 commands on e2"),
        ("'x9','','',''", "is not a list of squares"),
    ] {
        let (_, text) = board_text(
            AMERICANS,
            0,
            &[(0, 'M', "e2")],
            &format!(",'militia':({entry})"),
        );
        let e = Pos::from_fen(&v, &text).unwrap_err();
        assert!(e.to_string().contains(says), "{entry}: {e}");
    }
    let (_, good) = board_text(
        AMERICANS,
        0,
        &[(0, 'M', "e2")],
        ",'militia':('e2','','','')",
    );
    let p = pos(&v, &good);
    // Marked: it dies as red's turn ends.
    let p = play(&p, "a1a2");
    assert_eq!(piece(&p, "e2"), None);
}
