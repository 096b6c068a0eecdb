//! The real chess.com records of `tests/data/pgn4`, read for the tests.

use tetrarch_rules::any::RecordedGame;
use tetrarch_rules::family::RecordFormat;

/// The text of `tests/data/pgn4/{name}.pgn4`.
pub fn record(name: &str) -> String {
    let path = format!("{}/tests/data/pgn4/{name}.pgn4", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The error of reading `text`'s one game, or `None` if it replays.
pub fn replay_error(text: &str) -> Option<String> {
    let games: Vec<_> = RecordFormat::Pgn4.read(text, None).collect();
    assert_eq!(games.len(), 1);
    games.into_iter().next()?.err().map(|e| e.to_string())
}

/// The one game of `text` (the record `name`), replayed; a panic naming
/// the record if it does not replay.
pub fn replayed(text: &str, name: &str) -> RecordedGame {
    let mut games: Vec<_> = RecordFormat::Pgn4.read(text, None).collect();
    match games.pop() {
        Some(Ok(game)) if games.is_empty() => game,
        Some(Err(e)) if games.is_empty() => panic!("{name}: {e}"),
        _ => panic!("{name}: {} games", games.len() + 1),
    }
}
