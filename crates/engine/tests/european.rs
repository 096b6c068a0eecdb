//! European Chess: the evaluation counts a taken-over army for the seat
//! that commands it, and bots play legal games of both variants and of
//! the named ones (King of the Hill, Checks, Capture the Flag, Team
//! Battle), where a hill's points count for their seat and a flag held
//! counts, the more the nearer it is to its holder's home square.

use tetrarch_engine::Eval;
use tetrarch_engine::eval::chess::{FLAG_HELD, FLAG_STEP};
use tetrarch_engine::search::{Limits, Searcher};
use tetrarch_rules::{Position, Seat, Variant};

fn pos(variant: &Variant, extras: &str, board: &str) -> Position<u64> {
    let text = format!("R-0,0,0,1-0,0,0,0-0,0,0,0-0,0,0,0-0-{{{extras}}}-{board}");
    Position::<u64>::from_fen(variant, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn a_taken_over_army_counts_for_its_commander() {
    let v = Variant::builtin("european-ffa").unwrap();
    let eval = Eval::new(&v);
    // Green is out; blue commands green's rook and knight on h2 and h4.
    let with = pos(
        &v,
        "'commanders':('','','','b'),'turns':(2,2,2,2)",
        "bK,7/8/8/8/7,gN/8/7,gR/rK,6,yK",
    );
    let without = pos(
        &v,
        "'commanders':('','','','b'),'turns':(2,2,2,2)",
        "bK,7/8/8/8/8/8/8/rK,6,yK",
    );
    let (a, b) = (eval.seat_terms(&with), eval.seat_terms(&without));
    assert_eq!(
        a[3], 0,
        "an army that changed hands scores nothing for its old seat"
    );
    assert!(
        a[1] - b[1] > 700,
        "blue gains about a rook and a knight: {} -> {}",
        b[1],
        a[1]
    );
}

/// A bot, searching `nodes` nodes a move, plays up to `plies` legal moves
/// of the built-in variant `name` from its start.
fn bot_plays_legal_moves(name: &str, nodes: u64, plies: usize) {
    let v = Variant::builtin(name).unwrap();
    bot_plays_legal_moves_of(&v, name, nodes, plies);
}

/// The same for the variant `v`; the position reached.
fn bot_plays_legal_moves_of(v: &Variant, name: &str, nodes: u64, plies: usize) -> Position<u64> {
    let v = v.clone();
    let mut p = Position::<u64>::start(&v);
    let mut s = Searcher::<Position<u64>>::new(&v, 4);
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    for ply in 0..plies {
        if p.outcome().is_some() {
            break;
        }
        // A chance step (Lightning's draw) is the game's, not a bot's:
        // one outcome, varied by the ply.
        if let Some(n) = tetrarch_rules::family::GamePosition::chance(&p) {
            let outcomes = p.legal_moves();
            assert_eq!(outcomes.len(), n as usize, "{name}");
            p = p.play(outcomes[ply % outcomes.len()]).unwrap();
            continue;
        }
        let r = s.search(&p, &[], &limits, &mut |_| {});
        let m = r
            .best
            .unwrap_or_else(|| panic!("{name}: no move at ply {ply}"));
        assert!(
            p.legal_moves().contains(&m),
            "{name}: illegal bot move at ply {ply}"
        );
        p = p.play(m).unwrap();
    }
    p
}

/// Line-ups whose turns are unusual: the Ottoman Empire starts in reserve
/// and deploys (drops), in two seats; its army gets onto the board.
#[test]
fn bots_play_legal_games_of_lineups_with_unusual_turns() {
    for ids in [
        "ottoman-empire,default,ottoman-empire,default",
        "default,ottoman-empire,huns,ottoman-empire",
    ] {
        let v = Variant::builtin("european-ffa")
            .unwrap()
            .with_lineup(ids, &[])
            .unwrap();
        let p = bot_plays_legal_moves_of(&v, ids, 1_500, 40);
        let deployed = (0..64)
            .filter_map(|c| p.piece_at(c))
            .filter(|pc| v.nations[pc.seat.idx()] == "ottoman-empire")
            .count();
        assert!(deployed >= 3, "{ids}: {}", p.to_fen());
    }
}

/// Bots play legal games with the American Colonies (militia created
/// with the move, dying two turns later) and the Allied Army (trenches),
/// in every seat.
#[test]
fn bots_play_legal_games_with_militia_and_trenches() {
    for ids in [
        "american-colonies,default,american-colonies,default",
        "default,american-colonies,default,american-colonies",
        "allied-army,default,allied-army,default",
        "default,allied-army,american-colonies,allied-army",
    ] {
        let v = Variant::builtin("european-ffa")
            .unwrap()
            .with_lineup(ids, &[])
            .unwrap();
        bot_plays_legal_moves_of(&v, ids, 1_500, 48);
    }
}

/// Bots play legal games with France, whose turns go on after its move
/// (extra moves for sacrifices, ended by a pass): in every seat, the
/// search playing each step as a move of the same side, to the game's
/// end or a long way.
#[test]
fn bots_play_legal_games_with_france() {
    for ids in [
        "france,default,france,default",
        "default,france,default,france",
        "france,gaul,american-colonies,ottoman-empire",
    ] {
        let v = Variant::builtin("european-ffa")
            .unwrap()
            .with_lineup(ids, &[])
            .unwrap();
        let mut p = Position::<u64>::start(&v);
        let mut s = Searcher::<Position<u64>>::new(&v, 4);
        let limits = Limits {
            nodes: Some(1_500),
            ..Limits::default()
        };
        let (mut steps, mut passes) = (0, 0);
        for ply in 0..400 {
            if p.outcome().is_some() {
                break;
            }
            let r = s.search(&p, &[], &limits, &mut |_| {});
            let m = r
                .best
                .unwrap_or_else(|| panic!("{ids}: no move at ply {ply}"));
            assert!(
                p.legal_moves().contains(&m),
                "{ids}: illegal bot move at ply {ply}"
            );
            let goes_on = p.turn_goes_on(p.turn());
            let next = p.play(m).unwrap();
            if goes_on {
                steps += 1;
                passes += usize::from(next.turn() != p.turn());
            }
            p = next;
        }
        // France's turns went on after its moves, and ended.
        assert!(steps > 0 && passes > 0, "{ids}: {steps} {passes}");
        // And the game came to its end (a win or a drawing rule).
        assert!(p.outcome().is_some(), "{ids}: {}", p.to_fen());
    }
}

#[test]
fn bots_play_legal_games_of_both_variants() {
    for name in ["european-ffa", "european-teams"] {
        bot_plays_legal_moves(name, 2_000, 40);
    }
}

/// Line-ups with Ancient China's Great Wall (enemies, a partner, a
/// boomerang and a pusher beside it): the bots' moves are legal ones,
/// walls and all.
#[test]
fn bots_play_legal_games_of_lineups_with_walls() {
    for (name, ids) in [
        ("european-ffa", "ancient-china,gaul,australia,default"),
        (
            "european-teams",
            "ancient-china,default,ancient-china,hurons",
        ),
    ] {
        let v = Variant::builtin(name)
            .unwrap()
            .with_lineup(ids, &[])
            .unwrap();
        assert!(!Position::<u64>::start(&v).walls().is_empty());
        bot_plays_legal_moves_of(&v, ids, 1_500, 48);
    }
}

/// Every built-in named variant of European Chess (King of the Hill,
/// Checks, Capture the Flag, Team Battle).
fn named() -> Vec<&'static str> {
    tetrarch_rules::variant::builtin_names()
        .filter(|n| n.starts_with("european-") && !matches!(*n, "european-ffa" | "european-teams"))
        .collect()
}

#[test]
fn bots_play_legal_games_of_every_named_variant() {
    let names = named();
    assert!(names.len() >= 4, "{names:?}");
    for name in names {
        bot_plays_legal_moves(name, 1_500, 48);
    }
}

#[test]
fn royal_pieces_beyond_a_players_last_count_as_pieces() {
    // Britain (red) with four ministers, then with one: only the last is
    // royal, so the other three are worth about three knights and kings.
    let v = Variant::builtin("european-ffa")
        .unwrap()
        .with_lineup("britain,default,default,default", &[])
        .unwrap();
    let eval = Eval::new(&v);
    let four = pos(
        &v,
        "'turns':(2,2,2,2)",
        "bK,7/8/8/8/8/8/8/rO,rO,rO,rO,2,yK,1",
    );
    let one = pos(&v, "'turns':(2,2,2,2)", "bK,7/8/8/8/8/8/8/rO,5,yK,1");
    let (a, b) = (eval.seat_terms(&four)[0], eval.seat_terms(&one)[0]);
    assert!(a - b > 1500, "three spare ministers: {b} -> {a}");
    // A single royal piece counts nothing, as a king.
    let two = pos(&v, "'turns':(2,2,2,2)", "bK,7/8/8/8/8/8/8/rO,rO,4,yK,1");
    assert!(eval.seat_terms(&two)[0] - b > 500);
    assert!(eval.seat_terms(&two)[0] - b < a - b);
}

#[test]
fn a_hills_points_count_for_their_seat() {
    let v = Variant::builtin("european-koth").unwrap();
    let eval = Eval::new(&v);
    let text = |points: &str| {
        format!(
            "R-0,0,0,0-0,0,0,0-0,0,0,0-{points}-0-{{'turns':(2,2,2,2)}}-bK,6,yK/bP,6,yP/8/8/8/8/rP,6,gP/rK,6,gK"
        )
    };
    let a = Position::<u64>::from_fen(&v, &text("0,0,0,0")).unwrap();
    let b = Position::<u64>::from_fen(&v, &text("5,0,0,0")).unwrap();
    assert!(eval.seat_terms(&b)[0] > eval.seat_terms(&a)[0]);
    assert_eq!(eval.seat_terms(&b)[1], eval.seat_terms(&a)[1]);
    // A taken army still counts for its commander (not greyed out).
    let taken = "R-0,0,0,1-0,0,0,0-0,0,0,0-0,0,0,0-0-{'commanders':('','','','b'),'turns':(2,2,2,2)}-bK,6,yK/bP,6,yP/8/8/7,gN/8/rP,6,gR/rK,7";
    let t = Position::<u64>::from_fen(&v, taken).unwrap();
    assert!(eval.seat_terms(&t)[Seat(1).idx()] > eval.seat_terms(&a)[1] + 500);
}

#[test]
fn an_enemy_flag_held_counts_the_more_the_nearer_it_is_to_home() {
    let v = Variant::builtin("european-ctf").unwrap();
    let eval = Eval::new(&v);
    // Red's rook on d4 holds blue's flag (blue's king was taken); red's
    // home is a1, three king steps away, where its king holds its own flag.
    let with = |flags: &str| {
        let text = format!(
            "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{{'flags':({flags}),'turns':(2,2,2,2)}}-7,yK/8/2,bN,5/1,bP,6/3,rR,4/8/8/rK,6,gK"
        );
        let p = Position::<u64>::from_fen(&v, &text).unwrap_or_else(|e| panic!("{text}: {e}"));
        eval.seat_terms(&p)
    };
    let held = with("'a1','d4','h8','h1'");
    let gone = with("'a1','','h8','h1'");
    assert_eq!(held[0] - gone[0], FLAG_HELD + FLAG_STEP * (7 - 3));
    assert_eq!(held[1], gone[1], "a flag counts for its holder only");
    // Without its own flag, red cannot win by bringing blue's home: the
    // flag counts, its way home does not.
    let own_lost = with("'','d4','h8','h1'");
    assert_eq!(own_lost[0] - gone[0], FLAG_HELD);
}

/// Bots play legal games with the Balkan States' dice, in every seat:
/// the game rolls every die due from its seed, so a bot is never offered
/// a roll; the bots pick targets (their search averages the faces) and
/// the game goes on legally; its record replays with another seed.
#[test]
fn bots_play_legal_games_with_dice() {
    use tetrarch_engine::Engine;
    use tetrarch_rules::{AnyGame, AnyVariant};
    let mut picks = 0;
    for (ids, seed) in [
        ("balkan-states,default,balkan-states,default", 11),
        ("default,balkan-states,huns,balkan-states", 12),
    ] {
        let v = AnyVariant::builtin("european-ffa")
            .unwrap()
            .with_lineup(ids)
            .unwrap();
        let mut game = AnyGame::new(&v);
        game.set_seed(seed);
        let mut engine = Engine::new(&v, 4);
        let limits = Limits {
            nodes: Some(1_500),
            ..Limits::default()
        };
        for ply in 0..60 {
            if game.outcome().is_some() {
                break;
            }
            assert_eq!(game.chance(), None, "{ids}: a die left for a bot");
            let found = engine.search(&game, &limits, &mut |_| {}).unwrap();
            let m = found
                .best
                .unwrap_or_else(|| panic!("{ids}: no move at ply {ply}"));
            assert!(!m.starts_with("roll="), "{ids}: a bot rolled");
            assert!(
                game.legal_moves().iter().any(|l| l.uci == m),
                "{ids}: illegal bot move {m} at ply {ply}"
            );
            picks += usize::from(m.starts_with("assassinate@"));
            game.play(&m).unwrap();
        }
        let mut replay = AnyGame::new(&v);
        replay.set_seed(seed + 1000);
        for m in game.moves() {
            replay.play_step(&m).unwrap();
        }
        assert_eq!(replay.position_text(), game.position_text(), "{ids}");
    }
    assert!(picks > 0, "the bots never assassinated");
}

/// Bots play legal games with North Korea's insanity, in every seat: the
/// game rolls every die due (the turn's roll, the second, one per picked
/// piece), so a bot is never offered a roll; the bots name pieces (their
/// search averages the faces to come), move them as their dice say or
/// stop, and the game goes on legally; its record replays with another
/// seed.
#[test]
fn bots_play_legal_games_with_insanity() {
    use tetrarch_engine::Engine;
    use tetrarch_rules::{AnyGame, AnyVariant};
    let (mut picks, mut insane) = (0, 0);
    for (ids, seed) in [
        ("north-korea,default,north-korea,default", 21),
        ("default,north-korea,balkan-states,north-korea", 22),
    ] {
        let v = AnyVariant::builtin("european-ffa")
            .unwrap()
            .with_lineup(ids)
            .unwrap();
        let mut game = AnyGame::new(&v);
        game.set_seed(seed);
        // North Korea may sit first: its turn's roll is the game's.
        game.roll_due().unwrap();
        let mut engine = Engine::new(&v, 4);
        let limits = Limits {
            nodes: Some(1_500),
            ..Limits::default()
        };
        let mut after_pick = false;
        for ply in 0..80 {
            if game.outcome().is_some() {
                break;
            }
            assert_eq!(game.chance(), None, "{ids}: a die left for a bot");
            let found = engine.search(&game, &limits, &mut |_| {}).unwrap();
            let m = found
                .best
                .unwrap_or_else(|| panic!("{ids}: no move at ply {ply}"));
            assert!(!m.starts_with("roll="), "{ids}: a bot rolled");
            assert!(
                game.legal_moves().iter().any(|l| l.uci == m),
                "{ids}: illegal bot move {m} at ply {ply}"
            );
            insane += usize::from(after_pick && m != "0000");
            after_pick = m.starts_with("insanity@");
            picks += usize::from(after_pick);
            game.play(&m).unwrap();
        }
        let mut replay = AnyGame::new(&v);
        replay.set_seed(seed + 1000);
        for m in game.moves() {
            replay.play_step(&m).unwrap();
        }
        assert_eq!(replay.position_text(), game.position_text(), "{ids}");
    }
    assert!(
        picks > 0 && insane > 0,
        "{picks} picks, {insane} insane moves"
    );
}

/// Bots play legal games with Mycenae's cargo, each handed its seat's
/// view of the game (as the server and `tetrarch match` hand it): Mycenae
/// packs, loads, unloads and burns by its own view (which sees its
/// cargo), the others by theirs (the cargo pooled); every bot move is
/// legal in the true game.
#[test]
fn bots_play_legal_games_with_mycenae_by_their_views() {
    use tetrarch_engine::Engine;
    use tetrarch_rules::{AnyGame, AnyVariant};
    let (mut packed, mut cargo) = (0, 0);
    for ids in [
        "mycenae,default,default,default",
        "default,mycenae,gaul,mycenae",
    ] {
        let v = AnyVariant::builtin("european-ffa")
            .unwrap()
            .with_lineup(ids)
            .unwrap();
        let mut game = AnyGame::new(&v);
        let limits = Limits {
            nodes: Some(1_500),
            ..Limits::default()
        };
        for ply in 0..60 {
            if game.outcome().is_some() {
                break;
            }
            let view = game.seen_by(Some(game.turn()));
            let mut engine = Engine::new(&v, 4);
            let found = engine.search(&view, &limits, &mut |_| {}).unwrap();
            let m = found
                .best
                .unwrap_or_else(|| panic!("{ids}: no move at ply {ply}"));
            assert!(
                game.legal_moves().iter().any(|l| l.uci == m),
                "{ids}: illegal bot move {m} at ply {ply}"
            );
            // A packing step: every legal move is a packing.
            let packing = game
                .legal_moves()
                .iter()
                .all(|l| l.uci.starts_with("cargo@") && l.uci.contains('='));
            packed += usize::from(packing);
            cargo += usize::from(!packing && m.starts_with("cargo@"));
            game.play(&m).unwrap();
        }
    }
    assert!(
        packed >= 3 && cargo > 0,
        "{packed} packings, {cargo} cargo moves"
    );
}

/// Inside a turn of Mycenae's loads and unloads (its turn goes on after
/// an unload), bots by their view play only its steps, each legal, and
/// end the turn, its end step a pass, within the steps the guard allows.
#[test]
fn bots_finish_a_turn_of_loads_and_unloads() {
    use tetrarch_engine::Engine;
    use tetrarch_rules::{AnyGame, AnyVariant};
    let v = AnyVariant::builtin("european-ffa")
        .unwrap()
        .with_lineup("mycenae,default,default,default")
        .unwrap();
    let mut game = AnyGame::new(&v);
    for m in ["cargo@b1c1=kbp", "cargo@b1b2=p"] {
        game.play(m).unwrap();
    }
    assert_eq!(game.turn(), Seat(0), "the turn goes on after an unload");
    let limits = Limits {
        nodes: Some(1_500),
        ..Limits::default()
    };
    let mut steps = 0;
    while game.turn() == Seat(0) {
        assert!(steps <= 14, "{steps} steps: the turn does not end");
        let view = game.seen_by(Some(game.turn()));
        let found = Engine::new(&v, 4)
            .search(&view, &limits, &mut |_| {})
            .unwrap();
        let m = found.best.expect("a step");
        assert!(m == "0000" || m.starts_with("cargo@"), "{m}");
        assert!(game.legal_moves().iter().any(|l| l.uci == m), "{m}");
        game.play(&m).unwrap();
        steps += 1;
    }
    assert_eq!(game.turn(), Seat(1));
}

/// A search from a position where a roll is due offers no move (the game
/// rolls first); its score is the average over the faces.
#[test]
fn a_search_never_offers_a_roll() {
    let v = Variant::builtin("european-ffa")
        .unwrap()
        .with_lineup("balkan-states,default,default,default", &[])
        .unwrap();
    let text = "R-0,0,1,1-0,0,0,0-0,0,0,0-0,0,0,0-0-{'turns':(2,2,2,2),'assassinate':('c3','','','')}-bK,7/8/8/8/8/2,bP,5/7,rP/rK,rN,6";
    let p = Position::<u64>::from_fen(&v, text).unwrap();
    assert_eq!(tetrarch_rules::family::GamePosition::chance(&p), Some(6));
    let mut s = Searcher::<Position<u64>>::new(&v, 4);
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let r = s.search(&p, &[], &limits, &mut |_| {});
    assert_eq!(r.best, None);
}

/// European Chess with Lightning in a game: the game draws every nation
/// due from its seed (a bot is never offered a draw, its search averages
/// the outcomes), the bots' moves are legal, the nations change, and the
/// record replays with another seed.
#[test]
fn bots_play_legal_games_with_lightning() {
    use tetrarch_engine::Engine;
    use tetrarch_rules::{AnyGame, AnyVariant};
    let mut draws = 0;
    for (name, seed) in [("european-lightning", 21), ("european-lightning-teams", 22)] {
        let v = AnyVariant::builtin(name).unwrap();
        let mut game = AnyGame::new(&v);
        game.set_seed(seed);
        let mut engine = Engine::new(&v, 4);
        let limits = Limits {
            nodes: Some(1_500),
            ..Limits::default()
        };
        for ply in 0..60 {
            if game.outcome().is_some() {
                break;
            }
            assert_eq!(game.chance(), None, "{name}: a draw left for a bot");
            let found = engine.search(&game, &limits, &mut |_| {}).unwrap();
            let m = found
                .best
                .unwrap_or_else(|| panic!("{name}: no move at ply {ply}"));
            assert!(!m.starts_with("roll="), "{name}: a bot drew");
            assert!(
                game.legal_moves().iter().any(|l| l.uci == m),
                "{name}: illegal bot move {m} at ply {ply}"
            );
            game.play(&m).unwrap();
        }
        draws += game
            .moves()
            .iter()
            .filter(|m| m.starts_with("roll="))
            .count();
        assert!(
            game.view(None).nations.iter().any(|n| n != "default"),
            "{name}: no nation changed: {:?}",
            game.moves()
        );
        let mut replay = AnyGame::new(&v);
        replay.set_seed(seed + 1000);
        for m in game.moves() {
            replay.play_step(&m).unwrap();
        }
        assert_eq!(replay.position_text(), game.position_text(), "{name}");
    }
    assert!(draws >= 4, "{draws} draws");
}

/// Bots play legal games with the Soviet Union, each handed the view of its
/// seat (as the server's bots are): the Soviet bot deals and moves with its
/// cards; the others see unknown pieces and may challenge; every move a
/// bot picks in its view is legal in the true game.
#[test]
fn bots_play_legal_games_with_secret_cards() {
    use tetrarch_engine::Engine;
    use tetrarch_rules::{AnyGame, AnyVariant};
    for ids in [
        "soviet-union,default,default,default",
        "default,soviet-union,assassins-guild,soviet-union",
    ] {
        let v = AnyVariant::builtin("european-ffa")
            .unwrap()
            .with_lineup(ids)
            .unwrap();
        let mut game = AnyGame::new(&v);
        game.set_seed(31);
        let mut engine = Engine::new(&v, 4);
        let limits = Limits {
            nodes: Some(1_000),
            ..Limits::default()
        };
        for ply in 0..60 {
            if game.outcome().is_some() {
                break;
            }
            let view = game.seen_by(Some(game.turn()));
            let found = engine.search(&view, &limits, &mut |_| {}).unwrap();
            let m = found
                .best
                .unwrap_or_else(|| panic!("{ids}: no move at ply {ply}"));
            assert!(
                game.legal_moves().iter().any(|l| l.uci == m),
                "{ids}: illegal bot move {m} at ply {ply}"
            );
            game.play(&m).unwrap();
        }
    }
}

/// A bluff no card of the deck could make (the Soviet Union's piece went
/// b1-b5, which no pawn, knight, bishop or king does) is known in every
/// view: Blue's bot, handed its view, challenges it and wins the piece.
#[test]
fn a_bot_challenges_a_bluff_no_card_could_make() {
    use tetrarch_engine::Engine;
    use tetrarch_rules::{AnyGame, AnyVariant};
    let v = AnyVariant::builtin("european-ffa")
        .unwrap()
        .with_lineup("soviet-union,default,default,default")
        .unwrap();
    let board = "bK,bN,4,yN,yK/8/8/1,rU,6/8/8/rU,7/rU,1,rU,3,gN,gK";
    let extras = "'turns':(2,2,2,2),'cards':('a1kb5nc1ba2p','','',''),'secrecy':('3@b5*','','','')";
    let text = format!("B-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{{{extras}}}-{board}");
    let game = AnyGame::from_position(&v, Some(&text)).unwrap();
    let view = game.seen_by(Some(Seat(1)));
    assert!(
        view.position_text().contains("'3@b5*'"),
        "{}",
        view.position_text()
    );
    let mut engine = Engine::new(&v, 4);
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let found = engine.search(&view, &limits, &mut |_| {}).unwrap();
    assert_eq!(found.best.as_deref(), Some("challenge@b5"));
}

/// The Soviet Union (red) with five face-down pieces (`cards`: the King
/// card, a bishop card and three pawn cards) and both knight cards and a
/// bishop card turned up, red to move; `rank7` the seventh rank (Blue's
/// and Yellow's rooks and bishops, and maybe the sixth after it), Green's
/// rook and bishop on h2 and g2.
fn soviet_game(cards: &str, rank7: &str) -> tetrarch_rules::AnyGame {
    use tetrarch_rules::{AnyGame, AnyVariant};
    let v = AnyVariant::builtin("european-ffa")
        .unwrap()
        .with_lineup("soviet-union,default,default,default")
        .unwrap();
    let rows = if rank7.contains('/') { 2 } else { 1 };
    let empty = vec!["8"; 3 - rows].join("/");
    let board =
        format!("bK,bN,4,yN,yK/{rank7}/{empty}/8/2,rU,5/rU,rU,1,rB,2,gB,gR/rU,rN,rU,rN,2,gN,gK");
    let extras = format!("'turns':(2,2,2,2),'cards':('{cards}','','',''),'secrecy':('3','','','')");
    let text = format!("R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{{{extras}}}-{board}");
    AnyGame::from_position(&v, Some(&text)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Blue's bot's move after red's `m`, searched to `depth` in Blue's view.
fn blue_reply(game: &mut tetrarch_rules::AnyGame, m: &str, depth: u32) -> String {
    use tetrarch_engine::Engine;
    game.play(m).unwrap();
    let view = game.seen_by(Some(Seat(1)));
    let mut engine = Engine::new(game.variant(), 4);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let found = engine.search(&view, &limits, &mut |_| {}).unwrap();
    found.best.expect("a move")
}

/// The usual cards: the King card a1, pawn cards a2, b2 and c3, the
/// bishop card c1.
const CARDS: &str = "a1ka2pb2pc1bc3p";

/// A step c3-d3 only the King card makes (no pawn, knight or bishop
/// steps sideways): one chance in five that the piece is the King card,
/// four in five that it is a bluff whose piece a challenge removes, the
/// challenger playing on. Blue's bot, handed its view, sees the odds and
/// challenges.
#[test]
fn a_bot_challenges_a_move_most_cards_left_could_not_make() {
    let mut game = soviet_game(CARDS, "bR,bB,4,yB,yR");
    let view = {
        game.play("c3d3").unwrap();
        let v = game.seen_by(Some(Seat(1)));
        game.undo().unwrap();
        v
    };
    assert!(
        view.position_text().contains("'3@d3=k'"),
        "{}",
        view.position_text()
    );
    assert_eq!(blue_reply(&mut game, "c3d3", 3), "challenge@d3");
}

/// A step c3-c4 a pawn card or the King card makes (four chances in five:
/// three pawn cards and the King card among the five face-down pieces):
/// a challenge would most likely cost Blue its turn, and with it its rook
/// (d6, which Yellow's rook on h6 attacks), and its bot, seeing the odds in its
/// view, does not challenge. (It did while the draw of a card for a
/// challenge cost a ply of its own: the line of a challenge answered by a
/// legal move then ended a ply short of the other moves', with Blue to
/// move at its horizon.)
#[test]
fn a_bot_does_not_challenge_a_move_most_cards_left_could_make() {
    let mut game = soviet_game(CARDS, "bR,bB,4,yB,yR/3,bR,3,yR");
    let view = {
        game.play("c3c4").unwrap();
        let v = game.seen_by(Some(Seat(1)));
        game.undo().unwrap();
        v
    };
    assert!(
        view.position_text().contains("'3@c4=kp'"),
        "{}",
        view.position_text()
    );
    assert_ne!(blue_reply(&mut game, "c3c4", 3), "challenge@c4");
}

/// A bot uses only what its seat may see: two true games whose cards lie
/// elsewhere (the King card on c3, which makes c3-d3 a legal move, or the
/// bishop card there, which makes it a bluff) give Blue the same view and
/// its bot the same choice.
#[test]
fn a_bots_challenge_does_not_depend_on_where_the_cards_lie() {
    let mut bluff = soviet_game("a1ka2pb2pc1pc3b", "bR,bB,4,yB,yR");
    let mut legal = soviet_game("a1ba2pb2pc1pc3k", "bR,bB,4,yB,yR");
    let replies = [
        blue_reply(&mut bluff, "c3d3", 3),
        blue_reply(&mut legal, "c3d3", 3),
    ];
    assert_eq!(
        bluff.seen_by(Some(Seat(1))).position_text(),
        legal.seen_by(Some(Seat(1))).position_text()
    );
    assert_ne!(bluff.position_text(), legal.position_text());
    assert_eq!(replies[0], replies[1]);
}
