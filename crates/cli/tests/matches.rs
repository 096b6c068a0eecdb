//! `tetrarch match` end to end: short deterministic matches in chess and
//! EuroShogi, PGN output read back by `tetrarch replay`, errors, and (when
//! Debian's Stockfish is installed) a match against an external UCI engine.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn tetrarch(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tetrarch"))
        .args(args)
        .output()
        .expect("run tetrarch")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).to_string()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).to_string()
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tetrarch-matches-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A finished match: success, four game lines, a score line and an Elo line.
fn assert_finished(out: &Output, games: usize) -> String {
    let text = stdout(out);
    assert!(out.status.success(), "{text}\n{}", stderr(out));
    assert_eq!(
        text.lines().filter(|l| l.starts_with("game ")).count(),
        games,
        "{text}"
    );
    let score = text
        .lines()
        .find(|l| l.starts_with("score of "))
        .expect("a score line");
    assert!(score.contains(&format!("in {games} games")), "{score}");
    let elo = text
        .lines()
        .find(|l| l.starts_with("elo difference: "))
        .expect("an Elo line");
    assert!(elo.contains("+/-") && elo.contains("interval ["), "{elo}");
    text
}

#[test]
fn chess_match_between_levels_finishes_and_writes_pgn_replay_reads() {
    let pgn = temp("chess.pgn");
    let pgn_arg = pgn.to_str().unwrap();
    let out = tetrarch(&[
        "match", "--engine", "level=2", "--engine", "level=4", "--depth", "2", "--games", "4",
        "--pgn", pgn_arg,
    ]);
    let text = assert_finished(&out, 4);
    assert!(
        text.contains("tetrarch-level2 vs tetrarch-level4"),
        "{text}"
    );
    let written = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(written.matches("[Event \"tetrarch match\"]").count(), 4);
    assert_eq!(written.matches("[Termination ").count(), 4);
    let replay = tetrarch(&["replay", pgn_arg]);
    assert!(replay.status.success(), "{}", stderr(&replay));
    assert!(stdout(&replay).contains("games: 4"), "{}", stdout(&replay));
}

#[test]
fn a_seed_replays_a_match_between_noisy_levels() {
    // Level 1 plays with noise; the same --seed gives the same games, move
    // for move, and another seed other games.
    let games = |seed: &str, name: &str| {
        let pgn = temp(name);
        let out = tetrarch(&[
            "match",
            "--engine",
            "level=1",
            "--engine",
            "level=1",
            "--depth",
            "1",
            "--games",
            "2",
            "--max-plies",
            "40",
            "--seed",
            seed,
            "--pgn",
            pgn.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        let text = std::fs::read_to_string(&pgn).unwrap();
        // The moves, without the date and other headers.
        text.lines()
            .filter(|l| !l.starts_with('['))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let first = games("5", "seed5a.pgn");
    assert_eq!(games("5", "seed5b.pgn"), first);
    assert!(
        ["6", "7", "8"]
            .iter()
            .any(|s| games(s, &format!("seed{s}.pgn")) != first),
        "the seed changes nothing"
    );
}

#[test]
fn euroshogi_match_between_levels_finishes() {
    let pgn = temp("euroshogi.pgn");
    let pgn_arg = pgn.to_str().unwrap();
    let out = tetrarch(&[
        "match",
        "--variant",
        "euroshogi",
        "--engine",
        "level=2",
        "--engine",
        "level=4",
        "--nodes",
        "300",
        "--games",
        "4",
        "--max-plies",
        "160",
        "--pgn",
        pgn_arg,
    ]);
    assert_finished(&out, 4);
    // The record names its variant, which replay follows without --variant.
    let written = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(written.matches("[Variant \"euroshogi\"]").count(), 4);
    let replay = tetrarch(&["replay", pgn_arg]);
    assert!(replay.status.success(), "{}", stderr(&replay));
    assert!(stdout(&replay).contains("games: 4"), "{}", stdout(&replay));
}

#[test]
fn chess960_matches_start_from_numbered_positions_and_replay() {
    let pgn = temp("chess960.pgn");
    let pgn_arg = pgn.to_str().unwrap();
    let out = tetrarch(&[
        "match",
        "--variant",
        "chess960",
        "--engine",
        "level=1",
        "--engine",
        "level=2",
        "--depth",
        "1",
        "--games",
        "2",
        "--max-plies",
        "40",
        "--pgn",
        pgn_arg,
    ]);
    assert_finished(&out, 2);
    let written = std::fs::read_to_string(&pgn).unwrap();
    // Both games of the pair start from one random Fischer position.
    let fens: Vec<&str> = written.lines().filter(|l| l.starts_with("[FEN ")).collect();
    assert_eq!(fens.len(), 2, "{written}");
    assert_eq!(fens[0], fens[1]);
    let replay = tetrarch(&["replay", pgn_arg]);
    assert!(replay.status.success(), "{}", stderr(&replay));
    assert!(stdout(&replay).contains("games: 2"), "{}", stdout(&replay));
}

#[test]
fn sprt_line_reports_bounds_and_a_decision() {
    let out = tetrarch(&[
        "match",
        "--engine",
        "level=1",
        "--engine",
        "level=1",
        "--depth",
        "1",
        "--games",
        "2",
        "--max-plies",
        "20",
        "--sprt",
        "elo0=0,elo1=10",
    ]);
    let text = assert_finished(&out, 2);
    let sprt = text
        .lines()
        .find(|l| l.starts_with("sprt: "))
        .expect("an SPRT line");
    assert!(
        sprt.contains("bounds [-2.94, 2.94]") && sprt.contains("continue"),
        "{sprt}"
    );
}

fn assert_fails(args: &[&str], needle: &str) {
    let out = tetrarch(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    assert!(err.contains(needle), "'{needle}' not in: {err}");
}

#[test]
fn bad_engine_specs_and_missing_binaries_fail_with_one_line() {
    assert_fails(
        &[
            "match", "--engine", "lvl=3", "--engine", "level=2", "--depth", "1",
        ],
        "bad --engine 'lvl=3': unknown key 'lvl'",
    );
    assert_fails(
        &[
            "match", "--engine", "level=9", "--engine", "level=2", "--depth", "1",
        ],
        "level '9' is not 1..8",
    );
    assert_fails(
        &["match", "--engine", "level=2", "--depth", "1"],
        "exactly two --engine",
    );
    assert_fails(
        &[
            "match",
            "--engine",
            "cmd=/nonexistent/engine",
            "--engine",
            "level=2",
            "--depth",
            "1",
        ],
        "cannot start /nonexistent/engine",
    );
}

#[test]
fn an_opening_with_a_bad_fen_names_its_line() {
    let file = temp("openings.epd");
    std::fs::write(
        &file,
        "# two openings\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\nrnbqkbnr/ppzpppp/8 w - - 0 1\n",
    )
    .unwrap();
    let name = file.to_str().unwrap();
    assert_fails(
        &[
            "match",
            "--engine",
            "level=1",
            "--engine",
            "level=2",
            "--depth",
            "1",
            "--openings",
            name,
        ],
        &format!("{name}:3: 'rnbqkbnr/ppzpppp/8 w - - 0 1' is not a position"),
    );
}

#[test]
fn a_match_against_stockfish_when_installed() {
    let sf = Path::new("/usr/games/stockfish");
    if !sf.exists() {
        eprintln!("skipped: {} is not installed", sf.display());
        return;
    }
    let out = tetrarch(&[
        "match",
        "--engine",
        "level=3",
        "--engine",
        "cmd=/usr/games/stockfish,option.Hash=8,name=sf",
        "--nodes",
        "300",
        "--depth",
        "3",
        "--games",
        "2",
        "--max-plies",
        "200",
    ]);
    let text = assert_finished(&out, 2);
    assert!(text.contains("tetrarch-level3 vs sf"), "{text}");
}

#[test]
fn four_player_matches_seat_four_engines_and_write_pgn4() {
    // Teams: partners are the same engine, sides swapped in the second game.
    let pgn = temp("teams.pgn4");
    let pgn_arg = pgn.to_str().unwrap();
    let out = tetrarch(&[
        "match",
        "--variant",
        "fourway-teams",
        "--engine",
        "level=2",
        "--engine",
        "level=3",
        "--nodes",
        "200",
        "--games",
        "2",
        "--max-plies",
        "120",
        "--pgn",
        pgn_arg,
    ]);
    let text = assert_finished(&out, 2);
    assert!(
        text.contains("game 1: red tetrarch-level2, blue tetrarch-level3, yellow tetrarch-level2, green tetrarch-level3: "),
        "{text}"
    );
    assert!(
        text.contains("game 2: red tetrarch-level3, blue tetrarch-level2, "),
        "{text}"
    );
    let written = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(written.matches("[Event \"tetrarch match\"]").count(), 2);
    assert_eq!(written.matches("[Green \"tetrarch-level").count(), 2);
    assert_eq!(written.matches("[Variant \"fourway-teams\"]").count(), 2);
    let replay = tetrarch(&["replay", pgn_arg]);
    assert!(replay.status.success(), "{}", stderr(&replay));
    assert!(stdout(&replay).contains("games: 2"), "{}", stdout(&replay));

    // Free-for-all: one opening in the six seatings of two and two.
    let pgn = temp("ffa.pgn4");
    let pgn_arg = pgn.to_str().unwrap();
    let out = tetrarch(&[
        "match",
        "--variant",
        "fourway-ffa",
        "--engine",
        "level=2",
        "--engine",
        "level=2",
        "--depth",
        "1",
        "--games",
        "5",
        "--max-plies",
        "60",
        "--pgn",
        pgn_arg,
    ]);
    assert_finished(&out, 6);
    let replay = tetrarch(&["replay", pgn_arg]);
    assert!(replay.status.success(), "{}", stderr(&replay));
    assert!(stdout(&replay).contains("games: 6"), "{}", stdout(&replay));
}

#[test]
fn tuned_weights_are_written_read_back_and_played_and_broken_ones_refused() {
    let (weights, samples) = (temp("tuned.toml"), temp("samples.txt"));
    let (w, s) = (weights.to_str().unwrap(), samples.to_str().unwrap());
    let out = tetrarch(&[
        "tune",
        "--games",
        "2",
        "--nodes",
        "200",
        "--max-plies",
        "30",
        "--rounds",
        "1",
        "--only",
        "mobility,values.n",
        "--out",
        w,
        "--samples",
        s,
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("weights written to"),
        "{}",
        stdout(&out)
    );
    let text = std::fs::read_to_string(&weights).unwrap();
    assert!(
        text.starts_with("# chess weights from `tetrarch tune`"),
        "{text}"
    );
    assert!(
        text.contains("mobility = ") && text.contains("[values]"),
        "{text}"
    );
    let kept = std::fs::read_to_string(&samples).unwrap();
    assert!(kept.lines().count() > 10, "{kept}");
    // A second run fits the same samples again, playing no games.
    let again = tetrarch(&[
        "tune",
        "--rounds",
        "1",
        "--out",
        w,
        "--samples",
        s,
        "--games",
        "0",
    ]);
    assert!(again.status.success(), "{}", stderr(&again));
    let out = tetrarch(&[
        "match",
        "--engine",
        &format!("level=8,weights={w}"),
        "--engine",
        "level=8",
        "--depth",
        "2",
        "--games",
        "2",
    ]);
    assert_finished(&out, 2);
    let broken = temp("broken.toml");
    std::fs::write(&broken, "mobilty = 3\n").unwrap();
    let spec = format!("level=8,weights={}", broken.display());
    assert_fails(
        &[
            "match", "--engine", &spec, "--engine", "level=2", "--depth", "1",
        ],
        "weights file is not valid",
    );
    assert_fails(
        &[
            "tune",
            "--variant",
            "fourway-teams",
            "--out",
            w,
            "--games",
            "1",
        ],
        "more than two seats",
    );
}

/// A line-up whose first seat begins its turn with a roll (North Korea):
/// the game rolls it before any engine is asked, the match finishes, and
/// its record (rolls, picks) replays.
#[test]
fn a_match_with_north_korea_first_rolls_its_dice_and_replays() {
    let pgn = temp("north-korea.pgn4");
    let pgn_arg = pgn.to_str().unwrap();
    let out = tetrarch(&[
        "match",
        "--variant",
        "european-ffa",
        "--nations",
        "north-korea,default,north-korea,default",
        "--engine",
        "level=2",
        "--engine",
        "level=3",
        "--nodes",
        "200",
        "--games",
        "6",
        "--max-plies",
        "80",
        "--pgn",
        pgn_arg,
    ]);
    assert_finished(&out, 6);
    let written = std::fs::read_to_string(&pgn).unwrap();
    assert!(written.contains("roll="), "{written}");
    let replay = tetrarch(&["replay", pgn_arg]);
    assert!(replay.status.success(), "{}", stderr(&replay));
    assert!(stdout(&replay).contains("games: 6"), "{}", stdout(&replay));
}

/// Every built-in variant (as `tetrarch variants` lists them, so a new one
/// is covered when it is added) plays a short match between two levels of
/// our engine at a small node budget: the games finish, and their record
/// replays move for move (every move legal; chess family). Results are not
/// asserted.
#[test]
fn a_short_match_of_every_builtin_variant_finishes_legally() {
    let list = tetrarch(&["variants"]);
    assert!(list.status.success(), "{}", stderr(&list));
    let names: Vec<String> = stdout(&list)
        .lines()
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .collect();
    assert!(names.len() >= 20, "{names:?}");
    for name in &names {
        let pgn = temp(&format!("every-{name}.pgn"));
        let pgn_arg = pgn.to_str().unwrap();
        let out = tetrarch(&[
            "match",
            "--variant",
            name,
            "--engine",
            "level=8",
            "--engine",
            "level=3",
            "--nodes",
            "150",
            "--games",
            "2",
            "--max-plies",
            "60",
            "--pgn",
            pgn_arg,
        ]);
        // Two games, or six seatings in a four-player free-for-all.
        let text = stdout(&out);
        let games: usize = text
            .lines()
            .next()
            .and_then(|l| l.strip_suffix(" games"))
            .and_then(|l| l.rsplit(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{name}: no match header\n{text}\n{}", stderr(&out)));
        assert!(games == 2 || games == 6, "{name}: {games} games");
        assert_finished(&out, games);
        assert!(!text.contains("illegal"), "{name}: {text}");
        // `tetrarch replay` reads chess-family records only (PGN, PGN4): a
        // draughts record is not replayable yet. Its moves went through
        // the rules as played (an illegal one ends the game as a fault).
        let about = tetrarch(&["variants", "--variant", name]);
        if stdout(&about)
            .lines()
            .any(|l| l.split_whitespace().eq(["family", "draughts"]))
        {
            continue;
        }
        let replay = tetrarch(&["replay", pgn_arg]);
        assert!(replay.status.success(), "{name}: {}", stderr(&replay));
        assert!(
            stdout(&replay).contains(&format!("games: {games}")),
            "{name}: {}",
            stdout(&replay)
        );
    }
}
