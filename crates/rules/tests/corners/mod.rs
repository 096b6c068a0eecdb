//! Positions of one nation in any of the four corners, written for the a1
//! corner and turned to the nation's (the facts file's rotation table,
//! 1.2), for the power tests whose direction matters.

use crate::european_fen::{PLAYED, fen};
use crate::lineup_play::{Pos, lineup, moves, pos, with_prefix};

pub const SEATS: [char; 4] = ['r', 'b', 'y', 'g'];

/// A square written for the a1 corner, on the board of `seat`'s corner.
pub fn turned(seat: usize, sq: &str) -> String {
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

/// A move written for the a1 corner (`c2c3`, `c2c3@e3`, `c7c8q`), turned
/// to `seat`'s.
pub fn mv(seat: usize, m: &str) -> String {
    let (head, cells) = m.split_once('@').unwrap_or((m, ""));
    let mut out = format!(
        "{}{}{}",
        turned(seat, &head[..2]),
        turned(seat, &head[2..4]),
        &head[4..]
    );
    if !cells.is_empty() {
        out.push('@');
        for i in (0..cells.len()).step_by(2) {
            out.push_str(&turned(seat, &cells[i..i + 2]));
        }
    }
    out
}

/// `nation` in `seat`, the default army elsewhere: each seat's king in its
/// corner and a knight beside it (b1 seen from its seat), and `pieces`
/// (seat offset from the nation, kind, square for the nation's a1
/// corner), the nation to move.
pub fn board(nation: &str, seat: usize, pieces: &[(usize, char, &str)], extras: &str) -> Pos {
    let (v, text) = board_text(nation, seat, pieces, extras);
    pos(&v, &text)
}

/// The variant and position text of [`board`].
pub fn board_text(
    nation: &str,
    seat: usize,
    pieces: &[(usize, char, &str)],
    extras: &str,
) -> (tetrarch_rules::Variant, String) {
    let mut ids = ["default"; 4];
    ids[seat] = nation;
    let mut cells: Vec<String> = vec![String::new(); 64];
    for (s, letter) in SEATS.iter().enumerate() {
        cells[index(&turned(s, "a1"))] = format!("{letter}K");
        cells[index(&turned(s, "b1"))] = format!("{letter}N");
    }
    for &(offset, kind, sq) in pieces {
        let s = (seat + offset) % 4;
        cells[index(&turned(seat, sq))] = format!("{}{}", SEATS[s], kind);
    }
    let rows = fen_rows(&cells);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let turn = SEATS[seat].to_ascii_uppercase();
    let extras = format!("{PLAYED}{extras}");
    (
        lineup(&ids.join(",")),
        fen(turn, &extras, rows.try_into().unwrap()),
    )
}

pub fn index(sq: &str) -> usize {
    let b = sq.as_bytes();
    (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize
}

/// The moves of the piece on `sq` (for the a1 corner of `seat`).
pub fn moves_from(p: &Pos, seat: usize, sq: &str) -> Vec<String> {
    with_prefix(p, &turned(seat, sq))
}

/// Whether the move (written for the a1 corner of `seat`) is legal.
pub fn legal(p: &Pos, seat: usize, m: &str) -> bool {
    moves(p).contains(&mv(seat, m))
}

/// Each other seat steps its king from its corner (`out`) or back.
pub fn others(p: &Pos, seat: usize, out: bool) -> Pos {
    let mut p = p.clone();
    for k in 1..4 {
        let s = (seat + k) % 4;
        let m = if out { "a1a2" } else { "a2a1" };
        p = crate::lineup_play::play(&p, &mv(s, m));
    }
    p
}

/// The eight rows of a European FEN4 board, rank 8 first, from 64 cells in
/// board order (a1, b1, ..., h8), each a piece's text or empty.
pub fn fen_rows(cells: &[String]) -> Vec<String> {
    (0..8)
        .rev()
        .map(|r| {
            let mut out: Vec<String> = Vec::new();
            let mut gap = 0;
            for c in &cells[r * 8..r * 8 + 8] {
                if c.is_empty() {
                    gap += 1;
                    continue;
                }
                if gap > 0 {
                    out.push(gap.to_string());
                    gap = 0;
                }
                out.push(c.clone());
            }
            if gap > 0 {
                out.push(gap.to_string());
            }
            out.join(",")
        })
        .collect()
}
