//! The chess kernel's evaluation weights as data.
//!
//! Every number the evaluation weighs a term by is a field of [`Weights`];
//! its default is the value the engine has always used, most of them
//! derived from the variant's data (piece values from mobility, see
//! [`super::chess`]). A variant may carry weights of its own, tuned by
//! `tetrarch tune`, in `crates/rules/variants/eval/<variant>.toml` beside
//! its variant file: the build compiles every such file in, and
//! [`Weights::for_variant`] gives them to every searcher of that variant.
//! A file names only the fields it changes; piece values are keyed by the
//! kind's letter in the variant, after `+` for a promoted kind
//! (`values = { n = 320, "+p" = 450 }`).
//!
//! Weights from elsewhere (`tetrarch match --engine level=8,weights=PATH`)
//! are read by [`Weights::from_toml`] and checked against the variant by
//! [`Weights::check`]: a broken file is a [`WeightsError`] naming what is
//! wrong, never a panic.

use super::chess::{
    DOUBLED, FLAG_HELD, FLAG_STEP, FROZEN_PCT, HALF_OPEN_LANE, HAND_BONUS_PCT, ISOLATED, OPEN_LANE,
    PAIR, PASSED, PAWN_THREAT, ROYAL_ALIVE, THREAT_PCT,
};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use tetrarch_rules::Variant;

/// The weights files of `crates/rules/variants/eval/`, by variant name
/// (written by the build script).
mod builtin {
    include!(concat!(env!("OUT_DIR"), "/builtin_weights.rs"));
}

/// Why a weights file cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WeightsError {
    /// Not TOML, or a field unknown or of the wrong type.
    #[error("weights file is not valid: {0}")]
    Syntax(String),
    /// A piece value for a letter that names no kind of the variant.
    #[error("weights give a value to piece '{letter}', which variant {variant} does not have")]
    UnknownPiece {
        /// The letter.
        letter: String,
        /// The variant's name.
        variant: String,
    },
    /// A number outside what the evaluation can use.
    #[error("weight {field} = {value} is out of range ({range})")]
    OutOfRange {
        /// The field's name.
        field: String,
        /// Its value.
        value: i32,
        /// What it may be.
        range: &'static str,
    },
    /// The variant's evaluation is not the chess kernel's.
    #[error("variant {0} is evaluated without weights (its family has no tunable evaluation)")]
    NotTunable(String),
    /// The file could not be read.
    #[error("cannot read weights file {path}: {reason}")]
    Read {
        /// The path given.
        path: String,
        /// What the system said.
        reason: String,
    },
}

/// A (middlegame, endgame) pair.
pub type Phased = [i32; 2];

/// Every weight of the chess kernel's evaluation, in centipawns unless a
/// name says otherwise. See [`super::chess`] for what each term measures.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Weights {
    /// Board value per kind letter, replacing the value derived from the
    /// kind's mobility (and a pawn's 100).
    pub values: BTreeMap<String, i32>,
    /// How much more a piece in hand is worth than on the board, percent.
    pub hand_bonus_pct: i32,
    /// Per cell a non-pawn, non-royal piece attacks that no friend holds.
    pub mobility: i32,
    /// Per unit of a piece's mobility from its cell above its average.
    pub piece_centre: i32,
    /// Middlegame, per rank a royal piece stands away from its first.
    pub royal_back: i32,
    /// Endgame, per unit of a royal piece's mobility above its average.
    pub royal_centre: i32,
    /// Endgame bonus of a pawn on the far rank (half in the middlegame),
    /// falling with the square of the ranks still to go.
    pub pawn_advance: i32,
    /// Middlegame, per pawn next to its own royal piece.
    pub pawn_shield: i32,
    /// Scale of the king-pressure penalty, percent.
    pub king_pressure_pct: i32,
    /// Passed pawn on the second rank.
    pub passed_low: Phased,
    /// Passed pawn on the last rank before the promotion zone.
    pub passed_high: Phased,
    /// Per pawn with a friendly pawn in front of it on its lane.
    pub doubled: Phased,
    /// Per pawn no friendly pawn can defend.
    pub isolated: Phased,
    /// A lane rider on a lane without pawns.
    pub open_lane: Phased,
    /// A lane rider on a lane with enemy pawns only.
    pub half_open_lane: Phased,
    /// Pieces of a colour-bound kind on both colours.
    pub pair: Phased,
    /// Penalty per non-pawn, non-royal piece an enemy pawn attacks.
    pub pawn_threat: Phased,
    /// More than two seats: a seat that still has its royal piece.
    pub royal_alive: i32,
    /// More than two seats: percent of its value a frozen army keeps.
    pub frozen_pct: i32,
    /// More than two seats (where the evaluation counts threats): percent
    /// of the value of a seat's worst threatened piece it loses (attacked by an enemy that
    /// moves before it, undefended or attacked by a pawn).
    pub threat_pct: i32,
    /// Capture the Flag: an enemy flag held.
    pub flag_held: i32,
    /// Capture the Flag: per king step a held flag has come home.
    pub flag_step: i32,
}

impl Default for Weights {
    fn default() -> Weights {
        let pair = |(mg, eg): (i16, i16)| [mg as i32, eg as i32];
        Weights {
            values: BTreeMap::new(),
            hand_bonus_pct: HAND_BONUS_PCT,
            mobility: 2,
            piece_centre: 5,
            royal_back: 12,
            royal_centre: 8,
            pawn_advance: 80,
            pawn_shield: 8,
            king_pressure_pct: 100,
            passed_low: [PASSED.0.0, PASSED.0.1],
            passed_high: [PASSED.1.0, PASSED.1.1],
            doubled: pair(DOUBLED),
            isolated: pair(ISOLATED),
            open_lane: pair(OPEN_LANE),
            half_open_lane: pair(HALF_OPEN_LANE),
            pair: pair(PAIR),
            pawn_threat: pair(PAWN_THREAT),
            royal_alive: ROYAL_ALIVE,
            frozen_pct: FROZEN_PCT,
            threat_pct: THREAT_PCT,
            flag_held: FLAG_HELD,
            flag_step: FLAG_STEP,
        }
    }
}

/// A scalar weight by name, for the tuner and range checks.
pub type Field = (&'static str, fn(&mut Weights) -> &mut i32);

/// Every scalar weight but the piece values, by name (`doubled.0` is the
/// middlegame half of a pair).
pub const FIELDS: &[Field] = &[
    ("hand_bonus_pct", |w| &mut w.hand_bonus_pct),
    ("mobility", |w| &mut w.mobility),
    ("piece_centre", |w| &mut w.piece_centre),
    ("royal_back", |w| &mut w.royal_back),
    ("royal_centre", |w| &mut w.royal_centre),
    ("pawn_advance", |w| &mut w.pawn_advance),
    ("pawn_shield", |w| &mut w.pawn_shield),
    ("king_pressure_pct", |w| &mut w.king_pressure_pct),
    ("passed_low.0", |w| &mut w.passed_low[0]),
    ("passed_low.1", |w| &mut w.passed_low[1]),
    ("passed_high.0", |w| &mut w.passed_high[0]),
    ("passed_high.1", |w| &mut w.passed_high[1]),
    ("doubled.0", |w| &mut w.doubled[0]),
    ("doubled.1", |w| &mut w.doubled[1]),
    ("isolated.0", |w| &mut w.isolated[0]),
    ("isolated.1", |w| &mut w.isolated[1]),
    ("open_lane.0", |w| &mut w.open_lane[0]),
    ("open_lane.1", |w| &mut w.open_lane[1]),
    ("half_open_lane.0", |w| &mut w.half_open_lane[0]),
    ("half_open_lane.1", |w| &mut w.half_open_lane[1]),
    ("pair.0", |w| &mut w.pair[0]),
    ("pair.1", |w| &mut w.pair[1]),
    ("pawn_threat.0", |w| &mut w.pawn_threat[0]),
    ("pawn_threat.1", |w| &mut w.pawn_threat[1]),
    ("royal_alive", |w| &mut w.royal_alive),
    ("frozen_pct", |w| &mut w.frozen_pct),
    ("threat_pct", |w| &mut w.threat_pct),
    ("flag_held", |w| &mut w.flag_held),
    ("flag_step", |w| &mut w.flag_step),
];

/// The largest magnitude of any weight: the evaluation adds dozens of
/// terms in `i32` and scores stay far below mate scores.
pub const LIMIT: i32 = 10_000;

impl Weights {
    /// Read weights from TOML text (not yet checked against a variant).
    pub fn from_toml(text: &str) -> Result<Weights, WeightsError> {
        let w: Weights = toml::from_str(text).map_err(|e| WeightsError::Syntax(e.to_string()))?;
        w.check_ranges()?;
        Ok(w)
    }

    /// Read and check a weights file for `variant`.
    pub fn read(path: &std::path::Path, variant: &Variant) -> Result<Weights, WeightsError> {
        let text = std::fs::read_to_string(path).map_err(|e| WeightsError::Read {
            path: path.display().to_string(),
            reason: e.to_string(),
        })?;
        let w = Weights::from_toml(&text)?;
        w.check(variant)?;
        Ok(w)
    }

    /// The weights as TOML, every field written.
    pub fn to_toml(&self) -> Result<String, WeightsError> {
        toml::to_string(self).map_err(|e| WeightsError::Syntax(e.to_string()))
    }

    /// Whether every piece value names a kind of `variant`.
    pub fn check(&self, variant: &Variant) -> Result<(), WeightsError> {
        for letter in self.values.keys() {
            if self.kind_letter(letter, variant).is_none() {
                return Err(WeightsError::UnknownPiece {
                    letter: letter.clone(),
                    variant: variant.name.clone(),
                });
            }
        }
        Ok(())
    }

    /// The piece value given for `kind` of `variant`, if any.
    pub fn value_of(&self, variant: &Variant, kind: tetrarch_rules::Kind) -> Option<i32> {
        self.values
            .iter()
            .find(|(l, _)| self.kind_letter(l, variant) == Some(kind))
            .map(|(_, &v)| v)
    }

    /// The kind `key` names: its letter, after `+` for a promoted kind
    /// (EuroShogi's `+p`).
    fn kind_letter(&self, key: &str, variant: &Variant) -> Option<tetrarch_rules::Kind> {
        let (promoted, letter) = match key.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, key),
        };
        let mut chars = letter.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => variant.kind_by_letter_promoted(c, promoted),
            _ => None,
        }
    }

    /// The key of `kind`'s value in [`Weights::values`].
    pub fn value_key(variant: &Variant, kind: tetrarch_rules::Kind) -> String {
        let info = variant.piece(kind);
        let plus = if info.promoted { "+" } else { "" };
        format!("{plus}{}", info.letter.to_ascii_lowercase())
    }

    /// Whether every number is in its range (the tuner stays inside).
    pub(crate) fn in_range(&self) -> bool {
        self.check_ranges().is_ok()
    }

    fn check_ranges(&self) -> Result<(), WeightsError> {
        let out = |field: &str, value: i32, range| WeightsError::OutOfRange {
            field: field.to_string(),
            value,
            range,
        };
        for (letter, &v) in &self.values {
            if !(0..=LIMIT).contains(&v) {
                return Err(out(&format!("values.{letter}"), v, "0 to 10000"));
            }
        }
        let mut copy = self.clone();
        for (name, get) in FIELDS {
            let v = *get(&mut copy);
            if !(-LIMIT..=LIMIT).contains(&v) {
                return Err(out(name, v, "-10000 to 10000"));
            }
        }
        if !(-100..=1000).contains(&self.hand_bonus_pct) {
            let v = self.hand_bonus_pct;
            return Err(out("hand_bonus_pct", v, "-100 to 1000 percent"));
        }
        for (name, v) in [
            ("king_pressure_pct", self.king_pressure_pct),
            ("frozen_pct", self.frozen_pct),
            ("threat_pct", self.threat_pct),
        ] {
            if !(0..=1000).contains(&v) {
                return Err(out(name, v, "0 to 1000 percent"));
            }
        }
        Ok(())
    }

    /// The weights `variant` is evaluated with: its file under
    /// `crates/rules/variants/eval/` if it has one, else the defaults. (The
    /// built-in files are checked against their variants by a test, so a
    /// broken one cannot ship; should one fail anyway, the defaults play.)
    pub fn for_variant(variant: &Variant) -> Weights {
        Weights::builtin(&variant.name)
            .and_then(Result::ok)
            .filter(|w| w.check(variant).is_ok())
            .unwrap_or_default()
    }

    /// The built-in weights of the variant named `name`, read, if it has a file.
    pub fn builtin(name: &str) -> Option<Result<Weights, WeightsError>> {
        builtin::FILES
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, text)| Weights::from_toml(text))
    }

    /// The names of the variants with built-in weights.
    pub fn builtin_names() -> impl Iterator<Item = &'static str> {
        builtin::FILES.iter().map(|(n, _)| *n)
    }
}
