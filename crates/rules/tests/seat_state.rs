//! Per-seat state: counters (three-check, checked against Fairy-Stockfish)
//! and actions with limits (a test variant with a limited pass).

use crate::fairy;

use fairy::{builtin, fairy_or_skip, ours};
use tetrarch_rules::any::{AnyGame, AnyVariant};
use tetrarch_rules::notation::san::San;
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{Move, MoveKind, Outcome, Position, Seat, Variant, WinReason, perft};

type Pos = Position<u64>;

fn threecheck(fen: &str) -> Pos {
    Pos::from_fen(&builtin("threecheck"), fen).unwrap()
}

fn play_uci(pos: &Pos, moves: &[&str]) -> Pos {
    let mut pos = pos.clone();
    for m in moves {
        let m = m.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        pos = pos.play(m).unwrap();
    }
    pos
}

#[test]
fn the_start_needs_three_checks_each_and_plays_like_chess() {
    let v = builtin("threecheck");
    let start = Pos::start(&v);
    assert_eq!(
        start.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
    );
    // No third check is possible within four plies: perft is chess perft.
    assert_eq!(perft(&start, 4), 197_281);
}

#[test]
fn each_check_is_counted_for_the_side_that_gives_it() {
    let start = Pos::start(&builtin("threecheck"));
    let pos = play_uci(&start, &["e2e4", "f7f6", "d1h5"]);
    assert_eq!(pos.counter(Seat(0), "checks"), Some(1));
    assert_eq!(pos.counter(Seat(1), "checks"), Some(0));
    assert!(pos.to_fen().contains(" 2+3 "), "{}", pos.to_fen());
    // A quiet move raises nothing.
    let pos = play_uci(&pos, &["g7g6"]);
    assert_eq!(pos.counter(Seat(1), "checks"), Some(0));
}

#[test]
fn the_third_check_wins_and_ends_the_game() {
    // White has given two checks; Qxg6+ is the third, and no mate.
    let pos = threecheck("rnbqkbnr/ppppp2p/6p1/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 1+3 0 3");
    let after = play_uci(&pos, &["h5g6"]);
    assert!(after.in_check());
    assert_eq!(
        after.outcome(),
        Some(Outcome::Win {
            winner: Seat(0),
            reason: WinReason::CounterGoal
        })
    );
    assert!(after.legal_moves().is_empty(), "the game is over");
    // Chess would go on: Black has moves there.
    let chess = Pos::from_fen(&builtin("chess"), &after.to_fen().replace(" 0+3", "")).unwrap();
    assert!(!chess.legal_moves().is_empty());
}

#[test]
fn counters_are_part_of_the_position_its_hash_and_its_fen() {
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    let a = threecheck(&format!("{board} 3+3 0 1"));
    let b = threecheck(&format!("{board} 2+3 0 1"));
    assert_ne!(a, b);
    assert_ne!(a.hash(), b.hash());
    assert_eq!(b.hash(), b.compute_hash());
    assert_eq!(threecheck(&b.to_fen()), b);
    // Incremental and fresh hashes agree after a check is counted.
    let after = play_uci(&b, &["e2e4", "f7f6", "d1h5"]);
    assert_eq!(after.hash(), after.compute_hash());
    // The field may be left out: nothing given yet.
    assert_eq!(threecheck(&format!("{board} 0 1")), a);
}

#[test]
fn a_bad_counter_field_names_the_field() {
    let v = builtin("threecheck");
    let board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    for (field, why) in [
        ("4+3", "not a value"),
        ("3+3+3", "3 values for 2 seats"),
        ("x+3", "not a value"),
        ("3+3,1+1", "2 groups"),
    ] {
        let err = Pos::from_fen(&v, &format!("{board} {field} 0 1")).unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("counters field") && text.contains(why),
            "{field}: {text}"
        );
    }
}

#[test]
fn three_check_agrees_with_fairy_stockfish_near_the_goal() {
    let Some(mut fairy) = fairy_or_skip("3check") else {
        return;
    };
    let v = builtin("threecheck");
    let mut rng = 0x003C_4EC4_u64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let (mut compared, mut decided) = (0, 0);
    for game in 0..40 {
        // One or two checks left each, so the goal decides the trees.
        let left = ["1+1", "2+1", "1+2", "2+2"][game % 4];
        let mut pos = Pos::from_fen(
            &v,
            &format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - {left} 0 1"),
        )
        .unwrap();
        for _ply in 0..60 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                decided += usize::from(pos.counter_winner().is_some());
                break;
            }
            if compared % 3 == 0 {
                let fen = pos.to_fen();
                assert_eq!(ours(&pos, 2), fairy.divide(&fen, 2), "divide 2 of {fen}");
            }
            compared += 1;
            pos.play_unchecked(moves[(next() % moves.len() as u64) as usize]);
        }
    }
    assert!(
        compared > 300 && decided > 5,
        "{compared} positions, {decided} decided"
    );
}

/// Chess with a pass each seat may take twice, never on two turns in a row.
fn with_pass() -> Variant {
    let chess = tetrarch_rules::variant::builtin("chess").unwrap();
    let text = format!(
        "{}\n[[actions]]\nname = \"pass\"\nuses = 2\nnot_twice_in_a_row = true\n",
        chess.replace("name = \"chess\"", "name = \"chess-with-pass\"")
    );
    Variant::from_toml(&text, "test:chess-with-pass").unwrap()
}

const PASS: Move = Move::new(0, 0, MoveKind::Action(0));

#[test]
fn an_action_is_a_legal_move_written_by_its_name() {
    let v = with_pass();
    let start = Pos::start(&v);
    assert_eq!(start.legal_moves().len(), 21);
    assert!(start.is_legal(PASS));
    assert_eq!(UciMove::from_move(&start, PASS).to_string(), "pass");
    assert_eq!(San::from_move(&start, PASS).to_string(), "pass");
    assert_eq!("pass".parse::<UciMove>().unwrap().to_move(&start), Ok(PASS));
    assert_eq!("pass".parse::<San>().unwrap().to_move(&start), Ok(PASS));
    let after = start.play(PASS).unwrap();
    assert_eq!(after.turn(), Seat(1));
    assert_eq!(after.action_uses(Seat(0), 0), 1);
    assert_eq!(
        after.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1*+0 1 1"
    );
    assert_eq!(Pos::from_fen(&v, &after.to_fen()).unwrap(), after);
    assert_eq!(after.hash(), after.compute_hash());
}

#[test]
fn an_action_is_never_taken_twice_in_a_row_nor_past_its_uses() {
    let start = Pos::start(&with_pass());
    let pos = play_uci(&start, &["pass", "e7e5"]);
    assert!(!pos.is_legal(PASS), "White passed on its last turn");
    let pos = play_uci(&pos, &["e2e4", "pass"]);
    assert!(pos.is_legal(PASS), "a turn went by");
    let pos = play_uci(&pos, &["pass", "g8f6", "g1f3", "b8c6"]);
    assert_eq!(pos.action_uses(Seat(0), 0), 2);
    assert!(!pos.is_legal(PASS), "both uses spent");
    assert!(pos.to_fen().contains(" 2+1 "), "{}", pos.to_fen());
}

#[test]
fn an_action_cannot_leave_the_royal_in_check() {
    let pos = Pos::from_fen(&with_pass(), "4k3/8/8/8/8/8/8/4K2r w - - 0+0 0 1").unwrap();
    assert!(pos.in_check());
    assert!(!pos.is_legal(PASS));
}

#[test]
fn the_width_free_game_plays_actions_and_counters_as_text() {
    let v = AnyVariant::from_toml(
        &tetrarch_rules::variant::builtin("threecheck")
            .unwrap()
            .replace(
                "wins_at = 3",
                "wins_at = 3\n\n[[actions]]\nname = \"pass\"\nuses = 1",
            )
            .replace(" 3+3 0 1", " 3+3,0+0 0 1"),
        "test:threecheck-pass",
    )
    .unwrap();
    let mut game = AnyGame::new(&v);
    for m in [
        "e2e4", "f7f6", "d1h5", "g7g6", "h5g6", "h7g6", "f1c4", "pass", "c4f7",
    ] {
        assert!(game.play(m).is_ok(), "{m} in {}", game.position_text());
    }
    let outcome = game.outcome().expect("three checks");
    assert_eq!(outcome.reason_name(), "counter-goal");
    assert!(game.play("pass").is_err(), "the game is over");
}

#[test]
fn broken_counter_and_action_declarations_are_refused() {
    let chess = tetrarch_rules::variant::builtin("chess").unwrap();
    for (extra, field) in [
        (
            "[[counters]]\nname = \"checks\"\ncounts = \"kisses\"\n",
            "counters[0].counts",
        ),
        (
            "[[counters]]\nname = \"checks\"\ncounts = \"checks\"\nwins_at = 0\n",
            "counters[0].wins_at",
        ),
        ("[[actions]]\nname = \"e2e4\"\n", "actions[0].name"),
        ("[[actions]]\nname = \"o-o-o\"\n", "actions[0].name"),
        (
            "[[actions]]\nname = \"pass\"\nuses = 0\n",
            "actions[0].uses",
        ),
        (
            "[[actions]]\nname = \"pass\"\n[[actions]]\nname = \"pass\"\n",
            "actions[1].name",
        ),
    ] {
        let err = Variant::from_toml(&format!("{chess}\n{extra}"), "test").unwrap_err();
        assert!(err.to_string().contains(field), "{extra}: {err}");
    }
    let four = tetrarch_rules::variant::builtin("fourway-teams").unwrap();
    let err = Variant::from_toml(&format!("{four}\n[[actions]]\nname = \"pass\"\n"), "test");
    assert!(err.unwrap_err().to_string().contains("FEN4"));
}

/// A player who resigns a Regicide free-for-all leaves the board, and the
/// turn goes past it from then on (Regicide's kingless armies play on,
/// frozen, but a player who left has nothing to move: the turn used to
/// come back to it, and the server refused it everything but a pass no one
/// played). Random games with a resignation now and then: the seat to
/// move is never one that is out.
#[test]
fn the_turn_never_comes_to_a_player_who_left_a_regicide_free_for_all() {
    let v = AnyVariant::builtin("fourway-ffa").unwrap();
    let mut rng = crate::common::Rng::new(7);
    let mut resigned = 0;
    for game in 0..200 {
        let mut g = AnyGame::new(&v);
        let mut last = String::new();
        for ply in 0..300 {
            if g.outcome().is_some() {
                break;
            }
            let turn = g.turn();
            let state = g.seat_state(turn);
            assert!(
                format!("{state:?}") != "Out",
                "game {game} ply {ply}: {turn:?} to move is out, after {last}: {}",
                g.position_text()
            );
            if rng.below(50) == 0 {
                last = format!("{turn:?} resigned in {}", g.position_text());
                g.resign(turn).unwrap();
                resigned += 1;
                continue;
            }
            let legal = g.legal_moves();
            let m = legal[rng.below(legal.len())].uci.clone();
            last = format!("{m} in {}", g.position_text());
            g.play(&m).unwrap();
        }
    }
    assert!(resigned > 100, "{resigned} resignations");
}
