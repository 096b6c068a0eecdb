//! European Chess nations as data: a nation file (`variants/nations/*.toml`)
//! read and checked on its own, before any line-up (see [`super::lineup`]).
//! What a file says about the board (letters, royal pieces) is checked
//! against the base variant when a line-up is built; what it says on its
//! own (squares, area, Betza, powers) is checked here. The format is in
//! `docs/nations.md`.

use super::load::field_error;
use super::{MAX_POWERS, PowerSpec, VariantError};
use crate::betza::Movement;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

/// The built-in nation files, embedded at build time.
const BUILTIN: &[(&str, &str)] = &[
    (
        "default",
        include_str!("../../variants/nations/default.toml"),
    ),
    (
        "ancient-china",
        include_str!("../../variants/nations/ancient-china.toml"),
    ),
    (
        "ancient-greece",
        include_str!("../../variants/nations/ancient-greece.toml"),
    ),
    (
        "armenia",
        include_str!("../../variants/nations/armenia.toml"),
    ),
    (
        "assassins-guild",
        include_str!("../../variants/nations/assassins-guild.toml"),
    ),
    (
        "allied-army",
        include_str!("../../variants/nations/allied-army.toml"),
    ),
    (
        "american-colonies",
        include_str!("../../variants/nations/american-colonies.toml"),
    ),
    ("athens", include_str!("../../variants/nations/athens.toml")),
    (
        "balkan-states",
        include_str!("../../variants/nations/balkan-states.toml"),
    ),
    (
        "barbarian-invaders",
        include_str!("../../variants/nations/barbarian-invaders.toml"),
    ),
    (
        "australia",
        include_str!("../../variants/nations/australia.toml"),
    ),
    (
        "austria",
        include_str!("../../variants/nations/austria.toml"),
    ),
    ("aztecs", include_str!("../../variants/nations/aztecs.toml")),
    (
        "britain",
        include_str!("../../variants/nations/britain.toml"),
    ),
    (
        "byzantine-empire",
        include_str!("../../variants/nations/byzantine-empire.toml"),
    ),
    ("canada", include_str!("../../variants/nations/canada.toml")),
    (
        "carthage",
        include_str!("../../variants/nations/carthage.toml"),
    ),
    (
        "conquistadors",
        include_str!("../../variants/nations/conquistadors.toml"),
    ),
    ("egypt", include_str!("../../variants/nations/egypt.toml")),
    ("france", include_str!("../../variants/nations/france.toml")),
    ("gaul", include_str!("../../variants/nations/gaul.toml")),
    (
        "holy-roman-empire",
        include_str!("../../variants/nations/holy-roman-empire.toml"),
    ),
    ("huns", include_str!("../../variants/nations/huns.toml")),
    ("hurons", include_str!("../../variants/nations/hurons.toml")),
    ("incas", include_str!("../../variants/nations/incas.toml")),
    (
        "jerusalem",
        include_str!("../../variants/nations/jerusalem.toml"),
    ),
    (
        "macedonia",
        include_str!("../../variants/nations/macedonia.toml"),
    ),
    (
        "medieval-britain",
        include_str!("../../variants/nations/medieval-britain.toml"),
    ),
    (
        "medieval-japan",
        include_str!("../../variants/nations/medieval-japan.toml"),
    ),
    (
        "mongol-empire",
        include_str!("../../variants/nations/mongol-empire.toml"),
    ),
    (
        "mycenae",
        include_str!("../../variants/nations/mycenae.toml"),
    ),
    (
        "netherlands",
        include_str!("../../variants/nations/netherlands.toml"),
    ),
    (
        "north-korea",
        include_str!("../../variants/nations/north-korea.toml"),
    ),
    (
        "nuclear-rogue",
        include_str!("../../variants/nations/nuclear-rogue.toml"),
    ),
    (
        "ottoman-empire",
        include_str!("../../variants/nations/ottoman-empire.toml"),
    ),
    (
        "papal-states",
        include_str!("../../variants/nations/papal-states.toml"),
    ),
    ("russia", include_str!("../../variants/nations/russia.toml")),
    (
        "soviet-union",
        include_str!("../../variants/nations/soviet-union.toml"),
    ),
    ("sparta", include_str!("../../variants/nations/sparta.toml")),
    (
        "switzerland",
        include_str!("../../variants/nations/switzerland.toml"),
    ),
    (
        "transylvania",
        include_str!("../../variants/nations/transylvania.toml"),
    ),
];

/// The area a setup may fill when the file names none: the 2 x 4 starting
/// area of the a1 corner (facts 1.4).
const DEFAULT_AREA: &str = "a1-d2";

/// A nation file, as read before any checking.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NationSpec {
    id: String,
    name: String,
    era: String,
    power: String,
    #[serde(default)]
    area: Option<String>,
    setup: BTreeMap<String, String>,
    #[serde(default)]
    pieces: Vec<KindSpec>,
    #[serde(default)]
    promotions: Option<Vec<String>>,
    #[serde(default)]
    promotion_limits: std::collections::BTreeMap<String, u8>,
    #[serde(default)]
    promotion_areas: Vec<String>,
    #[serde(default)]
    promotions_from_board: bool,
    #[serde(default)]
    immune: bool,
    #[serde(default)]
    powers: Vec<toml::Table>,
    /// `false`: tagged Un-Lightning-able, kept out of the Lightning deck.
    #[serde(default = "yes")]
    lightning: bool,
}

fn yes() -> bool {
    true
}

/// `[[pieces]]` of a nation file: a kind of its own.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct KindSpec {
    name: String,
    letter: String,
    betza: String,
    #[serde(default)]
    royal: bool,
    /// The nation's own king: royal, and never a promotion choice.
    #[serde(default)]
    king: bool,
    #[serde(default)]
    pawn: bool,
    #[serde(default)]
    initial_ranks: Vec<u8>,
    #[serde(default)]
    immune: bool,
    #[serde(default)]
    plain: Option<String>,
}

/// A setup: `(file, rank)` from 0 on the a1 corner's side, and a letter.
pub type Setup = Vec<((u8, u8), char)>;

/// A kind a nation brings besides the base variant's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NationKind {
    /// Name, such as `warrior`.
    pub name: String,
    /// Its letter in positions, lower case.
    pub letter: char,
    /// Movement, checked Betza text.
    pub betza: String,
    /// Royal piece.
    pub royal: bool,
    /// The nation's own king: royal, and never a promotion choice (a royal
    /// kind that is not a king, Britain's minister, may be one).
    pub king: bool,
    /// A pawn: it promotes to the nation's promotion choices.
    pub pawn: bool,
    /// Ranks (from the owner's side, from 1) where its initial moves apply.
    pub initial_ranks: Vec<u8>,
    /// No other nation's power moves or destroys it.
    pub immune: bool,
    /// A base kind with its nation's power (a Papal bishop is a bishop):
    /// what another nation promoting to it gets.
    pub plain: Option<char>,
}

/// A checked nation: its setup for the a1 corner and its kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nation {
    /// Identifier, such as `default` (files, CLI and records use it).
    pub id: String,
    /// Name for people.
    pub name: String,
    /// Era, as the nation database groups nations.
    pub era: String,
    /// The power in one line.
    pub power: String,
    /// The setup for the a1 corner.
    pub setup: Setup,
    /// The corner area the setup fills, as its far corner `(file, rank)` from 0.
    pub area: (u8, u8),
    /// Kinds of its own.
    pub kinds: Vec<NationKind>,
    /// Letters its pawns promote to; `None`: every kind it starts with but
    /// its pawns and royal pieces.
    pub promotions: Option<Vec<char>>,
    /// Kinds its pawns promote to only while the player holds fewer than
    /// the count ("only one queen at a time").
    pub promotion_limits: Vec<(char, u8)>,
    /// Where its pawns promote, as areas from the a1 corner turned to the
    /// seat's (empty: the far edge, as the base variant says).
    pub promotion_areas: Vec<crate::power::Area>,
    /// Its pawns promote to any kind of the line-up's setups (pawns and
    /// royal pieces excepted; a kind with a `plain` kind as that kind).
    pub promotions_from_board: bool,
    /// No other nation's power moves or destroys its pieces.
    pub immune: bool,
    /// Its powers, in the order the file gives them.
    pub powers: Vec<PowerSpec>,
    /// Whether a Lightning deck may hold it (`lightning = false` in its
    /// file: Un-Lightning-able).
    pub lightning: bool,
    /// Where it was read from (a path or `builtin:ID`), for errors.
    pub origin: String,
}

impl Nation {
    /// This nation with its kinds' letters changed by `renames` (from, to),
    /// in its kinds, setup and promotions; its powers keep the file's
    /// letters, which the line-up's `seat_letters` translate.
    pub(crate) fn with_letters(&self, renames: &[(char, char)]) -> Nation {
        let to = |l: char| super::lineup::renamed(renames, l);
        let mut n = self.clone();
        for k in &mut n.kinds {
            k.letter = to(k.letter);
        }
        for (_, l) in &mut n.setup {
            *l = to(*l);
        }
        if let Some(p) = &mut n.promotions {
            p.iter_mut().for_each(|l| *l = to(*l));
        }
        for (l, _) in &mut n.promotion_limits {
            *l = to(*l);
        }
        n
    }

    /// A built-in nation; an unknown id is an error listing the known ones.
    ///
    /// ```
    /// use tetrarch_rules::variant::Nation;
    /// assert_eq!(Nation::builtin("default").unwrap().setup.len(), 8);
    /// assert!(Nation::builtin("atlantis").unwrap_err().to_string().contains("known: default"));
    /// ```
    pub fn builtin(id: &str) -> Result<Nation, VariantError> {
        let (_, text) =
            BUILTIN
                .iter()
                .find(|(n, _)| *n == id)
                .ok_or_else(|| VariantError::UnknownNation {
                    name: id.to_string(),
                    known: builtin_nation_ids().collect::<Vec<_>>().join(", "),
                })?;
        Nation::from_toml(text, &format!("builtin:nations/{id}"))
    }

    /// A user's nation file.
    pub fn from_file(path: &Path) -> Result<Nation, VariantError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| VariantError::Io {
            file: file.clone(),
            reason: e.to_string(),
        })?;
        Nation::from_toml(&text, &file)
    }

    /// Read and check a nation from TOML text; `origin` names it in errors.
    pub fn from_toml(text: &str, origin: &str) -> Result<Nation, VariantError> {
        let spec: NationSpec = toml::from_str(text).map_err(|e| VariantError::Syntax {
            file: origin.to_string(),
            reason: e.to_string().trim_end().replace('\n', " | "),
        })?;
        let field = |f: &str, reason: String| field_error(origin, f, reason);
        check_id(&spec.id).map_err(|r| field("id", r))?;
        let mut powers = powers(&spec.powers, origin)?;
        let area_text = spec.area.as_deref().unwrap_or(DEFAULT_AREA);
        let area = area(area_text).map_err(|r| field("area", r))?;
        let kinds = spec
            .pieces
            .iter()
            .enumerate()
            .map(|(i, k)| kind(k).map_err(|(f, r)| field(&format!("pieces[{i}].{f}"), r)))
            .collect::<Result<Vec<_>, _>>()?;
        // An army held in reserve (`deploy`) may start with no piece.
        let in_reserve = powers.iter().any(|p| !p.reserve().is_empty());
        let setup = setup(&spec.setup, area, area_text, origin, in_reserve)?;
        for p in &mut powers {
            p.with_setup(&setup);
        }
        let promotions = spec
            .promotions
            .as_ref()
            .map(|ls| {
                ls.iter()
                    .map(|l| letter(l).ok_or_else(|| field("promotions", not_a_letter(l))))
                    .collect::<Result<Vec<_>, _>>()
            })
            .transpose()?;
        let promotion_limits = spec
            .promotion_limits
            .iter()
            .map(|(l, &n)| {
                let at = format!("promotion_limits.{l}");
                let l = letter(l).ok_or_else(|| field(&at, not_a_letter(l)))?;
                if n == 0 {
                    return Err(field(
                        &at,
                        "at least 1 (leave a kind out of promotions instead)".into(),
                    ));
                }
                Ok((l, n))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let promotion_areas = spec
            .promotion_areas
            .iter()
            .map(|a| a.parse().map_err(|r| field("promotion_areas", r)))
            .collect::<Result<Vec<_>, _>>()?;
        if spec.promotions_from_board && promotions.is_some() {
            return Err(field(
                "promotions_from_board",
                "either promotions or promotions_from_board, not both".into(),
            ));
        }
        Ok(Nation {
            id: spec.id,
            name: spec.name,
            era: spec.era,
            power: spec.power,
            setup,
            area,
            kinds,
            promotions,
            promotion_limits,
            promotion_areas,
            promotions_from_board: spec.promotions_from_board,
            immune: spec.immune,
            powers,
            lightning: spec.lightning,
            origin: origin.to_string(),
        })
    }
}

/// The built-in nations, checked (they are tested to read).
pub fn builtin_nations() -> impl Iterator<Item = Nation> {
    builtin_nation_ids().filter_map(|id| Nation::builtin(id).ok())
}

/// Ids of the built-in nations.
pub fn builtin_nation_ids() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(n, _)| *n)
}

fn check_id(id: &str) -> Result<(), String> {
    let ok = !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
    if ok {
        Ok(())
    } else {
        Err(format!("'{id}': lower-case letters, digits and '-'"))
    }
}

/// `[[powers]]`: each entry read by its power's module; an unknown power
/// or parameter, or one of the wrong type, is an error naming the entry
/// and field.
fn powers(powers: &[toml::Table], origin: &str) -> Result<Vec<PowerSpec>, VariantError> {
    if powers.len() > MAX_POWERS {
        return Err(field_error(
            origin,
            "powers",
            format!("{} powers; at most {MAX_POWERS}", powers.len()),
        ));
    }
    let specs = powers
        .iter()
        .enumerate()
        .map(|(i, t)| {
            PowerSpec::read(t).map_err(|(f, r)| field_error(origin, &format!("powers[{i}].{f}"), r))
        })
        .collect::<Result<Vec<_>, _>>()?;
    // A move holds one chosen cell: only one power may read it.
    let choosing: Vec<&str> = specs
        .iter()
        .filter(|p| p.chooses_a_cell())
        .map(|p| p.id())
        .collect();
    if choosing.len() > 1 {
        return Err(field_error(
            origin,
            "powers",
            format!(
                "{} each choose a cell with the move; a nation may have one such power",
                choosing.join(" and ")
            ),
        ));
    }
    // A power whose state takes the slots after its own comes last, and
    // every power's slots fit in the seat's.
    let slots: usize = specs.iter().map(PowerSpec::slots).sum();
    if let Some(i) = specs[..specs.len().saturating_sub(1)]
        .iter()
        .position(|p| p.slots() > 1)
    {
        return Err(field_error(
            origin,
            &format!("powers[{i}]"),
            format!(
                "{} keeps its state in the seat's slots after its own: it must be the nation's last power",
                specs[i].id()
            ),
        ));
    }
    if slots > MAX_POWERS {
        return Err(field_error(
            origin,
            "powers",
            format!("the powers keep {slots} slots of state; a seat has {MAX_POWERS}"),
        ));
    }
    Ok(specs)
}

/// `a1-XY`: a rectangle anchored at the a1 corner, at most 8 x 8.
fn area(text: &str) -> Result<(u8, u8), String> {
    let bad = || format!("'{text}': a rectangle from a1, such as a1-d2 or a1-e3");
    let far = text.strip_prefix("a1-").ok_or_else(bad)?;
    let (f, r) = square(far).ok_or_else(bad)?;
    Ok((f, r))
}

/// `d2` as `(3, 1)`, on an 8 x 8 board.
pub(crate) fn square(text: &str) -> Option<(u8, u8)> {
    let b = text.as_bytes();
    match b {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some((f - b'a', r - b'1')),
        _ => None,
    }
}

pub(crate) fn letter(text: &str) -> Option<char> {
    let mut cs = text.chars();
    match (cs.next(), cs.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Some(c.to_ascii_lowercase()),
        _ => None,
    }
}

pub(crate) fn not_a_letter(text: &str) -> String {
    format!("'{text}' is not one piece letter a-z")
}

/// `[setup]`: every square inside the area, every value one letter.
fn setup(
    setup: &BTreeMap<String, String>,
    area: (u8, u8),
    area_text: &str,
    origin: &str,
    in_reserve: bool,
) -> Result<Setup, VariantError> {
    if setup.is_empty() && !in_reserve {
        return Err(field_error(origin, "setup", "no pieces"));
    }
    setup
        .iter()
        .map(|(sq, l)| {
            let f = format!("setup.{sq}");
            let at = square(sq)
                .ok_or_else(|| field_error(origin, &f, format!("'{sq}' is not a square a1-h8")))?;
            if at.0 > area.0 || at.1 > area.1 {
                return Err(field_error(
                    origin,
                    &f,
                    format!("{sq} is outside the area {area_text}"),
                ));
            }
            let l = letter(l).ok_or_else(|| field_error(origin, &f, not_a_letter(l)))?;
            Ok((at, l))
        })
        .collect()
}

/// `[[pieces]]` entry: letter, Betza and flags.
fn kind(k: &KindSpec) -> Result<NationKind, (&'static str, String)> {
    let letter = letter(&k.letter).ok_or_else(|| ("letter", not_a_letter(&k.letter)))?;
    k.betza
        .parse::<Movement>()
        .map_err(|e| ("betza", e.to_string()))?;
    if (k.royal || k.king) && k.pawn {
        return Err(("royal", "a pawn cannot be royal".into()));
    }
    let plain = match &k.plain {
        Some(l) => Some(self::letter(l).ok_or_else(|| ("plain", not_a_letter(l)))?),
        None => None,
    };
    if !k.pawn && !k.initial_ranks.is_empty() {
        return Err(("initial_ranks", "only a pawn has initial ranks here".into()));
    }
    if let Some(r) = k.initial_ranks.iter().find(|&&r| r == 0 || r > 8) {
        return Err(("initial_ranks", format!("rank {r} is off the board")));
    }
    Ok(NationKind {
        name: k.name.clone(),
        letter,
        betza: k.betza.clone(),
        royal: k.royal || k.king,
        king: k.king,
        pawn: k.pawn,
        initial_ranks: k.initial_ranks.clone(),
        immune: k.immune,
        plain,
    })
}
