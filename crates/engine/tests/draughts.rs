//! The engine on the draughts family, through the same interfaces as every
//! chess variant: the generic search with the draughts evaluation, the
//! width-free [`Engine`], forced captures searched as forcing.

use tetrarch_engine::eval::Evaluator;
use tetrarch_engine::eval::draughts::DraughtsEval;
use tetrarch_engine::search::{Limits, Score, Searcher};
use tetrarch_engine::{Engine, Settings};
use tetrarch_rules::draughts::{DraughtsVariant, Position};
use tetrarch_rules::{AnyGame, AnyVariant};

fn variant(name: &str) -> (AnyVariant, DraughtsVariant) {
    let any = AnyVariant::builtin(name).unwrap();
    let AnyVariant::Draughts(v) = any.clone() else {
        panic!("{name} is draughts")
    };
    (any, v)
}

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

#[test]
fn engine_plays_fourway_checkers_through_the_width_free_game() {
    let (v, _) = variant("fourway-checkers");
    let mut engine = Engine::new(&v, 4);
    let mut game = AnyGame::new(&v);
    for _ in 0..24 {
        if game.outcome().is_some() {
            break;
        }
        let mut lines = Vec::new();
        let found = engine
            .search(&game, &depth(3), &mut |r| lines.push(r.pv.clone()))
            .unwrap();
        let best = found.best.expect("a move while the game goes on");
        assert!(game.legal_moves().iter().any(|m| m.uci == best), "{best}");
        assert!(!lines.is_empty());
        game.play(&best).unwrap();
    }
    assert_eq!(game.ply(), 24);
}

#[test]
fn both_free_for_all_strategies_search_it() {
    let (v, _) = variant("fourway-checkers");
    let mut game = AnyGame::new(&v);
    game.play("d3-e4").unwrap();
    for ffa in [
        tetrarch_engine::search::FfaStrategy::Paranoid,
        tetrarch_engine::search::FfaStrategy::BestReply,
    ] {
        let mut engine = Engine::new(&v, 4);
        engine.configure(Settings {
            ffa,
            ..Settings::default()
        });
        let found = engine.search(&game, &depth(4), &mut |_| {}).unwrap();
        assert!(found.best.is_some());
    }
}

#[test]
fn the_engine_takes_a_win_in_english_draughts() {
    // Black's man on a1 is shut in by b2 and c3: any move of the e5 man
    // leaves Black without a move, and Black loses.
    let (v, _) = variant("english-draughts");
    let game = AnyGame::from_position(&v, Some("W:Ba1:Wb2,c3,e5")).unwrap();
    let mut engine = Engine::new(&v, 4);
    let found = engine.search(&game, &depth(3), &mut |_| {}).unwrap();
    let best = found.best.unwrap();
    assert!(["e5-d4", "e5-f4"].contains(&best.as_str()), "{best}");
    assert_eq!(found.score, Score::Mate(1));
}

#[test]
fn forced_captures_are_searched_in_quiescence() {
    // Black must take c3xe5 (g7 stops it going on), and White must take
    // back f6xd4: at depth 1 the search sees both (no standing pat where a
    // capture is forced), so Black stays a man down.
    let (_, v) = variant("english-draughts");
    let pos = Position::from_text(&v, "B:Bc3,g1:Wd4,f6,g7").unwrap();
    let mut s = Searcher::<Position>::new(&v, 1);
    let r = s.search(&pos, &[], &depth(1), &mut |_| {});
    assert_eq!(pos.move_text(r.best.unwrap()), "c3xe5");
    let eval = DraughtsEval::new(&v);
    let static_after_capture = {
        let mut p = pos.clone();
        p.play_unchecked(r.best.unwrap());
        -eval.evaluate(&p)
    };
    assert!(
        static_after_capture > -30,
        "standing pat would see equality"
    );
    assert!(r.score < -60, "score {}", r.score);
}

#[test]
fn the_evaluation_counts_kings_above_men_and_advanced_men_above_new_ones() {
    let (_, v) = variant("english-draughts");
    let eval = DraughtsEval::new(&v);
    let score = |text: &str| eval.evaluate(&Position::from_text(&v, text).unwrap());
    assert!(score("B:BKd4:Wh8") > score("B:Bd4:Wh8"));
    assert!(score("B:Bd6:Wh8") > score("B:Bd2:Wh8"));
    assert_eq!(score("B:Bd4:Wh8"), -score("W:Bd4:Wh8"));
}
