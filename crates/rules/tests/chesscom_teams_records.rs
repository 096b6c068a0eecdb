//! Real chess.com Teams records of 2023, from today's start (`4PC`,
//! `tests/data/pgn4/README.md`), replayed move for move under
//! `fourway-chesscom-teams`, each ending with the result it states: the
//! team of the player who leaves with the last entry (`R`, `T`) loses.

use crate::chesscom_records;
use chesscom_records::replay_error;
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
    chesscom_records::record(&format!("chesscom-teams-2023-{nr}"))
}

fn teams() -> Variant {
    Variant::builtin("fourway-chesscom-teams").expect("built-in")
}

/// Every record replays under chess.com's Teams rules (chosen by its tags),
/// with its result checked against the player who leaves last.
#[test]
fn every_record_replays_with_the_result_it_states() {
    for (nr, plies, seat, timed_out) in RECORDS {
        let text = record(nr);
        let game = chesscom_records::replayed(&text, nr);
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
        (
            "26780486",
            "[Result \"0-1\"]",
            "[Result \"1/2-1/2\"]",
            "0-1",
        ),
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

/// Three Teams fragments from the same source's tests (no game number):
/// castling on both sides by every seat from `4PC`, and promotion on each
/// seat's 11th rank to a queen, knight, bishop and rook. Each replays, is
/// written back as chess.com writes it, and its castled kings and promoted
/// pieces stand where chess.com puts them.
#[test]
fn castling_and_promotion_fragments_replay_as_chesscom_plays_them() {
    let v = teams();
    for (name, plies, pieces) in [
        // Red O-O-O (king to f1), Blue O-O (a7 to a5), Yellow O-O-O (g14
        // to i14), Green O-O-O (n8 to n6): each towards its queen's side.
        ("castling", 32, &["rKf1", "bKa5", "yKi14", "gKn6"][..]),
        // Red O-O (j1), Yellow O-O (e14), Green O-O (n10), Blue O-O-O (a9).
        (
            "castling-other-sides",
            18,
            &["rKj1", "yKe14", "gKn10", "bKa9"],
        ),
        ("promotions", 40, &["rQh11", "bNk7", "yBg4", "gRd8"]),
    ] {
        let file = format!("4pchess-teams-{name}.pgn4");
        let path = format!("{}/tests/data/pgn4/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let pgn: Pgn4Game = text.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(pgn.variant(), Some("fourway-chesscom-teams"), "{name}");
        let game = Game::<Wide>::from_pgn4(&pgn, &v).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(game.moves().len(), plies, "{name}");
        let written = game.to_pgn4(&[]);
        let ours: Vec<&str> = written.entries.iter().map(|e| e.text.as_str()).collect();
        let theirs: Vec<&str> = pgn.entries.iter().map(|e| e.text.as_str()).collect();
        assert_eq!(ours, theirs, "{name}");
        let fen = game.position().to_fen();
        for piece in pieces {
            assert!(stands(&fen, piece), "{name}: {piece} not in {fen}");
        }
    }
}

/// Whether a FEN4 board has `piece` (`rKf1`: colour, kind, square).
fn stands(fen: &str, piece: &str) -> bool {
    let (token, square) = piece.split_at(2);
    let board = fen.rsplit('-').next().expect("a board");
    let file = square.as_bytes()[0] - b'a';
    let rank: usize = square[1..].parse().expect("a rank");
    let row = board.split('/').nth(14 - rank).expect("14 rows");
    let mut col = 0u8;
    for cell in row.split(',') {
        if let Ok(n) = cell.parse::<u8>() {
            col += n;
            continue;
        }
        if col == file {
            return cell == token;
        }
        col += 1;
    }
    false
}
