//! Real chess.com Teams records of 2023, from today's start (`4PC`,
//! `tests/data/pgn4/README.md`), replayed move for move under
//! `fourway-chesscom-teams`, each ending with the result it states: the
//! team of the player who leaves with the last entry (`R`, `T`) loses.

use tetrarch_rules::family::RecordFormat;
use tetrarch_rules::game::Game;
use tetrarch_rules::notation::pgn4::Pgn4Game;
use tetrarch_rules::{Seat, Variant, Wide};

/// Game number, plies, the seat leaving last and whether it timed out.
const RECORDS: [(&str, usize, Seat, bool); 2] = [
    // Yellow resigns after Red's and Blue's 31st moves: Blue and Green win.
    ("26780486", 122, Seat(2), false),
    // Blue's time runs out at its 16th turn: Red and Yellow win. Two
    // variations in parentheses are skipped.
    ("26780489", 61, Seat(1), true),
];

fn record(nr: &str) -> String {
    let path = format!(
        "{}/tests/data/pgn4/chesscom-teams-2023-{nr}.pgn4",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn teams() -> Variant {
    Variant::builtin("fourway-chesscom-teams").expect("built-in")
}

/// The error of reading `text`'s one game, or `None` if it replays.
fn replay_error(text: &str) -> Option<String> {
    let games: Vec<_> = RecordFormat::Pgn4.read(text, None).collect();
    assert_eq!(games.len(), 1);
    games.into_iter().next()?.err().map(|e| e.to_string())
}

/// Every record replays under chess.com's Teams rules (chosen by its tags),
/// with its result checked against the player who leaves last.
#[test]
fn every_record_replays_with_the_result_it_states() {
    for (nr, plies, seat, timed_out) in RECORDS {
        let text = record(nr);
        let games: Vec<_> = RecordFormat::Pgn4.read(&text, None).collect();
        let game = match &games[..] {
            [Ok(g)] => g,
            [Err(e)] => panic!("{nr}: {e}"),
            _ => panic!("{nr}: {} games", games.len()),
        };
        assert_eq!(game.game.variant().name(), "fourway-chesscom-teams", "{nr}");
        assert_eq!(game.game.ply(), plies, "{nr}");
        let left: Vec<_> = game
            .departures
            .iter()
            .map(|d| (d.seat, d.timed_out))
            .collect();
        assert_eq!(left, [(seat, timed_out)], "{nr}");
    }
}

/// The other team's win, or a draw, is refused, naming the result.
#[test]
fn a_wrong_result_is_refused() {
    for (nr, from, to, played) in [
        ("26780486", "[Result \"0-1\"]", "[Result \"1-0\"]", "0-1"),
        ("26780486", "[Result \"0-1\"]", "[Result \"1/2-1/2\"]", "0-1"),
        ("26780489", "[Result \"1-0\"]", "[Result \"0-1\"]", "1-0"),
    ] {
        let text = record(nr).replace(from, to);
        let e = replay_error(&text).unwrap_or_else(|| panic!("{nr} replayed with {to}"));
        assert!(e.contains("does not fit the game"), "{nr}: {e}");
        assert!(e.contains(&format!("the moves give {played}")), "{nr}: {e}");
    }
}

/// Without its last entry (the resignation), the record stops undecided
/// and its result is not checked: the end that decided it is not in it.
#[test]
fn an_undecided_record_keeps_its_result_unchecked() {
    let text = record("26780486").replace(" .. R\n", "\n");
    assert_ne!(text, record("26780486"));
    assert_eq!(replay_error(&text), None);
}

/// Tetrarch's writer gives back chess.com's own text for every move
/// (captures naming the captured piece or none for a pawn, checks marked
/// as chess.com marks them), in the same rounds.
#[test]
fn the_writer_gives_back_chesscoms_own_text() {
    let v = teams();
    for (nr, plies, _, _) in RECORDS {
        let pgn: Pgn4Game = record(nr).parse().unwrap_or_else(|e| panic!("{nr}: {e}"));
        let game = Game::<Wide>::from_pgn4(&pgn, &v).unwrap_or_else(|e| panic!("{nr}: {e}"));
        assert_eq!(game.moves().len(), plies, "{nr}");
        let written = game.to_pgn4(&[]);
        let ours: Vec<&str> = written.entries.iter().map(|e| e.text.as_str()).collect();
        // The last entry (R, T) is a departure, not a move.
        let theirs: Vec<&str> = pgn.entries[..plies]
            .iter()
            .map(|e| e.text.as_str())
            .collect();
        assert_eq!(ours, theirs, "{nr}");
    }
}
