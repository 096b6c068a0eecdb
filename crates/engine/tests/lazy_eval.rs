//! The four-player evaluation's cheap part (`Eval::seat_base_terms`:
//! material and placement), on which quiescence stands pat when it is
//! `LAZY_MARGIN` above beta: it is the full evaluation less the attack
//! terms, and on every position of a real chess.com Teams game those terms
//! take less than the margin from the side to move.

use tetrarch_engine::eval::Weights;
use tetrarch_engine::{Eval, LAZY_MARGIN};
use tetrarch_rules::game::Game;
use tetrarch_rules::notation::pgn4::Pgn4Game;
use tetrarch_rules::{Position, Seat, Variant, Wide};

use crate::common;
use common::fen4;

const TEAMS: &str = "fourway-chesscom-teams";

/// The side to move's score from seat terms, partners added, opponents
/// taken away (as the search combines them in a team game).
fn side_score(pos: &Position<Wide>, v: &Variant, t: &[i32]) -> i32 {
    (0..4)
        .map(|s| {
            let sign = if v.allied(Seat(s), pos.turn()) { 1 } else { -1 };
            sign * t[s as usize]
        })
        .sum()
}

/// With kings and pawns only, none of them next to a king, nothing is
/// attacked and nothing shields: the cheap part is the whole evaluation.
#[test]
fn without_pieces_or_shields_the_base_is_the_whole_evaluation() {
    let v = Variant::builtin(TEAMS).unwrap();
    let eval = Eval::new(&v);
    let fen = fen4(
        'R',
        &[
            ("h1", "rK"),
            ("e4", "rP"),
            ("a7", "bK"),
            ("d9", "bP"),
            ("g14", "yK"),
            ("j10", "yP"),
            ("n8", "gK"),
            ("k6", "gP"),
        ],
    );
    let pos = Position::<Wide>::from_fen(&v, &fen).unwrap();
    assert_eq!(eval.seat_base_terms(&pos), eval.seat_terms(&pos));
}

/// A rook attacking an enemy king's zone adds mobility and pressure the
/// base leaves out.
#[test]
fn the_base_leaves_out_mobility_and_attacks() {
    let v = Variant::builtin(TEAMS).unwrap();
    let eval = Eval::new(&v);
    let fen = fen4(
        'R',
        &[
            ("h1", "rK"),
            ("b6", "rR"),
            ("a7", "bK"),
            ("g14", "yK"),
            ("n8", "gK"),
        ],
    );
    let pos = Position::<Wide>::from_fen(&v, &fen).unwrap();
    let (base, full) = (eval.seat_base_terms(&pos), eval.seat_terms(&pos));
    assert!(full[0] > base[0] + 20, "{full:?} {base:?}");
    assert_eq!(full[1], base[1]);
}

/// Every position of a real Teams game (chess.com 26780486, 122 moves):
/// the full evaluation of the side to move is never more than the margin
/// below its cheap part, so a lazy stand-pat there is one the full
/// evaluation would have made.
///
/// The threats of team games (issue 17) are left out here: half of a
/// threatened piece's value, they can take more than the margin (322 cp in
/// this game), and the lazy stand-pat then stands on too much. It was kept
/// as it is: the threats were measured with it (docs/engine.md).
#[test]
fn on_a_real_game_the_attack_terms_stay_within_the_margin() {
    let v = Variant::builtin(TEAMS).unwrap();
    let no_threats = Weights {
        threat_pct: 0,
        ..Weights::for_variant(&v)
    };
    let eval = Eval::with_weights(&v, &no_threats);
    let with_threats = Eval::new(&v);
    let mut threats_worst = i32::MAX;
    let path = format!(
        "{}/../rules/tests/data/pgn4/chesscom-teams-2023-26780486.pgn4",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let pgn: Pgn4Game = text.parse().unwrap();
    let game = Game::<Wide>::from_pgn4(&pgn, &v).unwrap();
    let mut pos = game.start().clone();
    let mut worst = i32::MAX;
    for &m in game.moves() {
        let base = side_score(&pos, &v, &eval.seat_base_terms(&pos));
        let full = side_score(&pos, &v, &eval.seat_terms(&pos));
        worst = worst.min(full - base);
        let threats = side_score(&pos, &v, &with_threats.seat_terms(&pos));
        threats_worst = threats_worst.min(threats - base);
        pos.play_unchecked(m);
    }
    assert!(worst > -LAZY_MARGIN, "the attack terms took {worst}");
    assert!(worst < 0, "some position loses by the attack terms");
    assert!(threats_worst < worst, "the threats take more somewhere");
}
