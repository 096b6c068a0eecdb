//! The kinds of game record the families read and write, described as data
//! so that tools choose and name them without knowing the families.

use std::fmt;

/// A kind of game record.
///
/// ```
/// use tetrarch_rules::family::RecordFormat;
/// assert_eq!(RecordFormat::Pgn4.name(), "pgn4");
/// assert_eq!(RecordFormat::named_by_extension("PGN4"), Some(RecordFormat::Pgn4));
/// assert_eq!(RecordFormat::named_by_extension("pgn"), None);
/// assert!(RecordFormat::Pgn4.extensions().contains(&"pgn"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RecordFormat {
    /// PGN: two-player games of the chess family.
    Pgn,
    /// PGN4: chess.com's records of four-player chess.
    Pgn4,
    /// PDN-like records of draughts games (`docs/rules.md`): tags, then the
    /// moves as paths.
    Pdn,
}

impl RecordFormat {
    /// Every format; a text of unknown kind is tried in this order.
    pub const ALL: [RecordFormat; 3] = [RecordFormat::Pgn, RecordFormat::Pgn4, RecordFormat::Pdn];

    /// Its name, also its own file extension: `pgn`, `pgn4`.
    pub fn name(self) -> &'static str {
        match self {
            RecordFormat::Pgn => "pgn",
            RecordFormat::Pgn4 => "pgn4",
            RecordFormat::Pdn => "pdn",
        }
    }

    /// The file extensions its records are found under: its own, and for
    /// PGN4 also `pgn`, which people give every PGN-like record.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            RecordFormat::Pgn => &["pgn"],
            RecordFormat::Pgn4 => &["pgn4", "pgn"],
            RecordFormat::Pdn => &["pdn"],
        }
    }

    /// Who plays the games it holds, for messages: `two-player`.
    pub fn players(self) -> &'static str {
        match self {
            RecordFormat::Pgn => "two-player",
            RecordFormat::Pgn4 => "four-player",
            RecordFormat::Pdn => "draughts",
        }
    }

    /// Whether a replay reports each game (final position and outcome):
    /// PGN4 files are mostly single games exported from chess.com, while a
    /// PGN file can be a database of millions; draughts records are few.
    pub fn lists_games(self) -> bool {
        self != RecordFormat::Pgn
    }

    /// The one format whose extensions include `extension` (any case), if
    /// only one claims it.
    pub fn named_by_extension(extension: &str) -> Option<RecordFormat> {
        let ext = extension.to_ascii_lowercase();
        let mut claimed = Self::ALL
            .into_iter()
            .filter(|f| f.extensions().contains(&ext.as_str()));
        match (claimed.next(), claimed.next()) {
            (Some(f), None) => Some(f),
            _ => None,
        }
    }

    /// Whether some format lists `extension` (any case).
    pub fn known_extension(extension: &str) -> bool {
        let ext = extension.to_ascii_lowercase();
        Self::ALL
            .iter()
            .any(|f| f.extensions().contains(&ext.as_str()))
    }
}

impl fmt::Display for RecordFormat {
    /// The name as people write it: `PGN`, `PGN4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name().to_ascii_uppercase())
    }
}
