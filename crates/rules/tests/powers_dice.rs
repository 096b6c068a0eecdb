//! Dice (issue 14): chance steps, and the Balkan States' assassination
//! (`assassinate`): "At the start of your turn, if you have at least 3
//! pieces, pick any enemy piece inside your 4x4 area and roll a six-sided
//! die: 1: misfire. If one of your pieces is orthogonally next to the
//! target, it is destroyed (your choice which). 2: target destroyed if it
//! is a pawn or knight. 3: destroyed if P, N or B. 4: destroyed if P, N, B
//! or R. 5: destroyed if it is any non-royal piece, special pieces
//! included. 6: cut off." Each sentence and each decision of
//! `docs/nations.md` with a position where it decides something; the
//! Balkan States sit in each of the four corners in turn, the positions
//! written for the a1 corner and turned to theirs. Then the game's side:
//! the game rolls from its seed, a seat never does, and a record replays
//! its rolls with any seed.

use crate::corners;
use crate::european_fen;
use crate::lineup_play;

use corners::*;
use lineup_play::*;
use tetrarch_rules::family::GamePosition;
use tetrarch_rules::{AnyGame, AnyVariant, PlayError, SplitMix64};

const BALKANS: &str = "balkan-states";

fn scene(seat: usize, pieces: &[(usize, char, &str)]) -> Pos {
    board(BALKANS, seat, pieces, "")
}

/// A pick, its squares written for the a1 corner of `seat`.
fn pick(seat: usize, squares: &[&str]) -> String {
    let cells: String = squares.iter().map(|s| turned(seat, s)).collect();
    format!("assassinate@{cells}")
}

/// The picks offered.
fn picks(p: &Pos) -> Vec<String> {
    with_prefix(p, "assassinate@")
}

fn rolls() -> Vec<String> {
    (1..=6).map(|f| format!("roll={f}")).collect()
}

/// The position after the pick and the roll of `face`.
fn after_roll(p: &Pos, seat: usize, target: &[&str], face: u8) -> Pos {
    let picked = play(p, &pick(seat, target));
    assert_eq!(picked.chance(), Some(6), "seat {seat}: a roll is due");
    assert_eq!(
        moves(&picked),
        rolls(),
        "seat {seat}: the faces are the moves"
    );
    assert_eq!(
        picked.turn().0 as usize,
        seat,
        "the turn stays with the seat"
    );
    play(&picked, &format!("roll={face}"))
}

#[test]
fn with_three_pieces_a_seat_may_pick_an_enemy_piece_in_its_4x4() {
    for seat in 0..4 {
        // King, knight and a pawn: three pieces; an enemy pawn on c3.
        let p = scene(seat, &[(0, 'P', "h2"), (1, 'P', "c3")]);
        assert_eq!(picks(&p), vec![pick(seat, &["c3"])], "seat {seat}");
        // Picking is a choice: the ordinary moves are offered beside it.
        assert!(legal(&p, seat, "h2h3"), "seat {seat}");
        assert_eq!(p.chance(), None);
        // The whole 4 x 4 (d4 its far corner), nothing beyond it.
        for (sq, inside) in [
            ("d4", true),
            ("a4", true),
            ("d1", true),
            ("e4", false),
            ("d5", false),
            ("g6", false),
        ] {
            let p = scene(seat, &[(0, 'P', "h2"), (2, 'N', sq)]);
            let want = if inside {
                vec![pick(seat, &[sq])]
            } else {
                vec![]
            };
            assert_eq!(picks(&p), want, "seat {seat} {sq}");
        }
    }
}

#[test]
fn with_fewer_than_three_pieces_there_is_no_assassination() {
    for seat in 0..4 {
        let p = scene(seat, &[(1, 'P', "c3")]);
        assert!(picks(&p).is_empty(), "seat {seat}: king and knight only");
        assert!(!moves(&p).contains(&pick(seat, &["c3"])));
    }
}

#[test]
fn a_target_outside_the_area_is_refused() {
    for seat in 0..4 {
        let p = scene(seat, &[(0, 'P', "h2"), (1, 'P', "e5")]);
        let text = pick(seat, &["e5"]);
        let err = text
            .parse::<tetrarch_rules::notation::uci::UciMove>()
            .unwrap()
            .to_move(&p);
        assert!(err.is_err(), "seat {seat}: {text}");
        // Nor one's own piece, nor an empty square.
        assert!(!moves(&p).contains(&pick(seat, &["h2"])));
        assert!(!moves(&p).contains(&pick(seat, &["c3"])));
    }
}

/// Each face against each plain kind: 1 a misfire (the target stays), 2
/// pawns and knights, 3 bishops too, 4 rooks too, 5 and 6 everything not
/// royal.
#[test]
fn each_face_destroys_the_kinds_its_sentence_names() {
    let dies = |kind: char, face: u8| match face {
        1 => false,
        2 => "PN".contains(kind),
        3 => "PNB".contains(kind),
        4 => "PNBR".contains(kind),
        _ => true,
    };
    for seat in 0..4 {
        for kind in ['P', 'N', 'B', 'R'] {
            for face in 1..=6 {
                let p = scene(seat, &[(0, 'P', "h2"), (3, kind, "c3")]);
                let after = after_roll(&p, seat, &["c3"], face);
                let there = piece(&after, &turned(seat, "c3")).is_some();
                assert_eq!(there, !dies(kind, face), "seat {seat} {kind} roll={face}");
                // The roll leaves the seat its move, and no second pick.
                assert_eq!(after.turn().0 as usize, seat);
                assert!(picks(&after).is_empty());
                assert!(legal(&after, seat, "h2h3"));
                let next = play(&after, &mv(seat, "h2h3"));
                assert_ne!(next.turn().0 as usize, seat, "the move ends the turn");
            }
        }
    }
}

#[test]
fn special_pieces_die_on_five_and_six_only() {
    // Carthage's elephant (R3) is no rook: it goes on a 5 or a 6.
    let v = lineup("balkan-states,carthage,default,default");
    let text = european_fen::fen(
        'R',
        european_fen::PLAYED,
        ["bK,7", "8", "8", "8", "8", "2bE,5", "7,rP", "rK,rN,6"],
    );
    for face in 1..=6 {
        let p = pos(&v, &text);
        let after = after_roll(&p, 0, &["c3"], face);
        assert_eq!(piece(&after, "c3").is_none(), face >= 5, "roll={face}");
    }
    // Nations' own pawns are pawns: a Mongol pawn goes on a 2.
    let v = lineup("balkan-states,mongol-empire,default,default");
    let text = european_fen::fen(
        'R',
        european_fen::PLAYED,
        ["bK,7", "8", "8", "8", "8", "2bI,5", "7,rP", "rK,rN,6"],
    );
    let after = after_roll(&pos(&v, &text), 0, &["c3"], 2);
    assert_eq!(piece(&after, "c3"), None);
}

#[test]
fn a_royal_target_survives_every_face() {
    for seat in 0..4 {
        // The next seat's king stands on c3 (a pawn in its corner).
        for face in 2..=6 {
            let p = scene(seat, &[(0, 'P', "h2"), (1, 'P', "a8"), (1, 'K', "c3")]);
            assert_eq!(picks(&p), vec![pick(seat, &["c3"])], "a king may be picked");
            let after = after_roll(&p, seat, &["c3"], face);
            assert_eq!(
                piece(&after, &turned(seat, "c3")),
                Some((((seat + 1) % 4) as u8, 'k'))
            );
        }
    }
}

#[test]
fn a_misfire_destroys_a_piece_next_to_the_target_chosen_with_the_pick() {
    for seat in 0..4 {
        // No piece of the seat next to c3: nothing happens.
        let p = scene(seat, &[(0, 'P', "h2"), (1, 'P', "c3")]);
        let after = after_roll(&p, seat, &["c3"], 1);
        assert!(piece(&after, &turned(seat, "c3")).is_some());
        assert!(piece(&after, &turned(seat, "h2")).is_some());
        // One: it goes.
        let p = scene(seat, &[(0, 'P', "c2"), (1, 'P', "c3")]);
        assert_eq!(picks(&p), vec![pick(seat, &["c3"])]);
        let after = after_roll(&p, seat, &["c3"], 1);
        assert_eq!(piece(&after, &turned(seat, "c2")), None, "seat {seat}");
        assert!(piece(&after, &turned(seat, "c3")).is_some());
        // Two: the seat's choice, made with the pick; the other stays.
        let p = scene(seat, &[(0, 'P', "c2"), (0, 'B', "d3"), (1, 'P', "c3")]);
        let mut want = vec![pick(seat, &["c3", "c2"]), pick(seat, &["c3", "d3"])];
        want.sort();
        assert_eq!(picks(&p), want, "seat {seat}");
        for (chosen, kept) in [("c2", "d3"), ("d3", "c2")] {
            let after = after_roll(&p, seat, &["c3", chosen], 1);
            assert_eq!(
                piece(&after, &turned(seat, chosen)),
                None,
                "seat {seat} {chosen}"
            );
            assert!(piece(&after, &turned(seat, kept)).is_some());
            // On any other face the choice takes nothing.
            let after = after_roll(&p, seat, &["c3", chosen], 4);
            assert!(piece(&after, &turned(seat, chosen)).is_some());
            assert_eq!(piece(&after, &turned(seat, "c3")), None);
        }
        // The seat's king next to the target is spared.
        let p = scene(seat, &[(0, 'P', "h2"), (0, 'P', "h3"), (1, 'P', "a2")]);
        assert_eq!(picks(&p), vec![pick(seat, &["a2"])]);
        let after = after_roll(&p, seat, &["a2"], 1);
        assert!(piece(&after, &turned(seat, "a1")).is_some());
        assert!(piece(&after, &turned(seat, "a2")).is_some());
    }
}

#[test]
fn pieces_proof_against_powers_are_never_targets() {
    // Egypt's pieces are proof against every other nation's power.
    let v = lineup("balkan-states,egypt,default,default");
    let text = european_fen::fen(
        'R',
        european_fen::PLAYED,
        ["bY,7", "8", "8", "8", "8", "2bP,5", "7,rP", "rK,rN,6"],
    )
    // Egypt's king is no `K`: blue is in.
    .replacen("R-0,1,1,1", "R-0,0,1,1", 1);
    assert!(picks(&pos(&v, &text)).is_empty());
}

#[test]
fn a_pending_roll_and_a_roll_made_are_in_fen4_and_the_hash() {
    for seat in 0..4 {
        let p = scene(seat, &[(0, 'P', "c2"), (0, 'B', "d3"), (1, 'P', "c3")]);
        let picked = play(&p, &pick(seat, &["c3", "d3"]));
        let text = picked.to_fen();
        let entry = format!(
            "'assassinate':({})",
            entries(
                seat,
                &format!("{}{}", turned(seat, "c3"), turned(seat, "d3"))
            )
        );
        assert!(text.contains(&entry), "{text}");
        let back = pos(picked.variant(), &text);
        assert_eq!(back, picked);
        assert_eq!(back.hash(), picked.hash());
        assert_eq!(back.chance(), Some(6));
        assert_ne!(picked.hash(), p.hash(), "a pick changes the position");
        let rolled = play(&picked, "roll=3");
        let text = rolled.to_fen();
        assert!(
            text.contains(&format!("'assassinate':({})", entries(seat, "rolled"))),
            "{text}"
        );
        let back = pos(rolled.variant(), &text);
        assert_eq!((back.hash(), picks(&back)), (rolled.hash(), vec![]));
        // The move that ends the turn clears it.
        let next = play(&rolled, &mv(seat, "b1a3"));
        assert!(
            !next.to_fen().contains("'assassinate'"),
            "{}",
            next.to_fen()
        );
    }
}

/// A FEN4 tuple with `entry` for `seat`, empty for the others.
fn entries(seat: usize, entry: &str) -> String {
    let e: Vec<String> = (0..4)
        .map(|s| {
            if s == seat {
                format!("'{entry}'")
            } else {
                "''".into()
            }
        })
        .collect();
    e.join(",")
}

#[test]
fn bad_position_texts_are_refused_with_the_key_named() {
    let v = lineup("balkan-states,default,default,default");
    let rows = ["bK,7", "8", "8", "8", "8", "2bP,5", "7,rP", "rK,rN,6"];
    for (extras, why) in [
        ("'assassinate':('','c3','','')", "has no assassination"),
        ("'assassinate':('e5','','','')", "area"),
        ("'assassinate':('x9','','','')", "area"),
    ] {
        let text = european_fen::fen('R', &format!("{},{extras}", european_fen::PLAYED), rows);
        let err = Pos::from_fen(&v, &text).unwrap_err().to_string();
        assert!(
            err.contains("assassinate") && err.contains(why),
            "{extras}: {err}"
        );
    }
    // Only the seat to move may wait for a roll.
    let v = lineup("default,balkan-states,default,default");
    let text = european_fen::fen(
        'R',
        &format!("{},'assassinate':('','a8','','')", european_fen::PLAYED),
        rows,
    );
    let err = Pos::from_fen(&v, &text).unwrap_err().to_string();
    assert!(err.contains("not to move"), "{err}");
}

#[test]
fn perft_counts_each_face_as_a_branch() {
    let p = scene(0, &[(0, 'P', "h2"), (1, 'P', "c3")]);
    let picked = play(&p, &pick(0, &["c3"]));
    assert_eq!(tetrarch_rules::family::perft(&picked, 1), 6);
    // The pick's subtree: six faces, each followed by the seat's moves.
    let after: u64 = (1..=6)
        .map(|f| play(&picked, &format!("roll={f}")).legal_moves().len() as u64)
        .sum();
    assert_eq!(tetrarch_rules::family::perft(&picked, 2), after);
    // A face the die does not have is no move.
    assert!(
        "roll=7"
            .parse::<tetrarch_rules::notation::uci::UciMove>()
            .unwrap()
            .to_move(&picked)
            .is_err()
    );
    assert!(
        "roll=0"
            .parse::<tetrarch_rules::notation::uci::UciMove>()
            .is_err()
    );
}

fn balkan_game(ids: &str) -> AnyGame {
    let v = AnyVariant::builtin("european-ffa")
        .unwrap()
        .with_lineup(ids)
        .unwrap();
    AnyGame::new(&v)
}

/// Random moves, preferring picks, for `plies` steps of the seats.
fn random_game(ids: &str, seed: u64, plies: usize) -> AnyGame {
    let mut game = balkan_game(ids);
    game.set_seed(seed);
    let mut rng = SplitMix64::new(seed ^ 0xdead);
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.legal_moves();
        let picks: Vec<_> = moves
            .iter()
            .filter(|m| m.uci.starts_with("assassinate@"))
            .collect();
        let m = if !picks.is_empty() && rng.below(2) == 0 {
            picks[rng.below(picks.len())].uci.clone()
        } else {
            moves[rng.below(moves.len())].uci.clone()
        };
        game.play(&m).unwrap();
        assert_eq!(game.chance(), None, "the game rolls every die due");
    }
    game
}

#[test]
fn the_game_rolls_from_its_seed_and_a_replay_reads_the_rolls() {
    let ids = "balkan-states,default,balkan-states,default";
    let game = random_game(ids, 7, 160);
    let moves = game.moves();
    let rolls = moves.iter().filter(|m| m.starts_with("roll=")).count();
    assert!(rolls >= 3, "the game rolled: {moves:?}");
    // Each roll follows a pick.
    for (i, m) in moves.iter().enumerate() {
        if m.starts_with("roll=") {
            assert!(moves[i - 1].starts_with("assassinate@"), "{i}: {moves:?}");
        }
    }
    // The same seed and moves roll the same dice.
    let again = random_game(ids, 7, 160);
    assert_eq!(again.moves(), moves);
    // A replay of the steps with another seed, and the record read back,
    // reproduce the game exactly.
    assert_replays_with_another_seed(&game, "roll=");
    // Another seed rolls other dice somewhere.
    let other = random_game(ids, 8, 160);
    assert_ne!(other.moves(), moves);
}

#[test]
fn a_seat_never_rolls_and_bad_steps_change_nothing() {
    let mut game = balkan_game("balkan-states,default,default,default");
    let before = (game.ply(), game.position_text());
    for text in ["roll=3", "roll=7"] {
        assert!(
            matches!(game.play(text), Err(PlayError::RollBySeat(_))),
            "{text}"
        );
        assert_eq!((game.ply(), game.position_text()), before);
    }
    // A pick with no target, and a pick by a seat without the power.
    assert!(game.play("assassinate@c3").is_err());
    game.play("a2a3").unwrap();
    let before = (game.ply(), game.position_text());
    let err = game.play("assassinate@a5").unwrap_err();
    assert!(
        matches!(err, PlayError::Move(_) | PlayError::Illegal { .. }),
        "{err}"
    );
    assert_eq!((game.ply(), game.position_text()), before);
    // A roll where none is due, as a recorded step.
    assert!(game.play_step("roll=2").is_err());
    assert_eq!((game.ply(), game.position_text()), before);
}

#[test]
fn a_pick_taken_back_takes_its_roll_along() {
    let ids = "balkan-states,default,balkan-states,default";
    let mut game = random_game(ids, 3, 200);
    let moves = game.moves();
    let Some(last_roll) = moves.iter().rposition(|m| m.starts_with("roll=")) else {
        panic!("no roll in {moves:?}");
    };
    while game.ply() > last_roll + 1 {
        game.undo().unwrap();
    }
    // Taking back the roll takes back the pick.
    game.undo().unwrap();
    assert_eq!(game.ply(), last_roll - 1);
    assert_eq!(game.chance(), None);
}
