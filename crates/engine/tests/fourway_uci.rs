//! UCI transcripts of the four-player extension (docs/protocol.md):
//! `UCI_Variant`, `position startpos|fen4 ... moves ...`, `go` for the seat
//! to move, `FFA_Search`, per-seat clocks, and malformed lines.

use crate::common;
use common::{bestmoves, errors, fen4, session};
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{Position, Variant, Wide};

/// The position after `moves` from `fen` (the start when `None`).
fn after(variant: &str, fen: Option<&str>, moves: &[&str]) -> Position<Wide> {
    let v = Variant::builtin(variant).unwrap();
    let mut p = match fen {
        Some(f) => Position::<Wide>::from_fen(&v, f).unwrap(),
        None => Position::<Wide>::start(&v),
    };
    for m in moves {
        let mv = m.parse::<UciMove>().unwrap().to_move(&p).unwrap();
        p.play_unchecked(mv);
    }
    p
}

fn assert_legal(p: &Position<Wide>, m: &str) {
    let mv = m
        .parse::<UciMove>()
        .unwrap_or_else(|e| panic!("{m}: {e}"))
        .to_move(p)
        .unwrap_or_else(|e| panic!("{m} in {}: {e}", p.to_fen()));
    assert!(p.legal_moves().contains(&mv), "{m} in {}", p.to_fen());
}

#[test]
fn options_list_the_four_player_variants_and_ffa_search() {
    let lines = session("uci\n");
    let combo = lines
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess"))
        .expect("UCI_Variant");
    for v in ["chess", "fourway-teams", "fourway-original", "fourway-ffa"] {
        assert!(combo.contains(&format!(" var {v}")), "{combo}");
    }
    assert!(
        lines.iter().any(
            |l| l.starts_with("option name FFA_Search type combo default ")
                && l.contains(" var Paranoid")
                && l.contains(" var BestReply")
        ),
        "{lines:?}"
    );
}

#[test]
fn every_variant_plays_from_startpos_with_moves() {
    for v in ["fourway-teams", "fourway-original", "fourway-ffa"] {
        // Red, Blue, Yellow, Green: Red is to move again.
        let moves = ["h2h4", "b7c7", "g13g11", "m8l8", "e1f3"];
        let lines = session(&format!(
            "setoption name UCI_Variant value {v}\nisready\nposition startpos moves {}\ngo depth 3\n",
            moves.join(" ")
        ));
        assert!(errors(&lines).is_empty(), "{v}: {lines:?}");
        assert!(lines.contains(&"readyok".to_string()));
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("info depth 3 ") && l.contains(" score cp ")),
            "{v}: {lines:?}"
        );
        let best = bestmoves(&lines);
        assert_eq!(best.len(), 1, "{v}: {lines:?}");
        // Blue moves after Red's e1f3.
        let p = after(v, None, &moves);
        assert_eq!(p.turn().0, 1);
        assert_legal(&p, best[0]);
    }
}

#[test]
fn fen4_positions_mates_and_passes() {
    // Original rules, Blue out, Red and Yellow move as one: mate in one.
    let mate = fen4(
        'R',
        &[
            ("h1", "rK"),
            ("h4", "rR"),
            ("g14", "yK"),
            ("n7", "gK"),
            ("m6", "gP"),
            ("m7", "gP"),
            ("m8", "gP"),
        ],
    );
    let lines = session(&format!(
        "setoption name UCI_Variant value fourway-original\nposition fen4 {mate}\ngo depth 3\n"
    ));
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert!(
        lines.iter().any(|l| l.contains(" score mate 1 ")),
        "{lines:?}"
    );
    assert_eq!(bestmoves(&lines), vec!["h4n4"]);
    // After the mate the game is over: no move.
    let lines = session(&format!(
        "setoption name UCI_Variant value fourway-original\nposition fen4 {mate} moves h4n4\ngo depth 2\n"
    ));
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert_eq!(bestmoves(&lines), vec!["(none)"]);

    // Regicide free-for-all, both strategies: Red takes Blue's king.
    let ffa = fen4(
        'R',
        &[
            ("h1", "rK"),
            ("e3", "rR"),
            ("e8", "bK"),
            ("k3", "bQ"),
            ("g14", "yK"),
            ("n7", "gK"),
        ],
    );
    for strategy in ["Paranoid", "BestReply"] {
        let lines = session(&format!(
            "setoption name UCI_Variant value fourway-ffa\nsetoption name FFA_Search value {strategy}\nposition fen4 {ffa}\ngo depth 3\n"
        ));
        assert!(errors(&lines).is_empty(), "{lines:?}");
        assert_eq!(bestmoves(&lines), vec!["e3e8"], "{strategy}");
    }

    // Teams: Blue's army is frozen (no king) and cannot capture: it passes
    // with 0000, then Yellow is to move.
    let frozen = fen4(
        'B',
        &[
            ("h1", "rK"),
            ("d2", "rP"),
            ("b5", "bP"),
            ("g14", "yK"),
            ("n7", "gK"),
        ],
    );
    let lines = session(&format!(
        "setoption name UCI_Variant value fourway-teams\nposition fen4 {frozen} moves 0000\ngo nodes 2000\n"
    ));
    assert!(errors(&lines).is_empty(), "{lines:?}");
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1);
    let p = after("fourway-teams", Some(&frozen), &["0000"]);
    assert_eq!(p.turn().0, 2);
    assert_legal(&p, best[0]);
}

#[test]
fn per_seat_clocks_and_perft() {
    let lines = session(
        "setoption name UCI_Variant value fourway-teams\nposition startpos moves h2h4\n\
         go rtime 1000 btime 600 ytime 1000 gtime 1000 rinc 10 binc 10 yinc 10 ginc 10\n",
    );
    assert!(errors(&lines).is_empty(), "{lines:?}");
    assert_eq!(bestmoves(&lines).len(), 1);
    let lines =
        session("setoption name UCI_Variant value fourway-ffa\nposition startpos\ngo perft 2\n");
    let p = after("fourway-ffa", None, &[]);
    let n = tetrarch_rules::perft(&p, 2);
    assert!(
        lines.contains(&format!("Nodes searched: {n}")),
        "{n}: {lines:?}"
    );
}

/// chess.com's start names in `position fen4`, and its Teams variant by
/// `UCI_Variant`: from `4PC` under check rules, perft 2 is 395.
#[test]
fn named_starts_and_chesscom_teams() {
    for (variant, position) in [
        ("fourway-original", "fen4 4PC"),
        ("fourway-chesscom-teams", "startpos"),
        ("fourway-chesscom-teams", "fen4 4PC"),
    ] {
        let lines = session(&format!(
            "setoption name UCI_Variant value {variant}\nposition {position}\ngo perft 2\n"
        ));
        assert!(errors(&lines).is_empty(), "{lines:?}");
        assert!(
            lines.contains(&"Nodes searched: 395".to_string()),
            "{variant} {position}: {lines:?}"
        );
    }
    let lines = session(
        "setoption name UCI_Variant value fourway-chesscom-teams\nposition startpos moves f2f3\ngo depth 2\n",
    );
    let p = after("fourway-chesscom-teams", None, &["f2f3"]);
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1, "{lines:?}");
    assert_legal(&p, best[0]);
}

#[test]
fn malformed_four_player_lines_are_reported_and_the_engine_goes_on() {
    let lines = session(
        "setoption name UCI_Variant value fourway-teams\n\
         position startpos moves h2h4\n\
         position fen4 garbage\n\
         position fen4\n\
         position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
         position startpos moves h2h4 h2h3\n\
         setoption name FFA_Search value Sideways\n\
         setoption name UCI_Variant value fourway-nowhere\n\
         go rtime soon\n\
         go depth\n\
         go depth 2\n",
    );
    let errs = errors(&lines);
    assert_eq!(errs.len(), 8, "{lines:?}");
    assert!(errs[3].contains("h2h3"), "{}", errs[3]);
    assert!(errs[4].contains("Sideways"), "{}", errs[4]);
    assert!(errs[5].contains("fourway-nowhere"), "{}", errs[5]);
    // Every `go` answers (the unreadable parameters skipped), from the last
    // good position: h2h4 kept, Blue to move.
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 3, "{lines:?}");
    for m in best {
        assert_legal(&after("fourway-teams", None, &["h2h4"]), m);
    }
}

#[test]
fn two_player_sessions_refuse_fen4() {
    let lines = session(&format!(
        "position fen4 {}\nposition startpos moves e2e4\ngo depth 2\n",
        fen4('R', &[("h1", "rK"), ("g14", "yK")])
    ));
    let errs = errors(&lines);
    assert_eq!(errs.len(), 1, "{lines:?}");
    assert!(errs[0].contains("fen4"), "{}", errs[0]);
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1);
    assert!(best[0].ends_with('5') || best[0].ends_with('6'), "{best:?}");
}
