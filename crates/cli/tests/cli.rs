//! The `tetrarch` binary as a user runs it: output, exit codes, and
//! one-line errors (never a panic) on bad input.

use std::path::PathBuf;
use std::process::{Command, Output};

fn tetrarch(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tetrarch"))
        .args(args)
        .output()
        .expect("run tetrarch")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Succeeded, with its standard output.
fn ok(args: &[&str]) -> String {
    let o = tetrarch(args);
    assert!(o.status.success(), "{args:?} failed: {}", stderr(&o));
    stdout(&o)
}

/// Failed with exit code 1 and a one-line error, no panic; the error.
fn fails(args: &[&str]) -> String {
    let o = tetrarch(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    err
}

fn data(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../rules/tests/data")
        .join(name);
    p.display().to_string()
}

/// A file in this test's own temporary directory.
fn temp_file(name: &str, text: &str) -> String {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("write temp file");
    path.display().to_string()
}

fn chess_toml() -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../variants/chess.toml");
    std::fs::read_to_string(p).expect("variants/chess.toml")
}

#[test]
fn perft_depth_3_of_the_start_position() {
    let out = ok(&["perft", "--depth", "3"]);
    assert!(out.lines().any(|l| l == "nodes: 8902"), "{out}");
    assert!(out.contains("nodes/s"), "{out}");
}

#[test]
fn perft_from_a_fen() {
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let out = ok(&["perft", "--fen", kiwipete, "--depth", "2"]);
    assert!(out.lines().any(|l| l == "nodes: 2039"), "{out}");
}

#[test]
fn divide_sums_to_the_total() {
    let out = ok(&["perft", "--depth", "3", "--divide"]);
    let mut sum = 0;
    let mut moves = 0;
    let mut total = None;
    for line in out.lines() {
        let Some((key, value)) = line.split_once(": ") else {
            continue;
        };
        if key == "nodes" {
            total = Some(value.parse::<u64>().unwrap());
        } else if key.len() >= 4 && key.as_bytes()[1].is_ascii_digit() {
            sum += value.parse::<u64>().unwrap();
            moves += 1;
        }
    }
    assert_eq!(moves, 20, "{out}");
    assert!(out.contains("e2e4: 600"), "{out}");
    assert_eq!(total, Some(8902), "{out}");
    assert_eq!(sum, 8902, "{out}");
}

#[test]
fn chess960_divide_writes_castling_as_king_takes_rook() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let out = ok(&[
        "perft",
        "--variant",
        "chess960",
        "--fen",
        fen,
        "-d",
        "1",
        "--divide",
    ]);
    assert!(out.contains("e1h1: 1") && out.contains("e1a1: 1"), "{out}");
    let out = ok(&["perft", "--fen", fen, "-d", "1", "--divide"]);
    assert!(out.contains("e1g1: 1") && out.contains("e1c1: 1"), "{out}");
}

#[test]
fn epd_suite_passes() {
    let out = ok(&[
        "perft",
        "--epd",
        &data("chess.epd"),
        "--max-nodes",
        "1000000",
    ]);
    assert_eq!(
        out.lines().filter(|l| l.starts_with("ok ")).count(),
        5,
        "{out}"
    );
    assert!(!out.contains("FAIL"), "{out}");
    assert!(out.contains("0 failed"), "{out}");
}

#[test]
fn epd_suite_with_a_wrong_count_fails() {
    let path = temp_file(
        "wrong.epd",
        "# one good line, one wrong count\n\
         rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n\
         \n\
         8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1 ;D1 14 ;D2 190\n",
    );
    let o = tetrarch(&["perft", "--epd", &path]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("ok    line 2"), "{out}");
    assert!(
        out.contains("FAIL  line 4  D2: expected 190, got 191"),
        "{out}"
    );
    assert!(
        stderr(&o).contains("1 of 2 positions failed"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn epd_unreadable_lines_name_the_line() {
    let path = temp_file(
        "garbled.epd",
        "8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 3\n8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 three\n",
    );
    let err = fails(&["perft", "--epd", &path]);
    assert!(
        err.contains("garbled.epd:2:") && err.contains("D1 three"),
        "{err}"
    );
    let path = temp_file("badfen.epd", "\n8/8/8/8/8/8/8/K1x5 w - - 0 1 ;D1 3\n");
    let err = fails(&["perft", "--epd", &path]);
    assert!(
        err.contains("badfen.epd:2") && err.contains("board field"),
        "{err}"
    );
    let err = fails(&["perft", "--epd", "/no/such/file.epd"]);
    assert!(err.contains("/no/such/file.epd"), "{err}");
}

#[test]
fn bad_fen_names_the_field() {
    let err = fails(&[
        "perft",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "--depth",
        "1",
    ]);
    assert!(err.contains("side to move field"), "{err}");
    let err = fails(&[
        "perft",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
        "-d",
        "1",
    ]);
    assert!(err.contains("en passant field"), "{err}");
    let err = fails(&["perft", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "-d", "1"]);
    assert_eq!(err.matches("royal").count(), 1, "said once: {err}");
    let err = fails(&["perft", "--fen", "hello", "-d", "1"]);
    assert!(err.contains("FEN 'hello'"), "{err}");
}

#[test]
fn unknown_variant_lists_the_known_ones() {
    let err = fails(&["perft", "--variant", "no-such-game", "--depth", "1"]);
    assert!(err.contains("no-such-game"), "{err}");
    assert!(err.contains("chess") && err.contains("chess960"), "{err}");
}

#[test]
fn broken_variant_file_names_the_field() {
    let path = temp_file(
        "broken-variant.toml",
        &chess_toml().replace("betza = \"N\"", "betza = \"Nx\""),
    );
    let err = fails(&["perft", "--variant-file", &path, "--depth", "1"]);
    assert!(err.contains("broken-variant.toml"), "{err}");
    assert!(err.contains("pieces[1].betza"), "{err}");

    let start = chess_toml()
        .lines()
        .find(|l| l.starts_with("start"))
        .unwrap()
        .to_string();
    let path = temp_file(
        "bad-start.toml",
        &chess_toml().replace(&start, "start = \"8/8/8 w - - 0 1\""),
    );
    let err = fails(&["perft", "--variant-file", &path, "--depth", "1"]);
    assert!(
        err.contains("bad-start.toml") && err.contains("'start'"),
        "{err}"
    );
    let err = fails(&["variants", "--variant-file", &path]);
    assert!(err.contains("'start'"), "{err}");
}

#[test]
fn a_good_variant_file_plays() {
    let path = temp_file(
        "my-chess.toml",
        &chess_toml().replace("name = \"chess\"", "name = \"my-chess\""),
    );
    let out = ok(&["perft", "--variant-file", &path, "--depth", "3"]);
    assert!(out.contains("nodes: 8902"), "{out}");
    let out = ok(&["variants", "--variant-file", &path]);
    assert!(out.contains("my-chess") && out.contains("knight"), "{out}");
}

#[test]
fn variants_lists_the_builtins() {
    let out = ok(&["variants"]);
    let names: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(
        names.contains(&"chess") && names.contains(&"chess960"),
        "{out}"
    );
    assert!(out.contains("Fischer"), "{out}");
}

#[test]
fn usage_errors_exit_1_and_help_works() {
    let o = tetrarch(&["perft"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("--depth"));
    let o = tetrarch(&[
        "perft",
        "--depth",
        "2",
        "--variant",
        "chess",
        "--variant-file",
        "x.toml",
    ]);
    assert_eq!(o.status.code(), Some(1));
    for args in [
        &["--help"][..],
        &["perft", "--help"],
        &["bench", "perft", "--help"],
        &["bench", "search", "--help"],
    ] {
        let out = ok(args);
        assert!(out.contains("Usage"), "{out}");
    }
}

#[test]
fn bench_quick_agrees_with_the_reference_crates() {
    let out = ok(&["bench", "perft", "--quick"]);
    for needle in [
        "startpos",
        "kiwipete",
        "4865609",
        "4085603",
        "cozy-chess",
        "shakmaty",
    ] {
        assert!(out.contains(needle), "{needle}: {out}");
    }
}

#[test]
fn bench_search_quick_has_a_speed_for_every_variant() {
    let out = ok(&["bench", "search", "--quick", "--threads", "2"]);
    let variants = ok(&["variants"]);
    for name in variants.lines().filter_map(|l| l.split_whitespace().next()) {
        let row = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(name))
            .unwrap_or_else(|| panic!("no row for {name}: {out}"));
        // variant [#n] depth | nodes time nodes/s | nodes time nodes/s | reference
        let words: Vec<&str> = row.split_whitespace().collect();
        let at = if words[1].starts_with('#') { 2 } else { 1 };
        let depth: u32 = words[at].parse().unwrap_or_else(|_| panic!("{row}"));
        assert!(depth > 0, "{row}");
        for speed in [words[at + 3], words[at + 6]] {
            let speed: f64 = speed.parse().unwrap_or_else(|_| panic!("{row}"));
            assert!(speed > 0.0, "{row}");
        }
    }
    assert!(out.contains("stockfish"), "{out}");
    let err = stderr(&tetrarch(&["bench", "search", "--threads", "1"]));
    assert!(err.contains("--threads"), "{err}");
}

#[test]
fn replay_counts_games_and_moves() {
    let path = temp_file(
        "scholars.pgn",
        "[Event \"t\"]\n[White \"a\"]\n[Black \"b\"]\n[Result \"1-0\"]\n\n\
         1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n\n\
         [Event \"u\"]\n[Result \"*\"]\n\n1. d4 d5 *\n",
    );
    let out = ok(&["replay", &path]);
    assert!(
        out.contains("games: 2") && out.contains("moves: 9"),
        "{out}"
    );
    let path = temp_file(
        "illegal.pgn",
        "[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf8# 1-0\n",
    );
    let err = fails(&["replay", &path]);
    assert!(err.contains("illegal.pgn") && err.contains("Qxf8"), "{err}");
}

#[test]
fn variants_describes_the_shared_lines_then_the_familys() {
    let out = ok(&["variants", "--variant", "chess"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..6],
        [
            "name         chess",
            "description  Chess: castling, en passant, promotion, every draw rule",
            "origin       builtin:chess",
            "board        8 x 8, 64 squares",
            "seats        white, black",
            "start        rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ]
    );
    assert!(
        lines.contains(&"piece        k king       K  (royal)"),
        "{out}"
    );
    assert_eq!(
        lines.last(),
        Some(
            &"rules        check, castling, en passant, stalemate draw, 50-move rule, \
              3-fold repetition, insufficient material"
        )
    );
    let out = ok(&["variants", "--variant", "fourway-teams"]);
    assert!(out.contains("board        14 x 14, 160 squares\n"), "{out}");
}

#[test]
fn bench_perft_quick_measures_every_other_variant() {
    let out = ok(&["bench", "perft", "--quick"]);
    for name in [
        "chess960",
        "euroshogi",
        "fourway-teams",
        "fourway-original",
        "fourway-ffa",
    ] {
        assert!(
            out.lines()
                .any(|l| l.split_whitespace().next() == Some(name)),
            "{name}: {out}"
        );
    }
}

/// Nothing in the CLI's own code (tests and the chess-typed reference
/// perft aside) names a built-in variant, or reaches the typed kernel: any
/// rules family plays through the width-free game.
#[test]
fn the_cli_names_no_variant_and_no_typed_kernel() {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![src.clone()];
    let mut sources = Vec::new();
    while let Some(path) = files.pop() {
        if path.is_dir() {
            files.extend(std::fs::read_dir(&path).unwrap().map(|e| e.unwrap().path()));
        } else if path.file_name().is_some_and(|f| f != "reference.rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap().to_string();
            sources.push((path, code));
        }
    }
    let variants = ok(&["variants"]);
    let names: Vec<&str> = variants
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    for (path, code) in &sources {
        for line in code.lines().filter(|l| !l.trim_start().starts_with("//")) {
            for word in ["WithWidth", "Position<", "Searcher", "HasSliders"] {
                assert!(!line.contains(word), "{}: {line}", path.display());
            }
            for name in &names {
                let quoted = format!("\"{name}\"");
                let default = format!("default_value = {quoted}");
                assert!(
                    !line.contains(&quoted) || line.contains(&default),
                    "{}: {line}",
                    path.display()
                );
            }
        }
    }
}

// ---------------------------------------------------------------- European Chess nations

#[test]
fn variants_lists_the_nations_with_era_and_power() {
    let out = ok(&["variants", "--nations"]);
    let line = out.lines().find(|l| l.starts_with("default")).expect(&out);
    assert!(line.contains("base game") && line.contains("none"), "{out}");
}

#[test]
fn perft_of_a_lineup_of_default_armies_is_the_base_game() {
    for variant in ["european-ffa", "european-teams"] {
        let out = ok(&[
            "perft",
            "--variant",
            variant,
            "--nations",
            "default,default,default,default",
            "--depth",
            "3",
        ]);
        assert!(out.contains("nodes: 1020"), "{out}");
    }
}

#[test]
fn a_lineup_of_nation_files_plays() {
    let rooks = data("nations/rooks.toml");
    let amazon = data("nations/amazon.toml");
    let out = ok(&[
        "perft",
        "--variant",
        "european-ffa",
        "--nations",
        "test-amazon,default,test-rooks,default",
        "--nation-file",
        &rooks,
        "--nation-file",
        &amazon,
        "--depth",
        "2",
    ]);
    assert!(out.contains("nodes: "), "{out}");
}

#[test]
fn bad_lineups_are_one_line_errors() {
    let err = fails(&[
        "perft",
        "--variant",
        "european-ffa",
        "--nations",
        "default,atlantis,default,default",
        "--depth",
        "1",
    ]);
    assert!(
        err.contains("unknown nation 'atlantis'; known: default"),
        "{err}"
    );
    let err = fails(&[
        "perft",
        "--variant",
        "european-ffa",
        "--nations",
        "default",
        "--depth",
        "1",
    ]);
    assert!(err.contains("1 nations for 4 seats"), "{err}");
    let bad = temp_file(
        "power.toml",
        "id = \"mine\"\nname = \"M\"\nera = \"e\"\npower = \"p\"\n[setup]\na1 = \"k\"\n[[powers]]\nid = \"the-sea\"\n",
    );
    let err = fails(&[
        "perft",
        "--variant",
        "european-ffa",
        "--nations",
        "mine,default,default,default",
        "--nation-file",
        &bad,
        "--depth",
        "1",
    ]);
    assert!(
        err.contains("powers[0].id") && err.contains("power 'the-sea' is not implemented"),
        "{err}"
    );
}

#[test]
fn replay_restores_the_lineup_from_the_nations_tag() {
    let record = "[Variant \"european-ffa\"]\n[Nations \"default,default,default,default\"]\n\n1. a2-a3 .. b7-c7 .. g7-g6 .. g2-f2\n";
    let file = temp_file("nations.pgn4", record);
    let out = ok(&["replay", &file]);
    assert!(out.contains("moves: 4"), "{out}");
    let bad = temp_file(
        "atlantis.pgn4",
        &record.replace(
            "default,default,default,default",
            "atlantis,default,default,default",
        ),
    );
    let err = fails(&["replay", &bad]);
    assert!(err.contains("unknown nation 'atlantis'"), "{err}");
    // A line-up of nation files: named on the command line.
    let rooks = data("nations/rooks.toml");
    let own = temp_file(
        "rooks.pgn4",
        &record.replace(
            "default,default,default,default",
            "test-rooks,default,default,default",
        ),
    );
    let out = ok(&[
        "replay",
        "--variant",
        "european-ffa",
        "--nations",
        "test-rooks,default,default,default",
        "--nation-file",
        &rooks,
        &own,
    ]);
    assert!(out.contains("moves: 4"), "{out}");
}
