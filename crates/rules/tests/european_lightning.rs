//! European Chess with Lightning (`european-lightning`,
//! `european-lightning-teams`): "An army's nation changes every time one of
//! its units makes, or suffers, an ordinary capture ... Nations tagged
//! Un-Lightning-able are not used." (section 3 of
//! european-chess-nations.md). A position for each rule and decision of
//! docs/nations.md ("Lightning"), each seat making the capture in turn;
//! then the game's side: draws from the game's seed, records replayed with
//! another seed, random games, bad input.

use crate::european_fen;
use crate::european_reference;
use crate::lineup_play;

use lineup_play::{Pos, moves, piece, play};
use tetrarch_rules::family::GamePosition;
use tetrarch_rules::{AnyGame, AnyVariant, PlayError, Seat, SplitMix64, Variant, lightning_deck};

const FFA: &str = "european-lightning";
const TEAMS: &str = "european-lightning-teams";
const SEATS: [char; 4] = ['r', 'b', 'y', 'g'];

fn variant(name: &str) -> Variant {
    Variant::builtin(name).unwrap()
}

fn lineup(name: &str, ids: &str) -> Variant {
    variant(name)
        .with_lineup(ids, &[])
        .unwrap_or_else(|e| panic!("{ids}: {e}"))
}

fn pos(v: &Variant, text: &str) -> Pos {
    Pos::from_fen(v, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn deck() -> Vec<&'static str> {
    lightning_deck().iter().map(|n| n.id.as_str()).collect()
}

fn card(id: &str) -> u8 {
    deck().iter().position(|&d| d == id).unwrap() as u8
}

/// The nation each seat plays.
fn nations(p: &Pos) -> Vec<&'static str> {
    (0..4)
        .map(|s| deck()[p.lightning_card(Seat(s)) as usize])
        .collect()
}

fn draws() -> Vec<String> {
    (1..deck().len()).map(|f| format!("roll={f}")).collect()
}

/// The face that draws `want` for a seat playing `now`.
fn face(now: &str, want: &str) -> String {
    let (now, want) = (card(now), card(want));
    assert_ne!(now, want);
    format!("roll={}", if want > now { want } else { want + 1 })
}

/// Kings in the four corners and a pawn beside each (no seat is alone);
/// `extra` pieces `(seat, letter, square)`.
fn board(turn: usize, extra: &[(usize, char, &str)], extras: &str) -> String {
    board_without(turn, extra, extras, None)
}

/// The same without the king of `out`.
fn board_without(
    turn: usize,
    extra: &[(usize, char, &str)],
    extras: &str,
    out: Option<usize>,
) -> String {
    let mut cells: Vec<Vec<String>> = vec![vec![String::new(); 8]; 8];
    let mut put = |seat: usize, letter: char, sq: &str| {
        let b = sq.as_bytes();
        let (f, r) = ((b[0] - b'a') as usize, (b[1] - b'1') as usize);
        cells[r][f] = format!("{}{}", SEATS[seat], letter);
    };
    for (seat, sq) in [(0, "a1"), (1, "a8"), (2, "h8"), (3, "h1")] {
        if out != Some(seat) {
            put(seat, 'K', sq);
        }
    }
    for (seat, sq) in [(0, "b2"), (1, "b7"), (2, "g7"), (3, "g2")] {
        put(seat, 'P', sq);
    }
    for &(seat, letter, sq) in extra {
        put(seat, letter, sq);
    }
    let rows: Vec<String> = (0..8)
        .rev()
        .map(|r| {
            let mut out = Vec::new();
            let mut empty = 0;
            for cell in &cells[r] {
                if cell.is_empty() {
                    empty += 1;
                } else {
                    if empty > 0 {
                        out.push(empty.to_string());
                        empty = 0;
                    }
                    out.push(cell.clone());
                }
            }
            if empty > 0 {
                out.push(empty.to_string());
            }
            out.join(",")
        })
        .collect();
    let rows: [&str; 8] = std::array::from_fn(|i| rows[i].as_str());
    let turn = SEATS[turn].to_ascii_uppercase();
    let extras = if extras.is_empty() {
        european_fen::PLAYED.to_string()
    } else {
        format!("{},{extras}", european_fen::PLAYED)
    };
    european_fen::fen(turn, &extras, rows)
}

#[test]
fn the_deck_leaves_out_the_un_lightning_able_and_the_others_decided() {
    let deck = deck();
    for listed in [
        "ancient-china",
        "australia",
        "austria",
        "britain",
        "canada",
        "switzerland",
        "sparta",
        "ottoman-empire",
        "incas",
    ] {
        assert!(
            !deck.contains(&listed),
            "{listed} is tagged Un-Lightning-able"
        );
    }
    // "And others": turns of several steps, powers acting on their own
    // captures or keeping marks across turns, and nations with kinds of
    // their own (a drawn nation takes over pieces that keep their kinds).
    for other in [
        "france",
        "barbarian-invaders",
        "holy-roman-empire",
        "russia",
        "transylvania",
        "egypt",
        "armenia",
        "papal-states",
    ] {
        assert!(!deck.contains(&other), "{other}");
    }
    let mut sorted_deck = deck.clone();
    sorted_deck.sort();
    assert_eq!(
        sorted_deck,
        [
            "ancient-greece",
            "athens",
            "aztecs",
            "balkan-states",
            "byzantine-empire",
            "conquistadors",
            "default",
            "gaul",
            "huns",
            "jerusalem",
            "netherlands",
            "nuclear-rogue",
        ]
        .iter()
        .copied()
        .filter(|d| deck.contains(d))
        .collect::<Vec<_>>()
    );
    assert!(deck.len() >= 10, "{deck:?}");
}

#[test]
fn the_start_is_the_base_games_with_the_nations_written() {
    let v = variant(FFA);
    let base = variant("european-ffa");
    let p = Pos::start(&v);
    assert_eq!(nations(&p), ["default"; 4]);
    assert!(
        p.to_fen()
            .contains("'nations':('default','default','default','default')"),
        "{}",
        p.to_fen()
    );
    // No capture before the second ply: perft as the base game's.
    let start = Pos::start(&base);
    for depth in 1..=2 {
        assert_eq!(
            tetrarch_rules::family::perft(&p, depth),
            tetrarch_rules::family::perft(&start, depth),
            "depth {depth}"
        );
    }
    // At the third ply, a capture on the second is followed by the
    // maker's draw (the deck less one) instead of the next seat's moves,
    // counted here from the base game's positions.
    let mut third = 0;
    for &a in start.legal_moves().iter() {
        let one = start.play(a).unwrap();
        for &b in one.legal_moves().iter() {
            let took = one.piece_at(b.to()).is_some();
            let two = one.play(b).unwrap();
            third += if took {
                deck().len() as u64 - 1
            } else {
                two.legal_moves().len() as u64
            };
        }
    }
    assert_eq!(tetrarch_rules::family::perft(&p, 3), third);
    assert_ne!(third, 1020, "the second ply has captures");
}

#[test]
fn an_ordinary_capture_draws_for_the_maker_then_the_sufferer() {
    for maker in 0..4 {
        let sufferer = (maker + 1) % 4;
        let v = variant(FFA);
        let p = pos(
            &v,
            &board(maker, &[(maker, 'R', "d4"), (sufferer, 'N', "d6")], ""),
        );
        let after = play(&p, "d4d6");
        // The turn has passed; the draws come before the next one begins.
        assert_eq!(after.turn(), Seat(sufferer as u8), "maker {maker}");
        assert_eq!(after.chance(), Some(deck().len() as u8 - 1));
        assert_eq!(moves(&after), sorted(draws()));
        assert!(after.to_fen().contains("'draws':("), "{}", after.to_fen());
        // The maker's draw first.
        let one = play(&after, &face("default", "gaul"));
        let mut want = ["default"; 4];
        want[maker] = "gaul";
        assert_eq!(nations(&one), want, "maker {maker}");
        assert_eq!(one.chance(), Some(deck().len() as u8 - 1));
        let two = play(&one, &face("default", "huns"));
        want[sufferer] = "huns";
        assert_eq!(nations(&two), want, "maker {maker}");
        assert_eq!(two.chance(), None);
        assert_eq!(two.turn(), Seat(sufferer as u8));
        // The sufferer now plays the Huns: it may place a pawn.
        assert!(
            moves(&two).iter().any(|m| m.starts_with("place@")),
            "maker {maker}: {:?}",
            moves(&two)
        );
        // A draw never gives the nation the seat played.
        for f in 1..deck().len() {
            let d = play(&after, &format!("roll={f}"));
            assert_ne!(nations(&d)[maker], "default");
        }
    }
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

#[test]
fn a_move_that_takes_nothing_draws_nothing() {
    let v = variant(FFA);
    let p = pos(&v, &board(0, &[(0, 'R', "d4"), (1, 'N', "d6")], ""));
    let after = play(&p, "d4d5");
    assert_eq!(after.chance(), None);
    assert_eq!(nations(&after), ["default"; 4]);
}

#[test]
fn a_powers_capture_draws_nothing() {
    // Ancient Greece shoots from d4-e5: a power's capture, no ordinary one.
    for (maker, ids) in [
        (0, "ancient-greece,default,default,default"),
        (2, "default,default,ancient-greece,default"),
    ] {
        let v = lineup(FFA, ids);
        // Yellow's corner is h8: its d4-e5 area is the same centre.
        let p = pos(&v, &board(maker, &[(maker, 'N', "d4"), (1, 'B', "d5")], ""));
        let shot = play(&p, "shoot@d4d5");
        assert_eq!(piece(&shot, "d5"), None, "the bishop was shot");
        assert_eq!(shot.chance(), None, "a power's capture draws nothing");
        let mut want = ["default"; 4];
        want[maker] = "ancient-greece";
        assert_eq!(nations(&shot), want);
        // The knight's own capture is ordinary.
        let p = pos(&v, &board(maker, &[(maker, 'N', "d4"), (1, 'B', "e6")], ""));
        assert!(play(&p, "d4e6").chance().is_some());
    }
    // The Byzantine relocation that takes a piece likewise.
    let v = lineup(FFA, "byzantine-empire,default,default,default");
    let p = pos(&v, &board(0, &[(0, 'R', "h5"), (1, 'N', "c2")], ""));
    let relocations: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("relocate@h5c2"))
        .collect();
    assert_eq!(relocations.len(), 1, "{:?}", moves(&p));
    let after = play(&p, &relocations[0]);
    assert_eq!(piece(&after, "c2"), Some((0, 'r')));
    assert_eq!(after.chance(), None);
}

#[test]
fn a_taken_over_armys_capture_changes_its_commanders_nation() {
    // Red commands blue's army (it took blue's king): blue's rook takes a
    // yellow knight; red is the maker, yellow the sufferer.
    let v = variant(FFA);
    let text = board_without(
        0,
        &[(1, 'R', "d4"), (2, 'N', "d6")],
        "'commanders':('','r','','')",
        Some(1),
    );
    let p = pos(&v, &text);
    let after = play(&p, "d4d6");
    let one = play(&after, &face("default", "athens"));
    let two = play(&one, &face("default", "aztecs"));
    assert_eq!(nations(&two), ["athens", "default", "aztecs", "default"]);
}

#[test]
fn taking_a_last_king_draws_for_the_maker_only() {
    // The winning condition is the base game's: the king taken, its army
    // is the taker's; the player out draws nothing.
    let v = variant(FFA);
    let p = pos(&v, &board(0, &[(0, 'R', "a4")], ""));
    let after = play(&p, "a4a8");
    assert_eq!(after.commander_of(Seat(1)), Seat(0));
    assert_eq!(after.chance(), Some(deck().len() as u8 - 1));
    let one = play(&after, &face("default", "gaul"));
    assert_eq!(one.chance(), None, "blue is out: no draw");
    assert_eq!(nations(&one), ["gaul", "default", "default", "default"]);
    // The last king taken ends the game: nothing is drawn.
    let rows = ["8", "8", "8", "8", "8", "8", "rP,5,gP,1", "rK,rR,5,gK"];
    let p = pos(&v, &european_fen::fen('R', european_fen::PLAYED, rows));
    let end = play(&p, "b1h1");
    assert_eq!(end.chance(), None);
    assert!(end.outcome().is_some());
}

#[test]
fn fen4_carries_the_nations_and_the_draws_due() {
    let v = variant(FFA);
    let p = pos(&v, &board(1, &[(1, 'R', "d4"), (2, 'N', "d6")], ""));
    let after = play(&p, "d4d6");
    let one = play(&after, &face("default", "netherlands"));
    for q in [&after, &one, &play(&one, "roll=3")] {
        let text = q.to_fen();
        let back = pos(&v, &text);
        assert_eq!(&back, q, "{text}");
        assert_eq!(back.hash(), q.hash(), "{text}");
        assert_eq!(q.hash(), q.compute_hash(), "{text}");
        assert_eq!(back.to_fen(), text);
    }
    let text = one.to_fen();
    assert!(
        text.contains("'nations':('default','netherlands','default','default')"),
        "{text}"
    );
    assert!(text.contains("'draws':('','','next','')"), "{text}");
    // Nations and draws tell positions apart.
    assert_ne!(after.hash(), one.hash());
    assert_ne!(after, one);
}

#[test]
fn bad_input_is_a_clear_error() {
    // Lightning on a variant that is not European Chess.
    let e = Variant::from_toml(
        "extends = \"chess\"\nname = \"x\"\n[rules]\nlightning = true\n",
        "x.toml",
    )
    .unwrap_err();
    assert!(e.to_string().contains("rules.lightning"), "{e}");
    let e = Variant::from_toml(
        "extends = \"european-team-battle\"\nname = \"x\"\n[rules]\nlightning = true\n",
        "x.toml",
    )
    .unwrap_err();
    assert!(e.to_string().contains("rules.lightning"), "{e}");
    // A nation out of the deck.
    for ids in [
        "britain,default,default,default",
        "default,default,france,default",
    ] {
        let e = variant(FFA).with_lineup(ids, &[]).unwrap_err().to_string();
        assert!(
            e.contains("nations") && e.contains("not in the Lightning deck"),
            "{e}"
        );
    }
    // Position texts.
    let v = variant(FFA);
    for (extras, why) in [
        (
            "'nations':('britain','','','')",
            "not a nation of the Lightning deck",
        ),
        ("'draws':('due','','','')", "none 'next'"),
        ("'draws':('next','next','','')", "two seats"),
        ("'draws':('maybe','','','')", "neither"),
    ] {
        let text = board(0, &[], extras);
        let e = Pos::from_fen(&v, &text).unwrap_err().to_string();
        assert!(e.contains(why), "{extras}: {e}");
    }
    let e = Pos::from_fen(
        &variant("european-ffa"),
        &board(0, &[], "'nations':('gaul','','','')"),
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("only for Lightning"), "{e}");
    // A seat never draws: the game does.
    let mut game = AnyGame::new(&AnyVariant::builtin(FFA).unwrap());
    let before = game.position_text();
    assert!(matches!(game.play("roll=3"), Err(PlayError::RollBySeat(_))));
    assert_eq!(game.position_text(), before);
}

/// Random moves of a game, captures preferred, for `plies` seat moves;
/// the game draws every card due from its seed.
fn random_game(name: &str, seed: u64, plies: usize) -> AnyGame {
    let mut game = AnyGame::new(&AnyVariant::builtin(name).unwrap());
    game.set_seed(seed);
    let mut rng = SplitMix64::new(seed ^ 0xbeef);
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.legal_moves();
        let captures: Vec<_> = moves.iter().filter(|m| m.capture).collect();
        let m = if !captures.is_empty() && !rng.next_u64().is_multiple_of(4) {
            captures[(rng.next_u64() % captures.len() as u64) as usize]
                .uci
                .clone()
        } else {
            moves[(rng.next_u64() % moves.len() as u64) as usize]
                .uci
                .clone()
        };
        game.play(&m).unwrap();
        assert_eq!(game.chance(), None, "the game draws every card due");
    }
    game
}

#[test]
fn the_game_draws_from_its_seed_and_a_record_replays_with_another() {
    for name in [FFA, TEAMS] {
        let game = random_game(name, 11, 120);
        let moves = game.moves();
        let rolls = moves.iter().filter(|m| m.starts_with("roll=")).count();
        assert!(rolls >= 4, "{name}: {moves:?}");
        assert_eq!(random_game(name, 11, 120).moves(), moves);
        // The steps with another seed, and the record read back.
        lineup_play::assert_replays_with_another_seed(&game, "roll=");
        assert_ne!(random_game(name, 12, 120).moves(), moves);
    }
}

#[test]
fn random_games_finish_with_legal_moves_and_deck_nations_only() {
    let deck = deck();
    let mut finished = 0;
    for seed in 0..12u64 {
        let name = if seed % 3 == 2 { TEAMS } else { FFA };
        let v = variant(name);
        let mut p = Pos::start(&v);
        let mut rng = SplitMix64::new(seed * 7 + 1);
        for _ in 0..600 {
            if p.outcome().is_some() {
                break;
            }
            let text = p.to_fen();
            let back = pos(&v, &text);
            assert_eq!(back, p, "{text}");
            assert_eq!(p.hash(), p.compute_hash(), "{text}");
            for id in nations(&p) {
                assert!(deck.contains(&id));
            }
            let all = p.legal_moves();
            assert!(!all.is_empty(), "{text}");
            let captures: Vec<_> = all
                .iter()
                .copied()
                .filter(|&m| p.piece_at(m.to()).is_some() && p.chance().is_none())
                .collect();
            let m = if !captures.is_empty() && !rng.next_u64().is_multiple_of(3) {
                captures[(rng.next_u64() % captures.len() as u64) as usize]
            } else {
                all[(rng.next_u64() % all.len() as u64) as usize]
            };
            p = p.play(m).unwrap();
        }
        if p.outcome().is_some() {
            finished += 1;
        }
    }
    assert!(finished >= 6, "{finished} of 12 finished");
}

#[test]
#[ignore]
fn measure_rules_memory() {
    let rss = || {
        let s = std::fs::read_to_string("/proc/self/statm").unwrap();
        s.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() * 4096
    };
    let v = variant(FFA);
    let p = Pos::start(&v);
    let before = rss();
    let clock = std::time::Instant::now();
    let mut n = 0;
    for a in 0..deck().len() {
        for b in 0..deck().len() {
            let ids = format!(
                "'nations':('{}','{}','default','default')",
                deck()[a],
                deck()[b]
            );
            let text = p
                .to_fen()
                .replace("'nations':('default','default','default','default')", &ids);
            let q = pos(&v, &text);
            std::hint::black_box(&q);
            std::mem::forget(q);
            n += 1;
        }
    }
    eprintln!(
        "{n} line-ups: {} KB, {:.1} ms each",
        (rss() - before) / 1024 / n,
        clock.elapsed().as_secs_f64() * 1000.0 / n as f64
    );
}

/// Whether the reference's move `m` is an ordinary capture: a piece move
/// (two squares, then nothing, a promotion letter or a chosen cell) onto
/// a piece of another player.
fn reference_capture(r: &european_reference::Ref, m: &str) -> bool {
    let b = m.as_bytes();
    let two_squares = b.len() >= 4
        && (0..2).all(|i| matches!(b[2 * i], b'a'..=b'h') && matches!(b[2 * i + 1], b'1'..=b'8'));
    let plain = two_squares && (b.len() <= 5 || b[4] == b'@');
    if !plain {
        return false;
    }
    let to = european_reference::squares(&m[..4])[1];
    r.at(to).is_some_and(|p| r.commander[p.army] != r.turn)
}

/// Perft 2 by the reference, taught Lightning's one rule it lacks: an
/// ordinary capture that leaves the game undecided is followed by the
/// maker's draw, the deck less one card.
fn reference_perft2(r: &european_reference::Ref) -> u64 {
    r.legal()
        .iter()
        .map(|m| {
            let child = r.play(m);
            if reference_capture(r, m) && !child.over() {
                deck().len() as u64 - 1
            } else {
                child.legal().len() as u64
            }
        })
        .sum()
}

/// After draws, the seats play their new nations: from positions of random
/// games just after the last draw, the kernel's moves and perft 2 agree with
/// the independent reference reading the line-up the draws made.
#[test]
fn perft_after_a_draw_agrees_with_the_reference() {
    let v = variant(FFA);
    let mut compared = 0;
    let mut changed = 0;
    for seed in 0..20u64 {
        let mut p = Pos::start(&v);
        let mut rng = SplitMix64::new(seed * 31 + 5);
        for _ in 0..300 {
            if p.outcome().is_some() || compared >= 60 {
                break;
            }
            let drawing = p.chance().is_some();
            let all = p.legal_moves();
            let captures: Vec<_> = all
                .iter()
                .copied()
                .filter(|&m| !drawing && p.piece_at(m.to()).is_some())
                .collect();
            let m = if !captures.is_empty() && rng.next_u64().is_multiple_of(2) {
                captures[(rng.next_u64() % captures.len() as u64) as usize]
            } else {
                all[(rng.next_u64() % all.len() as u64) as usize]
            };
            p = p.play(m).unwrap();
            if drawing && p.chance().is_none() && p.outcome().is_none() {
                let Some(r) = european_reference::read::read(&p) else {
                    continue;
                };
                let mut kernel = moves(&p);
                kernel.sort();
                assert_eq!(kernel, r.legal(), "{}", p.to_fen());
                assert_eq!(
                    tetrarch_rules::family::perft(&p, 2),
                    reference_perft2(&r),
                    "{}",
                    p.to_fen()
                );
                compared += 1;
                changed += usize::from(nations(&p).iter().any(|&n| n != "default"));
            }
        }
    }
    assert!(compared >= 30 && changed >= 30, "{compared} compared");
}

#[test]
fn every_card_plays_in_every_seat() {
    // Each card of the deck, drawn by any seat beside the default army,
    // makes a line-up that compiles, reads back from FEN4 and moves.
    let v = variant(FFA);
    for card in deck() {
        for seat in 0..4 {
            let mut ids = ["''"; 4];
            let quoted = format!("'{card}'");
            ids[seat] = &quoted;
            let extras = format!("'nations':({})", ids.join(","));
            let p = pos(&v, &board(seat, &[(seat, 'R', "d4")], &extras));
            let mut want = ["default"; 4];
            want[seat] = card;
            assert_eq!(nations(&p), want, "{card} in seat {seat}");
            assert!(!p.legal_moves().is_empty(), "{card} in seat {seat}");
            assert_eq!(pos(&v, &p.to_fen()), p);
        }
    }
}

#[test]
fn a_capture_taken_back_takes_its_draws_along() {
    let mut game = random_game(FFA, 5, 40);
    let moves = game.moves();
    let last = moves
        .iter()
        .rposition(|m| m.starts_with("roll="))
        .expect("a draw");
    while game.ply() > last + 1 {
        game.undo().unwrap();
    }
    // Taking back the last draw takes back the other and the capture.
    game.undo().unwrap();
    assert!(
        !game.moves().last().unwrap().starts_with("roll="),
        "{:?}",
        game.moves()
    );
    assert_eq!(game.chance(), None);
}

// ------------------------------------------- the reference playing the draws

/// The reference's deck (written from `docs/nations.md`) is the kernel's.
#[test]
fn the_references_deck_is_the_kernels() {
    assert_eq!(european_reference::lightning::DECK.to_vec(), deck());
}

/// Random games of both Lightning variants, each seat's moves and each
/// draw's face chosen at random (captures three times as likely): the
/// kernel and the reference, which plays the draws itself (the new
/// nation, its powers' state afresh, the turn beginning after the last
/// draw), agree move for move and state for state; perft to depth 3 at
/// up to `perfts` positions a draw or a capture away from a new nation.
fn games_agree_with_the_reference(seeds: std::ops::Range<u64>, perfts: usize) -> (usize, usize) {
    let mut positions = 0;
    let mut counted = 0;
    for seed in seeds {
        let v = variant(if seed % 2 == 0 { FFA } else { TEAMS });
        let mut p = Pos::start(&v);
        let mut r = european_reference::read::read(&p).expect("deck nations");
        let mut rng = SplitMix64::new(seed * 13 + 7);
        for _ in 0..200 {
            if p.outcome().is_some() {
                break;
            }
            positions += 1;
            let read = european_reference::read::read(&p).expect("deck nations");
            assert_eq!(read, r, "kernel and reference part at {}", p.to_fen());
            let kernel = moves(&p);
            assert_eq!(kernel, r.legal(), "moves of {}", p.to_fen());
            let drawing = p.chance().is_some();
            if drawing && counted < perfts && rng.next_u64().is_multiple_of(3) {
                let n = tetrarch_rules::family::perft(&p, 3);
                assert_eq!(r.perft(3), n, "perft 3 of {}", p.to_fen());
                counted += 1;
            }
            let captures: Vec<&String> = kernel
                .iter()
                .filter(|m| {
                    !drawing && m.as_bytes()[1].is_ascii_digit() && piece(&p, &m[2..4]).is_some()
                })
                .collect();
            let m = if !captures.is_empty() && !rng.next_u64().is_multiple_of(4) {
                captures[(rng.next_u64() % captures.len() as u64) as usize].clone()
            } else {
                kernel[(rng.next_u64() % kernel.len() as u64) as usize].clone()
            };
            p = play(&p, &m);
            r = r.play(&m);
        }
    }
    (positions, counted)
}

#[test]
fn random_games_with_draws_agree_with_the_reference() {
    let (positions, perfts) = games_agree_with_the_reference(0..8, 4);
    assert!(
        positions > 600 && perfts >= 4,
        "{positions} positions, {perfts} perfts"
    );
}

/// Perft from the start to depth 4 (captures on the second and third
/// plies, then the draws), the reference playing the draws.
#[test]
#[ignore = "long: the reference's perft 4 of Lightning and many more games"]
fn deeper_perft_and_many_games_agree_with_the_reference() {
    for name in [FFA, TEAMS] {
        let p = Pos::start(&variant(name));
        let r = european_reference::read::read(&p).expect("deck nations");
        assert_eq!(r.perft(4), tetrarch_rules::family::perft(&p, 4), "{name}");
    }
    let (positions, perfts) = games_agree_with_the_reference(100..300, 60);
    eprintln!("{positions} positions, {perfts} perfts");
}
