//! Threats in four-player games (issue 17): a piece of another seat than
//! the side to move, attacked by an enemy that moves before it.

use tetrarch_engine::Eval;
use tetrarch_engine::eval::Evaluator;
use tetrarch_engine::eval::chess::{ROYAL_ALIVE, THREAT_PCT};
use tetrarch_rules::{HasSliders, Position, Variant, Wide};

use crate::common::fen4;

/// Yellow's terms with Red to move and with Blue to move.
fn yellow_terms(variant: &str, pieces: &[(&str, &str)]) -> (i32, i32) {
    let v = Variant::builtin(variant).unwrap();
    let eval = Eval::new(&v);
    let terms = |turn| {
        let p = Position::<Wide>::from_fen(&v, &fen4(turn, pieces)).unwrap();
        eval.seat_terms(&p)[2]
    };
    (terms('R'), terms('B'))
}

fn queen_value(variant: &str) -> i32 {
    let v = Variant::builtin(variant).unwrap();
    let q = v.kind_by_letter('q').unwrap();
    Eval::new(&v).values[q.idx()]
}

/// Blue's rook on c8 attacks Yellow's queen on g8, which nothing defends.
const QUEEN_HANGS: [(&str, &str); 6] = [
    ("h1", "rK"),
    ("a8", "bK"),
    ("c8", "bR"),
    ("g8", "yQ"),
    ("g14", "yK"),
    ("n7", "gK"),
];

#[test]
fn a_partner_piece_attacked_by_the_next_enemy_counts_as_half_lost() {
    // Red to move cannot move it and Blue takes next; with Blue to move,
    // Blue's capture is quiescence's to find.
    let (red, blue) = yellow_terms("fourway-teams", &QUEEN_HANGS);
    let q = queen_value("fourway-teams");
    assert_eq!(blue - red, q * THREAT_PCT / 100);
    // Defended by its own king (on h9), only a trade is threatened: a rook
    // for a queen is no threat of this term (only pawns count against
    // defended pieces).
    let mut defended = QUEEN_HANGS.to_vec();
    defended[4] = ("h9", "yK");
    let (red, blue) = yellow_terms("fourway-teams", &defended);
    assert_eq!(red, blue);
}

#[test]
fn a_king_left_to_the_next_enemy_counts_where_kings_are_taken() {
    let king_hangs = [
        ("h1", "rK"),
        ("a8", "bK"),
        ("c8", "bR"),
        ("g8", "yK"),
        ("n7", "gK"),
    ];
    let (red, blue) = yellow_terms("fourway-teams", &king_hangs);
    assert_eq!(blue - red, ROYAL_ALIVE * THREAT_PCT / 100);
    // With check, Yellow answers its check on its turn.
    let (red, blue) = yellow_terms("fourway-original", &king_hangs);
    assert_eq!(red, blue);
}

#[test]
fn free_for_all_threats_count_without_check_only() {
    // Regicide free-for-all (2026-12-08): every other seat is an enemy,
    // and Blue moves between Red and Yellow.
    let (red, blue) = yellow_terms("fourway-ffa", &QUEEN_HANGS);
    assert_eq!(blue - red, queen_value("fourway-ffa") * THREAT_PCT / 100);
    // A free-for-all with check keeps the term off (not measured there).
    let (red, blue) = yellow_terms("fourway-chesscom-ffa", &QUEEN_HANGS);
    assert_eq!(red, blue);
}

/// Where the threats (and with them static pruning in a free-for-all) are
/// on: every team game of more seats, a free-for-all only without check
/// and where armies do not change hands (they lost 30 Elo in
/// `european-ffa`, where taking a king takes its army).
#[test]
fn threats_are_on_where_they_were_measured_to_pay() {
    fn sees<B: HasSliders>(name: &str) -> bool {
        let v = Variant::builtin(name).unwrap();
        Evaluator::<Position<B>>::sees_threats(&Eval::new(&v))
    }
    let sees_wide = sees::<Wide>;
    let sees = sees::<u64>;
    assert!(sees_wide("fourway-teams") && sees_wide("fourway-ffa"));
    assert!(!sees_wide("fourway-chesscom-ffa"));
    assert!(sees("european-teams"));
    assert!(!sees("european-ffa") && !sees("european-koth"));
    assert!(!sees("chess"));
}
