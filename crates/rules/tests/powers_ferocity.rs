//! The Barbarian Invaders' ferocity (issue 14, `freeze-capturer`): "A
//! piece of yours that has just captured cannot move again until one of
//! your pieces ends a turn within 2 squares of it. Until it moves, or
//! until 3 of your turns have passed, it cannot be captured." Each
//! sentence, and each decision of `docs/nations.md`, with a position where
//! it decides something; the Barbarians sit in each of the four corners in
//! turn, the positions written for the a1 corner and turned to theirs.

use crate::corners;
use crate::european_fen;
use crate::lineup_play;

use european_fen::{PLAYED, fen};
use lineup_play::*;

/// A square written for the a1 corner, on the board of `seat`'s corner
/// (the facts file's rotation table, 1.2).
fn turned(seat: usize, sq: &str) -> String {
    let b = sq.as_bytes();
    let (f, r) = ((b[0] - b'a') as i32, (b[1] - b'1') as i32);
    let (f, r) = match seat {
        0 => (f, r),
        1 => (r, 7 - f),
        2 => (7 - f, 7 - r),
        _ => (7 - r, f),
    };
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// A move written for the a1 corner, turned to `seat`'s.
fn mv(seat: usize, m: &str) -> String {
    format!("{}{}", turned(seat, &m[..2]), turned(seat, &m[2..4]))
}

const SEATS: [char; 4] = ['r', 'b', 'y', 'g'];

/// The Barbarians in `seat`, the default army elsewhere: each seat's king
/// in its corner and a knight beside it (b1 seen from its seat), and `pieces` (seat offset from the Barbarians, kind,
/// square for the Barbarians' a1 corner), the Barbarians to move.
fn board(seat: usize, pieces: &[(usize, char, &str)], extras: &str) -> Pos {
    let (v, text) = board_text(seat, pieces, extras);
    pos(&v, &text)
}

/// The position text of [`capture_scene`] with `extras`.
fn scene_text(seat: usize, extras: &str) -> String {
    board_text(seat, &SCENE, extras).1
}

/// The variant and position text of [`board`].
fn board_text(
    seat: usize,
    pieces: &[(usize, char, &str)],
    extras: &str,
) -> (tetrarch_rules::Variant, String) {
    let mut ids = ["default"; 4];
    ids[seat] = "barbarian-invaders";
    let mut cells: Vec<String> = vec![String::new(); 64];
    for (s, letter) in SEATS.iter().enumerate() {
        // Each king in its own corner: a1 seen from its seat.
        let sq = turned(s, "a1");
        cells[index(&sq)] = format!("{letter}K");
        // And a knight beside it, so no seat is left with one piece.
        let sq = turned(s, "b1");
        cells[index(&sq)] = format!("{letter}N");
    }
    for &(offset, kind, sq) in pieces {
        let s = (seat + offset) % 4;
        cells[index(&turned(seat, sq))] = format!("{}{}", SEATS[s], kind);
    }
    let rows = corners::fen_rows(&cells);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let turn = SEATS[seat].to_ascii_uppercase();
    let extras = format!("{PLAYED}{extras}");
    (
        lineup(&ids.join(",")),
        fen(turn, &extras, rows.try_into().unwrap()),
    )
}

fn index(sq: &str) -> usize {
    let b = sq.as_bytes();
    (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize
}

/// The moves of the piece on `sq` (for the a1 corner of `seat`).
fn moves_from(p: &Pos, seat: usize, sq: &str) -> Vec<String> {
    with_prefix(p, &turned(seat, sq))
}

/// Whether the move (written for the a1 corner of `seat`) is legal.
fn legal(p: &Pos, seat: usize, m: &str) -> bool {
    moves(p).contains(&mv(seat, m))
}

/// Each other seat steps its king from its corner (`out`) or back.
fn others(p: &Pos, seat: usize, out: bool) -> Pos {
    let mut p = p.clone();
    for k in 1..4 {
        let s = (seat + k) % 4;
        let m = if out { "a1a2" } else { "a2a1" };
        p = play(&p, &mv(s, m));
    }
    p
}

/// The Barbarians' rook on d4 and a knight of the next seat on d7; the
/// Barbarians' bishop on f1 and knight on g4 (far from d7), and a rook of
/// the seat after on d8 behind the knight.
fn capture_scene(seat: usize) -> Pos {
    board(seat, &SCENE, "")
}

const SCENE: [(usize, char, &str); 5] = [
    (0, 'R', "d4"),
    (1, 'N', "d7"),
    (0, 'B', "f1"),
    (0, 'N', "g4"),
    (2, 'R', "d8"),
];

/// The rook takes the knight on d7, and a round of king steps follows.
fn after_capture(seat: usize) -> Pos {
    let p = play(&capture_scene(seat), &mv(seat, "d4d7"));
    others(&p, seat, true)
}

#[test]
fn a_piece_that_has_just_captured_cannot_move_again() {
    for seat in 0..4 {
        let p = capture_scene(seat);
        assert!(!moves_from(&p, seat, "d4").is_empty(), "seat {seat}");
        let p = after_capture(seat);
        assert_eq!(
            moves_from(&p, seat, "d7"),
            Vec::<String>::new(),
            "seat {seat}"
        );
        // The others move as before.
        assert!(legal(&p, seat, "g4e5"), "seat {seat}");
    }
}

#[test]
fn a_piece_that_moved_without_capturing_moves_on() {
    for seat in 0..4 {
        let p = play(&capture_scene(seat), &mv(seat, "d4d5"));
        let p = others(&p, seat, true);
        assert!(!moves_from(&p, seat, "d5").is_empty(), "seat {seat}");
    }
}

#[test]
fn until_one_of_its_pieces_ends_a_turn_within_2_squares_of_it() {
    for seat in 0..4 {
        // The knight lands on f6, two squares from d7: the rook is free.
        let p = after_capture(seat);
        let p = others(&play(&p, &mv(seat, "g4f6")), seat, false);
        assert!(legal(&p, seat, "d7d6"), "seat {seat}: two squares away");
        // The knight lands on h6, four squares away, the bishop on c4,
        // three away: still frozen.
        let p = after_capture(seat);
        let p = others(&play(&p, &mv(seat, "g4h6")), seat, false);
        assert_eq!(
            moves_from(&p, seat, "d7"),
            Vec::<String>::new(),
            "seat {seat}"
        );
        let p = others(&play(&p, &mv(seat, "f1c4")), seat, true);
        assert_eq!(
            moves_from(&p, seat, "d7"),
            Vec::<String>::new(),
            "seat {seat}"
        );
        // Then one square away: free.
        let p = others(&play(&p, &mv(seat, "c4e6")), seat, false);
        assert!(legal(&p, seat, "d7d6"), "seat {seat}: one square away");
    }
}

#[test]
fn another_players_piece_near_it_frees_nothing() {
    for seat in 0..4 {
        // The rook of the seat after next comes next to it (d8 to e8).
        let p = play(&capture_scene(seat), &mv(seat, "d4d7"));
        let p = play(&p, &mv((seat + 1) % 4, "a1a2"));
        let p = play(&p, &mv(seat, "d8e8"));
        let p = play(&p, &mv((seat + 3) % 4, "a1a2"));
        assert_eq!(
            moves_from(&p, seat, "d7"),
            Vec::<String>::new(),
            "seat {seat}"
        );
    }
}

#[test]
fn until_it_moves_it_cannot_be_captured() {
    for seat in 0..4 {
        let d8 = turned(seat, "d8");
        // The seat after next has a rook on d8, next to the capturer.
        let p = play(&capture_scene(seat), &mv(seat, "d4d7"));
        let p = play(&p, &mv((seat + 1) % 4, "a1a2"));
        assert!(
            !moves(&p).contains(&mv(seat, "d8d7")),
            "seat {seat}: no one takes it"
        );
        assert!(
            with_prefix(&p, &d8).len() > 1,
            "seat {seat}: the rook moves"
        );
        // Freed on the next turn, moved on the one after: it may be taken.
        let p = play(&p, &mv((seat + 2) % 4, "a1a2"));
        let p = play(&p, &mv((seat + 3) % 4, "a1a2"));
        let p = others(&play(&p, &mv(seat, "g4f6")), seat, false);
        let p = play(&p, &mv(seat, "d7d6"));
        let p = play(&p, &mv((seat + 1) % 4, "a1a2"));
        assert!(
            moves(&p).contains(&mv(seat, "d8d6")),
            "seat {seat}: it moved"
        );
    }
}

#[test]
fn or_until_3_of_its_turns_have_passed() {
    for seat in 0..4 {
        let step = |out: bool| if out { "a1a2" } else { "a2a1" };
        let mut p = play(&capture_scene(seat), &mv(seat, "d4d7"));
        let mut out = true;
        for passed in 0..4 {
            p = play(&p, &mv((seat + 1) % 4, step(out)));
            // Guarded after the turn of the capture and the two after it;
            // not once the third has passed.
            assert_eq!(
                moves(&p).contains(&mv(seat, "d8d7")),
                passed == 3,
                "seat {seat}, {passed} turns passed"
            );
            p = play(&p, &mv((seat + 2) % 4, step(out)));
            p = play(&p, &mv((seat + 3) % 4, step(out)));
            if passed < 3 {
                // The bishop steps far from the rook, freeing nothing.
                p = play(&p, &mv(seat, if out { "f1h3" } else { "h3f1" }));
            }
            out = !out;
        }
        // No longer guarded, but still frozen: nothing freed it.
        assert_eq!(
            moves_from(&p, seat, "d7"),
            Vec::<String>::new(),
            "seat {seat}"
        );
    }
}

#[test]
fn the_position_text_keeps_frozen_and_guarded_pieces() {
    for seat in 0..4 {
        let d7 = turned(seat, "d7");
        let p = play(&capture_scene(seat), &mv(seat, "d4d7"));
        let mut entries = vec![String::from("''"); 4];
        entries[seat] = format!("'{d7}/{d7}--'");
        let text = p.to_fen();
        assert!(
            text.contains(&format!("'freeze':({})", entries.join(","))),
            "{text}"
        );
        let back = pos(p.variant(), &text);
        assert_eq!(back, p);
        assert_eq!(back.hash(), p.hash());
        // Freed and moved: nothing left to write.
        let p = others(&p, seat, true);
        let p = others(&play(&p, &mv(seat, "g4f6")), seat, false);
        let text = play(&p, &mv(seat, "d7d6")).to_fen();
        assert!(!text.contains("'freeze'"), "{text}");
    }
}

#[test]
fn bad_freeze_entries_are_refused() {
    let p = capture_scene(0);
    let with = |entry: &str| scene_text(0, &format!(",'freeze':({entry})"));
    for (entry, says) in [
        (
            "'','d4/---','',''",
            "seat 2 has no power that freezes capturers",
        ),
        (
            "'d4','','',''",
            "the frozen squares, '/', then the guarded ones",
        ),
        ("'e4/---','','',''", "no piece seat 1 commands on e4"),
        ("'d7/','','',''", "no piece seat 1 commands on d7"),
        ("'/d4d4d4d4','','',''", "at most 3 guarded pieces"),
        ("'/x9','','',''", "is not a square or '-'"),
    ] {
        let e = tetrarch_rules::Position::<u64>::from_fen(p.variant(), &with(entry)).unwrap_err();
        assert!(e.to_string().contains(says), "{entry}: {e}");
    }
    let good = with("'d4/-d4-','','',''");
    let q = pos(p.variant(), &good);
    assert_eq!(moves_from(&q, 0, "d4"), Vec::<String>::new());
}

#[test]
fn a_piece_taken_over_with_its_army_starts_anew() {
    for seat in 0..4 {
        // The next seat's rook on a5 takes the Barbarians' king on a1
        // after the capture: the frozen rook is that seat's now, free.
        let mut pieces = vec![
            (0, 'R', "d4"),
            (1, 'N', "d7"),
            (1, 'R', "a5"),
            (0, 'N', "g4"),
        ];
        pieces.push((2, 'R', "d8"));
        let p = board(seat, &pieces, "");
        let p = play(&p, &mv(seat, "d4d7"));
        let p = play(&p, &mv(seat, "a5a1"));
        assert!(!p.to_fen().contains("'freeze'"), "{}", p.to_fen());
        // Still guarded? No: the seat after next may take it now.
        assert!(moves(&p).contains(&mv(seat, "d8d7")), "seat {seat}");
        let p = play(&p, &mv((seat + 2) % 4, "a1a2"));
        let p = play(&p, &mv((seat + 3) % 4, "a1a2"));
        assert!(
            !moves_from(&p, seat, "d7").is_empty(),
            "seat {seat}: it moves"
        );
    }
}
