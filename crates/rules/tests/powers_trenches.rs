//! The Allied Army (issue 14, `trenches`): "Pawns promote as soon as they
//! reach the 6th row (counted in pawn direction), to Q, N, R or B. At most
//! one queen at a time. At the start of your turn, any of your pawns that
//! did not move on either of your last two turns may "dig in". Until the
//! start of your next turn they cannot be captured, pushed or pulled. In
//! exchange they may not capture on that next turn." Each sentence, and
//! each decision of `docs/nations.md` (digging in is automatic; "that next
//! turn" is the turn after the dig-in's), with a position where it decides
//! something; the Allies sit in each of the four corners in turn, the
//! positions written for the a1 corner and turned to theirs.

use crate::corners;
use crate::european_fen;
use crate::lineup_play;

use corners::*;
use lineup_play::*;

const ALLIES: &str = "allied-army";

/// The `'trenches'` extra with `entry` (squares for the a1 corner, `-`
/// for none) for `seat`.
fn trenches(seat: usize, entry: &str) -> String {
    let mut turned_entry = String::new();
    let mut rest = entry;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('-') {
            turned_entry.push('-');
            rest = r;
        } else {
            turned_entry.push_str(&turned(seat, &rest[..2]));
            rest = &rest[2..];
        }
    }
    let mut entries = vec![String::from("''"); 4];
    entries[seat] = format!("'{turned_entry}'");
    format!(",'trenches':({})", entries.join(","))
}

#[test]
fn pawns_that_did_not_move_on_the_last_two_turns_cannot_be_captured() {
    for seat in 0..4 {
        // Allied pawns on c4 and e4, a knight of the next seat on d6
        // attacking both; e4 moved on the Allies' turn before last.
        let pieces = [(0, 'P', "c4"), (0, 'P', "e4"), (1, 'N', "d6")];
        let p = board(ALLIES, seat, &pieces, &trenches(seat, "-e4-"));
        // The Allies' turn: c4 dug in at its start, e4 not.
        let p = play(&p, &mv(seat, "a1a2"));
        assert!(!legal(&p, seat, "d6c4"), "seat {seat}: c4 dug in");
        assert!(legal(&p, seat, "d6e4"), "seat {seat}: e4 moved");
        // Until the start of the Allies' next turn: the seat after the
        // next cannot take it either.
        let p = play(&p, &mv((seat + 1) % 4, "a1a2"));
        let p = play(&p, &mv((seat + 2) % 4, "a1a2"));
        let p = play(&p, &mv((seat + 3) % 4, "a1a2"));
        // The Allies' next turn: c4 dug in again (it has not moved), so
        // the knight still cannot take it on the next seat's turn.
        let p = play(&p, &mv(seat, "a2a1"));
        assert!(!legal(&p, seat, "d6c4"), "seat {seat}: still dug in");
    }
}

#[test]
fn a_pawn_that_moved_on_either_of_the_last_two_turns_does_not_dig_in() {
    for seat in 0..4 {
        let pieces = [(0, 'P', "c4"), (1, 'N', "d6")];
        for (entry, guarded) in [("", true), ("c4", false), ("-c4", false), ("--c4", true)] {
            let p = board(ALLIES, seat, &pieces, &trenches(seat, entry));
            let p = play(&p, &mv(seat, "a1a2"));
            assert_eq!(
                !legal(&p, seat, "d6c4"),
                guarded,
                "seat {seat}: moved as '{entry}'"
            );
        }
    }
}

#[test]
fn a_dug_in_pawn_may_not_capture_on_the_next_turn() {
    for seat in 0..4 {
        // A knight of the next seat diagonally ahead of the c4 pawn.
        let pieces = [(0, 'P', "c4"), (1, 'N', "d5")];
        // Idle: dug in at the start of the last turn, so it takes nothing
        // now. Moved on the last turn but dug in at its start: the same.
        // Moved on the turn before last, or the one before that: not dug
        // in at the start of the last turn, it takes.
        for (entry, takes) in [("", false), ("c4", false), ("-c4", true), ("--c4", true)] {
            let p = board(ALLIES, seat, &pieces, &trenches(seat, entry));
            assert_eq!(
                legal(&p, seat, "c4d5"),
                takes,
                "seat {seat}: moved as '{entry}'"
            );
            // It still moves.
            assert!(legal(&p, seat, "c4c5"), "seat {seat}");
        }
    }
}

#[test]
fn a_pawn_moved_first_takes_two_turns_later() {
    for seat in 0..4 {
        // The pawn steps on; two turns later it may take, as it did not
        // dig in at the start of the turn after its step.
        let pieces = [(0, 'P', "c3"), (1, 'N', "d5")];
        let p = board(ALLIES, seat, &pieces, "");
        let p = play(&p, &mv(seat, "c3c4"));
        let p = others(&p, seat, true);
        assert!(!legal(&p, seat, "c4d5"), "seat {seat}: the next turn");
        let p = play(&p, &mv(seat, "a1b2"));
        let p = others(&p, seat, false);
        assert!(legal(&p, seat, "c4d5"), "seat {seat}: two turns later");
    }
}

#[test]
fn dug_in_pawns_are_not_pushed() {
    // Gaul (blue, a8) moves a pawn to c5 in line with the Allies' c3 pawn
    // (red): it may push it two squares away only when it is not dug in.
    let v = lineup("allied-army,gaul,default,default");
    for (entry, pushed) in [("", false), (",'trenches':('-c3-','','','')", true)] {
        let text = european_fen::fen(
            'B',
            &format!("{}{entry}", european_fen::PLAYED),
            ["bK,6,yK", "8", "8", "1,bP,6", "8", "2,rP,5", "8", "rK,6,gK"],
        );
        let p = pos(&v, &text);
        assert_eq!(
            moves(&p).contains(&"b5c5@c3".to_string()),
            pushed,
            "{entry}"
        );
    }
}

#[test]
fn pawns_promote_on_the_sixth_row_to_a_queen_knight_rook_or_bishop() {
    for seat in 0..4 {
        let p = board(ALLIES, seat, &[(0, 'P', "c5")], &trenches(seat, "-c5-"));
        let mut got = moves_from(&p, seat, "c5");
        got.sort();
        let want: Vec<String> = ["b", "n", "q", "r"]
            .iter()
            .map(|k| format!("{}{k}", mv(seat, "c5c6")))
            .collect();
        assert_eq!(got, want, "seat {seat}");
        // At most one queen at a time.
        let p = board(
            ALLIES,
            seat,
            &[(0, 'P', "c5"), (0, 'Q', "h3")],
            &trenches(seat, "-c5-"),
        );
        let mut got = moves_from(&p, seat, "c5");
        got.sort();
        assert_eq!(got.len(), 3, "seat {seat}: {got:?}");
        assert!(got.iter().all(|m| !m.ends_with('q')), "seat {seat}");
    }
}

#[test]
fn the_position_text_keeps_the_moved_pawns() {
    for seat in 0..4 {
        let p = board(ALLIES, seat, &[(0, 'P', "c3")], "");
        let p = play(&p, &mv(seat, "c3c4"));
        let text = p.to_fen();
        assert!(text.contains(&trenches(seat, "c4--")[1..]), "{text}");
        let back = pos(p.variant(), &text);
        assert_eq!(back, p);
        assert_eq!(back.hash(), p.hash());
        let p = others(&p, seat, true);
        let p = play(&p, &mv(seat, "a1a2"));
        assert!(
            p.to_fen().contains(&trenches(seat, "-c4-")[1..]),
            "{}",
            p.to_fen()
        );
    }
}

#[test]
fn bad_trench_entries_are_refused() {
    let (v, _) = board_text(ALLIES, 0, &[(0, 'P', "c4")], "");
    for (entry, says) in [
        ("'d4','','',''", "no pawn seat 1 commands on d4"),
        ("'a1','','',''", "no pawn seat 1 commands on a1"),
        ("'','c4','',''", "seat 2 has no trenches"),
        ("'c4c4c4c4','','',''", "at most 3 squares"),
        ("'x9','','',''", "is not a square or '-'"),
    ] {
        let (_, text) = board_text(
            ALLIES,
            0,
            &[(0, 'P', "c4")],
            &format!(",'trenches':({entry})"),
        );
        let e = Pos::from_fen(&v, &text).unwrap_err();
        assert!(e.to_string().contains(says), "{entry}: {e}");
    }
}
