//! Game records read into width-free games: which format a file is in,
//! and every game in it with its tags, each move checked (and in PGN the
//! result, where the game ends in mate or stalemate).
//!
//! ```
//! use tetrarch_rules::{AnyVariant, family::RecordFormat};
//! let text = "[White \"a\"]\n[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n";
//! let format = RecordFormat::for_file(Some("pgn"), text, None).unwrap();
//! let games: Vec<_> = format.read(text, None).collect::<Result<_, _>>().unwrap();
//! assert_eq!(games[0].game.moves(), ["f2f3", "e7e5", "g2g4", "d8h4"]);
//! assert_eq!(games[0].game.variant().name(), "chess");
//! let wrong = text.replace("0-1", "1-0");
//! let err = format.read(&wrong, None).next().unwrap().unwrap_err();
//! assert!(err.to_string().starts_with("game 1 (a – ?): move 2... Qh4#: the game ends in checkmate"));
//! ```

use super::{AnyGame, AnyVariant};
use crate::family::RecordFormat;
use crate::family::chess_record;
use crate::piece::Seat;

/// A game read from a record.
#[derive(Clone, Debug)]
pub struct RecordedGame {
    /// The game, its moves checked.
    pub game: AnyGame,
    /// The record's tag pairs, in file order.
    pub tags: Vec<(String, String)>,
    /// Players the record says left after the last move (PGN4's trailing
    /// `R` and `T`), in order: the record ends there, so they are not
    /// steps of the game.
    pub departures: Vec<Departure>,
}

/// A player who left the game without a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Departure {
    /// The seat.
    pub seat: Seat,
    /// Whether its time ran out (else it resigned).
    pub timed_out: bool,
}

impl Departure {
    /// `blue resigned`, `red timed out`.
    pub fn describe(&self, variant: &AnyVariant) -> String {
        let how = if self.timed_out {
            "timed out"
        } else {
            "resigned"
        };
        format!("{} {how}", variant.seat_name(self.seat))
    }
}

/// Why a record cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The text is not a record of its format.
    #[error("{0}")]
    Syntax(String),
    /// A file whose extension names another format than the variant's.
    #[error(
        "a .{extension} file holds {players} games; {variant} has {seats} seats (its records are {format})"
    )]
    WrongFormat {
        /// The file's extension.
        extension: String,
        /// Who plays the games such files hold: `four-player`.
        players: &'static str,
        /// The variant asked for.
        variant: String,
        /// Its number of seats.
        seats: u8,
        /// How its games are recorded.
        format: RecordFormat,
    },
    /// A game with no `Variant` tag, where only the tag can say.
    #[error("game {game} has no [Variant] tag")]
    NoVariant {
        /// The game's number, from 1.
        game: usize,
    },
    /// A `Variant` tag that names no variant of the format.
    #[error(
        "game {game}: [Variant \"{tag}\"] is not a {players} variant Tetrarch knows ({known})",
        players = format.players(),
        known = known.join(", ")
    )]
    UnknownVariant {
        /// The game's number, from 1.
        game: usize,
        /// The tag's value.
        tag: String,
        /// The record's format.
        format: RecordFormat,
        /// The tag values it reads.
        known: Vec<String>,
    },
    /// A game whose moves or result do not hold.
    #[error("game {game} ({label}): {reason}")]
    Game {
        /// The game's number, from 1.
        game: usize,
        /// What names it best in its format: the players (PGN), the
        /// variant (PGN4).
        label: String,
        /// What is wrong, naming the move.
        reason: String,
    },
}

/// The games of a record text, read one by one: a large PGN file is not
/// read whole before its first game is checked.
pub struct Records<'a>(Box<dyn Iterator<Item = Result<RecordedGame, RecordError>> + 'a>);

impl Iterator for Records<'_> {
    type Item = Result<RecordedGame, RecordError>;
    fn next(&mut self) -> Option<Self::Item> {
        self.0.next()
    }
}

impl RecordFormat {
    /// The format of a file with `extension` (if any) holding `text`, to
    /// be read as `variant` (`None`: as its tags say). With a variant, its
    /// format, unless the extension names another; without, the format
    /// the extension alone names (`pgn4`), else the one whose `Variant`
    /// tags the text has first (`.pgn` serves PGN and PGN4), else PGN.
    ///
    /// ```
    /// use tetrarch_rules::{AnyVariant, family::RecordFormat};
    /// let teams = "[Variant \"Teams\"]\n1. h2-h3 *\n";
    /// assert_eq!(RecordFormat::for_file(Some("pgn"), teams, None), Ok(RecordFormat::Pgn4));
    /// assert_eq!(RecordFormat::for_file(None, "1. e4 *", None), Ok(RecordFormat::Pgn));
    /// let chess = AnyVariant::builtin("chess").unwrap();
    /// let err = RecordFormat::for_file(Some("pgn4"), teams, Some(&chess)).unwrap_err();
    /// assert!(err.to_string().contains("four-player games; chess has 2 seats"));
    /// ```
    pub fn for_file(
        extension: Option<&str>,
        text: &str,
        variant: Option<&AnyVariant>,
    ) -> Result<RecordFormat, RecordError> {
        let named = extension.and_then(RecordFormat::named_by_extension);
        let Some(variant) = variant else {
            return Ok(named.unwrap_or_else(|| RecordFormat::detect(extension, text)));
        };
        let format = variant.record_format();
        match extension {
            Some(ext)
                if RecordFormat::known_extension(ext)
                    && !format
                        .extensions()
                        .contains(&ext.to_ascii_lowercase().as_str()) =>
            {
                Err(RecordError::WrongFormat {
                    extension: ext.to_string(),
                    players: named.map_or("other", RecordFormat::players),
                    variant: variant.name().to_string(),
                    seats: variant.seat_count(),
                    format,
                })
            }
            _ => Ok(format),
        }
    }

    /// Among the formats that claim `extension` (all, for an unknown one),
    /// the first whose variant a `[Variant "..."]` line of `text` names,
    /// else the first.
    fn detect(extension: Option<&str>, text: &str) -> RecordFormat {
        let claims = |f: &RecordFormat| match extension {
            Some(ext) if RecordFormat::known_extension(ext) => {
                f.extensions().contains(&ext.to_ascii_lowercase().as_str())
            }
            _ => true,
        };
        let candidates: Vec<RecordFormat> = RecordFormat::ALL.into_iter().filter(claims).collect();
        variant_tags(text)
            .find_map(|tag| {
                candidates
                    .iter()
                    .copied()
                    .find(|&f| chess_record::tag_variant(f, tag).is_some())
            })
            .unwrap_or(candidates[0])
    }

    /// Every game of `text`, as `variant` or, when `None`, as each game's
    /// `Variant` tag says (PGN without one: chess). A variant recorded in
    /// another format gives one error.
    pub fn read<'a>(self, text: &'a str, variant: Option<&AnyVariant>) -> Records<'a> {
        if let Some(v) = variant.filter(|v| v.record_format() != self) {
            let wrong = RecordError::WrongFormat {
                extension: self.name().to_string(),
                players: self.players(),
                variant: v.name().to_string(),
                seats: v.seat_count(),
                format: v.record_format(),
            };
            return Records(Box::new(std::iter::once(Err(wrong))));
        }
        let chosen = variant.cloned();
        match self {
            RecordFormat::Pgn => Records(Box::new(chess_record::read_pgn(text, chosen))),
            RecordFormat::Pgn4 => Records(chess_record::read_pgn4(text, chosen)),
            RecordFormat::Pdn => {
                Records(Box::new(crate::family::draughts_record::read(text, chosen)))
            }
        }
    }

    /// The built-in variants whose games are recorded in this format.
    ///
    /// ```
    /// use tetrarch_rules::family::RecordFormat;
    /// assert_eq!(
    ///     RecordFormat::Pgn4.variants(),
    ///     [
    ///         "fourway-teams",
    ///         "fourway-original",
    ///         "fourway-ffa",
    ///         "european-ffa",
    ///         "european-teams",
    ///         "european-koth",
    ///         "european-koth-teams",
    ///         "european-checks",
    ///         "european-checks-teams",
    ///         "european-lightning",
    ///         "european-lightning-teams",
    ///         "european-ctf",
    ///         "european-ctf-teams",
    ///         "european-team-battle",
    ///         "fourway-chesscom-teams",
    ///         "fourway-chesscom-ffa"
    ///     ]
    /// );
    /// ```
    pub fn variants(self) -> Vec<&'static str> {
        AnyVariant::builtin_names()
            .filter(|n| AnyVariant::builtin(n).is_ok_and(|v| v.record_format() == self))
            .collect()
    }
}

/// The values of the `[Variant "..."]` lines of a record text.
fn variant_tags(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter_map(|line| {
        line.trim()
            .strip_prefix("[Variant")
            .and_then(|rest| rest.trim().strip_prefix('"'))
            .and_then(|rest| rest.split('"').next())
    })
}
