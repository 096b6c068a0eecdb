//! UCI move strings: `e2e4`, `e7e8q`, drops `P@e4`, and castling written
//! as the king's two-square move (`e1g1`) or, in chess960, king takes rook
//! (`e1h1`). Both castling forms are read in every variant. A move whose
//! mover's nation chooses a cell for its power names it after an `@`:
//! `d2d4@c1` (Jerusalem protects the piece on c1).

use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::position::Position;
use crate::square::Square;
use std::fmt;
use std::str::FromStr;

/// A move as written in UCI, independent of any position.
///
/// ```
/// use tetrarch_rules::notation::uci::UciMove;
/// let m: UciMove = "e7e8q".parse().unwrap();
/// assert_eq!(m.to_string(), "e7e8q");
/// assert!("e7e".parse::<UciMove>().is_err());
/// assert_eq!("P@e4".parse::<UciMove>().unwrap().to_string(), "P@e4");
/// assert_eq!("d2d4@c1".parse::<UciMove>().unwrap().to_string(), "d2d4@c1");
/// assert_eq!("b7b8q@a1".parse::<UciMove>().unwrap().to_string(), "b7b8q@a1");
/// assert!("d2d4@c9x".parse::<UciMove>().is_err());
/// assert_eq!("roll=4".parse::<UciMove>().unwrap(), UciMove::Roll(4));
/// assert!("roll=0".parse::<UciMove>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UciMove {
    /// From one square to another, promoting to the piece of the given letter.
    Normal {
        /// Origin.
        from: Square,
        /// Target.
        to: Square,
        /// Promotion letter, lowercase, or `+` for a shogi-style promotion.
        promotion: Option<char>,
        /// The squares the mover's nation chooses for its power (none for
        /// most moves).
        chosen: Chosen,
    },
    /// A piece from the hand.
    Drop {
        /// Piece letter, uppercase.
        piece: char,
        /// Target.
        to: Square,
    },
    /// A pass: `0000`.
    Null,
    /// A variant's action, written by its name (`pass`).
    Action(ActionName),
    /// A nation's power, written by its id and the cells it acts on:
    /// `transform@d1`, `relocate@e5c2`, `move-two@a1a2b1b5`.
    Power {
        /// The power's id.
        name: ActionName,
        /// The cell it acts on (the piece it lifts or turns, or where it puts one).
        from: Square,
        /// Where it puts the piece it lifts, if elsewhere.
        to: Option<Square>,
        /// A second piece's move in the same turn, from and to.
        then: Option<(Square, Square)>,
        /// A third cell (the third piece North Korea's insanity names:
        /// `insanity@a2b1c1`).
        third: Option<Square>,
        /// Piece letters after `=` (the piece Mycenae's knight unloads,
        /// `cargo@b1b2=k`; what its first knight holds, `cargo@b1c1=kbp`).
        letters: Option<PieceLetters>,
    },
    /// A roll of a die, the face it shows: `roll=4` (a chance step, which
    /// the game plays, not a seat).
    Roll(u8),
}

/// Piece letters a power move names after its cells and an `=`, at most
/// [`PieceLetters::MAX`]; none at all is written `-`.
///
/// ```
/// use tetrarch_rules::notation::uci::PieceLetters;
/// let l = PieceLetters::new("kbp").unwrap();
/// assert_eq!(l.to_string(), "kbp");
/// assert_eq!(PieceLetters::new("-").unwrap().to_string(), "-");
/// assert!(PieceLetters::new("k2").is_none());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct PieceLetters {
    bytes: [u8; PieceLetters::MAX],
    len: u8,
}

impl PieceLetters {
    /// The most letters.
    pub const MAX: usize = 8;

    /// The letters of `s` (lower-case ASCII letters; `-` for none).
    pub fn new(s: &str) -> Option<PieceLetters> {
        let b = if s == "-" { &[][..] } else { s.as_bytes() };
        if b.len() > Self::MAX || !b.iter().all(u8::is_ascii_lowercase) {
            return None;
        }
        let mut l = PieceLetters::default();
        l.bytes[..b.len()].copy_from_slice(b);
        l.len = b.len() as u8;
        Some(l)
    }

    /// The letters of `letters`, the first [`PieceLetters::MAX`].
    pub fn of(letters: impl IntoIterator<Item = char>) -> PieceLetters {
        let mut l = PieceLetters::default();
        for c in letters.into_iter().filter(char::is_ascii).take(Self::MAX) {
            l.bytes[l.len as usize] = c as u8;
            l.len += 1;
        }
        l
    }

    /// The letters, in order.
    pub fn chars(&self) -> impl Iterator<Item = char> + '_ {
        self.bytes[..self.len as usize].iter().map(|&b| b as char)
    }
}

impl fmt::Display for PieceLetters {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.len == 0 {
            return f.write_str("-");
        }
        self.chars().try_for_each(|c| write!(f, "{c}"))
    }
}

/// The squares a move chooses for its mover's nation's power (the piece
/// Jerusalem shelters, the piece a Dutch piece trades with, the pieces
/// Gaul pushes), at most four, in board order: written after an `@`,
/// `d4d5@e5d7`.
///
/// ```
/// use tetrarch_rules::notation::uci::Chosen;
/// let c: Chosen = "d7e5".parse().unwrap();
/// assert_eq!(c.to_string(), "e5d7");
/// assert!("".parse::<Chosen>().is_err());
/// assert!("a1b1c1d1e1".parse::<Chosen>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Chosen {
    squares: [Option<Square>; 4],
}

impl Chosen {
    /// No square chosen.
    pub const NONE: Chosen = Chosen { squares: [None; 4] };

    /// The squares of `squares` (the first four), in board order.
    pub fn of(squares: impl IntoIterator<Item = Square>) -> Chosen {
        let mut list: Vec<Square> = squares.into_iter().take(4).collect();
        list.sort();
        let mut c = Chosen::NONE;
        for (slot, sq) in c.squares.iter_mut().zip(list) {
            *slot = Some(sq);
        }
        c
    }

    /// Whether no square is chosen.
    pub fn is_empty(&self) -> bool {
        self.squares[0].is_none()
    }

    /// The squares, in board order.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        self.squares.iter().flatten().copied()
    }
}

impl FromStr for Chosen {
    type Err = String;
    fn from_str(s: &str) -> Result<Chosen, String> {
        let bad = || format!("'{s}': one to four squares, such as e5d7");
        let mut list = Vec::new();
        let mut rest = s;
        while !rest.is_empty() {
            let (sq, n) = Square::parse_prefix(rest).ok_or_else(bad)?;
            list.push(sq);
            rest = &rest[n..];
        }
        if list.is_empty() || list.len() > 4 {
            return Err(bad());
        }
        Ok(Chosen::of(list))
    }
}

impl fmt::Display for Chosen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.squares().try_for_each(|sq| write!(f, "{sq}"))
    }
}

/// The name of a variant's action, as a move is written: lower-case
/// letters and hyphens, at most [`ActionName::MAX`] of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ActionName {
    bytes: [u8; ActionName::MAX],
    len: u8,
}

impl ActionName {
    /// The longest name.
    pub const MAX: usize = 23;

    /// The name, if `s` is one: three or more lower-case letters and inner
    /// hyphens (so no move, castling or `0000` reads as one).
    pub fn new(s: &str) -> Option<ActionName> {
        let b = s.as_bytes();
        let letters = b.iter().all(|&c| c.is_ascii_lowercase() || c == b'-');
        if b.len() < 3 || b.len() > Self::MAX || !letters || b[0] == b'-' || b[b.len() - 1] == b'-'
        {
            return None;
        }
        let mut bytes = [0; Self::MAX];
        bytes[..b.len()].copy_from_slice(b);
        Some(ActionName {
            bytes,
            len: b.len() as u8,
        })
    }

    /// The name as text.
    pub fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len as usize]).expect("ASCII by construction")
    }
}

impl fmt::Display for ActionName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The name of a challenge of a secret seat's last move (`challenge@c3`).
pub const CHALLENGE: &str = "challenge";

/// A UCI string that is malformed, or names no legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UciError {
    /// Not UCI move syntax.
    #[error("'{0}' is not a UCI move (like e2e4, e7e8q, P@e4)")]
    Syntax(String),
    /// Well formed but not legal here.
    #[error("{0} is not a legal move in {1}")]
    Illegal(String, String),
}

impl FromStr for UciMove {
    type Err = UciError;
    fn from_str(s: &str) -> Result<UciMove, UciError> {
        let bad = || UciError::Syntax(s.to_string());
        if s == "0000" {
            return Ok(UciMove::Null);
        }
        if let Some(face) = s.strip_prefix("roll=") {
            // Any face is read; whether the die has it is the position's.
            return face
                .parse::<u8>()
                .ok()
                .filter(|f| (1..128).contains(f))
                .map(UciMove::Roll)
                .ok_or_else(bad);
        }
        if let Some(name) = ActionName::new(s) {
            return Ok(UciMove::Action(name));
        }
        if let Some((p, sq)) = s.split_once('@') {
            if p.len() > 1
                && ActionName::new(p).is_none()
                && let Ok(UciMove::Normal {
                    from,
                    to,
                    promotion,
                    ..
                }) = p.parse::<UciMove>()
            {
                let chosen = sq.parse().map_err(|_| bad())?;
                return Ok(UciMove::Normal {
                    from,
                    to,
                    promotion,
                    chosen,
                });
            }
            if let Some(name) = ActionName::new(p) {
                return power_cells(name, sq).ok_or_else(bad);
            }
            let mut cs = p.chars();
            let (Some(piece), None) = (cs.next(), cs.next()) else {
                return Err(bad());
            };
            if !piece.is_ascii_alphabetic() {
                return Err(bad());
            }
            let to = sq.parse().map_err(|_| bad())?;
            return Ok(UciMove::Drop {
                piece: piece.to_ascii_uppercase(),
                to,
            });
        }
        let (from, n) = Square::parse_prefix(s).ok_or_else(bad)?;
        let (to, m) = Square::parse_prefix(&s[n..]).ok_or_else(bad)?;
        let rest = &s[n + m..];
        let promotion = match rest.len() {
            0 => None,
            1 if rest.as_bytes()[0].is_ascii_alphabetic() || rest == "+" => {
                Some(rest.as_bytes()[0].to_ascii_lowercase() as char)
            }
            _ => return Err(bad()),
        };
        Ok(UciMove::Normal {
            from,
            to,
            promotion,
            chosen: Chosen::NONE,
        })
    }
}

/// The cells of a power move after its `@`: one square, two, three, or
/// four.
fn power_cells(name: ActionName, cells: &str) -> Option<UciMove> {
    let (cells, letters) = match cells.split_once('=') {
        Some((cells, letters)) => (cells, Some(PieceLetters::new(letters)?)),
        None => (cells, None),
    };
    let mut squares = Vec::with_capacity(4);
    let mut rest = cells;
    while !rest.is_empty() {
        let (sq, n) = Square::parse_prefix(rest)?;
        squares.push(sq);
        rest = &rest[n..];
    }
    let (from, to, then, third) = match squares[..] {
        [from] => (from, None, None, None),
        [from, to] => (from, Some(to), None, None),
        [from, to, third] => (from, Some(to), None, Some(third)),
        [from, to, from2, to2] => (from, Some(to), Some((from2, to2)), None),
        _ => return None,
    };
    Some(UciMove::Power {
        name,
        from,
        to,
        then,
        third,
        letters,
    })
}

impl fmt::Display for UciMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            UciMove::Normal {
                from,
                to,
                promotion,
                chosen,
            } => {
                write!(f, "{from}{to}")?;
                if let Some(p) = promotion {
                    write!(f, "{p}")?;
                }
                if !chosen.is_empty() {
                    write!(f, "@{chosen}")?;
                }
                Ok(())
            }
            UciMove::Drop { piece, to } => write!(f, "{piece}@{to}"),
            UciMove::Null => f.write_str("0000"),
            UciMove::Roll(face) => write!(f, "roll={face}"),
            UciMove::Action(name) => write!(f, "{name}"),
            UciMove::Power {
                name,
                from,
                to,
                then,
                third,
                letters,
            } => {
                write!(f, "{name}@{from}")?;
                if let Some(to) = to {
                    write!(f, "{to}")?;
                }
                if let Some(third) = third {
                    write!(f, "{third}")?;
                }
                if let Some((from, to)) = then {
                    write!(f, "{from}{to}")?;
                }
                match letters {
                    Some(l) => write!(f, "={l}"),
                    None => Ok(()),
                }
            }
        }
    }
}

impl UciMove {
    /// The legal move of `pos` this string names.
    ///
    /// ```
    /// use tetrarch_rules::{Position, Variant, notation::uci::UciMove};
    /// let pos = Position::<u64>::start(&Variant::builtin("chess").unwrap());
    /// let m = "g1f3".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
    /// assert_eq!(UciMove::from_move(&pos, m).to_string(), "g1f3");
    /// assert!("e2e5".parse::<UciMove>().unwrap().to_move(&pos).is_err());
    /// ```
    pub fn to_move<B: HasSliders>(&self, pos: &Position<B>) -> Result<Move, UciError> {
        let legal = pos.legal_moves();
        legal
            .iter()
            .copied()
            .find(|&m| {
                let written = UciMove::from_move(pos, m);
                let geo = &pos.variant().geometry;
                let king_takes_rook = UciMove::Normal {
                    from: geo.square(m.from()),
                    to: geo.square(m.to()),
                    promotion: None,
                    chosen: Chosen::NONE,
                };
                written == *self
                    || (m.kind() == MoveKind::Castle
                        && (UciMove::castle_alias(pos, m) == *self || king_takes_rook == *self))
            })
            .ok_or_else(|| UciError::Illegal(self.to_string(), pos.to_fen()))
    }

    /// How `m` is written in `pos`: castling as the king's move in chess,
    /// as king takes rook in chess960.
    pub fn from_move<B: HasSliders>(pos: &Position<B>, m: Move) -> UciMove {
        // A move is written as its mover saw it: in its view, where
        // pieces are hidden from it (the cells a push chooses, say).
        if !pos.sees_all(Some(pos.turn())) {
            return UciMove::from_move(&pos.seen_by(Some(pos.turn())), m);
        }
        let v = pos.variant();
        let geo = &v.geometry;
        let sq = |c: u8| geo.square(c);
        let chosen = Chosen::of(pos.chosen_cells(m).into_iter().map(sq));
        match m.kind() {
            MoveKind::Normal | MoveKind::EnPassant | MoveKind::Swap => UciMove::Normal {
                from: sq(m.from()),
                to: sq(m.to()),
                promotion: None,
                chosen,
            },
            MoveKind::Promotion(k) => UciMove::Normal {
                from: sq(m.from()),
                to: sq(m.to()),
                // Shogi-style promotions (to a `+` kind) are written with a `+`.
                promotion: Some(if v.piece(k).promoted {
                    '+'
                } else {
                    v.piece(k).letter
                }),
                chosen,
            },
            MoveKind::Drop(k) => UciMove::Drop {
                piece: v.piece(k).letter.to_ascii_uppercase(),
                to: sq(m.to()),
            },
            MoveKind::Castle if !v.rules.chess960 => UciMove::castle_alias(pos, m),
            MoveKind::Castle => UciMove::Normal {
                from: sq(m.from()),
                to: sq(m.to()),
                promotion: None,
                chosen,
            },
            MoveKind::Pass => UciMove::Null,
            MoveKind::Roll(face) => UciMove::Roll(face),
            MoveKind::Challenge => UciMove::Power {
                name: ActionName::new(CHALLENGE).expect("a valid name"),
                from: sq(m.from()),
                to: None,
                then: None,
                third: None,
                letters: None,
            },
            MoveKind::Consent(_) | MoveKind::Disembark => UciMove::Power {
                name: ActionName::new(Position::<B>::guest_step_name(m).unwrap_or(CHALLENGE))
                    .expect("a valid name"),
                from: sq(m.from()),
                to: (m.kind() == MoveKind::Disembark).then(|| sq(m.to())),
                then: None,
                third: None,
                letters: (m.kind() == MoveKind::Disembark)
                    .then(|| pos.disembark_letter(m))
                    .flatten()
                    .map(|l| PieceLetters::of([l])),
            },
            MoveKind::Action(a) => UciMove::Action(
                ActionName::new(&v.seat_rules.actions[a as usize].name)
                    .expect("action names are checked with the variant"),
            ),
            MoveKind::Power(i) => {
                let power = v
                    .powers
                    .get(pos.turn().idx())
                    .and_then(|p| p.get(i as usize));
                let then = power.and_then(|p| p.second_move(m));
                // A second cell held in the payload (an assassination's
                // misfire victim), written as the move's `to`.
                let aimed = power.and_then(|p| p.second_cell(m));
                match power.and_then(|p| ActionName::new(p.id())) {
                    Some(name) => UciMove::Power {
                        name,
                        from: sq(m.from()),
                        to: match aimed {
                            Some(c) => Some(sq(c)),
                            None => (m.to() != m.from() || then.is_some()).then(|| sq(m.to())),
                        },
                        then: then.map(|(a, b)| (sq(a), sq(b))),
                        third: power.and_then(|p| p.third_cell(m)).map(sq),
                        letters: pos.power_letters(m),
                    },
                    // Not a move of this position: no text names it.
                    None => UciMove::Null,
                }
            }
        }
    }

    /// Castling written as the king's own move (`e1g1`).
    fn castle_alias<B: HasSliders>(pos: &Position<B>, m: Move) -> UciMove {
        let geo = &pos.variant().geometry;
        let (kd, _) = pos.castle_targets(m.from(), m.to());
        UciMove::Normal {
            from: geo.square(m.from()),
            to: geo.square(kd),
            promotion: None,
            chosen: Chosen::NONE,
        }
    }
}
