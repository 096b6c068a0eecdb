//! The free-for-all with points (`fourway-chesscom-ffa`): the evaluation
//! counts each seat's points, so the search plays for them and not only
//! for material and survival.

use tetrarch_engine::Eval;
use tetrarch_engine::search::{FfaStrategy, Limits, Searcher};
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{Position, Variant, Wide};

use crate::common;
use common::fen4;

const FFA: &str = "fourway-chesscom-ffa";

/// `fen` with its points field (the fifth) and extras block replaced.
fn with(fen: &str, points: &str, extras: &str) -> String {
    let mut fields: Vec<&str> = fen.splitn(7, '-').collect();
    fields[4] = points;
    let tail = format!("{}{}", extras, fields[6]);
    fields[6] = &tail;
    fields.join("-")
}

fn pos(fen: &str) -> Position<Wide> {
    let v = Variant::builtin(FFA).unwrap();
    Position::<Wide>::from_fen(&v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn a_seat_counts_its_points_at_a_pawn_each() {
    let v = Variant::builtin(FFA).unwrap();
    let eval = Eval::new(&v);
    let kings = fen4(
        'R',
        &[("h1", "rK"), ("a7", "bK"), ("g14", "yK"), ("n8", "gK")],
    );
    let none = eval.seat_terms(&pos(&with(&kings, "0,0,0,0", "")));
    let seven = eval.seat_terms(&pos(&with(&kings, "7,0,2,0", "")));
    assert_eq!(seven[0] - none[0], 7 * tetrarch_engine::eval::PAWN);
    assert_eq!(seven[2] - none[2], 2 * tetrarch_engine::eval::PAWN);
    assert_eq!(seven[1], none[1]);
}

/// A player out of play (here walking, after resigning) counts its points
/// and nothing of its grey pieces; a player still in counts its material.
#[test]
fn a_seat_out_of_play_counts_its_points_only() {
    let v = Variant::builtin(FFA).unwrap();
    let eval = Eval::new(&v);
    let board = |rook: &str| {
        fen4(
            'R',
            &[
                ("h1", "rK"),
                ("a7", "bK"),
                (rook, "bR"),
                ("g14", "yK"),
                ("n8", "gK"),
            ],
        )
    };
    let walking = "{'resigned':(false,true,false,false)}-";
    let terms =
        |rook: &str, extras: &str| eval.seat_terms(&pos(&with(&board(rook), "0,4,0,0", extras)));
    let (e9, e10) = (terms("e9", walking), terms("e10", walking));
    assert_eq!(e9[1], 4 * tetrarch_engine::eval::PAWN);
    assert_eq!(e9[1], e10[1], "where the grey rook stands changes nothing");
    assert!(
        terms("e9", "")[1] > 9 * tetrarch_engine::eval::PAWN,
        "a live rook counts"
    );
}

/// Blue resigned: its king walks and its pieces are grey, worth nothing.
/// Red's rook may take Blue's grey rook (more material) or Yellow's live
/// knight (3 points); both stand alone. Points decide for the knight.
#[test]
fn the_search_takes_the_piece_that_scores() {
    let board = fen4(
        'R',
        &[
            ("h1", "rK"),
            ("e5", "rR"),
            ("a7", "bK"),
            ("e9", "bR"),
            ("i5", "yN"),
            ("g14", "yK"),
            ("n8", "gK"),
        ],
    );
    let fen = with(&board, "0,0,0,0", "{'resigned':(false,true,false,false)}-");
    let p = pos(&fen);
    let v = Variant::builtin(FFA).unwrap();
    for ffa in [FfaStrategy::Paranoid, FfaStrategy::BestReply] {
        for depth in [1, 2, 3] {
            let mut s = Searcher::<Position<Wide>>::new(&v, 4);
            s.ffa_strategy = ffa;
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            let r = s.search(&p, &[], &limits, &mut |_| {});
            let m = UciMove::from_move(&p, r.best.expect("a move")).to_string();
            assert_eq!(m, "e5i5", "{ffa:?} depth {depth}");
        }
    }
}
