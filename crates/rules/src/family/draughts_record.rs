//! Draughts game records (PDN-like, `docs/rules.md`): tag pairs as in PGN,
//! then the moves as paths with move numbers, retirements as `R` or `T`
//! and the seat's letter (`RB`: blue resigned), and the result: `1-0`,
//! `0-1`, `1/2-1/2` with two seats, one score per seat with more
//! (`0-1-0-0`: blue won; at a draw the seats still in get `1/2`), `*`
//! for a game not over.

use crate::any::{AnyGame, AnyVariant, RecordError, RecordedGame};
use crate::draughts::{Move, Position};
use crate::family::{FamilyVariant, RecordFormat, Step};
use crate::outcome::Outcome;
use crate::piece::Seat;

/// The built-in draughts variant a `Variant` tag names.
pub(crate) fn tag_variant(tag: &str) -> Option<&'static str> {
    crate::draughts::variant::builtin_names().find(|&n| n == tag)
}

/// The result token of `outcome` in a game whose last position is `end`.
pub(crate) fn result_token(end: &Position, outcome: Option<Outcome>) -> String {
    let n = end.variant().seat_count();
    let Some(outcome) = outcome else {
        return "*".into();
    };
    let score = |s: u8| match outcome {
        Outcome::Win { winner, .. } => {
            if winner.0 == s {
                "1"
            } else {
                "0"
            }
        }
        Outcome::Draw(_) if n == 2 || end.alive() & (1 << s) != 0 => "1/2",
        Outcome::Draw(_) => "0",
    };
    (0..n).map(score).collect::<Vec<_>>().join("-")
}

/// The record of a game from `positions[0]` through `steps`.
pub(crate) fn write(
    positions: &[Position],
    steps: &[Step<Move>],
    outcome: Option<Outcome>,
    tags: &[(&str, &str)],
) -> String {
    let start = &positions[0];
    let end = positions.last().expect("a game has a start");
    let variant = start.variant();
    let mut out = String::new();
    let given = tags
        .iter()
        .find(|t| t.0 == "Result")
        .map(|t| t.1.to_string());
    let result = given.unwrap_or_else(|| result_token(end, outcome));
    for (name, value) in tags.iter().filter(|t| t.0 != "Result") {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    if !tags.iter().any(|t| t.0 == "Variant") {
        out.push_str(&format!("[Variant \"{}\"]\n", variant.name()));
    }
    if *start != Position::start(variant) || start.fullmove() != 1 || start.quiet_plies() != 0 {
        out.push_str(&format!("[FEN \"{}\"]\n", start.to_text()));
    }
    out.push_str(&format!("[Result \"{result}\"]\n\n"));
    let mut words = Vec::new();
    let mut round = None;
    for (step, pos) in steps.iter().zip(positions) {
        if round != Some(pos.fullmove()) {
            round = Some(pos.fullmove());
            let dots = if pos.turn().0 == first_alive(pos) {
                "."
            } else {
                "..."
            };
            words.push(format!("{}{dots}", pos.fullmove()));
        }
        words.push(match step {
            Step::Move(m) => pos.move_text(*m),
            Step::Retire { seat, timed_out } => {
                let letter = variant.seats()[seat.idx()].letter;
                format!("{}{letter}", if *timed_out { 'T' } else { 'R' })
            }
        });
    }
    words.push(result);
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + w.len() + 1 > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// The lowest seat still in: the one a round starts with.
fn first_alive(pos: &Position) -> u8 {
    pos.alive().trailing_zeros() as u8
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

/// One game of a record text: its tags and movetext words.
struct RawGame {
    tags: Vec<(String, String)>,
    words: Vec<String>,
}

/// Split a record text into games: tag lines, then movetext, then the
/// next game's tags.
fn split(text: &str) -> Result<Vec<RawGame>, String> {
    let mut games: Vec<RawGame> = Vec::new();
    let mut current: Option<RawGame> = None;
    for (no, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('%') {
            continue;
        }
        if line.starts_with('[') {
            let tag = parse_tag(line)
                .ok_or_else(|| format!("line {}: not a tag pair: {line}", no + 1))?;
            if current.as_ref().is_some_and(|g| !g.words.is_empty()) {
                games.extend(current.take());
            }
            current
                .get_or_insert_with(|| RawGame {
                    tags: Vec::new(),
                    words: Vec::new(),
                })
                .tags
                .push(tag);
            continue;
        }
        let game = current.get_or_insert_with(|| RawGame {
            tags: Vec::new(),
            words: Vec::new(),
        });
        let mut rest = line;
        // Comments in braces are skipped.
        while let Some(open) = rest.find('{') {
            game.words
                .extend(rest[..open].split_whitespace().map(str::to_string));
            let close = rest[open..]
                .find('}')
                .ok_or_else(|| format!("line {}: a comment that does not end", no + 1))?;
            rest = &rest[open + close + 1..];
        }
        game.words
            .extend(rest.split_whitespace().map(str::to_string));
    }
    games.extend(current);
    Ok(games)
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, value) = inner.split_once(char::is_whitespace)?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((
        name.to_string(),
        value.replace("\\\"", "\"").replace("\\\\", "\\"),
    ))
}

/// Whether a word is a result token: `*`, or scores split by `-`.
fn is_result(word: &str) -> bool {
    word == "*"
        || (word.contains('-')
            && word
                .split('-')
                .all(|s| matches!(s, "0" | "1" | "1/2" | "½")))
}

/// Whether a word is a move number: `12.` or `12...`.
fn is_number(word: &str) -> bool {
    let digits = word.trim_end_matches('.');
    digits.len() < word.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Every game of a draughts record text.
pub(crate) fn read(
    text: &str,
    chosen: Option<AnyVariant>,
) -> impl Iterator<Item = Result<RecordedGame, RecordError>> + '_ {
    let games = split(text).map_err(RecordError::Syntax);
    let (games, error) = match games {
        Ok(g) => (g, None),
        Err(e) => (Vec::new(), Some(e)),
    };
    error.map(Err).into_iter().chain(
        games
            .into_iter()
            .enumerate()
            .map(move |(i, raw)| replay(i + 1, raw, chosen.as_ref())),
    )
}

fn replay(
    game: usize,
    raw: RawGame,
    chosen: Option<&AnyVariant>,
) -> Result<RecordedGame, RecordError> {
    let tag = |name: &str| raw.tags.iter().find(|t| t.0 == name).map(|t| t.1.as_str());
    let variant = match (chosen, tag("Variant")) {
        (Some(v), _) => v.clone(),
        (None, Some(t)) => match tag_variant(t) {
            Some(name) => {
                AnyVariant::builtin(name).map_err(|e| RecordError::Syntax(e.to_string()))?
            }
            None => {
                return Err(RecordError::UnknownVariant {
                    game,
                    tag: t.to_string(),
                    format: RecordFormat::Pdn,
                    known: RecordFormat::Pdn
                        .variants()
                        .into_iter()
                        .map(str::to_string)
                        .collect(),
                });
            }
        },
        (None, None) => return Err(RecordError::NoVariant { game }),
    };
    let fail = |reason: String| RecordError::Game {
        game,
        label: variant.name().to_string(),
        reason,
    };
    let mut g = AnyGame::from_position(&variant, tag("FEN")).map_err(|e| fail(e.to_string()))?;
    let mut result = None;
    for word in &raw.words {
        if is_number(word) {
            continue;
        }
        if is_result(word) {
            result = Some(word.clone());
            continue;
        }
        let retire = word
            .strip_prefix('R')
            .map(|l| (l, false))
            .or_else(|| word.strip_prefix('T').map(|l| (l, true)));
        let played = match retire {
            Some((letter, timed_out)) if letter.len() == 1 => {
                let seat = seat_of(&variant, letter)
                    .ok_or_else(|| fail(format!("'{word}': no seat has the letter {letter}")))?;
                if timed_out {
                    g.time_out(seat)
                } else {
                    g.resign(seat)
                }
            }
            _ => g.play(word).map(|_| ()),
        };
        played.map_err(|e| fail(format!("move {word}: {e}")))?;
    }
    let written = result.or_else(|| tag("Result").map(str::to_string));
    if let (Some(w), Some(o)) = (&written, g.outcome())
        && let Some(end) = g.typed::<Position>().map(|t| t.position().clone())
    {
        let own = result_token(&end, Some(o));
        if *w != "*" && *w != own {
            return Err(fail(format!(
                "the result {w} does not hold: the game ends {} ({own})",
                o.describe(&variant)
            )));
        }
    }
    Ok(RecordedGame {
        game: g,
        tags: raw.tags,
        departures: Vec::new(),
    })
}

/// The seat whose letter (as positions write it) is `letter`.
fn seat_of(variant: &AnyVariant, letter: &str) -> Option<Seat> {
    let AnyVariant::Draughts(v) = variant else {
        return None;
    };
    v.seats()
        .iter()
        .position(|s| s.letter.to_string() == letter)
        .map(|i| Seat(i as u8))
}
