//! Standard Algebraic Notation: `Nf3`, `exd5`, `e8=Q`, `O-O-O`, `Qh4e1+`,
//! for any variant the kernel plays.
//!
//! Piece letters come from the variant (uppercase in SAN; pawns have none).
//! Writing follows the PGN standard: captures with `x`, promotion with `=`,
//! castling as `O-O` (towards the higher files) or `O-O-O`, the least
//! disambiguation that makes the move unique (file, then rank, then both),
//! and `+` / `#` suffixes through [`SanPlus`]. Reading is lenient the way
//! real PGN files need: missing or extra `+`/`#`, annotations (`!?`),
//! `0-0`, `e8Q`, `exd6 e.p.`, a missing or extra `x`, needless
//! disambiguation. Ambiguous and illegal moves are refused with a
//! [`SanError`] that says why.
//!
//! ```
//! use tetrarch_rules::{Position, Variant, notation::san::{San, SanPlus}};
//! let pos = Position::<u64>::start(&Variant::builtin("chess").unwrap());
//! let m = "Nf3".parse::<San>().unwrap().to_move(&pos).unwrap();
//! assert_eq!(SanPlus::from_move(&pos, m).to_string(), "Nf3");
//! let err = "Nd2".parse::<San>().unwrap().to_move(&pos).unwrap_err();
//! assert_eq!(err.to_string(), "Nd2: no knight can move to d2");
//! ```

use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind, MoveList};
use crate::notation::uci::ActionName;
use crate::piece::Kind;
use crate::position::Position;
use crate::square::Square;
use std::fmt;
use std::str::FromStr;

/// The wing of a castling move: towards the higher files (`O-O`, the
/// king's side in chess) or the lower ones (`O-O-O`).
///
/// ```
/// use tetrarch_rules::notation::san::{CastlingSide, San};
/// assert_eq!("O-O-O".parse::<San>(), Ok(San::Castle(CastlingSide::QueenSide)));
/// assert_eq!(CastlingSide::KingSide.to_string(), "O-O");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingSide {
    /// The rook stands on a higher file than the king: `O-O`.
    KingSide,
    /// The rook stands on a lower file than the king: `O-O-O`.
    QueenSide,
}

impl fmt::Display for CastlingSide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CastlingSide::KingSide => "O-O",
            CastlingSide::QueenSide => "O-O-O",
        })
    }
}

/// A move in SAN, independent of any position.
///
/// ```
/// use tetrarch_rules::{Square, notation::san::San};
/// let san: San = "Qh4xe1".parse().unwrap();
/// assert_eq!(
///     san,
///     San::Normal {
///         piece: Some('Q'),
///         file: Some(7),
///         rank: Some(3),
///         capture: true,
///         to: "e1".parse::<Square>().unwrap(),
///         promotion: None,
///     }
/// );
/// assert_eq!(san.to_string(), "Qh4xe1");
/// assert_eq!("exd6 e.p.".parse::<San>().unwrap().to_string(), "exd6");
/// assert_eq!("e8Q".parse::<San>().unwrap().to_string(), "e8=Q");
/// assert!("Qz9".parse::<San>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum San {
    /// A piece or pawn going to a square.
    Normal {
        /// The piece letter, uppercase; `None` for a pawn.
        piece: Option<char>,
        /// Origin file (0 = `a`), when written.
        file: Option<u8>,
        /// Origin rank (0 = `1`), when written.
        rank: Option<u8>,
        /// Written as a capture (`x`).
        capture: bool,
        /// Target square.
        to: Square,
        /// Promotion letter, uppercase.
        promotion: Option<char>,
    },
    /// Castling.
    Castle(CastlingSide),
    /// A piece from the hand: `N@e4`, `P@e4` or `@e4` for a pawn.
    Drop {
        /// The piece letter, uppercase; `None` for a pawn.
        piece: Option<char>,
        /// Target square.
        to: Square,
    },
    /// A pass, written `--` (also read as `Z0` and `0000`).
    Pass,
    /// A variant's action, written by its name.
    Action(ActionName),
}

/// The check or mate mark after a move.
///
/// ```
/// use tetrarch_rules::notation::san::Suffix;
/// assert_eq!(Suffix::Checkmate.to_string(), "#");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`
    Check,
    /// `#`
    Checkmate,
}

impl fmt::Display for Suffix {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Suffix::Check => "+",
            Suffix::Checkmate => "#",
        })
    }
}

/// A SAN move with its check or mate mark.
///
/// ```
/// use tetrarch_rules::{Position, Variant, notation::san::{SanPlus, Suffix}};
/// let chess = Variant::builtin("chess").unwrap();
/// let pos = Position::<u64>::from_fen(&chess, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
/// let m = "Ra8".parse::<SanPlus>().unwrap().san.to_move(&pos).unwrap();
/// let written = SanPlus::from_move(&pos, m);
/// assert_eq!(written.suffix, Some(Suffix::Checkmate));
/// assert_eq!(written.to_string(), "Ra8#");
/// assert_eq!("Ra8+!?".parse::<SanPlus>().unwrap().suffix, Some(Suffix::Check));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// `+`, `#` or nothing.
    pub suffix: Option<Suffix>,
}

/// SAN that is malformed, or names no single legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SanError {
    /// Not SAN syntax.
    #[error("'{san}' is not SAN: {reason}")]
    Syntax {
        /// The text.
        san: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// A piece letter the variant does not have.
    #[error("{san}: '{letter}' is not a piece of {variant}")]
    UnknownPiece {
        /// The move.
        san: String,
        /// The letter.
        letter: char,
        /// The variant's name.
        variant: String,
    },
    /// A square outside the board, or a hole.
    #[error("{san}: {square} is not a square of the {variant} board")]
    OffBoard {
        /// The move.
        san: String,
        /// The square.
        square: Square,
        /// The variant's name.
        variant: String,
    },
    /// Several legal moves fit.
    #[error("{san} is ambiguous: it could be {candidates}")]
    Ambiguous {
        /// The move.
        san: String,
        /// The moves it could mean, in minimal SAN, comma separated.
        candidates: String,
    },
    /// No piece of the kind can reach the square, even ignoring check.
    #[error("{san}: no {piece} can move to {to}")]
    NoPiece {
        /// The move.
        san: String,
        /// Name of the piece kind (with the origin when written: `knight on b`).
        piece: String,
        /// Target.
        to: Square,
    },
    /// A move by the rules of movement that exposes the mover's royal piece.
    #[error("{san} is not legal: leaves king in check")]
    LeavesCheck {
        /// The move.
        san: String,
    },
    /// A move to the promotion zone without saying what to promote to.
    #[error("{san}: a pawn reaching {to} must promote (like {to}=Q)")]
    MissingPromotion {
        /// The move.
        san: String,
        /// Target.
        to: Square,
    },
    /// A promotion the variant does not allow here.
    #[error("{san}: cannot promote to '{letter}' here")]
    BadPromotion {
        /// The move.
        san: String,
        /// The promotion letter.
        letter: char,
    },
    /// Castling that the position does not allow.
    #[error("{san} is not legal: {reason}")]
    Castling {
        /// The move.
        san: String,
        /// Why.
        reason: &'static str,
    },
    /// A drop that is not legal.
    #[error("{san} is not legal: no such piece in hand or the square is taken")]
    Drop {
        /// The move.
        san: String,
    },
    /// A pass where the variant or position allows none.
    #[error("{san}: passing is not legal here")]
    Pass {
        /// The move.
        san: String,
    },
    /// An action the variant does not have, or that is not allowed now
    /// (its uses spent, taken last turn, or in check).
    #[error("{san}: no such action, or it may not be taken now")]
    Action {
        /// The move.
        san: String,
    },
}

fn syntax(s: &str, reason: &'static str) -> SanError {
    SanError::Syntax {
        san: s.to_string(),
        reason,
    }
}

/// Strip annotations (`!?`, `e.p.`) and the check mark from the end of a
/// move; returns the bare move and the mark.
fn split_suffix(s: &str) -> (&str, Option<Suffix>) {
    let mut rest = s.trim();
    let mut suffix = None;
    loop {
        let before = rest;
        for ep in ["e.p.", "ep"] {
            if let Some(r) = rest.strip_suffix(ep) {
                let trimmed = r.trim_end();
                // `ep` only after a space or a square (never part of a move).
                if ep == "e.p."
                    || trimmed.len() < r.len()
                    || r.ends_with(|c: char| c.is_ascii_digit())
                {
                    rest = trimmed;
                }
            }
        }
        if let Some(c) = rest.chars().last() {
            match c {
                '#' => {
                    suffix = suffix.or(Some(Suffix::Checkmate));
                    rest = &rest[..rest.len() - 1];
                }
                '+' => {
                    suffix = suffix.or(Some(Suffix::Check));
                    rest = &rest[..rest.len() - 1];
                }
                '!' | '?' => rest = &rest[..rest.len() - 1],
                c if c.is_whitespace() => rest = rest.trim_end(),
                _ => {}
            }
        }
        if rest.len() == before.len() {
            return (rest, suffix);
        }
    }
}

/// Parse a file letter `a`..`p`.
fn file_of(b: u8) -> Option<u8> {
    (b'a'..=b'p').contains(&b).then(|| b - b'a')
}

impl FromStr for San {
    type Err = SanError;
    fn from_str(text: &str) -> Result<San, SanError> {
        let (s, _) = split_suffix(text);
        if s.is_empty() {
            return Err(syntax(text, "empty"));
        }
        match s {
            "O-O" | "0-0" | "o-o" => return Ok(San::Castle(CastlingSide::KingSide)),
            "O-O-O" | "0-0-0" | "o-o-o" => return Ok(San::Castle(CastlingSide::QueenSide)),
            "--" | "Z0" | "0000" => return Ok(San::Pass),
            _ => {}
        }
        if let Some(name) = ActionName::new(s) {
            return Ok(San::Action(name));
        }
        if !s.is_ascii() {
            return Err(syntax(text, "unexpected character"));
        }
        if let Some((p, sq)) = s.split_once('@') {
            let piece = match p.as_bytes() {
                [] => None,
                [c] if c.is_ascii_uppercase() => Some(*c as char),
                _ => return Err(syntax(text, "a drop is written N@e4")),
            };
            let to = sq
                .parse()
                .map_err(|_| syntax(text, "a drop is written N@e4"))?;
            return Ok(San::Drop { piece, to });
        }
        let b = s.as_bytes();
        let (piece, mut rest) = if b[0].is_ascii_uppercase() {
            (Some(b[0] as char), &s[1..])
        } else {
            (None, s)
        };
        // Promotion: a trailing letter, after an optional `=` (or `/`, or in parentheses).
        let mut promotion = None;
        if let Some(r) = rest.strip_suffix(')') {
            let r2 = r.len().checked_sub(2).map(|i| (&r[..i], &r[i..]));
            match r2 {
                Some((head, p))
                    if p.as_bytes()[0] == b'(' && p.as_bytes()[1].is_ascii_alphabetic() =>
                {
                    promotion = Some(p.as_bytes()[1].to_ascii_uppercase() as char);
                    rest = head;
                }
                _ => return Err(syntax(text, "unexpected ')'")),
            }
        } else if let [.., before, last] = rest.as_bytes() {
            let (before, last) = (*before, *last);
            if last.is_ascii_uppercase()
                || (last.is_ascii_lowercase() && last != b'x' && before.is_ascii_digit())
            {
                promotion = Some(last.to_ascii_uppercase() as char);
                rest = &rest[..rest.len() - 1];
                rest = rest
                    .strip_suffix('=')
                    .or_else(|| rest.strip_suffix('/'))
                    .unwrap_or(rest);
            }
        }
        // Target square: a file letter and a rank of one or two digits, at the end.
        let rb = rest.as_bytes();
        let digits = rb.iter().rev().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return Err(syntax(text, "no target square"));
        }
        if digits > 2 || rb.len() < digits + 1 {
            return Err(syntax(text, "no target square"));
        }
        let file_at = rb.len() - digits - 1;
        let to_text = &rest[file_at..];
        let to: Square = to_text
            .parse()
            .map_err(|_| syntax(text, "the target is not a square (a1 to p16)"))?;
        let mut head = &rest[..file_at];
        let mut capture = false;
        if let Some(h) = head.strip_suffix('x').or_else(|| head.strip_suffix(':')) {
            capture = true;
            head = h;
        } else if let Some(h) = head.strip_suffix('-') {
            head = h;
        }
        // Disambiguation: an optional file, then an optional rank.
        let hb = head.as_bytes();
        let mut i = 0;
        let file = match hb.first().and_then(|&c| file_of(c)) {
            Some(f) => {
                i = 1;
                Some(f)
            }
            None => None,
        };
        let rank = if i < hb.len() {
            let r: u8 = head[i..]
                .parse()
                .ok()
                .filter(|r| (1..=16).contains(r))
                .ok_or_else(|| syntax(text, "cannot read the origin before the target square"))?;
            Some(r - 1)
        } else {
            None
        };
        if piece.is_none() && file.is_none() && (rank.is_some() || capture) {
            return Err(syntax(text, "a pawn move names its origin by file"));
        }
        Ok(San::Normal {
            piece,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            San::Normal {
                piece,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if let Some(p) = piece {
                    write!(f, "{p}")?;
                }
                if let Some(x) = file {
                    write!(f, "{}", (b'a' + x) as char)?;
                }
                if let Some(r) = rank {
                    write!(f, "{}", r + 1)?;
                }
                if capture {
                    f.write_str("x")?;
                }
                write!(f, "{to}")?;
                if let Some(p) = promotion {
                    write!(f, "={p}")?;
                }
                Ok(())
            }
            San::Castle(side) => write!(f, "{side}"),
            San::Drop { piece, to } => write!(f, "{}@{to}", piece.unwrap_or('P')),
            San::Pass => f.write_str("--"),
            San::Action(name) => write!(f, "{name}"),
        }
    }
}

impl FromStr for SanPlus {
    type Err = SanError;
    fn from_str(s: &str) -> Result<SanPlus, SanError> {
        let (_, suffix) = split_suffix(s);
        Ok(SanPlus {
            san: s.parse()?,
            suffix,
        })
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.san)?;
        if let Some(s) = self.suffix {
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

/// The side of a castling move: its rook's file against its king's.
fn castling_side<B: HasSliders>(pos: &Position<B>, m: Move) -> CastlingSide {
    let geo = &pos.variant().geometry;
    if geo.square(m.to()).file() > geo.square(m.from()).file() {
        CastlingSide::KingSide
    } else {
        CastlingSide::QueenSide
    }
}

/// The kind on `m`'s origin, if the move moves a piece from the board.
fn mover<B: HasSliders>(pos: &Position<B>, m: Move) -> Option<Kind> {
    match m.kind() {
        MoveKind::Normal | MoveKind::Promotion(_) | MoveKind::EnPassant => {
            pos.piece_at(m.from()).map(|p| p.kind)
        }
        _ => None,
    }
}

fn is_pawn<B: HasSliders>(pos: &Position<B>, k: Kind) -> bool {
    pos.variant().piece(k).pawn
}

fn letter<B: HasSliders>(pos: &Position<B>, k: Kind) -> char {
    pos.variant().piece(k).letter.to_ascii_uppercase()
}

impl San {
    /// How `m`, a legal move of `pos`, is written, without check marks.
    ///
    /// ```
    /// use tetrarch_rules::{Position, Variant, notation::{san::San, uci::UciMove}};
    /// let chess = Variant::builtin("chess").unwrap();
    /// let pos = Position::<u64>::from_fen(&chess, "4k3/8/8/8/8/8/8/RN2K2R w K - 0 1").unwrap();
    /// let m = "b1d2".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
    /// assert_eq!(San::from_move(&pos, m).to_string(), "Nd2");
    /// let castle = "e1g1".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
    /// assert_eq!(San::from_move(&pos, castle).to_string(), "O-O");
    /// ```
    pub fn from_move<B: HasSliders>(pos: &Position<B>, m: Move) -> San {
        let v = pos.variant();
        let geo = &v.geometry;
        match m.kind() {
            MoveKind::Castle => return San::Castle(castling_side(pos, m)),
            // Two-seat variants roll no dice: no SAN names a roll.
            MoveKind::Pass | MoveKind::Roll(_) => return San::Pass,
            MoveKind::Action(a) => {
                return San::Action(
                    ActionName::new(&v.seat_rules.actions[a as usize].name)
                        .expect("action names are checked with the variant"),
                );
            }
            MoveKind::Drop(k) => {
                return San::Drop {
                    piece: (!is_pawn(pos, k)).then(|| letter(pos, k)),
                    to: geo.square(m.to()),
                };
            }
            _ => {}
        }
        let kind = mover(pos, m);
        let pawn = kind.is_some_and(|k| is_pawn(pos, k));
        let from = geo.square(m.from());
        let capture = m.kind() == MoveKind::EnPassant
            || pos
                .piece_at(m.to())
                .is_some_and(|p| !pos.allied(p.seat, pos.turn()));
        let rivals: Vec<Square> = pos
            .legal_moves()
            .iter()
            .filter(|o| {
                o.to() == m.to()
                    && o.from() != m.from()
                    && mover(pos, **o).is_some()
                    && mover(pos, **o) == kind
            })
            .map(|o| geo.square(o.from()))
            .collect();
        let (mut file, mut rank) = (None, None);
        if pawn && capture {
            file = Some(from.file());
            if rivals.iter().any(|r| r.file() == from.file()) {
                rank = Some(from.rank());
            }
        } else if !rivals.is_empty() {
            if rivals.iter().all(|r| r.file() != from.file()) {
                file = Some(from.file());
            } else if rivals.iter().all(|r| r.rank() != from.rank()) {
                rank = Some(from.rank());
            } else {
                file = Some(from.file());
                rank = Some(from.rank());
            }
        }
        San::Normal {
            piece: kind.filter(|_| !pawn).map(|k| letter(pos, k)),
            file,
            rank,
            capture,
            to: geo.square(m.to()),
            promotion: m.promotion().map(|k| letter(pos, k)),
        }
    }

    /// The legal move of `pos` this SAN names.
    ///
    /// ```
    /// use tetrarch_rules::{Position, Variant, notation::san::San};
    /// let chess = Variant::builtin("chess").unwrap();
    /// let pos = Position::<u64>::from_fen(&chess, "4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1").unwrap();
    /// let err = "Nc3".parse::<San>().unwrap().to_move(&pos).unwrap_err();
    /// assert_eq!(err.to_string(), "Nc3 is ambiguous: it could be Nbc3, Ndc3");
    /// assert!("Nbc3".parse::<San>().unwrap().to_move(&pos).is_ok());
    /// ```
    pub fn to_move<B: HasSliders>(&self, pos: &Position<B>) -> Result<Move, SanError> {
        let legal = pos.legal_moves();
        match self.matching(pos, &legal)? {
            Found::One(m) => Ok(m),
            Found::Many(ms) => {
                let mut names: Vec<String> = ms
                    .iter()
                    .map(|&m| San::from_move(pos, m).to_string())
                    .collect();
                names.sort();
                Err(SanError::Ambiguous {
                    san: self.to_string(),
                    candidates: names.join(", "),
                })
            }
            Found::None => Err(self.explain(pos)),
        }
    }

    fn kind_of_letter<B: HasSliders>(
        &self,
        pos: &Position<B>,
        piece: Option<char>,
    ) -> Result<Kind, SanError> {
        let v = pos.variant();
        match piece {
            None => (0..v.pieces.len())
                .map(|k| Kind(k as u8))
                .find(|&k| is_pawn(pos, k))
                .ok_or_else(|| SanError::UnknownPiece {
                    san: self.to_string(),
                    letter: 'P',
                    variant: v.name.clone(),
                }),
            Some(l) => v.kind_by_letter(l).ok_or_else(|| SanError::UnknownPiece {
                san: self.to_string(),
                letter: l,
                variant: v.name.clone(),
            }),
        }
    }

    fn cell<B: HasSliders>(&self, pos: &Position<B>, sq: Square) -> Result<u8, SanError> {
        let v = pos.variant();
        v.geometry.cell(sq).ok_or_else(|| SanError::OffBoard {
            san: self.to_string(),
            square: sq,
            variant: v.name.clone(),
        })
    }

    /// The moves of `list` this SAN fits.
    fn matching<B: HasSliders>(
        &self,
        pos: &Position<B>,
        list: &MoveList,
    ) -> Result<Found, SanError> {
        let geo = &pos.variant().geometry;
        let mut found = Vec::new();
        match *self {
            San::Pass => found.extend(list.iter().filter(|m| m.kind() == MoveKind::Pass)),
            San::Action(name) => {
                let index = pos.variant().seat_rules.action_named(name.as_str());
                found.extend(
                    list.iter()
                        .filter(|m| index.is_some_and(|i| m.kind() == MoveKind::Action(i as u8))),
                );
            }
            San::Castle(side) => found.extend(
                list.iter()
                    .filter(|m| m.kind() == MoveKind::Castle && castling_side(pos, **m) == side),
            ),
            San::Drop { piece, to } => {
                let kind = self.kind_of_letter(pos, piece)?;
                let cell = self.cell(pos, to)?;
                found.extend(
                    list.iter()
                        .filter(|m| m.kind() == MoveKind::Drop(kind) && m.to() == cell),
                );
            }
            San::Normal {
                piece,
                file,
                rank,
                to,
                promotion,
                ..
            } => {
                let kind = self.kind_of_letter(pos, piece)?;
                let cell = self.cell(pos, to)?;
                let promo = match promotion {
                    None => None,
                    Some(l) => Some(pos.variant().kind_by_letter(l).ok_or_else(|| {
                        SanError::BadPromotion {
                            san: self.to_string(),
                            letter: l,
                        }
                    })?),
                };
                found.extend(list.iter().filter(|m| {
                    let sq = geo.square(m.from());
                    m.to() == cell
                        && mover(pos, **m) == Some(kind)
                        && file.is_none_or(|f| f == sq.file())
                        && rank.is_none_or(|r| r == sq.rank())
                        && m.promotion() == promo
                }));
            }
        }
        Ok(match found.len() {
            0 => Found::None,
            1 => Found::One(found[0]),
            _ => Found::Many(found),
        })
    }

    /// Why no legal move fits.
    fn explain<B: HasSliders>(&self, pos: &Position<B>) -> SanError {
        let san = self.to_string();
        let mut pseudo = MoveList::new();
        pos.generate_pseudo(&mut pseudo);
        let fits_pseudo = matches!(
            self.matching(pos, &pseudo),
            Ok(Found::One(_) | Found::Many(_))
        );
        match *self {
            San::Pass => SanError::Pass { san },
            // Where the variant has no actions, a word is just not SAN.
            San::Action(_) if pos.variant().seat_rules.actions.is_empty() => {
                syntax(&san, "no target square")
            }
            San::Action(_) => SanError::Action { san },
            San::Drop { .. } => SanError::Drop { san },
            San::Castle(side) => SanError::Castling {
                san,
                reason: castling_obstacle(pos, side),
            },
            San::Normal {
                piece,
                file,
                rank,
                to,
                promotion,
                ..
            } => {
                if fits_pseudo {
                    return SanError::LeavesCheck { san };
                }
                let Ok(kind) = self.kind_of_letter(pos, piece) else {
                    return SanError::NoPiece {
                        san,
                        piece: "piece".into(),
                        to,
                    };
                };
                // Does it fit with another (or no) promotion choice?
                let geo = &pos.variant().geometry;
                let same_target: Vec<Move> = pseudo
                    .iter()
                    .copied()
                    .filter(|m| {
                        let sq = geo.square(m.from());
                        geo.cell(to) == Some(m.to())
                            && mover(pos, *m) == Some(kind)
                            && file.is_none_or(|f| f == sq.file())
                            && rank.is_none_or(|r| r == sq.rank())
                    })
                    .collect();
                if !same_target.is_empty() {
                    return match promotion {
                        None => SanError::MissingPromotion { san, to },
                        Some(letter) => SanError::BadPromotion { san, letter },
                    };
                }
                let mut name = pos.variant().piece(kind).name.clone();
                match (file, rank) {
                    (None, None) => {}
                    (f, r) => {
                        name += " on ";
                        if let Some(f) = f {
                            name.push((b'a' + f) as char);
                        }
                        if let Some(r) = r {
                            name += &(r + 1).to_string();
                        }
                    }
                }
                SanError::NoPiece {
                    san,
                    piece: name,
                    to,
                }
            }
        }
    }
}

/// Why castling on `side` is not legal in `pos`.
fn castling_obstacle<B: HasSliders>(pos: &Position<B>, side: CastlingSide) -> &'static str {
    let r = pos.rules();
    let Some(c) = &r.variant.rules.castling else {
        return "the variant has no castling";
    };
    let geo = &r.variant.geometry;
    let us = pos.turn();
    let kings = pos.pieces(us, c.king) & r.back_rank[us.idx()];
    if kings.is_empty() || kings.several() {
        return "no castling right on that side";
    }
    let king = kings.lsb();
    let rook = (pos.castling_rooks() & pos.pieces(us, c.rook))
        .iter()
        .find(|&rk| {
            let high = geo.square(rk).file() > geo.square(king).file();
            high == (side == CastlingSide::KingSide)
        });
    let Some(rook) = rook else {
        return "no castling right on that side";
    };
    if pos.in_check() {
        return "the king is in check";
    }
    let (kd, rd) = pos.castle_targets(king, rook);
    let rest = pos.occupied() ^ B::bit(king) ^ B::bit(rook);
    let path = r.attacks.between(king, kd) | B::bit(kd) | r.attacks.between(rook, rd) | B::bit(rd);
    if !(path & rest).is_empty() {
        return "pieces stand between king and rook";
    }
    "the king would pass through or land on an attacked square"
}

enum Found {
    None,
    One(Move),
    Many(Vec<Move>),
}

impl SanPlus {
    /// How `m`, a legal move of `pos`, is written, with `+` or `#` when it
    /// checks or mates.
    ///
    /// ```
    /// use tetrarch_rules::{Position, Variant, notation::san::{San, SanPlus}};
    /// let chess = Variant::builtin("chess").unwrap();
    /// let mut pos = Position::<u64>::start(&chess);
    /// let mut written = Vec::new();
    /// for san in ["f3", "e5", "g4", "Qh4"] {
    ///     let m = san.parse::<San>().unwrap().to_move(&pos).unwrap();
    ///     written.push(SanPlus::from_move(&pos, m).to_string());
    ///     pos.play_unchecked(m);
    /// }
    /// assert_eq!(written, ["f3", "e5", "g4", "Qh4#"]);
    /// ```
    pub fn from_move<B: HasSliders>(pos: &Position<B>, m: Move) -> SanPlus {
        let san = San::from_move(pos, m);
        let mut after = pos.child();
        after.play_unchecked(m);
        let suffix = if after.in_check() {
            Some(if after.count_legal_moves() == 0 {
                Suffix::Checkmate
            } else {
                Suffix::Check
            })
        } else {
            None
        };
        SanPlus { san, suffix }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_is_read_leniently_and_refused_clearly() {
        for (text, shown) in [
            ("Nf3", "Nf3"),
            ("Nf3+", "Nf3"),
            ("Nf3#!?", "Nf3"),
            ("0-0", "O-O"),
            ("0-0-0+", "O-O-O"),
            ("e8Q", "e8=Q"),
            ("exf8=N", "exf8=N"),
            ("exf8(N)", "exf8=N"),
            ("e5xd6e.p.", "e5xd6"),
            ("exd6 ep", "exd6"),
            ("R1e1", "R1e1"),
            ("Qh4xe1", "Qh4xe1"),
            ("Ng1-f3", "Ng1f3"),
            ("Ra10", "Ra10"),
            ("N@e4", "N@e4"),
            ("@e4", "P@e4"),
            ("--", "--"),
        ] {
            assert_eq!(
                text.parse::<San>().map(|s| s.to_string()),
                Ok(shown.to_string()),
                "{text}"
            );
        }
        for bad in [
            "", "+", "N", "Nz3", "N3", "e9x", "Nf", "é4", "Nf3)", "2e4", "e", "Q@", "xd5",
        ] {
            assert!(bad.parse::<San>().is_err(), "{bad}");
        }
    }
}
