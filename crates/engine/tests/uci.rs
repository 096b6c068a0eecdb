//! UCI transcripts: the loop driven with in-memory input and output.

use crate::common;
use common::{bestmoves, errors, session};

#[test]
fn a_normal_session() {
    let lines = session(
        "uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5\ngo depth 3\nisready\n",
    );
    assert!(lines.iter().any(|l| l.starts_with("id name Tetrarch")));
    let combo = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo"))
        .expect("UCI_Variant");
    for v in ["chess", "chess960", "euroshogi"] {
        assert!(combo.contains(&format!("var {v}")), "{combo}");
    }
    for opt in [
        "Hash",
        "Threads",
        "MultiPV",
        "UCI_Chess960",
        "UCI_LimitStrength",
        "UCI_Elo",
    ] {
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with(&format!("option name {opt} "))),
            "{opt}"
        );
    }
    assert!(lines.contains(&"uciok".to_string()));
    assert!(lines.iter().filter(|l| *l == "readyok").count() == 2);
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3 ")
            && l.contains(" score cp ")
            && l.contains(" pv ")),
        "{lines:?}"
    );
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1, "{lines:?}");
    assert!(errors(&lines).is_empty(), "{lines:?}");
}

#[test]
fn malformed_lines_are_reported_and_the_engine_goes_on() {
    let lines = session(
        "position fen garbage\n\
         go depth x\n\
         frobnicate\n\
         position startpos moves e2e4 e7e4\n\
         setoption name NoSuchOption value 3\n\
         setoption name Hash value lots\n\
         position\n\
         go sideways\n\
         \n\
         go depth 2\n",
    );
    let errs = errors(&lines);
    assert_eq!(errs.len(), 8, "{lines:?}");
    assert!(
        errs[0].contains("FEN") || errs[0].contains("fen"),
        "{}",
        errs[0]
    );
    assert!(errs[2].contains("frobnicate"));
    assert!(errs[3].contains("e7e4"));
    // Every `go` answers, the unreadable parameters skipped (GUIs wait for
    // a bestmove); after the bad `position` the game kept e2e4: Black to
    // move, so the last two best moves are Black's.
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 3, "{lines:?}");
    for m in &best[1..] {
        assert!(m.ends_with('5') || m.ends_with('6'), "{best:?}");
    }
}

#[test]
fn euroshogi_with_drops() {
    // A pawn trade puts a pawn in hand; it is dropped on the file whose own
    // pawn has promoted (a promoted pawn does not block the drop).
    let lines = session(
        "setoption name UCI_Variant value euroshogi\n\
         position startpos moves e3e4 e6e5 e4e5 d6d5 e5e6+ d5d4 P@e5\n\
         d\n\
         go depth 2\n",
    );
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("[P]") || l.contains("b - ")),
        "{lines:?}"
    );
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:?}");
}

#[test]
fn perft_counts() {
    let lines = session("position startpos\ngo perft 3\n");
    assert!(
        lines.contains(&"Nodes searched: 8902".to_string()),
        "{lines:?}"
    );
    let lines =
        session("setoption name UCI_Variant value euroshogi\nposition startpos\ngo perft 3\n");
    assert!(
        lines.contains(&"Nodes searched: 15424".to_string()),
        "{lines:?}"
    );
}

#[test]
fn infinite_search_stops_on_request() {
    let lines = session("position startpos\ngo infinite\nisready\nstop\n");
    assert!(lines.contains(&"readyok".to_string()));
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:?}");
}

#[test]
fn chess960_castling_is_king_takes_rook() {
    // Position 518 is the classical setup; castle short after clearing f1, g1.
    let lines = session(
        "setoption name UCI_Chess960 value true\n\
         position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1 moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1h1\n\
         go depth 2\n",
    );
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert_eq!(bestmoves(&lines).len(), 1);
}

#[test]
fn multipv_and_levels() {
    let lines = session(
        "setoption name MultiPV value 3\nsetoption name Level value 2\nposition startpos\ngo depth 2\n",
    );
    assert!(lines.iter().any(|l| l.contains(" multipv 3 ")), "{lines:?}");
    let lines = session(
        "setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 410\nposition startpos\ngo depth 5\n",
    );
    assert_eq!(bestmoves(&lines).len(), 1);
    assert!(
        !lines.iter().any(|l| l.starts_with("info depth 3 ")),
        "{lines:?}"
    );
}

#[test]
fn mate_is_reported_as_mate() {
    let lines = session("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 3\n");
    assert!(
        lines.iter().any(|l| l.contains(" score mate 1 ")),
        "{lines:?}"
    );
    assert_eq!(bestmoves(&lines), vec!["a1a8"]);
    let lines = session("position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1\ngo depth 3\n");
    assert_eq!(bestmoves(&lines), vec!["(none)"]);
}

#[test]
fn several_threads_search_and_stop() {
    // Lazy SMP: the mate is found with helpers too, and an infinite search
    // with helpers stops on request.
    let lines = session(
        "setoption name Threads value 3\nposition fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 6\n",
    );
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert_eq!(bestmoves(&lines), vec!["a1a8"]);
    let lines = session(
        "setoption name Threads value 2\nposition startpos\ngo infinite\nisready\nstop\ngo depth 4\n",
    );
    assert_eq!(bestmoves(&lines).len(), 2, "{lines:?}");
    let lines = session("setoption name Threads value 0\nsetoption name Threads value many\n");
    assert_eq!(errors(&lines).len(), 2, "{lines:?}");
}

#[test]
fn a_seed_replays_the_level_noise() {
    // Level 1 picks among near-equal moves at random; with a seed, the same
    // game gets the same choices, and ucinewgame restarts the sequence.
    let played = |input: &str| -> Vec<String> {
        bestmoves(&session(input))
            .iter()
            .map(|m| m.to_string())
            .collect()
    };
    let options = "setoption name Level value 1\nsetoption name Seed value 42\n";
    let moves = "position startpos\ngo depth 1\nposition startpos moves e2e4\ngo depth 1\n\
                 position startpos moves e2e4 e7e5\ngo depth 1\n";
    let game = format!("{options}{moves}");
    let first = played(&game);
    assert_eq!(first.len(), 3);
    assert_eq!(played(&game), first);
    let twice = played(&format!("{game}ucinewgame\n{moves}"));
    assert_eq!(twice[..3], first[..]);
    assert_eq!(twice[3..], first[..], "{twice:?}");
    let others: Vec<Vec<String>> = (1..=8)
        .map(|s| played(&game.replace("value 42", &format!("value {s}"))))
        .collect();
    assert!(
        others.iter().any(|o| *o != first),
        "the seed changes nothing"
    );
    assert_eq!(errors(&session("setoption name Seed value -1\n")).len(), 1);
}

#[test]
fn searchmoves_limits_the_root_and_every_go_answers() {
    let lines = session("position startpos\ngo depth 3 searchmoves a2a3 h2h3\n");
    let best = bestmoves(&lines);
    assert!(best == ["a2a3"] || best == ["h2h3"], "{lines:?}");
    // Moves that are not legal are ignored; none legal: every move.
    let lines = session("position startpos\ngo depth 2 searchmoves e2e5 zz\n");
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:?}");
    let lines = session("position startpos\ngo movetime abc depth 2\ngo searchmoves\n");
    assert_eq!(bestmoves(&lines).len(), 2, "{lines:?}");
    assert_eq!(errors(&lines).len(), 1, "{lines:?}");
}

#[test]
fn uci_chess960_castles_with_the_king_taking_its_rook() {
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let castles = |input: &str| -> Vec<String> {
        session(input)
            .into_iter()
            .filter(|l| l.starts_with("e1h1:") || l.starts_with("e1g1:"))
            .collect()
    };
    let fischer = castles(&format!(
        "setoption name UCI_Chess960 value true\nposition fen {fen}\ngo perft 1\n"
    ));
    assert_eq!(fischer, ["e1h1: 1"]);
    assert_eq!(
        castles(&format!("position fen {fen}\ngo perft 1\n")),
        ["e1g1: 1"]
    );
}

#[test]
fn nations_set_a_line_up_whose_powers_the_engine_plays() {
    let lines = session(
        "setoption name UCI_Variant value european-ffa\n\
         setoption name Nations value huns,aztecs,byzantine-empire,incas\n\
         position startpos moves place@e3 transform@a5\n\
         go depth 3\n",
    );
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:?}");
    // Without the line-up the power move is not a move of the position.
    let lines = session(
        "setoption name UCI_Variant value european-ffa\n\
         setoption name Nations value huns,aztecs,byzantine-empire,incas\n\
         setoption name Nations value <empty>\n\
         position startpos moves place@e3\n\
         go depth 1\n",
    );
    assert!(!errors(&lines).is_empty(), "{lines:?}");
    let lines = session(
        "setoption name UCI_Variant value european-ffa\n\
         setoption name Nations value huns,atlantis,default,default\n\
         go depth 1\n",
    );
    assert!(
        errors(&lines)
            .iter()
            .any(|l| l.contains("unknown nation 'atlantis'")),
        "{lines:?}"
    );
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:?}");
}
