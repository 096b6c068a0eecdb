//! North Korea's insanity (`insanity`, issue 14): "Roll a six-sided die at
//! the start of your turn. On 1-4 you play normally. On 5-6, roll again:
//! 1-2 lets you move one piece; 3-4 up to two different pieces; 5-6 up
//! to three. Pick all the pieces first, then roll once per piece: 1 pawn,
//! 2 knight, 3 bishop, 4 rook, 5 queen, 6 king. Each piece moves and
//! captures that way this turn. A piece moving as a king does not become
//! royal." Each sentence and each decision of `docs/nations.md` with a
//! position where it decides something; North Korea sits in each of the
//! four corners in turn, the positions written for the a1 corner and
//! turned to its own. Then the game's side: the game rolls from its seed,
//! a seat never does, bad steps are refused, and a record replays its
//! rolls with any seed.

use crate::corners;
use crate::european_fen;
use crate::lineup_play;

use corners::*;
use lineup_play::*;
use tetrarch_rules::family::GamePosition;
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{AnyGame, AnyVariant, PlayError, Seat, SplitMix64};

const NK: &str = "north-korea";

/// North Korea in `seat` with `pieces` besides each seat's king (a1) and
/// knight (b1), to move, its turn at `state` (FEN4's entry, squares
/// already turned; "" for the turn's start).
fn scene(seat: usize, pieces: &[(usize, char, &str)], state: &str) -> Pos {
    let extras = if state.is_empty() {
        String::new()
    } else {
        format!(",'insanity':({})", entries(seat, state))
    };
    board(NK, seat, pieces, &extras)
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

/// Squares written for the a1 corner, turned to `seat`'s, in board order
/// (the order of a pick and of its rolls).
fn in_board_order(seat: usize, squares: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = squares.iter().map(|s| turned(seat, s)).collect();
    out.sort_by_key(|s| index(s));
    out
}

/// The pick of `squares` (for the a1 corner of `seat`).
fn pick(seat: usize, squares: &[&str]) -> String {
    format!("insanity@{}", in_board_order(seat, squares).concat())
}

fn rolls() -> Vec<String> {
    (1..=6).map(|f| format!("roll={f}")).collect()
}

/// From the pick of as many pieces as `faces` names, pick them and roll
/// each its face: the position where they move.
fn pick_and_roll(p: &Pos, seat: usize, faces: &[(&str, u8)]) -> Pos {
    let squares: Vec<&str> = faces.iter().map(|&(s, _)| s).collect();
    let mut p = play(p, &pick(seat, &squares));
    for sq in in_board_order(seat, &squares) {
        assert_eq!(p.chance(), Some(6), "a roll per piece");
        assert_eq!(moves(&p), rolls());
        assert_eq!(p.turn().0 as usize, seat, "the turn stays with the seat");
        let face = faces
            .iter()
            .find(|&&(s, _)| turned(seat, s) == sq)
            .map(|&(_, f)| f)
            .unwrap();
        p = play(&p, &format!("roll={face}"));
    }
    assert_eq!(p.chance(), None, "every piece rolled");
    p
}

/// The moves offered, written for the a1 corner of `seat`, sorted.
fn moves_a1(p: &Pos, seat: usize, prefix: &str) -> Vec<String> {
    let mut out: Vec<String> = moves(p)
        .into_iter()
        .filter(|m| m != "0000" && m.as_bytes()[1].is_ascii_digit())
        .map(|m| {
            let back = |s: &str| {
                (0..64u8)
                    .map(|i| format!("{}{}", (b'a' + i % 8) as char, i / 8 + 1))
                    .find(|a| turned(seat, a) == s)
                    .unwrap()
            };
            format!("{}{}{}", back(&m[..2]), back(&m[2..4]), &m[4..])
        })
        .filter(|m| m.starts_with(prefix))
        .collect();
    out.sort();
    out
}

// ------------------------------------------------------------ the first roll

#[test]
fn a_turn_begins_with_a_roll_of_the_die() {
    for seat in 0..4 {
        let p = scene(seat, &[(0, 'P', "c2")], "");
        assert_eq!(p.chance(), Some(6), "seat {seat}");
        assert_eq!(moves(&p), rolls(), "seat {seat}: the faces are the moves");
        for face in 1..=6 {
            let after = play(&p, &format!("roll={face}"));
            assert_eq!(after.turn().0 as usize, seat, "the roll keeps the turn");
        }
        // Another nation's turn has no roll.
        let q = board("default", seat, &[(0, 'P', "c2")], "");
        assert_eq!(q.chance(), None);
    }
}

#[test]
fn one_to_four_give_an_ordinary_turn() {
    let pieces = [(0, 'P', "c2"), (0, 'R', "d1"), (1, 'P', "d3")];
    for seat in 0..4 {
        let ordinary = moves(&board("default", seat, &pieces, ""));
        for face in 1..=4 {
            let p = play(&scene(seat, &pieces, ""), &format!("roll={face}"));
            assert_eq!(p.chance(), None);
            assert_eq!(moves(&p), ordinary, "seat {seat} roll={face}");
            assert!(p.to_fen().contains(&entries(seat, "normal")));
            // The move ends the turn, and the state goes with it.
            let next = play(&p, &mv(seat, "c2d3"));
            assert_ne!(next.turn().0 as usize, seat);
            assert!(!next.to_fen().contains("'insanity'"), "{}", next.to_fen());
        }
    }
}

// ------------------------------------------------------------ the second roll

#[test]
fn five_or_six_roll_again_and_the_second_face_says_how_many_pieces() {
    // King, knight, pawn and rook: four pieces.
    let pieces = [(0, 'P', "c2"), (0, 'R', "d1")];
    for seat in 0..4 {
        for first in [5, 6] {
            let p = play(&scene(seat, &pieces, ""), &format!("roll={first}"));
            assert_eq!(p.chance(), Some(6), "seat {seat}: the second roll");
            assert_eq!(moves(&p), rolls());
            assert!(p.to_fen().contains(&entries(seat, "second")));
            for second in 1..=6u8 {
                let n = second.div_ceil(2) as usize;
                let q = play(&p, &format!("roll={second}"));
                assert_eq!(q.chance(), None);
                assert_eq!(q.turn().0 as usize, seat);
                let all = moves(&q);
                // Only picks: no ordinary move, no pass.
                assert!(all.iter().all(|m| m.starts_with("insanity@")), "{all:?}");
                // Sets of one to n of the four pieces: 4, 4 + 6, 4 + 6 + 4.
                let want = [4, 10, 14][n - 1];
                assert_eq!(all.len(), want, "seat {seat} roll={second}");
                let most = all.iter().map(|m| (m.len() - 9) / 2).max().unwrap();
                assert_eq!(most, n, "seat {seat} roll={second}");
                // "Different" pieces: none twice; more than n refused.
                let squares = ["a1", "b1", "c2", "d1"];
                if n < 3 {
                    let text = pick(seat, &squares[..n + 1]);
                    assert!(
                        text.parse::<UciMove>().unwrap().to_move(&q).is_err(),
                        "{text}"
                    );
                }
                let twice = format!("insanity@{0}{0}", turned(seat, "c2"));
                assert!(twice.parse::<UciMove>().unwrap().to_move(&q).is_err());
            }
        }
    }
}

#[test]
fn a_pick_is_described_as_the_pieces_it_names_not_as_a_move() {
    // What a board is given to offer the pick by: the named pieces, no
    // cell to move from or to (a drag from one piece to another is no pick).
    let pieces = [(0, 'P', "c2"), (0, 'R', "d1")];
    for seat in 0..4 {
        let p = play_line(&scene(seat, &pieces, ""), "roll=6 roll=6");
        let mut seen = 0;
        for &m in p.legal_moves().iter() {
            let d = GamePosition::describe_move(&p, m);
            assert_eq!(
                (d.from.as_deref(), d.to.as_deref()),
                (None, None),
                "{}",
                d.uci
            );
            assert_eq!(d.power.as_deref(), Some("insanity"));
            assert_eq!(format!("insanity@{}", d.picks.concat()), d.uci);
            seen = seen.max(d.picks.len());
        }
        assert_eq!(seen, 3, "seat {seat}: picks of up to three pieces");
        // Any other power move names no pieces.
        let q = play_line(&scene(seat, &pieces, ""), "roll=1");
        assert!(
            q.legal_moves()
                .iter()
                .all(|&m| GamePosition::describe_move(&q, m).picks.is_empty())
        );
    }
}

// ------------------------------------------------------------ the kinds

/// The squares a piece on d4 reaches moving as `face` says, the long way,
/// with `own` and `enemy` pieces standing (a1 corner, pawns north).
fn reach_from_d4(face: u8, own: &[&str], enemy: &[&str]) -> Vec<String> {
    let sq = |s: &str| {
        let b = s.as_bytes();
        ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
    };
    let own: Vec<(i32, i32)> = own.iter().map(|s| sq(s)).collect();
    let enemy: Vec<(i32, i32)> = enemy.iter().map(|s| sq(s)).collect();
    let on = |(f, r): (i32, i32)| (0..8).contains(&f) && (0..8).contains(&r);
    let name = |(f, r): (i32, i32)| format!("{}{}", (b'a' + f as u8) as char, r + 1);
    let (f0, r0) = (3, 3);
    let mut out = Vec::new();
    let leap = |steps: &[(i32, i32)], out: &mut Vec<String>| {
        for &(df, dr) in steps {
            let t = (f0 + df, r0 + dr);
            if on(t) && !own.contains(&t) {
                out.push(name(t));
            }
        }
    };
    let rays = |dirs: &[(i32, i32)], out: &mut Vec<String>| {
        for &(df, dr) in dirs {
            let mut t = (f0 + df, r0 + dr);
            while on(t) && !own.contains(&t) {
                out.push(name(t));
                if enemy.contains(&t) {
                    break;
                }
                t = (t.0 + df, t.1 + dr);
            }
        }
    };
    let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let orth = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    match face {
        1 => {
            let ahead = (f0, r0 + 1);
            if !own.contains(&ahead) && !enemy.contains(&ahead) {
                out.push(name(ahead));
            }
            for t in [(f0 - 1, r0 + 1), (f0 + 1, r0 + 1)] {
                if enemy.contains(&t) {
                    out.push(name(t));
                }
            }
        }
        2 => leap(
            &[
                (1, 2),
                (2, 1),
                (2, -1),
                (1, -2),
                (-1, -2),
                (-2, -1),
                (-2, 1),
                (-1, 2),
            ],
            &mut out,
        ),
        3 => rays(&diag, &mut out),
        4 => rays(&orth, &mut out),
        5 => {
            rays(&diag, &mut out);
            rays(&orth, &mut out);
        }
        _ => leap(
            &[
                (1, 1),
                (1, 0),
                (1, -1),
                (0, -1),
                (-1, -1),
                (-1, 0),
                (-1, 1),
                (0, 1),
            ],
            &mut out,
        ),
    }
    let mut moves: Vec<String> = out.into_iter().map(|t| format!("d4{t}")).collect();
    moves.sort();
    moves
}

#[test]
fn each_face_moves_and_captures_as_its_kind() {
    // A bishop on d4 (so the faces other than 3 differ from its own
    // moves), a pawn of its own on d6, enemy pawns on e5, b5 and g4;
    // the other seats' kings and knights in their corners (a8 a7, h8 g8,
    // h1 h2 seen from North Korea's corner).
    let pieces = [
        (0, 'B', "d4"),
        (0, 'P', "d6"),
        (1, 'P', "e5"),
        (2, 'P', "b5"),
        (3, 'P', "g4"),
    ];
    let own = ["a1", "b1", "d4", "d6"];
    let enemy = ["a8", "a7", "h8", "g8", "h1", "h2", "e5", "b5", "g4"];
    for seat in 0..4 {
        let p = scene(seat, &pieces, "pick1");
        for face in 1..=6 {
            let q = pick_and_roll(&p, seat, &[("d4", face)]);
            let want = reach_from_d4(face, &own, &enemy);
            assert_eq!(moves_a1(&q, seat, "d4"), want, "seat {seat} roll={face}");
            // Only the picked piece moves, and the seat may stop.
            assert_eq!(moves(&q).len(), want.len() + 1, "seat {seat} roll={face}");
            assert!(moves(&q).contains(&"0000".to_string()));
            // Each face captures: the piece taken, the bishop still a bishop.
            let capture = want
                .iter()
                .find(|m| enemy.contains(&&m[2..4]))
                .unwrap_or_else(|| panic!("roll={face} captures something: {want:?}"));
            let after = play(&q, &mv(seat, capture));
            assert_eq!(
                piece(&after, &turned(seat, &capture[2..4])),
                Some((seat as u8, 'b')),
                "seat {seat} {capture}"
            );
            assert_ne!(after.turn().0 as usize, seat, "its one piece moved");
        }
    }
}

#[test]
fn a_piece_moving_as_a_king_is_not_royal() {
    for seat in 0..4 {
        // The knight moves as a king to c2; the next seat's rook on c8
        // takes it: North Korea keeps its army.
        let p = scene(seat, &[(1, 'R', "c8")], "pick1");
        let q = pick_and_roll(&p, seat, &[("b1", 6)]);
        let after = play(&q, &mv(seat, "b1c2"));
        assert_eq!(piece(&after, &turned(seat, "c2")), Some((seat as u8, 'n')));
        let next = (seat + 1) % 4;
        assert_eq!(after.turn().0 as usize, next);
        let taken = play(&after, &mv(seat, "c8c2"));
        assert_ne!(
            taken.commanded_by(Seat(seat as u8)) & (1 << seat),
            0,
            "seat {seat}: taking a knight that moved as a king takes no army"
        );
        // The king moving as a knight stays royal: taking it on b3 takes
        // the army.
        let p = scene(seat, &[(1, 'R', "b8")], "pick1");
        let q = pick_and_roll(&p, seat, &[("a1", 2)]);
        assert_eq!(moves_a1(&q, seat, "a1"), sorted(&["a1b3", "a1c2"]));
        let after = play(&q, &mv(seat, "a1b3"));
        assert_eq!(piece(&after, &turned(seat, "b3")), Some((seat as u8, 'k')));
        let taken = play(&after, &mv(seat, "b8b3"));
        assert_eq!(taken.commanded_by(Seat(seat as u8)), 0, "seat {seat}");
        assert_ne!(taken.commanded_by(Seat(next as u8)) & (1 << seat), 0);
    }
}

// ------------------------------------------------------------ pawns and kings

#[test]
fn pawns_and_kings_moving_as_other_kinds() {
    for seat in 0..4 {
        // A pawn moving as a pawn from its own line: one step or two.
        let p = scene(seat, &[(0, 'P', "c2")], "pick1");
        let q = pick_and_roll(&p, seat, &[("c2", 1)]);
        assert_eq!(moves_a1(&q, seat, "c2"), sorted(&["c2c3", "c2c4"]));
        // A pawn moving as a pawn onto its last line promotes.
        let p = scene(seat, &[(0, 'P', "c7")], "pick1");
        let q = pick_and_roll(&p, seat, &[("c7", 1)]);
        assert_eq!(
            moves_a1(&q, seat, "c7"),
            sorted(&["c7c8b", "c7c8n", "c7c8r"])
        );
        // ... and so does a pawn moving as a knight: it may not stand there.
        let p = scene(seat, &[(0, 'P', "c6")], "pick1");
        let q = pick_and_roll(&p, seat, &[("c6", 2)]);
        let m = moves_a1(&q, seat, "c6");
        for t in ["b8", "d8"] {
            for k in ['b', 'n', 'r'] {
                assert!(m.contains(&format!("c6{t}{k}")), "{m:?}");
            }
            assert!(!m.contains(&format!("c6{t}")), "{m:?}");
        }
        assert!(m.contains(&"c6e5".to_string()), "{m:?}");
        // A knight moving as a pawn onto the last line stays a knight.
        let p = scene(seat, &[(0, 'N', "c7")], "pick1");
        let q = pick_and_roll(&p, seat, &[("c7", 1)]);
        assert_eq!(moves_a1(&q, seat, "c7"), sorted(&["c7c8"]));
        let after = play(&q, &mv(seat, "c7c8"));
        assert_eq!(piece(&after, &turned(seat, "c8")), Some((seat as u8, 'n')));
        // The king moving as a pawn goes forward and is still the king.
        let p = scene(seat, &[], "pick1");
        let q = pick_and_roll(&p, seat, &[("a1", 1)]);
        assert_eq!(moves_a1(&q, seat, "a1"), sorted(&["a1a2"]));
        let after = play(&q, &mv(seat, "a1a2"));
        assert_eq!(piece(&after, &turned(seat, "a2")), Some((seat as u8, 'k')));
    }
}

// ------------------------------------------------------------ several pieces

#[test]
fn picked_pieces_move_in_any_order_each_once_and_a_pass_stops() {
    for seat in 0..4 {
        // Knight and rook, both rolled rooks: the knight may go first and
        // then stands where the rook would have gone.
        let p = scene(seat, &[(0, 'R', "d1")], "pick2");
        let q = pick_and_roll(&p, seat, &[("b1", 4), ("d1", 4)]);
        let both = moves_a1(&q, seat, "");
        assert!(both.contains(&"b1c1".to_string()) && both.contains(&"d1c1".to_string()));
        assert!(moves(&q).contains(&"0000".to_string()));
        let one = play(&q, &mv(seat, "b1c1"));
        assert_eq!(one.turn().0 as usize, seat, "the turn goes on");
        let left = moves_a1(&one, seat, "");
        assert!(left.iter().all(|m| m.starts_with("d1")), "{left:?}");
        assert!(
            !left.contains(&"d1c1".to_string()),
            "blocked by the first move"
        );
        assert!(left.contains(&"d1d8".to_string()));
        let text = one.to_fen();
        assert!(
            text.contains(&entries(seat, &format!("{}r", turned(seat, "d1")))),
            "{text}"
        );
        // The last piece's move ends the turn.
        let done = play(&one, &mv(seat, "d1d5"));
        assert_ne!(done.turn().0 as usize, seat);
        assert!(!done.to_fen().contains("'insanity'"));
        // Or the seat stops early: the rook stays.
        let stopped = play(&one, "0000");
        assert_ne!(stopped.turn().0 as usize, seat);
        assert_eq!(
            piece(&stopped, &turned(seat, "d1")),
            Some((seat as u8, 'r'))
        );
        // Even before any piece moved.
        let none = play(&q, "0000");
        assert_ne!(none.turn().0 as usize, seat);
        // A picked piece with no move as its face (the king as a pawn,
        // a pawn of its own ahead): the others move, or the seat passes.
        let p = scene(seat, &[(0, 'P', "a2")], "pick2");
        let q = pick_and_roll(&p, seat, &[("a1", 1), ("a2", 1)]);
        assert_eq!(moves_a1(&q, seat, "a1"), Vec::<String>::new());
        assert_eq!(moves_a1(&q, seat, "a2"), sorted(&["a2a3", "a2a4"]));
        let after = play(&q, &mv(seat, "a2a4"));
        assert_eq!(after.turn().0 as usize, seat, "the king may move now");
        assert_eq!(moves_a1(&after, seat, ""), sorted(&["a1a2"]));
    }
}

// ------------------------------------------------------------ FEN4

#[test]
fn every_step_of_the_turn_is_in_fen4_and_the_hash() {
    for seat in 0..4 {
        let start = scene(seat, &[(0, 'R', "d1"), (0, 'P', "c2")], "");
        let mut steps = vec![start.clone()];
        let mut p = play(&start, "roll=6");
        steps.push(p.clone());
        p = play(&p, "roll=3");
        steps.push(p.clone());
        p = play(&p, &pick(seat, &["b1", "d1"]));
        steps.push(p.clone());
        p = play(&p, "roll=4");
        steps.push(p.clone());
        p = play(&p, "roll=2");
        steps.push(p.clone());
        let order = in_board_order(seat, &["b1", "d1"]);
        let knight_first = order[0] == turned(seat, "b1");
        let (b1, d1) = if knight_first { ('r', 'n') } else { ('n', 'r') };
        let entry = if knight_first {
            format!("{}{b1}/{}{d1}", order[0], order[1])
        } else {
            format!("{}{d1}/{}{b1}", order[0], order[1])
        };
        assert!(
            p.to_fen().contains(&entries(seat, &entry)),
            "{}",
            p.to_fen()
        );
        let m = if b1 == 'r' { "b1b5" } else { "b1c3" };
        p = play(&p, &mv(seat, m));
        steps.push(p.clone());
        let texts: Vec<String> = steps.iter().map(|s| s.to_fen()).collect();
        for (i, s) in steps.iter().enumerate() {
            let back = pos(s.variant(), &texts[i]);
            assert_eq!(back, *s, "{}", texts[i]);
            assert_eq!(back.hash(), s.hash(), "{}", texts[i]);
            assert_eq!(back.to_fen(), texts[i]);
            for (j, t) in steps.iter().enumerate().skip(i + 1) {
                assert_ne!(s.hash(), t.hash(), "steps {i} and {j} differ: {}", texts[j]);
            }
        }
        for want in ["second", "pick2"] {
            assert!(
                texts.iter().any(|t| t.contains(&entries(seat, want))),
                "{want}"
            );
        }
        let unrolled = format!("{}/{}", order[0], order[1]);
        assert!(texts[3].contains(&entries(seat, &unrolled)), "{}", texts[3]);
    }
}

#[test]
fn bad_position_texts_are_refused_with_the_key_named() {
    let v = lineup("north-korea,default,default,default");
    let rows = ["bK,7", "8", "8", "8", "8", "2,bP,5", "7,rP", "rK,rN,1,rR,4"];
    for (entry, why) in [
        ("'','pick1','',''", "has no insanity"),
        ("'e5','','',''", "no piece of the seat"),
        ("'c3','','',''", "no piece of the seat"),
        ("'d1/b1','','',''", "board order"),
        ("'b1/e1','','',''", "no piece of the seat on e1"),
        ("'b1/b1','','',''", "board order"),
        ("'b1x','','',''", "a kind among"),
        ("'a1/b1/d1/h2','','',''", "at most 3"),
        ("'b1/d1r','','',''", "rolled pieces first"),
        ("'pick4','','',''", "'pick1' to 'pick3'"),
        ("'x9','','',''", "a square"),
    ] {
        let text = european_fen::fen(
            'R',
            &format!("{},'insanity':({entry})", european_fen::PLAYED),
            rows,
        );
        let err = Pos::from_fen(&v, &text).unwrap_err().to_string();
        assert!(
            err.contains("insanity") && err.contains(why),
            "{entry}: {err}"
        );
    }
    // Only the seat to move has a turn under way.
    let v = lineup("default,north-korea,default,default");
    let text = european_fen::fen(
        'R',
        &format!("{},'insanity':('','normal','','')", european_fen::PLAYED),
        rows,
    );
    let err = Pos::from_fen(&v, &text).unwrap_err().to_string();
    assert!(err.contains("not to move"), "{err}");
}

// ------------------------------------------------------------ the game

fn nk_game(ids: &str) -> AnyGame {
    let v = AnyVariant::builtin("european-ffa")
        .unwrap()
        .with_lineup(ids)
        .unwrap();
    AnyGame::new(&v)
}

/// Random steps of the seats, picks of three pieces preferred, for
/// `plies` steps; the game rolls every die.
fn random_game(ids: &str, seed: u64, plies: usize) -> AnyGame {
    let mut game = nk_game(ids);
    game.set_seed(seed);
    let mut rng = SplitMix64::new(seed ^ 0xbeef);
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        game.roll_due().unwrap();
        let moves = game.legal_moves();
        let passes = moves.len() > 1 && moves.iter().any(|m| m.uci == "0000");
        let mut choices: Vec<&str> = moves
            .iter()
            .map(|m| m.uci.as_str())
            // Moves before a pass, so that the picked pieces move.
            .filter(|m| !passes || *m != "0000" || rng.below(8) == 0)
            .collect();
        if choices.is_empty() {
            choices = moves.iter().map(|m| m.uci.as_str()).collect();
        }
        let m = choices[rng.below(choices.len())].to_string();
        game.play(&m).unwrap();
        assert_eq!(game.chance(), None, "the game rolls every die due");
    }
    game
}

#[test]
fn the_game_rolls_from_its_seed_and_a_replay_reads_the_rolls() {
    let ids = "north-korea,default,north-korea,default";
    let game = random_game(ids, 11, 240);
    let moves = game.moves();
    let picks = moves.iter().filter(|m| m.starts_with("insanity@")).count();
    assert!(picks >= 3, "the game picked: {moves:?}");
    // Every North Korean turn begins with a roll, a pick follows a second
    // roll, and a roll follows each pick per piece named.
    for (i, m) in moves.iter().enumerate() {
        if let Some(cells) = m.strip_prefix("insanity@") {
            assert!(moves[i - 1].starts_with("roll="), "{i}: {moves:?}");
            let n = cells.len() / 2;
            for k in 1..=n {
                assert!(moves[i + k].starts_with("roll="), "{i}: {moves:?}");
            }
        }
    }
    // The same seed and moves roll the same dice.
    assert_eq!(random_game(ids, 11, 240).moves(), moves);
    // A replay of the steps with another seed, and the record read back,
    // reproduce the game exactly.
    assert_replays_with_another_seed(&game, "insanity@");
    // Another seed rolls other dice somewhere.
    assert_ne!(random_game(ids, 12, 240).moves(), moves);
}

#[test]
fn bad_steps_are_refused_and_change_nothing() {
    // Red (North Korea) names its pieces: up to three.
    let v = lineup("north-korea,balkan-states,default,default");
    let text = european_fen::fen(
        'R',
        &format!("{},'insanity':('pick2','','','')", european_fen::PLAYED),
        ["bK,7", "bP,7", "8", "8", "8", "8", "rP,7", "rK,rN,6"],
    );
    let any = AnyVariant::Chess(v);
    let mut game = AnyGame::from_position(&any, Some(&text)).unwrap();
    game.set_seed(5);
    let before = (game.ply(), game.position_text());
    for bad in [
        "roll=3",          // a roll sent by a seat
        "insanity@a7",     // an enemy piece
        "insanity@a3",     // an empty square
        "insanity@a1b1a2", // three pieces where two are allowed
        "insanity@b1a1",   // not in board order
        "assassinate@a7",  // another nation's power
        "a2a3",            // an ordinary move while naming pieces
    ] {
        let err = game.play(bad).unwrap_err();
        if bad.starts_with("roll=") {
            assert!(matches!(err, PlayError::RollBySeat(_)), "{bad}: {err}");
        } else {
            assert!(
                matches!(err, PlayError::Move(_) | PlayError::Illegal { .. }),
                "{bad}: {err}"
            );
        }
        assert_eq!((game.ply(), game.position_text()), before, "{bad}");
    }
    // A good pick: the game rolls for each piece, then the seat moves.
    let (_, rolled) = game.play_rolling("insanity@a1a2").unwrap();
    assert_eq!(rolled.len(), 2, "a roll per piece");
    assert!(rolled.iter().all(|r| r.uci.starts_with("roll=")));
    assert_eq!(game.chance(), None);
    // A pick by a seat without the power: blue (the Balkans) later.
    while game.position_text().starts_with('R') {
        game.play("0000").unwrap();
    }
    let before = (game.ply(), game.position_text());
    assert!(game.play("insanity@a8").is_err());
    assert_eq!((game.ply(), game.position_text()), before);
    // A roll where none is due, as a recorded step.
    assert!(game.play_step("roll=2").is_err());
    assert_eq!((game.ply(), game.position_text()), before);
}
