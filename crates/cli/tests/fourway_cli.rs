//! `tetrarch` on four-player games: `replay` of PGN4 records (chess.com's
//! notation) and `perft` from a FEN4, with one-line errors on bad input.

use std::path::PathBuf;
use std::process::{Command, Output};
use tetrarch_rules::{Position, Variant, Wide, perft};

fn tetrarch(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tetrarch"))
        .args(args)
        .output()
        .expect("run tetrarch")
}

/// Succeeded, with its standard output.
fn ok(args: &[&str]) -> String {
    let o = tetrarch(args);
    assert!(
        o.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Failed with exit code 1 and a one-line error, no panic; the error.
fn fails(args: &[&str]) -> String {
    let o = tetrarch(args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    err
}

/// A copied chess.com record.
fn record(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../rules/tests/data/pgn4")
        .join(name)
        .display()
        .to_string()
}

fn record_text(name: &str) -> String {
    std::fs::read_to_string(record(name)).expect("record")
}

/// A file in this test's own temporary directory.
fn temp_file(name: &str, text: &str) -> String {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("write temp file");
    path.display().to_string()
}

/// The value of `key: value` in the output.
fn field<'a>(out: &'a str, key: &str) -> &'a str {
    out.lines()
        .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix(": ")))
        .unwrap_or_else(|| panic!("no {key} in {out}"))
}

#[test]
fn replay_reads_the_chesscom_records_by_their_extension_and_tag() {
    let out = ok(&["replay", &record("chesscom-teams-2019.pgn4")]);
    assert!(
        out.contains("game 1: fourway-original, 80 moves\n"),
        "{out}"
    );
    assert_eq!(field(&out, "outcome"), "unfinished");
    assert!(field(&out, "final").starts_with("R-0,0,0,0-"), "{out}");
    assert_eq!(field(&out, "games"), "1");
    assert_eq!(field(&out, "moves"), "80");
    let out = ok(&["replay", &record("queencheck.pgn4")]);
    assert_eq!(
        field(&out, "final"),
        "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-1-{'enPassant':('j3:j4','','f12:f11','')}-\
         x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,3,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/\
         bR,bP,1,yP,yP,yP,6,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bK,bP,10,gP,1/\
         bQ,bP,8,gP,2,gK/bB,bP,10,gP,gB/bN,bP,9,gQ,gP,gN/bR,7,rP,rP,2,gP,gR/\
         x,x,x,8,x,x,x/x,x,x,rP,1,bP,rP,rP,2,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x"
    );
    // Another extension: the [Variant "Teams"] tag says it is PGN4.
    let path = temp_file("teams.pgn", &record_text("chesscom-teams-2019.pgn4"));
    let out = ok(&["replay", &path]);
    assert!(
        out.contains("game 1: fourway-original, 80 moves\n"),
        "{out}"
    );
}

#[test]
fn replay_plays_the_variant_chosen_or_tagged() {
    for v in ["fourway-teams", "fourway-original", "fourway-ffa"] {
        let out = ok(&[
            "replay",
            "--variant",
            v,
            &record("chesscom-teams-2019.pgn4"),
        ]);
        assert!(out.contains(&format!("game 1: {v}, 80 moves\n")), "{out}");
    }
    // Several games, each as its tag says; a resignation is reported.
    let text = "[Variant \"FFA\"]\n\n1. h2-h4 .. b7-c7 .. h13-h12 .. m8-k8 *\n\n\
                [Variant \"fourway-teams\"]\n\n1. h2-h3 .. R 0-1\n\n\
                [Variant \"Teams\"]\n\n1. Nj1-i3 .. Na10-c11 .. Nj14-i12 .. Nn10-l11\n\
                2. Ni3-j1 .. Nc11-a10 .. Ni12-j14 .. Nl11-n10\n\
                3. Nj1-i3 .. Na10-c11 .. Nj14-i12 .. Nn10-l11\n\
                4. Ni3-j1 .. Nc11-a10 .. Ni12-j14 .. Nl11-n10\n";
    let out = ok(&["replay", &temp_file("three.pgn4", text)]);
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(
        games,
        [
            "game 1: fourway-ffa, 4 moves",
            "game 2: fourway-teams, 1 moves",
            "game 3: fourway-original, 16 moves"
        ],
        "{out}"
    );
    let outcomes: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("outcome: "))
        .collect();
    assert_eq!(
        outcomes,
        [
            "unfinished",
            "unfinished; blue resigned",
            "draw by repetition"
        ],
        "{out}"
    );
    assert!(out.contains("games: 3\nmoves: 21\n"), "{out}");
}

#[test]
fn replay_errors_name_the_game_round_seat_and_move() {
    let bad = record_text("chesscom-teams-2019.pgn4").replace("Qk5-g9", "Qk5-g10");
    let err = fails(&["replay", &temp_file("bad.pgn4", &bad)]);
    assert!(
        err.contains(
            "bad.pgn4: game 1 (fourway-original): round 5, Red: 'Qk5-g10': not a legal move in R-"
        ),
        "{err}"
    );
    let err = fails(&[
        "replay",
        &temp_file(
            "wrong-seat.pgn4",
            "[Variant \"Teams\"]\n1. h2-h3 .. h13-h12\n",
        ),
    ]);
    assert!(
        err.contains("round 1, Blue: 'h13-h12': move for the wrong seat: it is Blue's turn"),
        "{err}"
    );
    let err = fails(&[
        "replay",
        &temp_file("corner.pgn4", "[Variant \"FFA\"]\n1. h2-h3 .. b4-b3\n"),
    ]);
    assert!(
        err.contains("round 1, Blue: 'b4-b3': b3 is a cut corner of the board"),
        "{err}"
    );
    let err = fails(&[
        "replay",
        &temp_file(
            "comment.pgn4",
            "[Variant \"Teams\"]\n1. h2-h3 {never\nclosed\n",
        ),
    ]);
    assert!(
        err.contains("comment.pgn4: game 1, line 2: comment opened on line 2 is never closed"),
        "{err}"
    );
}

#[test]
fn replay_needs_a_four_player_variant_for_pgn4() {
    let untagged = temp_file("untagged.pgn4", "1. h2-h3 .. b7-c7\n");
    let err = fails(&["replay", &untagged]);
    assert!(
        err.contains("no [Variant] tag; choose one with --variant"),
        "{err}"
    );
    let out = ok(&["replay", "--variant", "fourway-ffa", &untagged]);
    assert!(out.contains("game 1: fourway-ffa, 2 moves"), "{out}");
    let odd = temp_file("odd.pgn4", "[Variant \"Crazyhouse\"]\n1. h2-h3\n");
    let err = fails(&["replay", &odd]);
    assert!(
        err.contains("[Variant \"Crazyhouse\"] is not a four-player variant"),
        "{err}"
    );
    let err = fails(&["replay", "--variant", "chess", &record("queencheck.pgn4")]);
    assert!(
        err.contains("four-player games; chess has 2 seats"),
        "{err}"
    );
    // Plain PGN still replays as chess.
    let pgn = temp_file("plain.pgn", "[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n");
    let out = ok(&["replay", &pgn]);
    assert!(out.contains("games: 1\nmoves: 3\n"), "{out}");
}

/// chess.com's start names stand for their FEN4 on the command line:
/// `4PC` under check rules gives the counts of independent engines, and
/// `4PCo` is the seed's start.
#[test]
fn perft_from_a_named_start() {
    let out = ok(&[
        "perft",
        "--variant",
        "fourway-original",
        "--fen",
        "4PC",
        "-d",
        "2",
    ]);
    assert_eq!(field(&out, "nodes"), "395");
    let out = ok(&[
        "perft",
        "--variant",
        "fourway-teams",
        "--fen",
        "4PCo",
        "-d",
        "2",
    ]);
    assert_eq!(field(&out, "nodes"), "399");
}

#[test]
fn perft_counts_from_a_fen4() {
    // The final position of queencheck.pgn4, in chess.com's old style
    // (cut corners counted as empty squares), and in the x style.
    let old = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-12-3,yR,yN,yB,yK,yQ,yB,yN,yR,3/6,yP,yP,yP,yP,yP,3/14/bR,bP,1,yP,yP,yP,6,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bK,bP,10,gP,1/bQ,bP,8,gP,2,gK/bB,bP,10,gP,gB/bN,bP,9,gQ,gP,gN/bR,7,rP,rP,2,gP,gR/14/3,rP,1,bP,rP,rP,2,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3";
    let x_style = "B-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-{'enPassant':('h3:h4','','','')}-x,x,x,yR,yN,yB,yK,yQ,yB,yN,yR,x,x,x/x,x,x,yP,yP,yP,yP,yP,yP,yP,yP,x,x,x/x,x,x,8,x,x,x/bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bK,bP,10,gP,gQ/bQ,bP,10,gP,gK/bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,5,rP,4,gP,gR/x,x,x,8,x,x,x/x,x,x,rP,rP,rP,rP,1,rP,rP,rP,x,x,x/x,x,x,rR,rN,rB,rQ,rK,rB,rN,rR,x,x,x";
    for variant in ["fourway-teams", "fourway-original", "fourway-ffa"] {
        let v = Variant::builtin(variant).unwrap();
        for fen4 in [old, x_style] {
            let pos = Position::<Wide>::from_fen(&v, fen4).unwrap();
            let want = perft(&pos, 2);
            let out = ok(&["perft", "--variant", variant, "--fen", fen4, "-d", "2"]);
            assert_eq!(field(&out, "nodes"), want.to_string(), "{variant} {fen4}");
            // Divide lists the first moves; their counts add up.
            let out = ok(&[
                "perft",
                "--variant",
                variant,
                "--fen",
                fen4,
                "-d",
                "2",
                "--divide",
            ]);
            let sum: u64 = out
                .lines()
                .take_while(|l| !l.is_empty())
                .map(|l| {
                    l.split_once(": ")
                        .expect("move: count")
                        .1
                        .parse::<u64>()
                        .unwrap()
                })
                .sum();
            assert_eq!(sum, want, "{variant} divide: {out}");
        }
    }
    // The old style's Red is in check from Green's queen: under the
    // Original rules only the moves that answer it count.
    let v = Variant::builtin("fourway-original").unwrap();
    let pos = Position::<Wide>::from_fen(&v, old).unwrap();
    assert!(pos.in_check());
    let err = fails(&[
        "perft",
        "--variant",
        "fourway-teams",
        "--fen",
        "R-0,0,0,0",
        "-d",
        "1",
    ]);
    assert!(err.contains("FEN4 has 6"), "{err}");
}
