//! Reading the chess family's records (PGN, PGN4) into width-free games,
//! each checked move by move; PGN results are checked against the mate or
//! stalemate the game ends in.

use super::RecordFormat;
use crate::any::{AnyGame, AnyVariant, Departure, RecordError, RecordedGame, TypedGame};
use crate::attacks::HasSliders;
use crate::family::Step;
use crate::game::{Game, GameError};
use crate::notation::pgn::{PgnGame, PgnReader};
use crate::notation::pgn4::{self, Pgn4Game, Retirement};
use crate::notation::pgn4_points::verify_points;
use crate::notation::pgn4_rules::{RecordRules, RuleVariantsError};
use crate::notation::uci::UciMove;
use crate::variant::{Variant, WithWidth};

/// The variant a PGN game without a known `Variant` tag is (the standard's).
const PGN_DEFAULT: &str = "chess";

/// The built-in variant a `[Variant "..."]` tag names in records of
/// `format`: in PGN a Tetrarch name of a two-player variant, in PGN4 also
/// chess.com's names (see [`pgn4::variant_for_tag`]).
pub(crate) fn tag_variant(format: RecordFormat, tag: &str) -> Option<&'static str> {
    match format {
        RecordFormat::Pgn4 => pgn4::variant_for_tag(tag),
        RecordFormat::Pgn => crate::variant::builtin_names()
            .find(|&name| name == tag && Variant::builtin(name).is_ok_and(|v| v.seat_count() <= 2)),
        RecordFormat::Pdn => super::draughts_record::tag_variant(tag),
    }
}

/// The tag values Tetrarch reads as variants in records of `format`, for
/// messages.
pub(crate) fn tag_names(format: RecordFormat) -> Vec<String> {
    let mut names = match format {
        RecordFormat::Pgn4 => vec!["Teams".to_string(), "FFA".to_string()],
        RecordFormat::Pgn | RecordFormat::Pdn => Vec::new(),
    };
    names.extend(format.variants().into_iter().map(str::to_string));
    names
}

/// A game to be read as a variant of another family.
fn not_chess(game: usize, variant: &AnyVariant) -> RecordError {
    RecordError::Game {
        game,
        label: variant.name().to_string(),
        reason: format!("{} is not a chess variant", variant.name()),
    }
}

/// Variants by name, loaded once per reading: a PGN database names the
/// same few variants in every game.
struct Variants {
    chosen: Option<AnyVariant>,
    loaded: Vec<AnyVariant>,
}

impl Variants {
    fn get(&mut self, name: &str) -> AnyVariant {
        if let Some(v) = self.loaded.iter().find(|v| v.name() == name) {
            return v.clone();
        }
        let v = AnyVariant::builtin(name).expect("a built-in variant's name");
        self.loaded.push(v.clone());
        v
    }
}

/// Every game of a PGN text: as `chosen`, else as the variant its
/// `Variant` tag names, else as chess.
pub(crate) fn read_pgn<'a>(
    text: &'a str,
    chosen: Option<AnyVariant>,
) -> impl Iterator<Item = Result<RecordedGame, RecordError>> + 'a {
    let mut variants = Variants {
        chosen,
        loaded: Vec::new(),
    };
    PgnReader::new(text).enumerate().map(move |(i, pgn)| {
        let pgn = pgn.map_err(|e| RecordError::Syntax(e.to_string()))?;
        let variant = match &variants.chosen {
            Some(v) => v.clone(),
            None => {
                let tagged = pgn
                    .tag("Variant")
                    .and_then(|t| tag_variant(RecordFormat::Pgn, t));
                variants.get(tagged.unwrap_or(PGN_DEFAULT))
            }
        };
        // A record of the chess family holds variants of that family only.
        let AnyVariant::Chess(v) = &variant else {
            return Err(not_chess(i + 1, &variant));
        };
        let game = v
            .with_width(ReplayPgn(&pgn, &variant))
            .map_err(|e| RecordError::Game {
                game: i + 1,
                label: pgn.players(),
                reason: e.to_string(),
            })?;
        Ok(RecordedGame {
            game,
            tags: pgn.tags.clone(),
            departures: Vec::new(),
        })
    })
}

/// Every game of a PGN4 text: as `chosen`, else as the variant its
/// `Variant` tag names.
pub(crate) fn read_pgn4(
    text: &str,
    chosen: Option<AnyVariant>,
) -> Box<dyn Iterator<Item = Result<RecordedGame, RecordError>> + '_> {
    let games = match pgn4::read_all(text) {
        Ok(games) => games,
        Err(e) => return Box::new(std::iter::once(Err(RecordError::Syntax(e.to_string())))),
    };
    let mut variants = Variants {
        chosen,
        loaded: Vec::new(),
    };
    Box::new(games.into_iter().enumerate().map(move |(i, pgn)| {
        let game = i + 1;
        let tagged = match RecordRules::of(&pgn) {
            Ok(tagged) => tagged,
            Err(RuleVariantsError::UnknownVariant(tag)) => {
                return Err(RecordError::UnknownVariant {
                    game,
                    tag,
                    format: RecordFormat::Pgn4,
                    known: tag_names(RecordFormat::Pgn4),
                });
            }
            Err(e) => return Err(bad_rules(game, &e)),
        };
        let variant = match (&variants.chosen, &tagged) {
            (Some(v), _) => v.clone(),
            (None, Some(tagged)) => match variants.get(tagged.variant) {
                AnyVariant::Chess(v) => {
                    AnyVariant::Chess(tagged.apply(&v).map_err(|e| bad_rules(game, &e))?)
                }
                other => other,
            },
            (None, None) => return Err(RecordError::NoVariant { game }),
        };
        // A record of the chess family holds variants of that family only.
        let AnyVariant::Chess(v) = &variant else {
            return Err(not_chess(game, &variant));
        };
        let (v, variant) = match lineup(v, pgn.tag("Nations")) {
            Ok(Some(l)) => (l.clone(), AnyVariant::Chess(l)),
            Ok(None) => (v.clone(), variant.clone()),
            Err(e) => {
                return Err(RecordError::Game {
                    game,
                    label: variant.name().to_string(),
                    reason: e.to_string(),
                });
            }
        };
        v.with_width(ReplayPgn4(&pgn, &variant))
            .map_err(|e| RecordError::Game {
                game,
                label: variant.name().to_string(),
                reason: e.to_string(),
            })
    }))
}

/// The line-up a `Nations` tag names (built-in nations), on a variant that
/// has none yet; a variant chosen with its nations is played as it is.
fn lineup(v: &Variant, tag: Option<&str>) -> Result<Option<Variant>, crate::VariantError> {
    match tag {
        Some(ids) if v.nations.is_empty() => v.with_lineup(ids, &[]).map(Some),
        _ => Ok(None),
    }
}

/// Replays one PGN game at the variant's width and checks its result.
struct ReplayPgn<'a>(&'a PgnGame, &'a AnyVariant);

impl WithWidth for ReplayPgn<'_> {
    type Output = Result<AnyGame, GameError>;
    fn run<B: HasSliders>(self, variant: &Variant) -> Self::Output {
        let pgn = self.0;
        let game = if pgn.tag("MoveNotation") == Some("UCI") {
            uci_game::<B>(pgn, variant)?
        } else {
            Game::<B>::from_pgn(pgn, variant)?
        };
        let tag = pgn.tag("Result");
        game.verify_result(tag.or(pgn.result.as_deref()))?;
        if let (Some(marker), Some(_)) = (pgn.result.as_deref(), tag) {
            game.verify_result(Some(marker))?;
        }
        Ok(any_game(self.1, &game))
    }
}

/// A PGN game whose moves are written in UCI (`MoveNotation "UCI"`, as
/// records are where SAN cannot say a variant's moves).
fn uci_game<B: HasSliders>(pgn: &PgnGame, variant: &Variant) -> Result<Game<B>, GameError> {
    let fen = pgn.tag("FEN").unwrap_or(&variant.start_fen);
    let mut game = Game::new(crate::Position::from_fen(variant, fen)?);
    for text in &pgn.moves {
        let pos = game.position();
        let m = text
            .parse::<UciMove>()
            .ok()
            .and_then(|u| u.to_move(pos).ok())
            .ok_or_else(|| GameError::Illegal {
                uci: text.clone(),
                fen: pos.to_fen(),
            })?;
        // As `Game::from_pgn`: a record may go on past a draw nobody claimed.
        game.push(m);
    }
    Ok(game)
}

/// Replays one PGN4 game at the variant's width.
struct ReplayPgn4<'a>(&'a Pgn4Game, &'a AnyVariant);

impl WithWidth for ReplayPgn4<'_> {
    type Output = Result<RecordedGame, pgn4::Pgn4Error>;
    fn run<B: HasSliders>(self, variant: &Variant) -> Self::Output {
        let pgn = self.0;
        let (positions, steps) = pgn.steps::<B>(variant)?;
        let end = positions.last().expect("a start");
        verify_points(pgn, end)?;
        let departures = pgn
            .retirements(end)
            .into_iter()
            .map(|(seat, how)| Departure {
                seat,
                timed_out: how == Retirement::TimedOut,
            })
            .collect();
        Ok(RecordedGame {
            game: AnyGame::from_typed(self.1, TypedGame::from_parts(positions, steps)),
            tags: pgn.tags.clone(),
            departures,
        })
    }
}

/// A record whose `RuleVariants` Tetrarch cannot play.
fn bad_rules(game: usize, e: &RuleVariantsError) -> RecordError {
    RecordError::Game {
        game,
        label: "RuleVariants".into(),
        reason: e.to_string(),
    }
}

/// The width-free game of a replayed typed game.
fn any_game<B: HasSliders>(variant: &AnyVariant, game: &Game<B>) -> AnyGame {
    let steps = game.moves().iter().map(|&m| Step::Move(m)).collect();
    let typed = TypedGame::from_parts(game.positions().to_vec(), steps);
    AnyGame::from_typed(variant, typed)
}
