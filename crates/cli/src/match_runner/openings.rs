//! Start positions of a match: read from an EPD/FEN file (one a line, `#`
//! comments), or made by playing a few random legal plies from the start
//! position with a seeded generator and keeping lines a short search finds
//! balanced. Variants with numbered starts (chess960) start from a random
//! numbered position.

use super::player::score_cp;
use anyhow::{Context, Result, anyhow, bail};
use std::path::Path;
use tetrarch_engine::Engine;
use tetrarch_engine::search::Limits;
use tetrarch_rules::{AnyGame, AnyVariant, SplitMix64};

/// Read an openings file; a line that is not a position is an error naming
/// the file and line.
pub fn read(path: &Path, variant: &AnyVariant) -> Result<Vec<AnyGame>> {
    let file = path.display();
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {file}"))?;
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or_default().trim();
        if line.is_empty() {
            continue;
        }
        let pos = parse_line(variant, line).map_err(|e| anyhow!("{file}:{}: {e}", i + 1))?;
        out.push(pos);
    }
    if out.is_empty() {
        bail!("{file}: no positions");
    }
    Ok(out)
}

/// A FEN, or an EPD line (four fields, then operations after which the
/// clocks are taken as `0 1`).
fn parse_line(variant: &AnyVariant, line: &str) -> Result<AnyGame, String> {
    let fen = line.split(';').next().unwrap_or_default().trim();
    let whole = AnyGame::from_position(variant, Some(fen));
    let err = match whole {
        Ok(game) => return Ok(game),
        Err(e) => crate::options::position_error(e),
    };
    let fields: Vec<&str> = fen.split_whitespace().collect();
    if fields.len() > 4 {
        let epd = format!("{} 0 1", fields[..4].join(" "));
        if let Ok(game) = AnyGame::from_position(variant, Some(&epd)) {
            return Ok(game);
        }
    }
    Err(format!("'{line}' is not a position: {err}"))
}

/// How many random plies make an opening when the user does not say:
/// more for games with drops, none for numbered (Fischer random) starts.
pub fn default_plies(variant: &AnyVariant) -> u32 {
    let view = variant.view();
    if view.numbered_starts.is_some() {
        0
    } else if view.drops {
        6
    } else {
        4
    }
}

/// Largest score (centipawns) of a random opening kept as balanced.
const BALANCED_CP: i32 = 120;
/// Tries before an unbalanced opening is accepted anyway.
const TRIES: usize = 50;
/// The node budget of the search that judges an opening balanced.
const JUDGE_NODES: u64 = 200_000;

/// `count` random openings of `plies` plies each, as games that start
/// where the opening ends.
pub fn random(variant: &AnyVariant, count: usize, plies: u32, seed: u64) -> Result<Vec<AnyGame>> {
    let mut rng = SplitMix64::new(seed);
    let mut judge = Engine::new(variant, 1);
    // Depth 3, but never more than JUDGE_NODES: in fourway-chesscom-ffa
    // (check and points, four seats) a depth-3 search without a node limit
    // ran for over fifteen minutes in quiescence before the first game.
    let limits = Limits {
        depth: Some(3),
        nodes: Some(JUDGE_NODES),
        ..Limits::default()
    };
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        let mut best = None;
        for _ in 0..TRIES {
            let Some(game) = random_line(variant, plies, &mut rng)? else {
                continue;
            };
            let found = judge.search(&game, &limits, &mut |_| {})?;
            best = Some(game);
            if score_cp(found.score).abs() <= BALANCED_CP {
                break;
            }
        }
        out.push(
            best.ok_or_else(|| anyhow!("no random opening of {plies} plies keeps the game going"))?,
        );
    }
    Ok(out)
}

/// One random line, as a game from where it ends, or `None` if it ended
/// the game.
fn random_line(variant: &AnyVariant, plies: u32, rng: &mut SplitMix64) -> Result<Option<AnyGame>> {
    let mut game = match variant.view().numbered_starts {
        Some(n) => AnyGame::numbered(variant, rng.below(usize::from(n)) as u16)?,
        None => crate::options::game(variant, None)?,
    };
    // A die due at the start is the game's (its later ones it rolls
    // after each move).
    game.roll_due()?;
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            return Ok(None);
        }
        game.play(&moves[rng.below(moves.len())].uci)?;
    }
    let alive = !game.legal_moves().is_empty();
    // The opening is a start: searches and records begin there.
    Ok(alive.then(|| game.restarted()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_and_epd_lines_read_and_bad_ones_say_why() {
        let chess = AnyVariant::builtin("chess").unwrap();
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        assert!(parse_line(&chess, start).is_ok());
        let epd = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - bm e5; id \"x\";";
        assert!(parse_line(&chess, epd).is_ok());
        let e = parse_line(&chess, "rnbqkbnr/zz w - - 0 1").unwrap_err();
        assert!(e.contains("is not a position"), "{e}");
    }

    #[test]
    fn random_openings_follow_the_seed() {
        let chess = AnyVariant::builtin("chess").unwrap();
        let texts = |games: Vec<AnyGame>| -> Vec<String> {
            games.iter().map(AnyGame::position_text).collect()
        };
        let a = random(&chess, 3, 4, 7).unwrap();
        assert!(a.iter().all(|g| g.move_number() == 3 && g.ply() == 0));
        assert_eq!(texts(a), texts(random(&chess, 3, 4, 7).unwrap()));
    }
}
