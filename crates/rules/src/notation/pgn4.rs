//! PGN4: chess.com's game records for four-player chess, read and written.
//!
//! A record is tag pairs, as in PGN (`[Variant "Teams"]`, `[Red "..."]`,
//! `[StartFen4 "<FEN4>"]` for a game from a set-up position, or one of
//! chess.com's start names `4PC` and `4PCo` (read, and written for a game
//! from such a start that is not the variant's own),
//! `[CurrentPosition "<FEN4>"]`, and Tetrarch's `[Nations "default,..."]`
//! for a European Chess line-up, see `docs/nations.md`), then rounds of moves in long algebraic
//! form, the entries of one round separated by `..`:
//!
//! ```text
//! 1. h2-h3 .. b7-c7 .. h13-h12 .. m8-k8
//! 2. Qg1-k5 .. Na5-b7 .. i13-i12 .. m4-k4
//! ```
//!
//! An entry is `[Piece]from-to` or `[Piece]fromx[Captured]to` (letters
//! `K Q R B N`, none for a pawn, and the captured piece's letter, none for
//! a pawn: `Bi14xBa6`, `Ql8xf2`), castling `O-O` (the rook nearer the king)
//! or `O-O-O`, promotion `=Q`, `=R`, `=B`, `=N` or chess.com's `=D` (a
//! queen), a pass `--`, `R` (resigned) or `T` (timed out). Check and mate
//! marks (`+`, `#`, `++`, `+#`) are read and ignored. `{comments}`, nested
//! `(variations)`, `;` line comments and NAGs (`$1`) are skipped; a result
//! token (`1-0`, `0-1`, `1/2-1/2`, `*`, or one score per seat such as
//! `0-0-1-0`) may end the movetext. A tag pair after movetext starts the
//! next game.
//!
//! Rounds are not counted on to hold four entries: each entry is the next
//! move of whichever side is to move (a removed player has none, a combined
//! army moves a piece of either of its seats). A partner pawn swap is
//! written as the moving pawn's step (`e7-e8`). Moves after an `R` or `T`
//! are refused: the kernel cannot take a player out by resignation.
//!
//! Reading is in two steps: [`read_all`] (or `str::parse`) gives the tags
//! and the entries as written; [`Pgn4Game::moves`] resolves every entry to
//! a legal move of a variant. [`crate::game::Game::from_pgn4`] and
//! [`crate::game::Game::to_pgn4`] do both ways for a whole game.
//!
//! Writing marks checks only where the variant has check: `+` when the
//! mover attacks an enemy king, `#` when a player is out, mated, once the
//! move is played (the kernel removes a mated player when their turn
//! comes, so that is the move just before it). Castling a combined army
//! could do on either of its seats' same wing is written as the king's
//! move (`Kn7-n9`), which is also read.
//!
//! Tetrarch writes the `Variant` tag with its own variant name; reading
//! also maps chess.com's `Teams` to `fourway-original` and `FFA` to
//! `fourway-ffa` ([`variant_for_tag`]). Results are `1-0` (Red and Yellow
//! won), `0-1`, `1/2-1/2` and `*` for team variants; free-for-all results
//! give one score per seat (`0-0-1-0`: Yellow won).
//!
//! ```
//! use tetrarch_rules::{Variant, Wide, game::Game, notation::pgn4::Pgn4Game};
//! let original = Variant::builtin("fourway-original").unwrap();
//! let record: Pgn4Game = "[Variant \"Teams\"]\n\n1. h2-h3 .. b7-c7 {book} .. h13-h12 .. m8-k8\n2. Qg1-k5 *"
//!     .parse()
//!     .unwrap();
//! let game = Game::<Wide>::from_pgn4(&record, &original).unwrap();
//! assert_eq!(game.moves().len(), 5);
//! let written = game.to_pgn4(&[("Red", "Me")]).to_string();
//! assert!(written.contains("[Red \"Me\"]\n"));
//! assert!(written.ends_with("1. h2-h3 .. b7-c7 .. h13-h12 .. m8-k8\n2. Qg1-k5 *\n"));
//! ```

use super::cursor::Cursor;
use super::pgn::{PgnWriteError, check_tags, escape, writable_tag_name};
use crate::attacks::HasSliders;
use crate::family::Step;
use crate::game::Game;
use crate::moves::{Move, MoveKind};
use crate::notation::fen::FenError;
use crate::notation::fen4_start::start_name;
use crate::notation::san::CastlingSide;
use crate::notation::uci::{Chosen, UciMove};
use crate::outcome::{DrawReason, Outcome};
use crate::piece::{Kind, Piece, Seat};
use crate::position::Position;
use crate::square::Square;
use crate::variant::{MateRule, Variant};
use std::fmt;
use std::str::FromStr;

/// The variant a `Variant` tag names: chess.com's `Teams` (whose rules
/// are the Original rules with check and mate) is `fourway-original`,
/// `FFA` and `Free-for-all` are `fourway-ffa`, and Tetrarch's own names
/// name themselves. Case is ignored.
///
/// ```
/// use tetrarch_rules::notation::pgn4::variant_for_tag;
/// assert_eq!(variant_for_tag("Teams"), Some("fourway-original"));
/// assert_eq!(variant_for_tag("FFA"), Some("fourway-ffa"));
/// assert_eq!(variant_for_tag("fourway-teams"), Some("fourway-teams"));
/// assert_eq!(variant_for_tag("Standard"), None);
/// ```
pub fn variant_for_tag(value: &str) -> Option<&'static str> {
    match value.trim().to_ascii_lowercase().as_str() {
        "teams" | "fourway-original" => Some("fourway-original"),
        "ffa" | "free-for-all" | "free for all" | "freeforall" | "fourway-ffa" => {
            Some("fourway-ffa")
        }
        // Any other built-in variant of more than two seats by its name.
        other => crate::variant::builtin_names().find(|&name| {
            name == other && crate::Variant::builtin(name).is_ok_and(|v| v.seat_count() > 2)
        }),
    }
}

/// How a player left the game without a move: `R` or `T`.
///
/// ```
/// use tetrarch_rules::notation::pgn4::Retirement;
/// assert_eq!(Retirement::Resigned.to_string(), "resigned");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Retirement {
    /// `R`: the player resigned.
    Resigned,
    /// `T`: the player ran out of time.
    TimedOut,
}

impl fmt::Display for Retirement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Retirement::Resigned => "resigned",
            Retirement::TimedOut => "timed out",
        })
    }
}

/// One entry of a PGN4 movetext, independent of any position. Parsing
/// drops check and mate marks; displaying writes the canonical form.
///
/// ```
/// use tetrarch_rules::notation::pgn4::Pgn4Move;
/// let m: Pgn4Move = "Qa6xQh13+".parse().unwrap();
/// assert_eq!(m.to_string(), "Qa6xQh13");
/// assert_eq!("e13-e14=D".parse::<Pgn4Move>().unwrap().to_string(), "e13-e14=D");
/// assert_eq!("O-O-O#".parse::<Pgn4Move>().unwrap().to_string(), "O-O-O");
/// assert_eq!("--".parse::<Pgn4Move>().unwrap(), Pgn4Move::Pass);
/// assert!("h2h3".parse::<Pgn4Move>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pgn4Move {
    /// A piece going from one square to another.
    Normal {
        /// The piece letter, uppercase; `None` for a pawn.
        piece: Option<char>,
        /// Origin.
        from: Square,
        /// Written as a capture (`x`).
        capture: bool,
        /// The captured piece's letter, uppercase; `None` for a pawn (or no capture).
        captured: Option<char>,
        /// Target.
        to: Square,
        /// Promotion letter as written, uppercase (`D` is a queen).
        promotion: Option<char>,
        /// The squares the mover's nation chooses for its power, written
        /// after an `@` (`Nb1-c3@d1`), as in UCI.
        chosen: Chosen,
    },
    /// Castling: `O-O` with the rook nearer the king, `O-O-O` with the other.
    Castle(CastlingSide),
    /// A pass: `--`.
    Pass,
    /// `R` or `T`: the player leaves the game.
    Retire(Retirement),
    /// A nation's power, written as in UCI (`transform@d1`, `relocate@e5c2`).
    Power(UciMove),
    /// A piece put on an empty square (an Ottoman deployment), written as
    /// in UCI: the piece's letter, uppercase, `@`, the square (`K@a1`).
    Drop {
        /// The piece letter, uppercase (pawns too: `P@b2`).
        piece: char,
        /// Target.
        to: Square,
    },
}

/// Why one PGN4 entry names no legal move. The entry's round, seat and
/// text are given by the [`Pgn4Error`] around it.
///
/// ```
/// use tetrarch_rules::{Position, Variant, Wide, notation::pgn4::Pgn4Move};
/// let pos = Position::<Wide>::start(&Variant::builtin("fourway-teams").unwrap());
/// let err = "Qh5-h9".parse::<Pgn4Move>().unwrap().to_move(&pos).unwrap_err();
/// assert_eq!(err.to_string(), "no red queen on h5");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Pgn4MoveError {
    /// Not PGN4 move syntax.
    #[error("malformed move: {0}")]
    Syntax(String),
    /// A square beyond the board's edge.
    #[error("{0} is off the board")]
    OffBoard(Square),
    /// A square in a cut corner.
    #[error("{0} is a cut corner of the board")]
    CutCorner(Square),
    /// A piece letter the variant does not have.
    #[error("'{letter}' is not a piece of {variant}")]
    UnknownPiece {
        /// The letter.
        letter: char,
        /// The variant's name.
        variant: String,
    },
    /// The origin does not hold the piece named.
    #[error("no {piece} on {square}{}", found.as_ref().map(|f| format!(" ({f} stands there)")).unwrap_or_default())]
    NoPiece {
        /// The piece named, in the colour of the side to move (`blue queen`,
        /// `blue/green pawn` for a combined army).
        piece: String,
        /// The origin.
        square: Square,
        /// What stands there instead, if anything (`a blue bishop`).
        found: Option<String>,
    },
    /// The origin holds a piece of a seat that is not to move.
    #[error("move for the wrong seat: it is {turn}'s turn, and {found} stands on {square}")]
    WrongSeat {
        /// The side to move, capitalised (`Yellow`).
        turn: String,
        /// The piece on the origin (`a blue pawn`).
        found: String,
        /// The origin.
        square: Square,
    },
    /// The captured piece named is not what stands on the target.
    #[error("the move names a captured {named} on {square}, but {found} stands there")]
    Captured {
        /// The piece the move names (`pawn` when no letter follows `x`).
        named: String,
        /// The target.
        square: Square,
        /// What stands there (`a green knight`, `nothing`).
        found: String,
    },
    /// A pawn move that must promote, written without `=`.
    #[error("a pawn reaching {square} must promote: {choices}")]
    PromotionNeeded {
        /// The target.
        square: Square,
        /// The legal choices (`=Q, =R`).
        choices: String,
    },
    /// A promotion the position does not offer.
    #[error("cannot promote to a {piece} on {square}: {choices}")]
    Promotion {
        /// The piece asked for.
        piece: String,
        /// The target.
        square: Square,
        /// What is possible instead.
        choices: String,
    },
    /// `O-O` or `O-O-O` where two seats of a combined army could castle that way.
    #[error("{0} is ambiguous: both seats of the combined army can castle that way")]
    Ambiguous(CastlingSide),
    /// No legal move of the position fits.
    #[error("not a legal move in {fen4}")]
    Illegal {
        /// The position, in FEN4.
        fen4: String,
    },
    /// The game has ended: nobody moves any more.
    #[error("the game is already over ({0})")]
    GameOver(String),
    /// `R` or `T`, which names no move.
    #[error("'{0}' is a retirement, not a move")]
    NotAMove(char),
}

/// What is wrong with the text of a PGN4 record, before any move is read.
///
/// ```
/// use tetrarch_rules::notation::pgn4::Pgn4SyntaxError;
/// assert_eq!(
///     Pgn4SyntaxError::UnclosedComment { opened: 3 }.to_string(),
///     "comment opened on line 3 is never closed"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Pgn4SyntaxError {
    /// A `{` with no `}`.
    #[error("comment opened on line {opened} is never closed")]
    UnclosedComment {
        /// Line of the `{`.
        opened: usize,
    },
    /// A `}` with no `{`.
    #[error("'}}' closes no comment")]
    UnmatchedBrace,
    /// A `(` with no `)`.
    #[error("variation opened on line {opened} is never closed")]
    UnclosedVariation {
        /// Line of the `(`.
        opened: usize,
    },
    /// A `)` with no `(`.
    #[error("')' closes no variation")]
    UnmatchedParenthesis,
    /// A malformed tag pair.
    #[error("bad tag pair: {0}")]
    BadTag(&'static str),
    /// A `]` or `"` outside a tag pair.
    #[error("unexpected character '{0}'")]
    UnexpectedChar(char),
}

/// A PGN4 record that cannot be read or replayed.
///
/// ```
/// use tetrarch_rules::{Variant, Wide, notation::pgn4::Pgn4Game};
/// let teams = Variant::builtin("fourway-teams").unwrap();
/// let record: Pgn4Game = "1. h2-h3 .. b7-c7 .. h13-h12 .. m8-k8\n2. h3-h4 .. Qh5-h9".parse().unwrap();
/// let err = record.moves::<Wide>(&teams).unwrap_err();
/// assert_eq!(err.to_string(), "round 2, Blue: 'Qh5-h9': no blue queen on h5");
/// let err = "1. h2-h3 {oops".parse::<Pgn4Game>().unwrap_err();
/// assert_eq!(err.to_string(), "game 1, line 1: comment opened on line 1 is never closed");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Pgn4Error {
    /// The text is malformed.
    #[error("game {game}, line {line}: {kind}")]
    Syntax {
        /// Game number in the text, from 1.
        game: usize,
        /// Line number, from 1.
        line: usize,
        /// What is wrong.
        kind: Pgn4SyntaxError,
    },
    /// An entry that names no legal move.
    #[error("round {round}, {seat}: '{text}': {reason}")]
    Move {
        /// The round number as written.
        round: u32,
        /// The side to move (`Blue`, `Blue/Green` for a combined army).
        seat: String,
        /// The entry as written.
        text: String,
        /// Why it was refused.
        reason: Pgn4MoveError,
    },
    /// A move after a player resigned or timed out.
    #[error(
        "round {round}, {seat}: '{text}': the record goes on after {retired}; a player cannot leave the game here but by mate or the loss of their king"
    )]
    AfterRetirement {
        /// The round number as written.
        round: u32,
        /// The side to move.
        seat: String,
        /// The entry as written.
        text: String,
        /// Who left, and how (`Red resigned`).
        retired: String,
    },
    /// A player left before the last move, which a game of moves alone
    /// cannot hold.
    #[error(
        "round {round}: {seat} left the game while the others played on; read the record as steps (Pgn4Game::steps)"
    )]
    LeftMidGame {
        /// The round number.
        round: u32,
        /// Who left.
        seat: String,
    },
    /// The `StartFen4` tag is not a position of the variant.
    #[error("StartFen4: {0}")]
    StartPosition(FenError),
    /// `str::parse` found no game, or more than one.
    #[error("the text holds {0} games; one was expected")]
    GameCount(usize),
    /// The points the `Result` tag gives are not those the moves give.
    #[error(transparent)]
    Points(#[from] super::pgn4_points::PointsError),
}

/// One entry as written, with the round it stands in.
///
/// ```
/// use tetrarch_rules::notation::pgn4::Pgn4Game;
/// let g: Pgn4Game = "7. h2-h3 .. --".parse().unwrap();
/// assert_eq!((g.entries[1].round, g.entries[1].text.as_str()), (7, "--"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pgn4Entry {
    /// The number of the round, as written before it (1 if none was).
    pub round: u32,
    /// The entry, check and mate marks included.
    pub text: String,
}

/// One PGN4 game: tags, entries as written, and the result token.
///
/// Displaying it writes PGN4: the tags in their order, a blank line, one
/// line per round, the result token last.
///
/// ```
/// use tetrarch_rules::notation::pgn4::Pgn4Game;
/// let g: Pgn4Game = "[Red \"a\"]\n1. h2-h3 .. b7-c7 (1. .. b8-c8) .. R 0-1".parse().unwrap();
/// assert_eq!(g.tag("Red"), Some("a"));
/// assert_eq!(g.entries.len(), 3);
/// assert_eq!(g.result(), Some("0-1"));
/// assert_eq!(g.to_string(), "[Red \"a\"]\n\n1. h2-h3 .. b7-c7 .. R 0-1\n");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pgn4Game {
    /// Tag pairs in file order, values unescaped.
    pub tags: Vec<(String, String)>,
    /// The main line's entries.
    pub entries: Vec<Pgn4Entry>,
    /// The result token that ended the movetext, if any.
    pub result: Option<String>,
}

/// Capitalise a seat name: `blue` to `Blue`.
pub(super) fn capitalised(name: &str) -> String {
    let mut cs = name.chars();
    match cs.next() {
        Some(c) => c.to_uppercase().chain(cs).collect(),
        None => String::new(),
    }
}

/// The seats of a bit set, joined by `/`.
fn seat_names(v: &Variant, seats: u8) -> String {
    (0..v.seat_count())
        .filter(|s| seats & (1 << s) != 0)
        .map(|s| v.seats[s as usize].name.clone())
        .collect::<Vec<_>>()
        .join("/")
}

/// The side to move, capitalised: `Blue`, or `Blue/Green` for a combined army.
pub(super) fn side_name<B: HasSliders>(pos: &Position<B>) -> String {
    let v = pos.variant();
    seat_names(v, pos.moving_seats())
        .split('/')
        .map(capitalised)
        .collect::<Vec<_>>()
        .join("/")
}

/// `a blue bishop`.
fn describe(v: &Variant, p: Piece) -> String {
    format!("a {} {}", v.seats[p.seat.idx()].name, v.piece(p.kind).name)
}

/// The piece letter of a kind in PGN4: uppercase, none for a pawn.
fn letter(v: &Variant, kind: Kind) -> Option<char> {
    let p = v.piece(kind);
    (!p.pawn).then(|| p.letter.to_ascii_uppercase())
}

/// The kind a PGN4 letter names; `D` is a queen where no piece uses `d`.
fn kind_of(v: &Variant, letter: char) -> Result<Kind, Pgn4MoveError> {
    v.kind_by_letter(letter)
        .or_else(|| {
            (letter.eq_ignore_ascii_case(&'d'))
                .then(|| v.kind_by_letter('q'))
                .flatten()
        })
        .ok_or_else(|| Pgn4MoveError::UnknownPiece {
            letter,
            variant: v.name.clone(),
        })
}

/// The name of the piece a letter (or no letter: a pawn) names.
fn piece_name(v: &Variant, letter: Option<char>) -> Result<String, Pgn4MoveError> {
    match letter {
        Some(l) => Ok(v.piece(kind_of(v, l)?).name.clone()),
        None => Ok(v
            .pieces
            .iter()
            .find(|p| p.pawn)
            .map_or("pawn".into(), |p| p.name.clone())),
    }
}

/// Whether the piece on a cell is of the kind a letter names, or moves
/// as that kind does: chess.com writes its one-point promoted queen (`D`
/// when it promotes) as `Q` afterwards.
fn letter_fits(v: &Variant, letter: Option<char>, kind: Kind) -> Result<bool, Pgn4MoveError> {
    Ok(match letter {
        Some(l) => {
            let named = kind_of(v, l)?;
            named == kind || same_moves(v.piece(named), v.piece(kind))
        }
        None => v.piece(kind).pawn,
    })
}

fn same_moves(a: &crate::piece::PieceInfo, b: &crate::piece::PieceInfo) -> bool {
    !a.pawn && !b.pawn && a.movement.steps == b.movement.steps
}

/// A square at the start of `s`: a file letter and one or two digits.
fn square_prefix(s: &str) -> Result<(Square, usize), Pgn4MoveError> {
    let b = s.as_bytes();
    let letters = b.iter().take_while(|c| c.is_ascii_lowercase()).count();
    let digits = b[letters..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    let word: String = s.chars().take(letters + digits).collect();
    let bad = || {
        let shown = if word.is_empty() {
            s.chars().take(4).collect()
        } else {
            word.clone()
        };
        Pgn4MoveError::Syntax(format!("'{shown}' is not a square"))
    };
    if letters != 1 || digits == 0 || digits > 2 || b.get(1) == Some(&b'0') {
        return Err(bad());
    }
    let file = b[0] - b'a';
    let rank: u8 = word[1..].parse().map_err(|_| bad())?;
    let sq = Square::new(file, rank.wrapping_sub(1)).ok_or_else(bad)?;
    Ok((sq, 1 + digits))
}

impl FromStr for Pgn4Move {
    type Err = Pgn4MoveError;
    fn from_str(s: &str) -> Result<Pgn4Move, Pgn4MoveError> {
        let syntax = |why: String| Pgn4MoveError::Syntax(why);
        let t = s.trim().trim_end_matches(['+', '#', '!', '?']);
        match t {
            "" => return Err(syntax("an empty move".into())),
            "--" => return Ok(Pgn4Move::Pass),
            "R" => return Ok(Pgn4Move::Retire(Retirement::Resigned)),
            "T" => return Ok(Pgn4Move::Retire(Retirement::TimedOut)),
            "O-O" | "0-0" => return Ok(Pgn4Move::Castle(CastlingSide::KingSide)),
            "O-O-O" | "0-0-0" => return Ok(Pgn4Move::Castle(CastlingSide::QueenSide)),
            _ => {}
        }
        if !t.is_ascii() {
            return Err(syntax(format!("'{t}' has characters no move uses")));
        }
        match t.parse::<UciMove>() {
            Ok(power @ (UciMove::Power { .. } | UciMove::Roll(_))) => {
                return Ok(Pgn4Move::Power(power));
            }
            Ok(UciMove::Drop { piece, to }) => return Ok(Pgn4Move::Drop { piece, to }),
            _ => {}
        }
        let mut rest = t;
        let piece = match rest.as_bytes()[0] {
            c @ b'A'..=b'Z' => {
                rest = &rest[1..];
                Some(c as char)
            }
            _ => None,
        };
        let (from, n) = square_prefix(rest)?;
        rest = &rest[n..];
        let capture = match rest.as_bytes().first() {
            Some(b'-') => false,
            Some(b'x') => true,
            _ => {
                return Err(syntax(
                    "the origin must be followed by '-' or 'x' (like h2-h3 or Qa6xQh13)".into(),
                ));
            }
        };
        rest = &rest[1..];
        let captured = match rest.as_bytes().first() {
            Some(&c @ b'A'..=b'Z') if capture => {
                rest = &rest[1..];
                Some(c as char)
            }
            _ => None,
        };
        let (to, n) = square_prefix(rest)?;
        rest = &rest[n..];
        let (rest, chosen) = match rest.split_once('@') {
            Some((before, cells)) => (before, cells.parse::<Chosen>().map_err(syntax)?),
            None => (rest, Chosen::NONE),
        };
        let promotion = match rest.as_bytes() {
            [] => None,
            [b'=', c] if c.is_ascii_alphabetic() => Some(c.to_ascii_uppercase() as char),
            _ => {
                return Err(syntax(format!(
                    "'{rest}' after {to}; only a promotion such as =Q, or a chosen square such as @d1, may follow"
                )));
            }
        };
        Ok(Pgn4Move::Normal {
            piece,
            from,
            capture,
            captured,
            to,
            promotion,
            chosen,
        })
    }
}

impl fmt::Display for Pgn4Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pgn4Move::Normal {
                piece,
                from,
                capture,
                captured,
                to,
                promotion,
                chosen,
            } => {
                if let Some(p) = piece {
                    write!(f, "{p}")?;
                }
                write!(f, "{from}")?;
                if *capture {
                    f.write_str("x")?;
                    if let Some(c) = captured {
                        write!(f, "{c}")?;
                    }
                } else {
                    f.write_str("-")?;
                }
                write!(f, "{to}")?;
                if let Some(p) = promotion {
                    write!(f, "={p}")?;
                }
                if !chosen.is_empty() {
                    write!(f, "@{chosen}")?;
                }
                Ok(())
            }
            Pgn4Move::Castle(side) => write!(f, "{side}"),
            Pgn4Move::Pass => f.write_str("--"),
            Pgn4Move::Retire(Retirement::Resigned) => f.write_str("R"),
            Pgn4Move::Retire(Retirement::TimedOut) => f.write_str("T"),
            Pgn4Move::Power(p) => write!(f, "{p}"),
            Pgn4Move::Drop { piece, to } => write!(f, "{piece}@{to}"),
        }
    }
}

/// Whether a castling move (king on `king`, rook on `rook`) is on the
/// king's side: the rook at the end of the back rank nearer the king.
fn castling_side<B: HasSliders>(pos: &Position<B>, seat: Seat, king: u8, rook: u8) -> CastlingSide {
    let back = pos.rules().back_rank[seat.idx()];
    if back.is_empty() {
        return CastlingSide::KingSide;
    }
    let (lo, hi) = (back.lsb(), back.msb());
    let near = if king.abs_diff(lo) < king.abs_diff(hi) {
        lo
    } else {
        hi
    };
    if rook == near {
        CastlingSide::KingSide
    } else {
        CastlingSide::QueenSide
    }
}

/// The cell of a square, or why the square has none.
fn on_board(v: &Variant, sq: Square) -> Result<u8, Pgn4MoveError> {
    let geo = &v.geometry;
    geo.cell(sq).ok_or({
        if sq.file() < geo.width() && sq.rank() < geo.height() {
            Pgn4MoveError::CutCorner(sq)
        } else {
            Pgn4MoveError::OffBoard(sq)
        }
    })
}

/// The one legal castling move on `wing`.
fn castle_on<B: HasSliders>(
    pos: &Position<B>,
    legal: &[Move],
    wing: CastlingSide,
) -> Result<Move, Pgn4MoveError> {
    let mut fits = legal.iter().copied().filter(|m| {
        m.kind() == MoveKind::Castle
            && pos
                .piece_at(m.from())
                .is_some_and(|p| castling_side(pos, p.seat, m.from(), m.to()) == wing)
    });
    let first = fits
        .next()
        .ok_or_else(|| Pgn4MoveError::Illegal { fen4: pos.to_fen() })?;
    match fits.next() {
        Some(_) => Err(Pgn4MoveError::Ambiguous(wing)),
        None => Ok(first),
    }
}

/// The piece on `from` (cell `f`): one of the side to move's, of the kind
/// the entry names.
fn mover_on<B: HasSliders>(
    pos: &Position<B>,
    piece: Option<char>,
    from: Square,
    f: u8,
) -> Result<Piece, Pgn4MoveError> {
    let v = pos.variant();
    let side = pos.moving_seats();
    let mover = match pos.shown_piece_at(f) {
        None => {
            return Err(Pgn4MoveError::NoPiece {
                piece: format!("{} {}", seat_names(v, side), piece_name(v, piece)?),
                square: from,
                found: None,
            });
        }
        Some(p) if side & (1 << p.seat.0) == 0 => {
            return Err(Pgn4MoveError::WrongSeat {
                turn: side_name(pos),
                found: describe(v, p),
                square: from,
            });
        }
        Some(p) => p,
    };
    if !letter_fits(v, piece, mover.kind)? {
        return Err(Pgn4MoveError::NoPiece {
            piece: format!(
                "{} {}",
                v.seats[mover.seat.idx()].name,
                piece_name(v, piece)?
            ),
            square: from,
            found: Some(describe(v, mover)),
        });
    }
    Ok(mover)
}

/// A capture names the piece that stands on the target (none, en passant).
fn check_captured<B: HasSliders>(
    pos: &Position<B>,
    fits: &[Move],
    captured: Option<char>,
    to: Square,
    t: u8,
) -> Result<(), Pgn4MoveError> {
    let v = pos.variant();
    let en_passant = fits.iter().any(|m| m.kind() == MoveKind::EnPassant);
    let ok = match pos.shown_piece_at(t) {
        Some(victim) => letter_fits(v, captured, victim.kind)?,
        None => en_passant && captured.is_none(),
    };
    if ok {
        return Ok(());
    }
    Err(Pgn4MoveError::Captured {
        named: piece_name(v, captured)?,
        square: to,
        found: pos
            .shown_piece_at(t)
            .map_or("nothing".to_string(), |p| describe(v, p)),
    })
}

/// Among the moves from one cell to another, the one with the promotion
/// the entry names (or none).
fn promotion_of<B: HasSliders>(
    pos: &Position<B>,
    fits: &[Move],
    promotion: Option<char>,
    to: Square,
) -> Result<Move, Pgn4MoveError> {
    let v = pos.variant();
    let choices = || {
        let list: Vec<String> = fits
            .iter()
            .filter_map(|m| m.promotion())
            .map(|k| format!("={}", v.piece(k).letter.to_ascii_uppercase()))
            .collect();
        if list.is_empty() {
            "it stays a pawn (nothing it could promote to is lost yet)".to_string()
        } else {
            format!("the choices are {}", list.join(", "))
        }
    };
    match promotion {
        Some(l) => {
            let kind = kind_of(v, l)?;
            fits.iter()
                .copied()
                .find(|m| m.promotion() == Some(kind))
                .ok_or_else(|| Pgn4MoveError::Promotion {
                    piece: v.piece(kind).name.clone(),
                    square: to,
                    choices: choices(),
                })
        }
        None => fits
            .iter()
            .copied()
            .find(|m| m.promotion().is_none())
            .ok_or_else(|| Pgn4MoveError::PromotionNeeded {
                square: to,
                choices: choices(),
            }),
    }
}

/// The cell a move's piece lands on: the king's cell for castling.
fn landing<B: HasSliders>(pos: &Position<B>, m: Move) -> u8 {
    match m.kind() {
        MoveKind::Castle => pos.castle_targets(m.from(), m.to()).0,
        _ => m.to(),
    }
}

impl Pgn4Move {
    /// The legal move of `pos` this entry names: by origin, target and
    /// promotion, castling by wing, checking the piece on the origin and
    /// the captured piece named.
    ///
    /// ```
    /// use tetrarch_rules::{Position, Variant, Wide, notation::pgn4::Pgn4Move};
    /// let pos = Position::<Wide>::start(&Variant::builtin("fourway-original").unwrap());
    /// let m = "h2-h4".parse::<Pgn4Move>().unwrap().to_move(&pos).unwrap();
    /// assert_eq!(Pgn4Move::from_move(&pos, m).to_string(), "h2-h4");
    /// let err = "b7-c7".parse::<Pgn4Move>().unwrap().to_move(&pos).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "move for the wrong seat: it is Red's turn, and a blue pawn stands on b7"
    /// );
    /// let err = "a1-a2".parse::<Pgn4Move>().unwrap().to_move(&pos).unwrap_err();
    /// assert_eq!(err.to_string(), "a1 is a cut corner of the board");
    /// ```
    pub fn to_move<B: HasSliders>(&self, pos: &Position<B>) -> Result<Move, Pgn4MoveError> {
        // Squares and letters first: they are wrong whatever the position.
        self.check_squares_and_letters(pos.variant())?;
        let legal = pos.legal_moves();
        if legal.is_empty() {
            let why = pos
                .outcome()
                .map_or("no legal move".to_string(), |o| describe_outcome(pos, o));
            return Err(Pgn4MoveError::GameOver(why));
        }
        let illegal = || Pgn4MoveError::Illegal { fen4: pos.to_fen() };
        match *self {
            Pgn4Move::Retire(r) => Err(Pgn4MoveError::NotAMove(match r {
                Retirement::Resigned => 'R',
                Retirement::TimedOut => 'T',
            })),
            Pgn4Move::Pass => legal
                .iter()
                .copied()
                .find(|m| m.kind() == MoveKind::Pass)
                .ok_or_else(illegal),
            Pgn4Move::Castle(wing) => castle_on(pos, &legal, wing),
            Pgn4Move::Power(p) => p.to_move(pos).map_err(|_| illegal()),
            Pgn4Move::Drop { piece, to } => UciMove::Drop { piece, to }
                .to_move(pos)
                .map_err(|_| illegal()),
            Pgn4Move::Normal {
                piece,
                from,
                capture,
                captured,
                to,
                promotion,
                chosen,
            } => {
                let v = pos.variant();
                let (f, t) = (on_board(v, from)?, on_board(v, to)?);
                for c in chosen.squares() {
                    on_board(v, c)?;
                }
                mover_on(pos, piece, from, f)?;
                let fits: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|&m| {
                        m.from() == f
                            && landing(pos, m) == t
                            && Chosen::of(
                                pos.chosen_cells(m)
                                    .into_iter()
                                    .map(|c| v.geometry.square(c)),
                            ) == chosen
                    })
                    .collect();
                if fits.is_empty() {
                    return Err(illegal());
                }
                if capture {
                    check_captured(pos, &fits, captured, to, t)?;
                }
                promotion_of(pos, &fits, promotion, to)
            }
        }
    }

    /// The squares on the board and the letters pieces of the variant.
    fn check_squares_and_letters(&self, v: &Variant) -> Result<(), Pgn4MoveError> {
        if let Pgn4Move::Normal {
            piece,
            from,
            captured,
            to,
            promotion,
            chosen,
            ..
        } = *self
        {
            on_board(v, from)?;
            on_board(v, to)?;
            for c in chosen.squares() {
                on_board(v, c)?;
            }
            for l in [piece, captured, promotion].into_iter().flatten() {
                kind_of(v, l)?;
            }
        }
        Ok(())
    }

    /// How `m`, a legal move of `pos`, is written (without a check mark):
    /// captures name the captured piece, castling is `O-O`/`O-O-O` (or the
    /// king's move where a combined army could castle either way on that
    /// wing), a swap is the moving pawn's step, a pass `--`.
    ///
    /// ```
    /// use tetrarch_rules::{Position, Variant, Wide, notation::pgn4::Pgn4Move};
    /// let teams = Variant::builtin("fourway-teams").unwrap();
    /// let fen4 = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bK,bP,10,gP,gQ/bQ,bP,10,gP,gK/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,rP,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,2,rR,x,x,x";
    /// let pos = Position::<Wide>::from_fen(&teams, fen4).unwrap();
    /// let castle = "O-O".parse::<Pgn4Move>().unwrap().to_move(&pos).unwrap();
    /// assert_eq!(Pgn4Move::from_move(&pos, castle).to_string(), "O-O");
    /// ```
    pub fn from_move<B: HasSliders>(pos: &Position<B>, m: Move) -> Pgn4Move {
        let v = pos.variant();
        let geo = &v.geometry;
        let sq = |c: u8| geo.square(c);
        match m.kind() {
            MoveKind::Power(_)
            | MoveKind::Roll(_)
            | MoveKind::Challenge
            | MoveKind::Consent(_)
            | MoveKind::Disembark => {
                return Pgn4Move::Power(UciMove::from_move(pos, m));
            }
            MoveKind::Drop(k) => {
                return Pgn4Move::Drop {
                    piece: v.piece(k).letter.to_ascii_uppercase(),
                    to: sq(m.to()),
                };
            }
            _ => {}
        }
        let Some(mover) = pos.shown_piece_at(m.from()) else {
            return Pgn4Move::Pass;
        };
        let normal = |to: u8, captured: Option<Piece>, promotion: Option<Kind>| Pgn4Move::Normal {
            piece: letter(v, mover.kind),
            from: sq(m.from()),
            capture: captured.is_some(),
            captured: captured.and_then(|p| letter(v, p.kind)),
            to: sq(to),
            promotion: promotion.map(|k| v.piece(k).letter.to_ascii_uppercase()),
            chosen: Chosen::of(pos.chosen_cells(m).into_iter().map(sq)),
        };
        match m.kind() {
            MoveKind::Pass
            | MoveKind::Drop(_)
            | MoveKind::Action(_)
            | MoveKind::Power(_)
            | MoveKind::Roll(_)
            | MoveKind::Challenge
            | MoveKind::Consent(_)
            | MoveKind::Disembark => Pgn4Move::Pass,
            MoveKind::Castle => {
                let wing = castling_side(pos, mover.seat, m.from(), m.to());
                let twins = pos
                    .legal_moves()
                    .iter()
                    .filter(|&&o| {
                        o.kind() == MoveKind::Castle
                            && pos.piece_at(o.from()).is_some_and(|p| {
                                castling_side(pos, p.seat, o.from(), o.to()) == wing
                            })
                    })
                    .count();
                if twins > 1 {
                    normal(landing(pos, m), None, None)
                } else {
                    Pgn4Move::Castle(wing)
                }
            }
            MoveKind::EnPassant => Pgn4Move::Normal {
                piece: None,
                from: sq(m.from()),
                capture: true,
                captured: None,
                to: sq(m.to()),
                promotion: None,
                chosen: Chosen::of(pos.chosen_cells(m).into_iter().map(sq)),
            },
            MoveKind::Swap => normal(m.to(), None, None),
            MoveKind::Normal => normal(m.to(), pos.shown_piece_at(m.to()), None),
            MoveKind::Promotion(k) => normal(m.to(), pos.shown_piece_at(m.to()), Some(k)),
        }
    }
}

/// The check or mate mark of a move under variants with check: `#` when
/// a player is out, mated, once the move is played (the kernel removes a
/// mated player when their turn comes), or where mate ends the game, when
/// the player to move next is mated; `+` when the mover attacks an enemy
/// king, else nothing. Regicide variants have no marks.
fn mark<B: HasSliders>(before: &Position<B>, m: Move, after: &Position<B>) -> &'static str {
    let v = before.variant();
    if !v.rules.check || m.kind() == MoveKind::Pass {
        return "";
    }
    let Some(mover) = before.piece_at(m.from()) else {
        return "";
    };
    if v.rules.checkmate == MateRule::Removes {
        let mut out = before.alive_seats() & !after.alive_seats();
        if matches!(m.kind(), MoveKind::Normal | MoveKind::Promotion(_))
            && let Some(victim) = before.piece_at(m.to())
            && v.piece(victim.kind).royal
        {
            // A king left en prise and taken: out, but not mated.
            out &= !(1 << victim.seat.0);
        }
        if out != 0 {
            return "#";
        }
    } else if after.in_check() && after.count_legal_moves() == 0 {
        // Mate ends the game once the mated player is to move.
        return "#";
    }
    let occ = after.occupied();
    let check = (0..v.seat_count()).map(Seat).any(|s| {
        !after.allied(mover.seat, s)
            && after
                .royals(s)
                .iter()
                .any(|k| !after.attackers_to(k, mover.seat, occ).is_empty())
    });
    if check { "+" } else { "" }
}

/// How `m`, a legal move of `pos`, is written in PGN4, with its check or
/// mate mark where the variant has check.
///
/// ```
/// use tetrarch_rules::{Position, Variant, Wide, notation::pgn4::{Pgn4Move, move_text}};
/// let original = Variant::builtin("fourway-original").unwrap();
/// let mut pos = Position::<Wide>::start(&original);
/// let mut written = Vec::new();
/// for entry in ["i2-i4", "b4-d4", "d13-d11", "m7-k7", "e2-e3", "d4xe3", "e13-e11", "Qn8-l6", "j2-j4", "e3xf2", "f13-f11", "Ql6-l5"] {
///     let m = entry.parse::<Pgn4Move>().unwrap().to_move(&pos).unwrap();
///     written.push(move_text(&pos, m));
///     pos.play_unchecked(m);
/// }
/// assert_eq!(written[9], "e3xf2");
/// assert_eq!(written[11], "Ql6-l5+");
/// ```
pub fn move_text<B: HasSliders>(pos: &Position<B>, m: Move) -> String {
    let mut after = pos.child();
    after.play_unchecked(m);
    format!("{}{}", Pgn4Move::from_move(pos, m), mark(pos, m, &after))
}

/// An outcome in words, naming the winning seats: `blue and green win by
/// checkmate`, `draw by stalemate`.
///
/// ```
/// use tetrarch_rules::{Outcome, Position, Seat, Variant, WinReason, Wide, notation::pgn4::describe_outcome};
/// let pos = Position::<Wide>::start(&Variant::builtin("fourway-teams").unwrap());
/// let o = Outcome::Win { winner: Seat(1), reason: WinReason::KingsCaptured };
/// assert_eq!(describe_outcome(&pos, o), "blue and green win by capturing the kings");
/// ```
pub fn describe_outcome<B: HasSliders>(pos: &Position<B>, outcome: Outcome) -> String {
    let v = pos.variant();
    match outcome {
        Outcome::Win { winner, reason } => {
            let team = if winner.0 < v.seat_count() {
                pos.team_seats(winner)
            } else {
                0
            };
            let names = seat_names(v, team).replace('/', " and ");
            let verb = if team.count_ones() > 1 { "win" } else { "wins" };
            let why = crate::any::describe::win_words(reason);
            format!("{names} {verb} {why}")
        }
        Outcome::Draw(reason) => format!(
            "draw by {}",
            match reason {
                DrawReason::Stalemate => "stalemate",
                DrawReason::InsufficientMaterial => "insufficient material",
                DrawReason::FiftyMoves => "the fifty-move rule",
                DrawReason::Repetition => "repetition",
                DrawReason::Agreement => "agreement",
                DrawReason::Impasse => "impasse",
                DrawReason::NoKings => "the loss of every king",
                DrawReason::NoProgress => "no progress",
                DrawReason::EqualPoints => "equal points",
            }
        ),
    }
}

/// The players trailing `R` and `T` entries take out, in order: the side
/// to move first, then each next seat in turn order still in the game.
#[derive(Default)]
struct Retired {
    seats: Vec<(Seat, Retirement)>,
}

impl Retired {
    /// The seat the next entry belongs to, given the position the moves led to.
    fn next<B: HasSliders>(&self, end: &Position<B>) -> Option<Seat> {
        let Some(&(last, _)) = self.seats.last() else {
            return Some(end.turn());
        };
        let n = end.variant().seat_count();
        let out = self.seats.iter().fold(0u8, |m, (s, _)| m | 1 << s.0);
        let left = end.alive_seats() & !out;
        (1..=n)
            .map(|i| Seat((last.0 + i) % n))
            .find(|s| left & (1 << s.0) != 0)
    }

    fn push<B: HasSliders>(&mut self, end: &Position<B>, how: Retirement) {
        if let Some(seat) = self.next(end) {
            self.seats.push((seat, how));
        }
    }
}

/// Whether more than two seats play and each is its own team, so a player
/// who leaves does not end the game and a result names every seat.
pub(super) fn every_seat_alone<B: HasSliders>(pos: &Position<B>) -> bool {
    let n = pos.variant().seat_count();
    n > 2 && (0..n).all(|s| pos.team_seats(Seat(s)) == 1 << s)
}

/// The result token of an outcome: for teams `1-0` when the team of the
/// first seat wins, `0-1` when the other does, `1/2-1/2` for a draw; with
/// every seat its own team, one score per seat (`0-0-1-0`).
pub(crate) fn result_token<B: HasSliders>(pos: &Position<B>, outcome: Option<Outcome>) -> String {
    let n = pos.variant().seat_count();
    match outcome {
        None => "*".into(),
        Some(o) if !every_seat_alone(pos) => o.pgn_result().into(),
        Some(Outcome::Win { winner, .. }) => (0..n)
            .map(|s| if s == winner.0 { "1" } else { "0" })
            .collect::<Vec<_>>()
            .join("-"),
        Some(Outcome::Draw(_)) => vec!["1/2"; n as usize].join("-"),
    }
}

impl Pgn4Game {
    /// The value of a tag (first occurrence, name compared exactly).
    ///
    /// ```
    /// use tetrarch_rules::notation::pgn4::Pgn4Game;
    /// let g: Pgn4Game = "[Variant \"Teams\"]".parse().unwrap();
    /// assert_eq!(g.tag("Variant"), Some("Teams"));
    /// assert_eq!(g.tag("Red"), None);
    /// ```
    pub fn tag(&self, name: &str) -> Option<&str> {
        super::pgn::tag_in(&self.tags, name)
    }

    /// Set a tag, replacing its value if present, appending it otherwise.
    ///
    /// ```
    /// use tetrarch_rules::notation::pgn4::Pgn4Game;
    /// let mut g = Pgn4Game::default();
    /// g.set_tag("Red", "a");
    /// g.set_tag("Red", "b");
    /// assert_eq!(g.tags, [("Red".to_string(), "b".to_string())]);
    /// ```
    pub fn set_tag(&mut self, name: &str, value: &str) {
        super::pgn::set_tag_in(&mut self.tags, name, value);
    }

    /// The result: the movetext's token, else the `Result` tag.
    ///
    /// ```
    /// use tetrarch_rules::notation::pgn4::Pgn4Game;
    /// let g: Pgn4Game = "[Result \"0-1\"]\n1. h2-h3".parse().unwrap();
    /// assert_eq!(g.result(), Some("0-1"));
    /// ```
    pub fn result(&self) -> Option<&str> {
        self.result.as_deref().or_else(|| self.tag("Result"))
    }

    /// The Tetrarch variant the `Variant` tag names, read with the
    /// `RuleVariants` and `StartFen4` tags
    /// ([`crate::notation::pgn4_rules::RecordRules`]).
    ///
    /// ```
    /// use tetrarch_rules::notation::pgn4::Pgn4Game;
    /// let g: Pgn4Game = "[Variant \"Teams\"]".parse().unwrap();
    /// assert_eq!(g.variant(), Some("fourway-original"));
    /// let g: Pgn4Game = "[Variant \"Teams\"]\n[StartFen4 \"4PC\"]".parse().unwrap();
    /// assert_eq!(g.variant(), Some("fourway-chesscom-teams"));
    /// ```
    pub fn variant(&self) -> Option<&'static str> {
        super::pgn4_rules::RecordRules::of(self)
            .ok()
            .flatten()
            .map(|r| r.variant)
    }

    /// The start position (the `StartFen4` tag, else the variant's start)
    /// and every entry resolved to a legal move of `variant`. Trailing `R`
    /// and `T` entries are accepted (see [`Pgn4Game::retirements`]); a
    /// player leaving before the last move is an error here (a
    /// free-for-all's record with one is read by [`Pgn4Game::steps`]).
    /// Errors name the round, the side to move and the entry.
    ///
    /// ```
    /// use tetrarch_rules::{Variant, Wide, notation::pgn4::Pgn4Game};
    /// let original = Variant::builtin("fourway-original").unwrap();
    /// let g: Pgn4Game = "1. h2-h3 .. b7-c7 .. h13-h12 .. R".parse().unwrap();
    /// let (start, moves) = g.moves::<Wide>(&original).unwrap();
    /// assert_eq!((start.turn().0, moves.len()), (0, 3));
    /// let g: Pgn4Game = "1. h2-h3 .. h13-h12".parse().unwrap();
    /// assert_eq!(
    ///     g.moves::<Wide>(&original).unwrap_err().to_string(),
    ///     "round 1, Blue: 'h13-h12': move for the wrong seat: it is Blue's turn, and a yellow pawn stands on h13"
    /// );
    /// ```
    pub fn moves<B: HasSliders>(
        &self,
        variant: &Variant,
    ) -> Result<(Position<B>, Vec<Move>), Pgn4Error> {
        let (positions, steps) = self.steps::<B>(variant)?;
        let mut moves = Vec::with_capacity(steps.len());
        for (step, before) in steps.iter().zip(&positions) {
            match step {
                Step::Move(m) => moves.push(*m),
                Step::Retire { seat, .. } => {
                    return Err(Pgn4Error::LeftMidGame {
                        round: u32::from(before.fullmoves()),
                        seat: capitalised(&variant.seats[seat.idx()].name),
                    });
                }
            }
        }
        let start = positions.into_iter().next().expect("a start");
        Ok((start, moves))
    }

    /// The players the trailing `R` and `T` entries take out, given the
    /// position the moves lead to: the first is the side to move there,
    /// each next one the next seat in turn order still in the game.
    ///
    /// ```
    /// use tetrarch_rules::{Seat, Variant, Wide, notation::pgn4::{Pgn4Game, Retirement}};
    /// let original = Variant::builtin("fourway-original").unwrap();
    /// let g: Pgn4Game = "1. h2-h3 .. R .. T".parse().unwrap();
    /// let (mut pos, moves) = g.moves::<Wide>(&original).unwrap();
    /// for m in moves {
    ///     pos.play_unchecked(m);
    /// }
    /// assert_eq!(
    ///     g.retirements(&pos),
    ///     [(Seat(1), Retirement::Resigned), (Seat(2), Retirement::TimedOut)]
    /// );
    /// ```
    pub fn retirements<B: HasSliders>(&self, end: &Position<B>) -> Vec<(Seat, Retirement)> {
        let mut retired = Retired::default();
        for e in &self.entries {
            if let Ok(Pgn4Move::Retire(how)) = e.text.parse::<Pgn4Move>() {
                retired.push(end, how);
            }
        }
        retired.seats
    }

    /// The record of `game`: `tags` first (a caller's `Result` wins over the
    /// game's outcome), then `Variant` (Tetrarch's name), `StartFen4` when
    /// the game did not start from the variant's start, `CurrentMove` (the
    /// number of moves) and `CurrentPosition`; one round per line.
    ///
    /// ```
    /// use tetrarch_rules::{Variant, Wide, game::Game, notation::pgn4::Pgn4Game};
    /// let ffa = Variant::builtin("fourway-ffa").unwrap();
    /// let mut game = Game::<Wide>::from_variant(&ffa).unwrap();
    /// let m = game.position().legal_moves()[0];
    /// game.play(m).unwrap();
    /// let g = Pgn4Game::from_game(&game, &[]);
    /// assert_eq!(g.tag("Variant"), Some("fourway-ffa"));
    /// assert_eq!(g.tag("CurrentMove"), Some("1"));
    /// assert_eq!(g.result(), Some("*"));
    /// ```
    pub fn from_game<B: HasSliders>(game: &Game<B>, tags: &[(&str, &str)]) -> Pgn4Game {
        let mut g = Pgn4Game::default();
        for (name, value) in tags {
            g.set_tag(name, value);
        }
        let start = game.start();
        let v = start.variant();
        if g.tag("Variant").is_none() {
            g.set_tag("Variant", &v.name);
        }
        if !v.nations.is_empty() && g.tag("Nations").is_none() {
            // The line-up is part of the game: `replay` rebuilds it from this.
            g.set_tag("Nations", &v.nations.join(","));
        }
        let standard = Position::<B>::from_fen(v, &v.start_fen)
            .map(|p| p.to_fen())
            .ok();
        let start_fen4 = start.to_fen();
        if standard.as_deref() != Some(start_fen4.as_str()) {
            // chess.com's files name its starts (`4PC`) rather than spell them.
            g.set_tag("StartFen4", start_name(&start_fen4).unwrap_or(&start_fen4));
        }
        g.set_tag("CurrentMove", &game.moves().len().to_string());
        g.set_tag("CurrentPosition", &game.position().to_fen());
        let result = match g.tag("Result") {
            Some(r) => r.to_string(),
            None => result_token(start, game.outcome()),
        };
        g.set_tag("Result", &result);
        g.entries = game
            .moves()
            .iter()
            .zip(game.positions())
            .map(|(&m, pos)| Pgn4Entry {
                round: u32::from(pos.fullmoves()),
                text: move_text(pos, m),
            })
            .collect();
        g.result = Some(result);
        g
    }
}

/// Whether the reader reads `text` back as exactly this one entry.
fn writable_entry(text: &str) -> bool {
    !text.is_empty()
        && !text
            .chars()
            .any(|c| c.is_whitespace() || c == '.' || MOVETEXT_DELIMITERS.contains(c))
        && !is_result(text)
}

/// Characters that end a movetext word.
const MOVETEXT_DELIMITERS: &str = "[]{}();$\"";

impl Pgn4Game {
    /// The game as PGN4, refusing anything that would not read back as it
    /// is (displaying the game writes such parts leniently instead).
    ///
    /// ```
    /// use tetrarch_rules::notation::pgn4::{Pgn4Entry, Pgn4Game};
    /// let entry = |text: &str| Pgn4Entry { round: 1, text: text.into() };
    /// let mut g = Pgn4Game { entries: vec![entry("h2-h3")], ..Default::default() };
    /// assert!(g.to_pgn4().is_ok());
    /// g.entries.push(entry(".1-0"));
    /// assert!(g.to_pgn4().is_err());
    /// ```
    pub fn to_pgn4(&self) -> Result<String, PgnWriteError> {
        check_tags(&self.tags)?;
        if let Some(e) = self.entries.iter().find(|e| !writable_entry(&e.text)) {
            return Err(PgnWriteError::Move(e.text.clone()));
        }
        if let Some(r) = self.result.as_deref().filter(|r| !is_result(r)) {
            return Err(PgnWriteError::Result(r.to_string()));
        }
        Ok(self.to_string())
    }
}

impl fmt::Display for Pgn4Game {
    /// PGN4, leniently: tags with malformed names are left out, line breaks
    /// in values become spaces, a malformed result is written `*`, and an
    /// entry that would not read back goes in a comment (see
    /// [`Pgn4Game::to_pgn4`] for the strict form).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tags: Vec<_> = self
            .tags
            .iter()
            .filter(|(name, _)| writable_tag_name(name))
            .collect();
        for (name, value) in &tags {
            writeln!(f, "[{name} \"{}\"]", escape(value))?;
        }
        if !tags.is_empty() {
            writeln!(f)?;
        }
        let mut round = None;
        let mut line = String::new();
        for e in &self.entries {
            if round == Some(e.round) {
                line += " .. ";
            } else {
                if !line.is_empty() {
                    writeln!(f, "{line}")?;
                }
                line = format!("{}. ", e.round);
                round = Some(e.round);
            }
            if writable_entry(&e.text) {
                line += &e.text;
            } else {
                line += &format!("{{{}}}", e.text.replace(['{', '}'], ""));
            }
        }
        if let Some(r) = &self.result {
            if !line.is_empty() {
                line.push(' ');
            }
            line += if is_result(r) { r } else { "*" };
        }
        if !line.is_empty() {
            writeln!(f, "{line}")?;
        }
        Ok(())
    }
}

impl FromStr for Pgn4Game {
    type Err = Pgn4Error;
    /// Exactly one game.
    fn from_str(s: &str) -> Result<Pgn4Game, Pgn4Error> {
        let mut games = read_all(s)?;
        match games.len() {
            0 => Ok(Pgn4Game::default()),
            1 => Ok(games.remove(0)),
            n => Err(Pgn4Error::GameCount(n)),
        }
    }
}

/// Whether a movetext word is a result token: `1-0`, `0-1`, `1/2-1/2`,
/// `*`, or scores such as `0-0-1-0`.
fn is_result(word: &str) -> bool {
    if word == "*" {
        return true;
    }
    let parts: Vec<&str> = word.split('-').collect();
    parts.len() >= 2
        && parts.len() != 3
        && word != "0-0"
        && parts.iter().all(|p| {
            !p.is_empty()
                && p.chars()
                    .all(|c| c.is_ascii_digit() || c == '/' || c == '½')
        })
}

/// The reader's state over one text.
struct Reader<'a> {
    cur: Cursor<'a>,
    game: usize,
}

impl Reader<'_> {
    fn error(&self, line: usize, kind: Pgn4SyntaxError) -> Pgn4Error {
        Pgn4Error::Syntax {
            game: self.game.max(1),
            line,
            kind,
        }
    }

    /// Skip a `{...}` comment, nested braces included.
    fn skip_comment(&mut self) -> Result<(), Pgn4Error> {
        let opened = self.cur.line;
        let mut depth = 0usize;
        while let Some(c) = self.cur.bump() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                _ => {}
            }
        }
        Err(self.error(opened, Pgn4SyntaxError::UnclosedComment { opened }))
    }

    /// Skip a `(...)` variation, nested ones and comments included.
    fn skip_variation(&mut self) -> Result<(), Pgn4Error> {
        let opened = self.cur.line;
        self.cur.bump();
        let mut depth = 1usize;
        while let Some(c) = self.cur.peek() {
            match c {
                '{' => self.skip_comment()?,
                '}' => return Err(self.error(self.cur.line, Pgn4SyntaxError::UnmatchedBrace)),
                '(' => {
                    depth += 1;
                    self.cur.bump();
                }
                ')' => {
                    depth -= 1;
                    self.cur.bump();
                    if depth == 0 {
                        return Ok(());
                    }
                }
                _ => {
                    self.cur.bump();
                }
            }
        }
        Err(self.error(opened, Pgn4SyntaxError::UnclosedVariation { opened }))
    }

    fn read_all(&mut self) -> Result<Vec<Pgn4Game>, Pgn4Error> {
        let mut games = Vec::new();
        let mut g = Pgn4Game::default();
        // Whether the current game has begun, and whether its movetext has.
        let (mut started, mut in_movetext) = (false, false);
        let mut round = 1u32;
        self.game = 1;
        while let Some(c) = self.cur.peek() {
            if c.is_whitespace() || c == '\u{feff}' {
                self.cur.bump();
                continue;
            }
            if c == '%' && self.cur.at_line_start() {
                self.cur.skip_line();
                continue;
            }
            // A tag after movetext, or anything after a result, begins the next game.
            let ended = g.result.is_some();
            if started && ((c == '[' && in_movetext) || ended) {
                games.push(std::mem::take(&mut g));
                (in_movetext, round) = (false, 1);
                self.game += 1;
            }
            started = true;
            match c {
                '[' => {
                    let tag = self
                        .cur
                        .read_tag()
                        .map_err(|(line, why)| self.error(line, Pgn4SyntaxError::BadTag(why)))?;
                    g.tags.push(tag);
                }
                '{' => self.skip_comment()?,
                '(' => {
                    in_movetext = true;
                    self.skip_variation()?;
                }
                '}' => return Err(self.error(self.cur.line, Pgn4SyntaxError::UnmatchedBrace)),
                ')' => {
                    return Err(self.error(self.cur.line, Pgn4SyntaxError::UnmatchedParenthesis));
                }
                ']' | '"' => {
                    return Err(self.error(self.cur.line, Pgn4SyntaxError::UnexpectedChar(c)));
                }
                ';' => self.cur.skip_line(),
                '$' => {
                    self.cur.bump();
                    while self.cur.peek().is_some_and(|c| c.is_ascii_digit()) {
                        self.cur.bump();
                    }
                }
                _ => {
                    in_movetext = true;
                    let start = self.cur.pos;
                    while self
                        .cur
                        .peek()
                        .is_some_and(|c| !c.is_whitespace() && !MOVETEXT_DELIMITERS.contains(c))
                    {
                        self.cur.bump();
                    }
                    let word = &self.cur.text[start..self.cur.pos];
                    if is_result(word) {
                        g.result = Some(word.replace('½', "1/2"));
                        continue;
                    }
                    let digits = word.bytes().take_while(u8::is_ascii_digit).count();
                    let mut rest = word;
                    if digits > 0 && word.as_bytes().get(digits) == Some(&b'.') {
                        round = word[..digits].parse().unwrap_or(u32::MAX);
                        rest = &word[digits..];
                    }
                    for text in rest.split('.').filter(|t| !t.is_empty()) {
                        // `.1-0` is a result after a dot, as it reads back.
                        if is_result(text) {
                            g.result = Some(text.replace('½', "1/2"));
                            continue;
                        }
                        g.entries.push(Pgn4Entry {
                            round,
                            text: text.to_string(),
                        });
                    }
                }
            }
        }
        if started {
            games.push(g);
        }
        Ok(games)
    }
}

/// Read every game of a PGN4 text: tags, entries and result, without
/// looking at the moves. Stops at the first malformed part, naming the
/// game and the line.
///
/// ```
/// use tetrarch_rules::notation::pgn4::read_all;
/// let games = read_all("[Variant \"Teams\"]\n1. h2-h3 .. b7-c7 1-0\n\n[Variant \"FFA\"]\n1. h2-h4 *\n").unwrap();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[1].variant(), Some("fourway-ffa"));
/// let err = read_all("1. h2-h3 }").unwrap_err();
/// assert_eq!(err.to_string(), "game 1, line 1: '}' closes no comment");
/// ```
pub fn read_all(text: &str) -> Result<Vec<Pgn4Game>, Pgn4Error> {
    Reader {
        cur: Cursor::new(text),
        game: 0,
    }
    .read_all()
}
