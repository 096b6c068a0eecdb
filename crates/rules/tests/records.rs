//! Records read into width-free games: the format of a file, every game of
//! PGN and PGN4 texts with their tags and departures, the checks on moves
//! and results, and records written by `AnyGame::record` read back to the
//! same moves for every built-in variant.

use crate::common::Rng;
use tetrarch_rules::any::{RecordError, RecordedGame};
use tetrarch_rules::family::RecordFormat;
use tetrarch_rules::{AnyGame, AnyVariant, DrawReason, Outcome, Seat, WinReason};

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn read(format: RecordFormat, text: &str, variant: Option<&AnyVariant>) -> Vec<RecordedGame> {
    format
        .read(text, variant)
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}"))
}

/// A random game of `variant` of at most `plies` plies.
fn random_game(variant: &AnyVariant, seed: u64, plies: usize) -> AnyGame {
    let mut game = AnyGame::new(variant);
    let mut rng = Rng::new(seed);
    for _ in 0..plies {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(&moves[rng.below(moves.len())].uci).unwrap();
    }
    game
}

#[test]
fn pgn_games_keep_their_tags_and_moves() {
    let games = read(RecordFormat::Pgn, &data("famous.pgn"), None);
    assert_eq!(games.len(), 8);
    let first = &games[0];
    assert_eq!(first.game.variant().name(), "chess");
    assert!(
        first
            .tags
            .contains(&("White".into(), "Anderssen, Adolf".into()))
    );
    assert_eq!(first.game.ply(), 45);
    assert_eq!(first.game.display_moves().last().unwrap(), "Be7#");
    assert_eq!(
        first.game.outcome(),
        Some(Outcome::Win {
            winner: Seat(0),
            reason: WinReason::Checkmate
        })
    );
    assert!(games.iter().all(|g| g.departures.is_empty()));
}

#[test]
fn bad_moves_and_results_name_the_game_and_move() {
    let text = "[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Ke3 1-0\n";
    let err = RecordFormat::Pgn
        .read(text, None)
        .next()
        .unwrap()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "game 1 (a – b): move 2. Ke3: no king can move to e3"
    );
    // The marker and the tag are both checked against the mate.
    let text = "[Result \"0-1\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n";
    let err = RecordFormat::Pgn
        .read(text, None)
        .next()
        .unwrap()
        .unwrap_err();
    assert!(err.to_string().contains("must be 0-1, not 1-0"), "{err}");
    let err = RecordFormat::Pgn.read("1. e4 {open", None).next().unwrap();
    assert!(matches!(err, Err(RecordError::Syntax(_))), "{err:?}");
}

#[test]
fn pgn4_games_take_their_variant_from_the_tag_and_keep_departures() {
    let text = "[Variant \"FFA\"]\n\n1. h2-h4 .. b7-c7 .. h13-h12 .. m8-k8 *\n\n\
                [Variant \"fourway-teams\"]\n\n1. h2-h3 .. R 0-1\n";
    let games = read(RecordFormat::Pgn4, text, None);
    assert_eq!(games[0].game.variant().name(), "fourway-ffa");
    assert_eq!(games[0].game.ply(), 4);
    let teams = &games[1];
    assert_eq!(teams.game.ply(), 1);
    assert_eq!(teams.game.outcome(), None);
    assert_eq!(teams.departures.len(), 1);
    assert_eq!(
        teams.departures[0].describe(teams.game.variant()),
        "blue resigned"
    );
    let games = read(
        RecordFormat::Pgn4,
        &data("pgn4/chesscom-teams-2019.pgn4"),
        None,
    );
    assert_eq!(games[0].game.variant().name(), "fourway-original");
    assert_eq!(games[0].game.ply(), 80);
}

#[test]
fn pgn4_needs_a_variant_it_knows() {
    let first = |text: &str| RecordFormat::Pgn4.read(text, None).next().unwrap();
    assert_eq!(
        first("1. h2-h3\n").unwrap_err(),
        RecordError::NoVariant { game: 1 }
    );
    let err = first("[Variant \"Crazyhouse\"]\n1. h2-h3\n").unwrap_err();
    let text = err.to_string();
    assert!(
        text.starts_with(
            "game 1: [Variant \"Crazyhouse\"] is not a four-player variant Tetrarch knows \
             (Teams, FFA, fourway-teams, fourway-original, fourway-ffa, european-ffa, european-teams, "
        ) && text.ends_with("fourway-chesscom-teams, fourway-chesscom-ffa)"),
        "{text}"
    );
    // Every built-in four-seat variant is read by its name.
    assert!(text.contains(", european-koth,"), "{text}");
    let ffa = AnyVariant::builtin("fourway-ffa").unwrap();
    let games = read(RecordFormat::Pgn4, "1. h2-h3 .. b7-c7\n", Some(&ffa));
    assert_eq!(games[0].game.ply(), 2);
    // A variant recorded in another format is refused, not misread.
    let chess = AnyVariant::builtin("chess").unwrap();
    let err = RecordFormat::Pgn4.read("1. h2-h3\n", Some(&chess)).next();
    assert!(matches!(err, Some(Err(RecordError::WrongFormat { .. }))));
}

#[test]
fn formats_follow_the_variant_the_extension_and_the_tags() {
    let plain = "1. e4 *";
    let teams = "[Variant \"Teams\"]\n1. h2-h3 *";
    let chess = AnyVariant::builtin("chess").unwrap();
    let four = AnyVariant::builtin("fourway-teams").unwrap();
    let format = |ext, text, v| RecordFormat::for_file(ext, text, v);
    assert_eq!(format(Some("pgn"), plain, None), Ok(RecordFormat::Pgn));
    assert_eq!(format(Some("PGN4"), plain, None), Ok(RecordFormat::Pgn4));
    assert_eq!(format(Some("pgn"), teams, None), Ok(RecordFormat::Pgn4));
    assert_eq!(format(Some("txt"), teams, None), Ok(RecordFormat::Pgn4));
    assert_eq!(format(None, plain, None), Ok(RecordFormat::Pgn));
    // A chosen variant decides, but a .pgn4 file is not read as PGN.
    assert_eq!(
        format(Some("pgn"), plain, Some(&four)),
        Ok(RecordFormat::Pgn4)
    );
    assert_eq!(
        format(Some("pgn"), teams, Some(&chess)),
        Ok(RecordFormat::Pgn)
    );
    let err = format(Some("pgn4"), teams, Some(&chess)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "a .pgn4 file holds four-player games; chess has 2 seats (its records are PGN)"
    );
}

#[test]
fn pgn_games_take_a_variant_tetrarch_names() {
    // What `tetrarch match` writes for a EuroShogi game reads back as EuroShogi.
    let shogi = AnyVariant::builtin("euroshogi").unwrap();
    let game = random_game(&shogi, 5, 30);
    let games = read(RecordFormat::Pgn, &game.record(&[]), None);
    assert_eq!(games[0].game.variant().name(), "euroshogi");
    assert_eq!(games[0].game.moves(), game.moves());
    // Other tags (lichess's "Standard") leave the game chess.
    let games = read(
        RecordFormat::Pgn,
        "[Variant \"Standard\"]\n\n1. e4 *\n",
        None,
    );
    assert_eq!(games[0].game.variant().name(), "chess");
}

#[test]
fn records_written_read_back_in_every_builtin_variant() {
    for name in AnyVariant::builtin_names() {
        let variant = AnyVariant::builtin(name).unwrap();
        for seed in 0..4 {
            let game = random_game(&variant, seed, 120);
            let record = game.record(&[("Event", "t")]);
            let format = variant.record_format();
            let back = read(format, &record, Some(&variant));
            assert_eq!(back.len(), 1, "{name}");
            assert_eq!(back[0].game.moves(), game.moves(), "{name} {seed}");
            assert_eq!(
                back[0].game.position_text(),
                game.position_text(),
                "{name} {seed}"
            );
        }
    }
}

#[test]
fn a_result_given_as_a_tag_wins_over_the_game() {
    let chess = AnyVariant::builtin("chess").unwrap();
    let mut game = AnyGame::new(&chess);
    game.play("e2e4").unwrap();
    let record = game.record(&[("White", "a"), ("Result", "0-1")]);
    assert!(record.contains("[Result \"0-1\"]"), "{record}");
    assert!(record.ends_with("1. e4 0-1\n"), "{record}");
    game.agree_draw().unwrap();
    assert!(game.record(&[]).ends_with("1. e4 1/2-1/2\n"));
    let ffa = AnyVariant::builtin("fourway-ffa").unwrap();
    let game = random_game(&ffa, 1, 8);
    let record = game.record(&[("Result", "0-0-1-0")]);
    assert!(record.contains("[Result \"0-0-1-0\"]"), "{record}");
    assert!(record.trim_end().ends_with(" 0-0-1-0"), "{record}");
}

#[test]
fn uci_move_records_are_read() {
    let text = "[MoveNotation \"UCI\"]\n\n1. e2e4 e7e5 2. g1f3 *\n";
    let games = read(RecordFormat::Pgn, text, None);
    assert_eq!(games[0].game.display_moves(), ["e4", "e5", "Nf3"]);
    let bad = "[MoveNotation \"UCI\"]\n\n1. e2e5 *\n";
    let err = RecordFormat::Pgn
        .read(bad, None)
        .next()
        .unwrap()
        .unwrap_err();
    assert!(
        err.to_string().contains("e2e5 is not a legal move"),
        "{err}"
    );
}

#[test]
fn outcomes_in_words_name_the_winning_team() {
    let teams = AnyVariant::builtin("fourway-teams").unwrap();
    let win = |seat, reason| Outcome::Win {
        winner: Seat(seat),
        reason,
    };
    assert_eq!(
        win(2, WinReason::Timeout).describe(&teams),
        "red and yellow win on time"
    );
    let ffa = AnyVariant::builtin("fourway-ffa").unwrap();
    assert_eq!(
        win(3, WinReason::Checkmate).describe(&ffa),
        "green wins by checkmate"
    );
    assert_eq!(
        Outcome::Draw(DrawReason::Repetition).describe(&ffa),
        "draw by repetition"
    );
}
