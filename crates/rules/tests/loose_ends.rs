//! Faults found by trying the kernel as a new user would and by a mutation
//! fuzzer (issue 10): each test here failed (a panic, a hang, a wrong
//! answer) before its fix.

use tetrarch_rules::notation::pgn::{PgnReader, read_all};
use tetrarch_rules::notation::pgn4;
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::variant::{VariantError, builtin};
use tetrarch_rules::{Bitboard, Position, Variant, Wide};

fn chess_text() -> String {
    builtin("chess").unwrap().to_string()
}

fn field_of(text: &str) -> String {
    match Variant::from_toml(text, "fuzzed.toml") {
        Err(VariantError::Field { field, .. }) => field,
        other => panic!("expected a field error, got {other:?}"),
    }
}

fn play_uci<B: tetrarch_rules::HasSliders>(pos: &Position<B>, uci: &str) -> Position<B> {
    let m = uci.parse::<UciMove>().unwrap().to_move(pos).unwrap();
    pos.play(m).unwrap()
}

#[test]
fn the_half_move_clock_saturates_in_two_player_games_as_in_four() {
    let chess = Variant::builtin("chess").unwrap();
    let pos = Position::<u64>::from_fen(&chess, "4k3/8/8/8/8/8/8/4K2R w K - 65535 1").unwrap();
    let after = play_uci(&pos, "e1d1");
    assert_eq!(after.halfmoves(), 65535);
    assert!(after.to_fen().ends_with(" 65535 1"));
}

#[test]
fn hand_counts_too_large_for_any_integer_are_refused() {
    let shogi = Variant::builtin("euroshogi").unwrap();
    let fen = |hand: &str| {
        format!("1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1[{hand}] w - - 0 1")
    };
    for hand in [
        "9999999999p",
        "99999999999999999999999p",
        "4294967296P",
        "32p",
    ] {
        let e = Position::<u64>::from_fen(&shogi, &fen(hand)).unwrap_err();
        assert!(e.to_string().contains("hand"), "{hand}: {e}");
    }
    // Two white pawns taken by black: a count that fits, and a position
    // whose pawns add up to the start's sixteen.
    let two = "1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPP2/1B4R1/1NGKGBN1[2p] w - - 0 1";
    let pos = Position::<u64>::from_fen(&shogi, two).unwrap();
    assert_eq!(pos.to_fen(), two.replace("[2p]", "[pp]"));
}

#[test]
fn start_strings_with_many_letters_are_counted_before_they_are_checked() {
    let shogi = builtin("euroshogi").unwrap();
    let pawns = "p".repeat(300);
    let text = shogi.replace("1NGKGBN1[]", &format!("1NGKGBN1[{pawns}]"));
    assert_ne!(text, shogi);
    assert_eq!(field_of(&text), "start");
}

#[test]
fn the_same_definition_read_twice_gives_equal_positions_and_hashes() {
    use std::hash::{BuildHasher, RandomState};
    let text = chess_text();
    let a = Variant::from_toml(&text, "one/chess.toml").unwrap();
    let b = Variant::from_toml(&text, "two/chess.toml").unwrap();
    let (pa, pb) = (Position::<u64>::start(&a), Position::<u64>::start(&b));
    assert_eq!(pa, pb);
    let hasher = RandomState::new();
    assert_eq!(hasher.hash_one(&pa), hasher.hash_one(&pb));
    // Another game on the same board is not the same position.
    let other =
        Variant::from_toml(&text.replace("fifty_move = 50", "fifty_move = 75"), "x").unwrap();
    assert_ne!(pa, Position::<u64>::start(&other));
}

#[test]
fn corners_too_large_for_the_board_are_refused() {
    let text = chess_text().replace("height = 8", "height = 8\ncorners = 200");
    assert_eq!(field_of(&text), "board.corners");
    let text = chess_text().replace("height = 8", "height = 8\ncorners = 4");
    assert_eq!(field_of(&text), "board.corners");
}

/// A chess army facing east and west on a board 8 files wide and 10 high.
fn sideways(promotion_ranks: u8) -> String {
    let text = chess_text();
    let text = &text[..text.find("[rules.castling]").unwrap()];
    text.replace("height = 8", "height = 10")
        .replace("\"north\"", "\"east\"")
        .replace("\"south\"", "\"west\"")
        .replace(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "RP4pr/NP4pn/BP4pb/QP4pq/KP4pk/BP4pb/NP4pn/RP4pr/8/8 w - - 0 1",
        )
        .replace(
            "promotion_ranks = 1",
            &format!("promotion_ranks = {promotion_ranks}"),
        )
}

#[test]
fn promotion_ranks_deeper_than_a_seat_advances_are_refused() {
    // Ten ranks high, but seats facing east cross only eight files.
    assert_eq!(field_of(&sideways(9)), "rules.promotion_ranks");
    let v = Variant::from_toml(&sideways(2), "sideways.toml").unwrap();
    assert!(tetrarch_rules::perft(&Position::<u128>::start(&v), 2) > 0);
}

fn fourway_with_steps(n: u8) -> String {
    builtin("fourway-teams")
        .unwrap()
        .replace("king_steps = 2", &format!("king_steps = {n}"))
}

#[test]
fn castling_steps_that_leave_the_first_rank_are_refused() {
    assert_eq!(
        field_of(&fourway_with_steps(7)),
        "rules.castling.king_steps"
    );
    let holed = chess_text().replace("height = 8", "height = 8\nholes = [\"g1\"]");
    assert_eq!(field_of(&holed), "rules.castling.king_files");
}

/// Castling that the checker accepts but where the king would reach or
/// pass its rook on one wing: that wing never castles, and castling never
/// puts a piece off the board or on a hole.
#[test]
fn castling_never_lands_off_the_board_or_past_the_rook() {
    for (steps, castles) in [(2, 2), (3, 1), (4, 0)] {
        let v = Variant::from_toml(&fourway_with_steps(steps), "steps.toml").unwrap();
        // Red's first rank with nothing between king and rooks.
        let fen = v
            .start_fen
            .replace("rR,rN,rB,rQ,rK,rB,rN,rR", "rR,3,rK,2,rR");
        assert_ne!(fen, v.start_fen);
        let pos = Position::<Wide>::from_fen(&v, &fen).unwrap();
        let playable = pos.rules().attacks().playable();
        let moves: Vec<_> = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|m| m.kind() == tetrarch_rules::MoveKind::Castle)
            .collect();
        assert_eq!(moves.len(), castles, "king_steps = {steps}");
        for m in moves {
            let after = pos.play(m).unwrap();
            assert!((after.occupied() & !playable).is_empty(), "{steps}");
            let back = Position::<Wide>::from_fen(&v, &after.to_fen()).unwrap();
            assert_eq!(back, after, "{}", after.to_fen());
        }
    }
}

#[test]
fn seat_names_must_start_with_distinct_letters() {
    let text = chess_text().replace("name = \"black\"", "name = \"wine\"");
    assert_eq!(field_of(&text), "seats[1].name");
    let text = chess_text().replace("name = \"black\"", "name = \"9\"");
    assert_eq!(field_of(&text), "seats[1].name");
}

#[test]
fn draw_rule_counts_that_end_the_game_at_once_are_refused() {
    assert_eq!(
        field_of(&chess_text().replace("fifty_move = 50", "fifty_move = 0")),
        "rules.fifty_move"
    );
    assert_eq!(
        field_of(&chess_text().replace("fifty_move = 50", "fifty_move = 40000")),
        "rules.fifty_move"
    );
    assert_eq!(
        field_of(&chess_text().replace("repetition = 3", "repetition = 1")),
        "rules.repetition"
    );
}

#[test]
fn regicide_with_seats_removed_by_mate_is_refused() {
    let text = builtin("fourway-teams").unwrap().replace(
        "regicide = true",
        "regicide = true\ncheckmate = \"removes\"",
    );
    assert_eq!(field_of(&text), "rules.checkmate");
}

#[test]
fn limited_rides_reach_the_last_cell_of_a_sixteen_by_sixteen_board() {
    let text = chess_text()
        .replace("width = 8", "width = 16")
        .replace("height = 8", "height = 16")
        .replace(
            "[[pieces]]\nname = \"knight\"",
            "[[pieces]]\nname = \"short rook\"\nletter = \"s\"\nbetza = \"R2\"\n\n[[pieces]]\nname = \"knight\"",
        )
        .replace(
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "k15/16/15S/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1",
        );
    let v = Variant::from_toml(&text, "big.toml").unwrap_or_else(|e| panic!("{e}"));
    let pos = Position::<Wide>::start(&v);
    let p16 = v.geometry.cell("p16".parse().unwrap()).unwrap();
    assert_eq!(p16, 255);
    let targets: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from() != v.geometry.cell("a1".parse().unwrap()).unwrap())
        .map(|&m| UciMove::from_move(&pos, m).to_string())
        .collect();
    assert!(targets.contains(&"p14p16".to_string()), "{targets:?}");
    assert_eq!(targets.len(), 2 + 2 + 2, "{targets:?}");
    // And a piece on p16 is seen by the short rook's step back from it.
    let black = tetrarch_rules::Seat(1);
    let after = Position::<Wide>::from_fen(
        &v,
        "15k/16/15S/16/16/16/16/16/16/16/16/16/16/16/16/K15 b - - 0 1",
    )
    .unwrap();
    assert!(after.attacked_by_enemies(p16, black, after.occupied()));
    assert!(after.in_check());
}

#[test]
fn unclosed_comments_are_read_in_linear_time() {
    let unit = "[Event \"x\"]\n{\n";
    let text = unit.repeat((1 << 20) / unit.len());
    let start = std::time::Instant::now();
    let games = PgnReader::new(&text).count();
    let took = start.elapsed();
    assert_eq!(games, (1 << 20) / unit.len());
    assert!(took.as_millis() < 1000, "1 MB in {took:?}");
}

#[test]
fn pgn_tokens_that_would_not_read_back_are_not_written_as_they_are() {
    // A Result tag that is no result: the movetext gets `*`.
    let g = read_all("[Result \"1-0;\"]\n\n1. e4 e5\n")
        .unwrap()
        .remove(0);
    let back = read_all(&g.to_string()).unwrap().remove(0);
    assert_eq!(back.moves, g.moves);
    assert_eq!(back.result(), Some("*"));
    assert!(g.to_pgn().is_err());
    // An annotated result is the result, not a move.
    let g = read_all("1. e4 e5 1-0?\n").unwrap().remove(0);
    assert_eq!(g.moves, ["e4", "e5"]);
    assert_eq!(g.result.as_deref(), Some("1-0"));
    // PGN4: `.1-0` after a move is the result.
    let g = pgn4::read_all("1. h2-h3 .1-0\n").unwrap().remove(0);
    assert_eq!(g.entries.len(), 1);
    assert_eq!(g.result.as_deref(), Some("1-0"));
    let again = pgn4::read_all(&g.to_string()).unwrap().remove(0);
    assert_eq!(again, g);
}

#[test]
fn extended_builtins_are_the_games_their_full_files_were() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/full-variants");
    for name in ["chess960", "fourway-ffa", "fourway-original"] {
        assert!(builtin(name).unwrap().contains("extends = "), "{name}");
        let full = Variant::from_file(&std::path::Path::new(data).join(format!("{name}.toml")))
            .unwrap_or_else(|e| panic!("{e}"));
        let extended = Variant::builtin(name).unwrap();
        assert!(extended.same_game(&full), "{name}");
    }
}

#[test]
fn variant_files_extend_builtins_and_files_beside_them() {
    let dir = std::env::temp_dir().join(format!("tetrarch-extends-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let base = dir.join("base.toml");
    std::fs::write(
        &base,
        "extends = \"chess\"\nname = \"nofifty\"\n[rules]\nfifty_move = 75\n",
    )
    .unwrap();
    let top = dir.join("top.toml");
    std::fs::write(
        &top,
        "extends = \"base.toml\"\nname = \"top\"\n[board]\nwidth = 8\nheight = 8\n",
    )
    .unwrap();
    let v = Variant::from_file(&top).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((v.name.as_str(), v.rules.fifty_move), ("top", Some(75)));
    assert!(v.rules.castling.is_some() && v.pieces.len() == 6);
    // A loop stops, a missing name and an unknown base are named.
    std::fs::write(&base, "extends = \"top.toml\"\nname = \"base\"\n").unwrap();
    let e = Variant::from_file(&top).unwrap_err();
    assert!(e.to_string().contains("extends"), "{e}");
    assert_eq!(
        field_of("extends = \"chess\"\n[rules]\nfifty_move = 75\n"),
        "name"
    );
    assert_eq!(
        field_of("extends = \"checkers-of-mars\"\nname = \"x\"\n"),
        "extends"
    );
    assert_eq!(field_of("extends = 3\nname = \"x\"\n"), "extends");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pawns_that_step_sideways_may_double_up_on_a_file_but_not_be_dropped_there() {
    // The mutation fuzzer's file: EuroShogi with pawns that also step
    // sideways (`AW`). Moving a pawn beside another made a position whose
    // FEN was refused as impossible.
    let text = builtin("euroshogi")
        .unwrap()
        .replace("betza = \"fW\"", "betza = \"AW\"");
    assert!(text.contains("\"AW\""));
    let v = Variant::from_toml(&text, "sideways.toml").unwrap();
    let pos = Position::<u64>::from_fen(
        &v,
        "1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1[] w - - 0 1",
    )
    .unwrap();
    let after = play_uci(&pos, "a3c5");
    let fen = after.to_fen();
    assert!(fen.contains("/2P5/8/1PPPPPPP/"), "{fen}");
    assert_eq!(Position::<u64>::from_fen(&v, &fen).unwrap(), after);
    // With a pawn in hand, the drop rule still bars every file that has
    // a white pawn: only a and h are free.
    let held = Position::<u64>::from_fen(
        &v,
        "1nbgkgn1/1r4b1/pppppppp/2P5/8/1PPPPPP1/1B4R1/1NGKGBN1[P] w - - 0 1",
    )
    .unwrap();
    let drops: Vec<String> = held
        .legal_moves()
        .iter()
        .map(|&m| UciMove::from_move(&held, m).to_string())
        .filter(|m| m.starts_with("P@"))
        .collect();
    assert!(!drops.is_empty());
    assert!(
        drops
            .iter()
            .all(|m| m.starts_with("P@a") || m.starts_with("P@h")),
        "{drops:?}"
    );
    // Shogi's own pawns keep their file, so two on one still cannot be.
    let shogi = Variant::builtin("euroshogi").unwrap();
    assert!(Position::<u64>::from_fen(&shogi, &fen).is_err());
}

struct Cells;

impl tetrarch_rules::variant::WithWidth for Cells {
    type Output = usize;
    fn run<B: tetrarch_rules::HasSliders>(self, _: &Variant) -> usize {
        B::CELLS
    }
}

#[test]
fn a_board_without_magics_in_the_budget_plays_on_a_wider_bitboard() {
    // 8 x 7 fits a u64, but the bounded magic search finds no magics for
    // it: the variant runs on u128 with ray scans, and asking for u64
    // is a typed error, not a search for ever or a panic.
    let text = chess_text().replace("height = 8", "height = 7").replace(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
        "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w",
    );
    let v = Variant::from_toml(&text, "short.toml").unwrap();
    assert_eq!(v.geometry.cells(), 56);
    assert_eq!(v.with_width(Cells), 128);
    let e = Position::<u64>::from_fen(&v, &v.start_fen).unwrap_err();
    assert!(e.to_string().contains("does not serve the board"), "{e}");
    let narrow = tetrarch_rules::perft(&Position::<u128>::start(&v), 3);
    let wide = tetrarch_rules::perft(&Position::<Wide>::start(&v), 3);
    assert_eq!(narrow, wide);
    // White's first moves: 16 pawn moves (double steps from the second
    // rank) and 4 knight moves, as in chess.
    assert_eq!(tetrarch_rules::perft(&Position::<u128>::start(&v), 1), 20);
    // The standard board keeps u64.
    assert_eq!(Variant::builtin("chess").unwrap().with_width(Cells), 64);
}
