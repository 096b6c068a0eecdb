//! Draughts notation: moves as paths (`d3-e4` for a step, `d3xf5xh7`
//! naming every landing cell for a capture) and positions as a FEN-like
//! text that round-trips:
//!
//! ```text
//! R:Rd1,f1,Kh3:B-:Yd14,f14:Gn4:12:31
//! ```
//!
//! Fields split by `:`: the letter of the seat to move; one field per seat
//! in turn order, its letter then its pieces (cells, `K` before a king),
//! or its letter and `-` when it is out; then two optional numbers, the
//! plies since the last capture, man move or player going out, and the
//! move number (0 and 1 if left out).

use super::moves::Move;
use super::position::{Board, Position, bit, cells};
use super::variant::DraughtsVariant;
use crate::moves::MoveList;
use crate::piece::{MAX_SEATS, Seat};
use crate::square::Square;

/// Why a position text was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionTextError {
    /// Too few or too many fields.
    #[error(
        "'{text}': expected the seat to move, then {seats} seat fields split by ':' (and optionally two counters)"
    )]
    Fields {
        /// The text.
        text: String,
        /// The variant's seats.
        seats: u8,
    },
    /// A letter that names no seat.
    #[error("'{0}' is not the letter of a seat ({1})")]
    Seat(String, String),
    /// Seat fields out of turn order.
    #[error("seat field {index} is '{field}'; it must start with {letter}")]
    Order {
        /// Its index, from 1.
        index: usize,
        /// The field.
        field: String,
        /// The letter expected.
        letter: char,
    },
    /// A cell that is not a dark cell of the board.
    #[error("'{0}' is not a dark cell of the board")]
    Cell(String),
    /// Two pieces on one cell.
    #[error("two pieces on {0}")]
    Twice(String),
    /// More pieces than a seat starts with (pieces are never added).
    #[error("{seat} has {count} pieces; it starts with {max}")]
    TooMany {
        /// The seat's name.
        seat: String,
        /// Its pieces in the text.
        count: u32,
        /// Its pieces at the start.
        max: u32,
    },
    /// A man on the row where it would have been crowned.
    #[error("a man of {seat} on {cell}, its crowning row")]
    ManOnCrownRow {
        /// The seat's name.
        seat: String,
        /// The cell.
        cell: String,
    },
    /// A seat marked out with pieces, or the seat to move out.
    #[error("{0}")]
    Out(String),
    /// A counter that is not a number.
    #[error("'{0}' is not a counter (plies since a capture or man move, then the move number)")]
    Counter(String),
}

impl Position {
    /// The position as text (see the module's documentation).
    pub fn to_text(&self) -> String {
        let t = &*self.variant.0;
        let b = &self.board;
        let mut out = String::new();
        out.push(t.seats[b.turn as usize].letter);
        for (s, seat) in t.seats.iter().enumerate() {
            out.push(':');
            out.push(seat.letter);
            if b.alive & (1 << s) == 0 {
                out.push('-');
                continue;
            }
            let pieces: Vec<String> = cells(b.seats[s])
                .map(|c| {
                    let king = if b.kings & bit(c) != 0 { "K" } else { "" };
                    format!("{king}{}", t.squares[c as usize])
                })
                .collect();
            out.push_str(&pieces.join(","));
        }
        out.push_str(&format!(":{}:{}", b.quiet, b.fullmove));
        out
    }

    /// A position of `variant` from its text. A side to move without a
    /// legal move is out at once, as its turn has come.
    ///
    /// ```
    /// use tetrarch_rules::draughts::{DraughtsVariant, Position};
    /// use tetrarch_rules::AnyVariant;
    /// let AnyVariant::Draughts(v) = AnyVariant::builtin("english-draughts").unwrap() else { panic!() };
    /// let p = Position::from_text(&v, "W:Bb2,Kd4:Wc3").unwrap();
    /// assert_eq!(p.to_text(), "W:Bb2,Kd4:Wc3:0:1");
    /// assert!(Position::from_text(&v, "W:Ba2:Wc3").unwrap_err().to_string().contains("not a dark cell"));
    /// ```
    pub fn from_text(variant: &DraughtsVariant, text: &str) -> Result<Position, PositionTextError> {
        let t = &*variant.0;
        let n = t.seat_count() as usize;
        let fields: Vec<&str> = text.trim().split(':').map(str::trim).collect();
        if fields.len() != n + 1 && fields.len() != n + 3 {
            return Err(PositionTextError::Fields {
                text: text.to_string(),
                seats: n as u8,
            });
        }
        let letters: String = t.seats.iter().map(|s| s.letter).collect();
        let turn = match fields[0].chars().collect::<Vec<_>>()[..] {
            [c] => t.seat_of_letter(c.to_ascii_uppercase()),
            _ => None,
        }
        .ok_or_else(|| PositionTextError::Seat(fields[0].to_string(), letters.clone()))?;
        let mut board = Board {
            seats: [0; MAX_SEATS],
            kings: 0,
            turn: turn.0,
            alive: 0,
            quiet: 0,
            fullmove: 1,
            hash: 0,
        };
        let mut occupied = 0u128;
        for (s, field) in fields[1..=n].iter().enumerate() {
            let seat = &t.seats[s];
            let mut chars = field.chars();
            if chars.next().map(|c| c.to_ascii_uppercase()) != Some(seat.letter) {
                return Err(PositionTextError::Order {
                    index: s + 1,
                    field: field.to_string(),
                    letter: seat.letter,
                });
            }
            let rest = chars.as_str().trim();
            if rest == "-" {
                continue;
            }
            board.alive |= 1 << s;
            for piece in rest.split(',').map(str::trim).filter(|p| !p.is_empty()) {
                let (king, name) = match piece.strip_prefix('K') {
                    Some(name) => (true, name),
                    None => (false, piece),
                };
                let cell = name
                    .parse::<Square>()
                    .ok()
                    .and_then(|sq| t.cell(sq))
                    .ok_or_else(|| PositionTextError::Cell(piece.to_string()))?;
                if occupied & bit(cell) != 0 {
                    return Err(PositionTextError::Twice(name.to_string()));
                }
                if !king && t.crown[s] & bit(cell) != 0 {
                    return Err(PositionTextError::ManOnCrownRow {
                        seat: seat.name.clone(),
                        cell: name.to_string(),
                    });
                }
                occupied |= bit(cell);
                board.seats[s] |= bit(cell);
                if king {
                    board.kings |= bit(cell);
                }
            }
            let (count, max) = (board.seats[s].count_ones(), t.start[s].count_ones());
            if count > max {
                return Err(PositionTextError::TooMany {
                    seat: seat.name.clone(),
                    count,
                    max,
                });
            }
        }
        if board.alive & (1 << turn.0) == 0 && board.alive.count_ones() > 1 {
            return Err(PositionTextError::Out(format!(
                "{} is to move but out of the game",
                t.seats[turn.idx()].name
            )));
        }
        if fields.len() == n + 3 {
            let counter = |f: &str| {
                f.parse::<u32>()
                    .map_err(|_| PositionTextError::Counter(f.to_string()))
            };
            board.quiet = u16::try_from(counter(fields[n + 1])?)
                .map_err(|_| PositionTextError::Counter(fields[n + 1].to_string()))?;
            board.fullmove = counter(fields[n + 2])?.max(1);
        }
        let mut pos = Position {
            variant: variant.clone(),
            board,
        };
        pos.board.hash = pos.compute_hash();
        pos.settle_turn();
        Ok(pos)
    }

    /// The name of a dark cell.
    pub fn cell_name(&self, cell: u8) -> String {
        self.variant.0.squares[(cell & 127) as usize].to_string()
    }

    /// The cells a move lands on, in order (one for a step).
    pub fn landings(&self, m: Move) -> Vec<u8> {
        let t = &*self.variant.0;
        if !m.is_capture() {
            return vec![m.to()];
        }
        let mut at = m.from();
        (0..m.legs())
            .map(|i| {
                at = t.jump[(at & 127) as usize][m.dir(i) as usize];
                at
            })
            .collect()
    }

    /// The cells of the pieces a capture jumps, in order.
    pub fn jumped(&self, m: Move) -> Vec<u8> {
        let t = &*self.variant.0;
        if !m.is_capture() {
            return Vec::new();
        }
        let mut at = m.from();
        (0..m.legs())
            .map(|i| {
                let d = m.dir(i) as usize;
                let over = t.step[(at & 127) as usize][d];
                at = t.jump[(at & 127) as usize][d];
                over
            })
            .collect()
    }

    /// A move as text: `d3-e4`, `d3xf5xh7`, `0000` for the pass.
    pub fn move_text(&self, m: Move) -> String {
        if m.is_pass() {
            return "0000".into();
        }
        let sep = if m.is_capture() { "x" } else { "-" };
        let mut out = self.cell_name(m.from());
        for c in self.landings(m) {
            out.push_str(sep);
            out.push_str(&self.cell_name(c));
        }
        out
    }

    /// Read a move given by its path, with an error that says why it
    /// cannot be played.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let syntax = || MoveError::Syntax(text.to_string());
        let t = text.trim();
        let (sep, capture) = match (t.contains('-'), t.contains('x')) {
            (true, false) => ('-', false),
            (false, true) => ('x', true),
            _ => return Err(syntax()),
        };
        let path = t
            .split(sep)
            .map(|c| {
                c.parse::<Square>()
                    .ok()
                    .and_then(|sq| self.variant.0.cell(sq))
                    .ok_or_else(|| MoveError::Cell(c.to_string()))
            })
            .collect::<Result<Vec<u8>, _>>()?;
        if path.len() < 2 || (!capture && path.len() != 2) {
            return Err(syntax());
        }
        let mut legal = MoveList::new();
        self.legal_moves_into(&mut legal);
        let found = legal.iter().copied().find(|&m| {
            m.from() == path[0] && m.is_capture() == capture && self.landings(m) == path[1..]
        });
        found.ok_or_else(|| self.why_not(&path, capture, &legal))
    }

    /// Why the move along `path` is not among `legal`.
    fn why_not(&self, path: &[u8], capture: bool, legal: &MoveList<Move>) -> MoveError {
        let t = &*self.variant.0;
        let us = self.turn();
        let name = |s: Seat| t.seats[s.idx()].name.clone();
        let from = self.cell_name(path[0]);
        if self.alive().count_ones() <= 1 {
            return MoveError::Refused(format!(
                "the game is over: {} is the last player left",
                name(us)
            ));
        }
        match self.owner(path[0]) {
            None => return MoveError::Refused(format!("there is no piece on {from}")),
            Some(s) if s != us => {
                return MoveError::Refused(format!(
                    "the piece on {from} is {}'s; {} is to move",
                    name(s),
                    name(us)
                ));
            }
            _ => {}
        }
        let captures = legal.first().is_some_and(|m| m.is_capture());
        if !capture && captures {
            let list: Vec<String> = legal.iter().map(|&m| self.move_text(m)).collect();
            return MoveError::Refused(format!("a capture is compulsory: {}", list.join(", ")));
        }
        let own: Vec<String> = legal
            .iter()
            .filter(|m| m.from() == path[0])
            .map(|&m| self.move_text(m))
            .collect();
        if own.is_empty() {
            return MoveError::Refused(format!("the piece on {from} has no legal move"));
        }
        if capture {
            let partial = legal
                .iter()
                .any(|&m| m.from() == path[0] && self.landings(m).starts_with(&path[1..]));
            if partial {
                return MoveError::Refused(format!(
                    "the capture goes on: a move ends only when the piece has no further jump ({})",
                    own.join(", ")
                ));
            }
        }
        MoveError::Refused(format!(
            "not a path of the piece on {from} ({})",
            own.join(", ")
        ))
    }

    /// The board drawn in text, rank 14 (or the top) first: `r` `R` for a
    /// red man and king, `.` for an empty dark cell, spaces elsewhere.
    pub fn board_text(&self) -> String {
        let t = &*self.variant.0;
        let g = &t.geometry;
        let mut out = String::new();
        for r in (0..g.height()).rev() {
            out.push_str(&format!("{:>2} ", r + 1));
            for f in 0..g.width() {
                let sq = Square::new(f, r).expect("within 16");
                let ch = match t.cell(sq) {
                    None if g.contains(sq) => '-',
                    None => ' ',
                    Some(c) => match self.owner(c) {
                        None => '.',
                        Some(s) => {
                            let l = t.seats[s.idx()].letter;
                            if self.kings() & bit(c) != 0 {
                                l
                            } else {
                                l.to_ascii_lowercase()
                            }
                        }
                    },
                };
                out.push(ch);
                out.push(' ');
            }
            out.push('\n');
        }
        out.push_str("   ");
        for f in 0..g.width() {
            out.push((b'a' + f) as char);
            out.push(' ');
        }
        out.push('\n');
        out.push_str(&format!("{} to move\n", t.seats[self.turn().idx()].name));
        out
    }
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.board_text())
    }
}

/// A move text that cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not a path.
    #[error(
        "'{0}' is not a draughts move (d3-e4 for a step, d3xf5xh7 naming every landing cell for a capture)"
    )]
    Syntax(String),
    /// A cell that is not a dark cell of the board.
    #[error("'{0}' is not a dark cell of the board")]
    Cell(String),
    /// A well-formed move that the rules refuse, and why.
    #[error("{0}")]
    Refused(String),
}
