//! FEN: reading with errors that name the field and character, and writing.
//! Castling rights are read as `KQkq` or Shredder/X-FEN file letters and
//! written as X-FEN (`KQkq` where the rook is the outermost one).

use crate::attacks::HasSliders;
use crate::piece::{Piece, Seat};
use crate::position::{Position, SetupError};
use crate::rules::{NONE, Rules};
use crate::square::Square;
use crate::variant::Variant;
use std::fmt;

/// The fields of a FEN record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FenField {
    /// The record as a whole (field count).
    Record,
    /// Piece placement.
    Board,
    /// Pieces in hand, `[...]`.
    Hand,
    /// Side to move.
    Turn,
    /// Castling rights.
    Castling,
    /// En passant square.
    EnPassant,
    /// Half-move clock.
    Halfmove,
    /// Full-move number.
    Fullmove,
    /// FEN4: which seats are out.
    Eliminated,
    /// FEN4: the players' points.
    Points,
    /// FEN4: the `{...}` block (en passant entries).
    Extras,
    /// The variant's per-seat counters and actions (`3+3`).
    SeatState,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Record => "record",
            FenField::Board => "board",
            FenField::Hand => "hand",
            FenField::Turn => "side to move",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::Halfmove => "half-move clock",
            FenField::Fullmove => "full-move number",
            FenField::Eliminated => "eliminated",
            FenField::Points => "points",
            FenField::Extras => "extras",
            FenField::SeatState => "counters",
        })
    }
}

/// A FEN that cannot be read, or describes an impossible position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The text is malformed.
    #[error("invalid FEN, {field} field, character {at}: {reason}")]
    Syntax {
        /// The field.
        field: FenField,
        /// 1-based character position in the whole FEN.
        at: usize,
        /// What is wrong.
        reason: String,
    },
    /// Well formed, but not a position of the variant. (Not marked as the
    /// error's source: the message already says it, and error-chain
    /// printers would say it twice.)
    #[error("impossible position: {0}")]
    Setup(SetupError),
}

impl From<SetupError> for FenError {
    fn from(e: SetupError) -> FenError {
        FenError::Setup(e)
    }
}

struct Fields<'a> {
    parts: Vec<(usize, &'a str)>,
}

impl<'a> Fields<'a> {
    fn split(s: &'a str) -> Fields<'a> {
        let mut parts = Vec::new();
        let mut start = None;
        for (i, c) in s.char_indices() {
            match (c.is_whitespace(), start) {
                (false, None) => start = Some(i),
                (true, Some(st)) => {
                    parts.push((st, &s[st..i]));
                    start = None;
                }
                _ => {}
            }
        }
        if let Some(st) = start {
            parts.push((st, &s[st..]));
        }
        Fields { parts }
    }
}

pub(crate) fn syntax(field: FenField, at: usize, reason: impl Into<String>) -> FenError {
    FenError::Syntax {
        field,
        at: at + 1,
        reason: reason.into(),
    }
}

impl<B: HasSliders> Position<B> {
    /// Read a FEN of `variant`, checking that the position could occur.
    ///
    /// ```
    /// use tetrarch_rules::{Position, Variant, notation::fen::FenError};
    /// let chess = Variant::builtin("chess").unwrap();
    /// let pos = Position::<u64>::from_fen(&chess, "8/8/8/8/8/8/8/K1k5 w - - 0 1").unwrap();
    /// assert_eq!(pos.to_fen(), "8/8/8/8/8/8/8/K1k5 w - - 0 1");
    /// let err = Position::<u64>::from_fen(&chess, "8/8/8/8/8/8/8/K1x5 w - - 0 1").unwrap_err();
    /// assert_eq!(err.to_string(), "invalid FEN, board field, character 17: 'x' is not a piece of chess");
    /// ```
    pub fn from_fen(variant: &Variant, fen: &str) -> Result<Position<B>, FenError> {
        let pos = Self::from_fen_unchecked(variant, fen)?;
        pos.validate()?;
        Ok(pos)
    }

    /// Read a FEN without the checks of [`Position::validate`].
    pub fn from_fen_unchecked(variant: &Variant, fen: &str) -> Result<Position<B>, FenError> {
        if variant.seat_count() > 2 {
            return Self::from_fen4_unchecked(variant, fen);
        }
        if !B::serves(&variant.geometry) {
            return Err(syntax(
                FenField::Record,
                0,
                "this bitboard width does not serve the board (too many cells, or no magics for its shape)",
            ));
        }
        let rules = Rules::<B>::of(variant);
        let mut pos = Position::empty(rules);
        if let Some((at, c)) = fen.chars().enumerate().find(|(_, c)| !c.is_ascii()) {
            return Err(syntax(
                FenField::Record,
                at,
                format!("'{c}' is not a FEN character"),
            ));
        }
        let mut f = Fields::split(fen);
        if !pos.rules.variant.seat_rules.is_empty()
            && let Some(&(at, text)) = f.parts.get(4).filter(|(_, t)| t.contains('+'))
        {
            pos.read_seat_field(at, text)?;
            f.parts.remove(4);
        }
        let p = &f.parts;
        if p.len() < 2 || p.len() > 6 {
            return Err(syntax(
                FenField::Record,
                0,
                format!(
                    "{} fields; expected board, side to move, castling, en passant, clocks",
                    p.len()
                ),
            ));
        }
        let (board_at, board) = p[0];
        let (board, hand) = match board.find('[') {
            Some(i) => (&board[..i], Some((board_at + i, &board[i..]))),
            None => (board, None),
        };
        pos.read_board(board_at, board)?;
        if let Some((at, hand)) = hand {
            pos.read_hand(at, hand)?;
        }
        pos.read_turn(p[1].0, p[1].1)?;
        if let Some(&(at, c)) = p.get(2) {
            pos.read_castling(at, c)?;
        }
        if let Some(&(at, ep)) = p.get(3) {
            pos.read_ep(at, ep)?;
        }
        if let Some(&(at, h)) = p.get(4) {
            pos.halfmoves = h.parse().map_err(|_| {
                syntax(
                    FenField::Halfmove,
                    at,
                    format!("'{h}' is not a number from 0 to 65535"),
                )
            })?;
        }
        if let Some(&(at, n)) = p.get(5) {
            pos.fullmoves = n.parse().ok().filter(|&n| n > 0).ok_or_else(|| {
                syntax(
                    FenField::Fullmove,
                    at,
                    format!("'{n}' is not a number from 1 to 65535"),
                )
            })?;
        }
        if pos.ep != NONE {
            pos.check_en_passant()?;
            if !pos.ep_capturable() {
                pos.ep = NONE;
                pos.ep_victim = NONE;
            }
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    fn read_board(&mut self, at: usize, board: &str) -> Result<(), FenError> {
        let rules = self.rules.clone();
        let v = &rules.variant;
        let geo = &v.geometry;
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != geo.height() as usize {
            return Err(syntax(
                FenField::Board,
                at,
                format!("{} ranks; {} has {}", ranks.len(), v.name, geo.height()),
            ));
        }
        let mut offset = at;
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = geo.height() - 1 - i as u8;
            let mut file: u32 = 0;
            let bytes = rank_text.as_bytes();
            let mut j = 0;
            while j < bytes.len() {
                let c = bytes[j] as char;
                let here = offset + j;
                if c.is_ascii_digit() {
                    let digits: String = rank_text[j..]
                        .chars()
                        .take_while(|c| c.is_ascii_digit())
                        .collect();
                    let n: u32 = digits.parse().unwrap_or(u32::MAX);
                    if n == 0 {
                        return Err(syntax(FenField::Board, here, "an empty-square count of 0"));
                    }
                    file = file.saturating_add(n);
                    j += digits.len();
                    continue;
                }
                let (c, promoted, width) = match c {
                    '+' => (bytes.get(j + 1).map_or(' ', |&b| b as char), true, 2),
                    _ => (c, false, 1),
                };
                let kind = v
                    .kind_by_letter_promoted(c, promoted)
                    .filter(|_| c.is_ascii_alphabetic())
                    .ok_or_else(|| {
                        let plus = if promoted { "+" } else { "" };
                        syntax(
                            FenField::Board,
                            here,
                            format!("'{plus}{c}' is not a piece of {}", v.name),
                        )
                    })?;
                let seat = if c.is_ascii_uppercase() {
                    Seat(0)
                } else {
                    Seat(1)
                };
                if file >= geo.width() as u32 {
                    return Err(syntax(
                        FenField::Board,
                        here,
                        format!("rank {} has more than {} files", rank + 1, geo.width()),
                    ));
                }
                let sq = Square::new(file as u8, rank).expect("within 16");
                let cell = geo.cell(sq).ok_or_else(|| {
                    syntax(
                        FenField::Board,
                        here,
                        format!("{sq} is not a square of the board"),
                    )
                })?;
                self.put(Piece { seat, kind }, cell);
                file += 1;
                j += width;
            }
            if file != geo.width() as u32 {
                return Err(syntax(
                    FenField::Board,
                    offset,
                    format!("rank {} covers {file} files, not {}", rank + 1, geo.width()),
                ));
            }
            offset += rank_text.len() + 1;
        }
        Ok(())
    }

    fn read_hand(&mut self, at: usize, hand: &str) -> Result<(), FenError> {
        let v = &self.rules.variant;
        let inner = hand
            .strip_prefix('[')
            .and_then(|h| h.strip_suffix(']'))
            .ok_or_else(|| syntax(FenField::Hand, at, "a hand is written [...]"))?;
        if inner.is_empty() || inner == "-" {
            return Ok(());
        }
        if !v.rules.drops {
            return Err(syntax(
                FenField::Hand,
                at + 1,
                format!("{} has no pieces in hand", v.name),
            ));
        }
        let mut count: Option<u32> = None;
        for (i, c) in inner.char_indices() {
            let here = at + 1 + i;
            if let Some(d) = c.to_digit(10) {
                // Refused as soon as it passes what a hand can hold, so
                // no count of digits overflows.
                count = count
                    .unwrap_or(0)
                    .checked_mul(10)
                    .and_then(|n| n.checked_add(d))
                    .filter(|&n| (n as usize) < crate::zobrist::MAX_HAND);
                if count.is_none() {
                    return Err(syntax(
                        FenField::Hand,
                        here,
                        format!("a hand count above {} pieces", crate::zobrist::MAX_HAND - 1),
                    ));
                }
                continue;
            }
            let kind = v
                .kind_by_letter(c)
                .filter(|&k| c.is_ascii_alphabetic() && !v.piece(k).royal)
                .ok_or_else(|| {
                    syntax(
                        FenField::Hand,
                        here,
                        format!("'{c}' is not a piece that can be in hand"),
                    )
                })?;
            let seat = if c.is_ascii_uppercase() {
                Seat(0)
            } else {
                Seat(1)
            };
            let n = count.take().unwrap_or(1);
            let slot = self.rules.hand_kinds.slot(kind).ok_or_else(|| {
                syntax(FenField::Hand, here, format!("'{c}' is never held in hand"))
            })?;
            let slot = &mut self.hands[seat.idx()][slot];
            *slot = u32::from(*slot)
                .checked_add(n)
                .filter(|&n| (n as usize) < crate::zobrist::MAX_HAND)
                .ok_or_else(|| syntax(FenField::Hand, here, format!("too many '{c}' in hand")))?
                as u8;
        }
        if count.is_some() {
            return Err(syntax(
                FenField::Hand,
                at + inner.len(),
                "a count without a piece letter",
            ));
        }
        Ok(())
    }

    fn read_turn(&mut self, at: usize, t: &str) -> Result<(), FenError> {
        let v = &self.rules.variant;
        let seat = match t {
            "w" if v.seats.len() == 2 => Some(0),
            "b" if v.seats.len() == 2 => Some(1),
            _ => v
                .seats
                .iter()
                .position(|s| s.name == t || s.name.get(..1) == Some(t)),
        };
        let seat = seat
            .ok_or_else(|| syntax(FenField::Turn, at, format!("'{t}' names no seat (w or b)")))?;
        self.turn = Seat(seat as u8);
        Ok(())
    }

    fn read_castling(&mut self, at: usize, text: &str) -> Result<(), FenError> {
        if text == "-" {
            return Ok(());
        }
        let r = &*self.rules;
        let geo = &r.variant.geometry;
        let Some(c) = &r.variant.rules.castling else {
            return Err(syntax(
                FenField::Castling,
                at,
                format!("{} has no castling", r.variant.name),
            ));
        };
        for (i, ch) in text.chars().enumerate() {
            let here = at + i;
            let seat = if ch.is_ascii_uppercase() {
                Seat(0)
            } else {
                Seat(1)
            };
            let back = r.back_rank[seat.idx()];
            let king = self.pieces(seat, c.king) & back;
            if king.is_empty() {
                return Err(syntax(
                    FenField::Castling,
                    here,
                    format!("'{ch}' but no king on the back rank"),
                ));
            }
            let king_file = geo.square(king.lsb()).file();
            let rooks = self.pieces(seat, c.rook) & back;
            let lower = ch.to_ascii_lowercase();
            let rook = match lower {
                'k' => rooks
                    .iter()
                    .filter(|&x| geo.square(x).file() > king_file)
                    .last(),
                'q' => rooks.iter().find(|&x| geo.square(x).file() < king_file),
                'a'..='p' => rooks
                    .iter()
                    .find(|&x| geo.square(x).file() == lower as u8 - b'a'),
                _ => {
                    return Err(syntax(
                        FenField::Castling,
                        here,
                        format!("'{ch}' is not K, Q or a file letter"),
                    ));
                }
            };
            let rook = rook.ok_or_else(|| {
                syntax(
                    FenField::Castling,
                    here,
                    format!("'{ch}' but no rook to castle with"),
                )
            })?;
            if self.marks.has(rook) {
                return Err(syntax(
                    FenField::Castling,
                    here,
                    format!("'{ch}' repeats a right"),
                ));
            }
            // A right that could never be used (a king stepping past its
            // rook) is none; castling then tests nothing.
            if self.castle_fits(seat, rook) {
                self.marks |= B::bit(rook);
            }
        }
        Ok(())
    }

    fn read_ep(&mut self, at: usize, text: &str) -> Result<(), FenError> {
        if text == "-" {
            return Ok(());
        }
        let v = &self.rules.variant;
        let sq: Square = text.parse().map_err(|_| {
            syntax(
                FenField::EnPassant,
                at,
                format!("'{text}' is not a square or -"),
            )
        })?;
        let cell = v
            .geometry
            .cell(sq)
            .ok_or_else(|| syntax(FenField::EnPassant, at, format!("{sq} is not on the board")))?;
        let n = v.seat_count();
        let mover = Seat((self.turn.0 + n - 1) % n);
        let (dx, dy) = v.seats[mover.idx()].forward.orient(0, 1);
        self.ep = cell;
        // An Option, not the `NONE` marker: on a 16 x 16 board the pawn
        // may stand on cell 255.
        let Some(victim) = v.geometry.offset(cell, dx as i32, dy as i32) else {
            return Err(syntax(
                FenField::EnPassant,
                at,
                format!("{sq} cannot be behind a pawn"),
            ));
        };
        self.ep_victim = victim;
        Ok(())
    }

    /// Write the position as FEN (FEN4 for more than two seats).
    pub fn to_fen(&self) -> String {
        if self.rules.multi {
            return self.write_fen4();
        }
        let r = &*self.rules;
        let v = &r.variant;
        let geo = &v.geometry;
        let mut s = String::new();
        for rank in (0..geo.height()).rev() {
            let mut empty = 0;
            for file in 0..geo.width() {
                let sq = Square::new(file, rank).expect("on board");
                match geo.cell(sq).and_then(|c| self.piece_at(c)) {
                    Some(p) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        if v.pieces[p.kind.idx()].promoted {
                            s.push('+');
                        }
                        s.push(self.piece_char(p));
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if rank > 0 {
                s.push('/');
            }
        }
        if v.rules.drops {
            s.push('[');
            for seat in 0..r.seats() {
                for (slot, kind) in r.hand_kinds.iter() {
                    let p = Piece {
                        seat: Seat(seat),
                        kind,
                    };
                    for _ in 0..self.hands[seat as usize][slot] {
                        s.push(self.piece_char(p));
                    }
                }
            }
            s.push(']');
        }
        s.push(' ');
        if v.seats.len() == 2 {
            s.push(if self.turn.0 == 0 { 'w' } else { 'b' });
        } else {
            s += &v.seats[self.turn.idx()].name;
        }
        s.push(' ');
        s += &self.castling_field();
        s.push(' ');
        if self.ep != NONE {
            s += &geo.square(self.ep).to_string();
        } else {
            s.push('-');
        }
        if !v.seat_rules.is_empty() {
            s.push(' ');
            s += &self.seat_field();
        }
        s += &format!(" {} {}", self.halfmoves, self.fullmoves);
        s
    }

    fn castling_field(&self) -> String {
        let r = &*self.rules;
        let geo = &r.variant.geometry;
        let Some(c) = &r.variant.rules.castling else {
            return "-".into();
        };
        let mut out = String::new();
        for s in 0..r.seats().min(2) {
            let seat = Seat(s);
            let back = r.back_rank[s as usize];
            let rooks = self.marks & self.by_seat[s as usize];
            let king = self.pieces(seat, c.king) & back;
            if rooks.is_empty() || king.is_empty() {
                continue;
            }
            let kf = geo.square(king.lsb()).file();
            let all = self.pieces(seat, c.rook) & back;
            let mut letters: Vec<char> = Vec::new();
            for rook in rooks.iter().collect::<Vec<_>>().into_iter().rev() {
                let f = geo.square(rook).file();
                let outermost = if f > kf {
                    all.iter().filter(|&x| geo.square(x).file() > f).count() == 0
                } else {
                    all.iter().filter(|&x| geo.square(x).file() < f).count() == 0
                };
                let l = if outermost {
                    if f > kf { 'k' } else { 'q' }
                } else {
                    (b'a' + f) as char
                };
                letters.push(if s == 0 { l.to_ascii_uppercase() } else { l });
            }
            out.extend(letters);
        }
        if out.is_empty() { "-".into() } else { out }
    }
}
