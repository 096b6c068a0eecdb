//! The Assassins' Guild's stealth (issue 14, `stealth`, with `transform`'s
//! `only_one`): "You may have only one knight. Any extras must be removed.
//! Instead of moving, you may permanently turn one of your bishops or rooks
//! into a knight. At the start of your turn you may hide the knight, for at
//! most 3 turns in a row. Its square is written down in secret each turn. A
//! hidden knight can still be captured. Any piece that passes through its
//! square may be captured by revealing the knight." Each sentence, each
//! decision of `docs/nations.md`, and the hidden-information invariant
//! (`docs/architecture.md`: a seat's view is a function of what it may see).
//! The Guild sits in each of the four corners in turn.

use crate::common;
use crate::corners;
use crate::european_fen;
use crate::lineup_play;

use common::Rng;
use corners::*;
use lineup_play::*;
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{Move, Seat};

const GUILD: &str = "assassins-guild";

/// The Guild in `seat`: king a1, rook b1, knight d4 (its one knight),
/// `pieces` besides; every other seat's king and knight in its corner.
fn scene(seat: usize, pieces: &[(usize, char, &str)]) -> Pos {
    let mut all = vec![(0, 'R', "b1"), (0, 'N', "d4")];
    all.extend_from_slice(pieces);
    board(GUILD, seat, &all, "")
}

fn s(seat: usize) -> Seat {
    Seat(seat as u8)
}

/// The Guild's hiding step, its knight on `sq` (a1 corner).
fn hide_text(seat: usize, sq: &str) -> String {
    format!("stealth@{}", turned(seat, sq))
}

/// The seat `k` places after `seat`.
fn after(seat: usize, k: usize) -> usize {
    (seat + k) % 4
}

/// The Guild hides and steps its king a1-a2 (or back); then the others
/// step their kings out (or back), so it is the Guild's turn again.
fn hidden_round(p: &Pos, seat: usize, knight: &str, out: bool) -> Pos {
    let p = play(p, &hide_text(seat, knight));
    let p = play(&p, &mv(seat, if out { "a1a2" } else { "a2a1" }));
    others(&p, seat, out)
}

fn cell(p: &Pos, seat: usize, sq: &str) -> u8 {
    p.variant()
        .geometry
        .cell(turned(seat, sq).parse().unwrap())
        .unwrap()
}

#[test]
fn hiding_is_a_step_at_the_turn_start_and_the_turn_goes_on() {
    for seat in 0..4 {
        let p = scene(seat, &[]);
        let hide = hide_text(seat, "d4");
        assert!(moves(&p).contains(&hide), "seat {seat}");
        assert_eq!(p.hidden_turns(s(seat)), 0);
        let p = play(&p, &hide);
        assert_eq!(p.turn(), s(seat), "the turn stays: seat {seat}");
        assert_eq!(p.hidden_turns(s(seat)), 1);
        assert!(p.to_fen().contains("'stealth':("), "{}", p.to_fen());
        // Once per turn: the step is not offered again; the knight moves.
        assert!(!moves(&p).contains(&hide), "seat {seat}");
        assert!(legal(&p, seat, "d4e6"), "seat {seat}");
        let p = play(&p, &mv(seat, "d4e6"));
        assert_eq!(p.turn(), s(after(seat, 1)), "seat {seat}");
        assert_eq!(
            p.hidden_turns(s(seat)),
            1,
            "hidden through the others' turns"
        );
    }
}

#[test]
fn at_most_three_turns_in_a_row_and_a_turn_without_hiding_reveals() {
    for seat in 0..4 {
        let mut p = scene(seat, &[]);
        for n in 1..=3u8 {
            p = hidden_round(&p, seat, "d4", n % 2 == 1);
            assert_eq!(p.hidden_turns(s(seat)), n, "seat {seat}");
        }
        // A fourth turn in a row: not offered, and refused as text.
        let hide = hide_text(seat, "d4");
        assert!(!moves(&p).contains(&hide), "seat {seat}");
        let m = hide.parse::<UciMove>().unwrap();
        assert!(m.to_move(&p).is_err(), "seat {seat}");
        // The turn without hiding reveals the knight; the count starts anew.
        let p = play(&p, &mv(seat, "a2a1"));
        assert_eq!(p.hidden_turns(s(seat)), 0, "seat {seat}");
        let p = others(&p, seat, false);
        assert!(moves(&p).contains(&hide), "seat {seat}");
    }
}

#[test]
fn the_others_views_leave_the_hidden_knight_out_and_keep_the_count() {
    for seat in 0..4 {
        let p = play(&scene(seat, &[]), &hide_text(seat, "d4"));
        let d4 = cell(&p, seat, "d4");
        assert!(p.piece_at(d4).is_some(), "the true position keeps it");
        assert_eq!(p.seen_by(Some(s(seat))), p, "the Guild sees all");
        for viewer in [Some(s(after(seat, 1))), Some(s(after(seat, 2))), None] {
            let view = p.seen_by(viewer);
            assert!(view.piece_at(d4).is_none(), "seat {seat} {viewer:?}");
            assert!(!p.sees_all(viewer));
            // The public fact stays: the Guild hides, for one turn.
            assert_eq!(view.hidden_turns(s(seat)), 1);
            // The view's text reads back as the view.
            let back = Pos::from_fen(p.variant(), &view.to_fen()).unwrap();
            assert_eq!(back, view);
        }
        // Before hiding, everyone sees the knight.
        let before = scene(seat, &[]);
        assert_eq!(before.seen_by(None), before);
    }
}

/// An enemy rook on d7, the Guild's knight hidden on d4, the enemy to move.
fn rook_to_move(seat: usize, rook_seat: usize) -> Pos {
    let p = scene(seat, &[(rook_seat, 'R', "d7")]);
    let p = play(&p, &hide_text(seat, "d4"));
    let p = play(&p, &mv(seat, "a1a2"));
    // The seats before the rook's step their kings out.
    (1..rook_seat).fold(p, |p, k| play(&p, &mv(after(seat, k), "a1a2")))
}

#[test]
fn the_others_move_as_if_the_knight_were_not_there() {
    for seat in 0..4 {
        for k in 1..4 {
            let p = rook_to_move(seat, k);
            assert_eq!(p.turn(), s(after(seat, k)));
            let view = p.seen_by(Some(p.turn()));
            // Equal legal moves: the view's, through and onto d4.
            let texts = |q: &Pos| moves(q);
            assert_eq!(texts(&p), texts(&view), "seat {seat} rook of {k}");
            assert!(legal(&p, seat, "d7d1"), "seat {seat}");
            assert!(legal(&p, seat, "d7d4"), "seat {seat}");
        }
    }
}

#[test]
fn a_slide_through_the_hidden_knight_is_stopped_and_taken_and_reveals_it() {
    for seat in 0..4 {
        let p = rook_to_move(seat, 1);
        let p = play(&p, &mv(seat, "d7d1"));
        assert_eq!(piece(&p, &turned(seat, "d7")), None, "seat {seat}");
        assert_eq!(piece(&p, &turned(seat, "d1")), None, "seat {seat}");
        assert_eq!(
            piece(&p, &turned(seat, "d4")),
            Some((seat as u8, 'n')),
            "seat {seat}"
        );
        assert_eq!(p.hidden_turns(s(seat)), 0, "revealed: seat {seat}");
        assert!(p.sees_all(None));
        assert_eq!(p.turn(), s(after(seat, 2)), "the turn passed: seat {seat}");
    }
}

#[test]
fn a_slide_short_of_the_knight_passes_and_it_stays_hidden() {
    for seat in 0..4 {
        let p = rook_to_move(seat, 1);
        let q = play(&p, &mv(seat, "d7d5"));
        assert_eq!(
            piece(&q, &turned(seat, "d5")),
            Some((after(seat, 1) as u8, 'r'))
        );
        assert_eq!(q.hidden_turns(s(seat)), 1, "still hidden: seat {seat}");
        // Through it, the rook would have been taken: short of it, not.
        assert!(
            q.seen_by(Some(q.turn()))
                .piece_at(cell(&q, seat, "d4"))
                .is_none()
        );
    }
}

#[test]
fn a_move_onto_the_hidden_knight_takes_it() {
    for seat in 0..4 {
        let p = rook_to_move(seat, 2);
        let p = play(&p, &mv(seat, "d7d4"));
        assert_eq!(
            piece(&p, &turned(seat, "d4")),
            Some((after(seat, 2) as u8, 'r')),
            "seat {seat}"
        );
        assert_eq!(p.hidden_turns(s(seat)), 0, "nothing hidden: seat {seat}");
        assert!(!p.to_fen().contains("'stealth'"), "{}", p.to_fen());
    }
}

#[test]
fn a_pawns_double_step_through_the_knight_is_stopped_and_taken() {
    for seat in 0..4 {
        // The next seat's pawn on its own c2, the knight on its own c3.
        let e = after(seat, 1);
        let mut all = vec![(0, 'R', "b1")];
        let pawn = turned(1, "c2");
        let knight = turned(1, "c3");
        all.push((1, 'P', pawn.as_str()));
        all.push((0, 'N', knight.as_str()));
        let p = board(GUILD, seat, &all, "");
        let p = play(&p, &hide_text(seat, &knight));
        let p = play(&p, &mv(seat, "a1a2"));
        assert_eq!(p.turn(), s(e));
        let double = mv(e, "c2c4");
        assert!(moves(&p).contains(&double), "seat {seat}: {:?}", moves(&p));
        let p = play(&p, &double);
        assert_eq!(piece(&p, &turned(e, "c2")), None, "seat {seat}");
        assert_eq!(piece(&p, &turned(e, "c4")), None, "seat {seat}");
        assert_eq!(piece(&p, &turned(e, "c3")), Some((seat as u8, 'n')));
        assert_eq!(p.hidden_turns(s(seat)), 0);
    }
}

#[test]
fn a_capture_by_the_hidden_knight_reveals_it() {
    for seat in 0..4 {
        let p = scene(seat, &[(2, 'P', "e6")]);
        let p = play(&p, &hide_text(seat, "d4"));
        let p = play(&p, &mv(seat, "d4e6"));
        assert_eq!(piece(&p, &turned(seat, "e6")), Some((seat as u8, 'n')));
        assert_eq!(p.hidden_turns(s(seat)), 0, "seat {seat}");
        // A quiet move of the hidden knight keeps it hidden, unseen.
        let p = scene(seat, &[]);
        let p = play(&p, &hide_text(seat, "d4"));
        let p = play(&p, &mv(seat, "d4f5"));
        assert_eq!(p.hidden_turns(s(seat)), 1);
        let view = p.seen_by(Some(p.turn()));
        assert!(view.piece_at(cell(&p, seat, "f5")).is_none());
        assert!(view.piece_at(cell(&p, seat, "d4")).is_none());
    }
}

#[test]
fn a_bishop_or_rook_turns_into_a_knight_only_while_there_is_none() {
    for seat in 0..4 {
        // No knight: the rook and the bishop may turn; no hiding step.
        let all = [(0, 'R', "b1"), (0, 'B', "c1")];
        let p = board(GUILD, seat, &all, "");
        // (The corner helper gives every seat a knight on b1: the Guild's
        // was replaced by the rook.)
        let turns: Vec<String> = with_prefix(&p, "transform@");
        assert_eq!(
            turns,
            sorted(&[
                &format!("transform@{}", turned(seat, "b1")),
                &format!("transform@{}", turned(seat, "c1"))
            ]),
            "seat {seat}"
        );
        assert!(with_prefix(&p, "stealth@").is_empty());
        let p = play(&p, &format!("transform@{}", turned(seat, "c1")));
        assert_eq!(piece(&p, &turned(seat, "c1")), Some((seat as u8, 'n')));
        let p = others(&p, seat, true);
        // Now it has one: no more turning; it may hide the new knight.
        assert!(with_prefix(&p, "transform@").is_empty(), "seat {seat}");
        assert_eq!(with_prefix(&p, "stealth@"), vec![hide_text(seat, "c1")]);
        // Hidden, the knight still counts (in every view too).
        let hidden = play(&p, &hide_text(seat, "c1"));
        assert!(with_prefix(&hidden, "transform@").is_empty());
        let their = hidden.seen_by(Some(s(after(seat, 1))));
        assert!(their.hides_a_piece(s(seat)));
    }
}

#[test]
fn the_guild_promotes_to_rook_or_bishop_never_a_knight() {
    for seat in 0..4 {
        let p = scene(seat, &[(0, 'P', "e7")]);
        let promos = with_prefix(&p, &mv(seat, "e7e8"));
        assert_eq!(
            promos,
            sorted(&[&mv(seat, "e7e8b"), &mv(seat, "e7e8r")]),
            "seat {seat}"
        );
    }
}

#[test]
fn bad_hiding_is_refused_and_changes_nothing() {
    for seat in 0..4 {
        // By a seat that does not own the knight: not its move.
        let p = play(&scene(seat, &[]), &hide_text(seat, "d4"));
        let p = play(&p, &mv(seat, "a1a2"));
        let before = p.clone();
        for text in [hide_text(seat, "d4"), hide_text(after(seat, 1), "b1")] {
            let m = text.parse::<UciMove>().unwrap();
            assert!(m.to_move(&p).is_err(), "seat {seat} {text}");
        }
        // A raw power move of the Guild's stealth, played by another seat.
        let raw = Move::power(cell(&p, seat, "d4"), cell(&p, seat, "d4"), 1, 0);
        assert!(p.play(raw).is_err(), "seat {seat}");
        assert_eq!(p, before);
        // With no knight: no hiding.
        let p = board(GUILD, seat, &[(0, 'R', "b1")], "");
        assert!(with_prefix(&p, "stealth@").is_empty());
        let raw = Move::power(cell(&p, seat, "b1"), cell(&p, seat, "b1"), 1, 0);
        let before = p.clone();
        assert!(p.play(raw).is_err(), "seat {seat}");
        assert_eq!(p, before);
    }
}

#[test]
fn fen4_carries_the_count_and_the_step_and_round_trips() {
    for seat in 0..4 {
        let p = play(&scene(seat, &[]), &hide_text(seat, "d4"));
        let text = p.to_fen();
        let mut entries = ["''"; 4];
        entries[seat] = "'1+'";
        assert!(
            text.contains(&format!("'stealth':({})", entries.join(","))),
            "{text}"
        );
        let back = Pos::from_fen(p.variant(), &text).unwrap();
        assert_eq!((back.hash(), &back), (p.hash(), &p));
        let p = play(&p, &mv(seat, "a1a2"));
        entries[seat] = "'1'";
        assert!(
            p.to_fen()
                .contains(&format!("'stealth':({})", entries.join(","))),
            "{}",
            p.to_fen()
        );
        let back = Pos::from_fen(p.variant(), &p.to_fen()).unwrap();
        assert_eq!((back.hash(), &back), (p.hash(), &p));
    }
}

#[test]
fn bad_fen4_stealth_entries_are_refused() {
    let p = scene(0, &[]);
    let good = p.to_fen();
    let with = |extra: &str| good.replacen("'turns'", &format!("{extra},'turns'"), 1);
    for (extra, says) in [
        ("'stealth':('4','','','')", "1 to 3"),
        ("'stealth':('x','','','')", "1 to 3"),
        ("'stealth':('','1','','')", "no stealth"),
        ("'stealth':('1','','','')", ""),
    ] {
        let r = Pos::from_fen(p.variant(), &with(extra));
        if says.is_empty() {
            assert!(r.is_ok(), "{extra}: {r:?}");
        } else {
            let e = r.expect_err(extra).to_string();
            assert!(e.contains(says), "{extra}: {e}");
        }
    }
    // '+' only for the seat to move.
    let blue = board(GUILD, 1, &[], "").to_fen();
    let red_to_move = blue.replacen('B', "R", 1);
    let bad = red_to_move.replacen("'turns'", "'stealth':('','1+','',''),'turns'", 1);
    let e = Pos::from_fen(p.variant(), &bad);
    assert!(e.is_err(), "{bad}");
}

/// The invariant of hidden information, in random line-up games with the
/// Guild: at every ply, a twin of the true position with the hidden
/// knight on another empty cell gives every other seat (and a spectator)
/// the same view: equal FEN4, equal legal moves when it is to move.
#[test]
fn views_depend_only_on_what_a_seat_may_see() {
    let ids: Vec<&str> = tetrarch_rules::variant::builtin_nation_ids().collect();
    let mut rng = Rng::new(0x57ea1);
    let mut compared = 0;
    for g in 0..24 {
        let mut pick: Vec<&str> = (0..4).map(|_| ids[rng.below(ids.len())]).collect();
        let guild = rng.below(4);
        pick[guild] = GUILD;
        let name = ["european-ffa", "european-teams"][g % 2];
        let Ok(v) = tetrarch_rules::Variant::builtin(name)
            .unwrap()
            .with_lineup(&pick.join(","), &[])
        else {
            continue;
        };
        let mut p = Pos::start(&v);
        for _ in 0..160 {
            if p.outcome().is_some() {
                break;
            }
            let all = p.legal_moves();
            if all.is_empty() {
                break;
            }
            // Hiding twice as likely as any other move.
            let hides: Vec<Move> = all
                .iter()
                .copied()
                .filter(|&m| {
                    UciMove::from_move(&p, m)
                        .to_string()
                        .starts_with("stealth@")
                })
                .collect();
            let m = if !hides.is_empty() && rng.below(3) > 0 {
                hides[0]
            } else {
                all[rng.below(all.len())]
            };
            p = p.play(m).unwrap();
            if !p.hides_a_piece(s(guild)) {
                continue;
            }
            let empty: Vec<u8> = (0..64u8).filter(|&c| p.piece_at(c).is_none()).collect();
            let to = empty[rng.below(empty.len())];
            let twin = p.hidden_elsewhere(s(guild), to).expect("a twin");
            assert_ne!(twin, p);
            for viewer in (0..4)
                .filter(|&o| o != guild)
                .map(|o| Some(s(o)))
                .chain([None])
            {
                let (a, b) = (p.seen_by(viewer), twin.seen_by(viewer));
                assert_eq!(a.to_fen(), b.to_fen(), "{viewer:?} {pick:?}");
                if viewer == Some(p.turn()) {
                    assert_eq!(moves(&p), moves(&twin), "{}", p.to_fen());
                    assert_eq!(moves(&p), moves(&a), "{}", p.to_fen());
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 100, "{compared} positions compared");
}

/// A power that puts a piece on the hidden knight's square (the Huns'
/// placement of a pawn in their 3 x 5) takes it, as a move onto it does:
/// the Huns see the square empty, and their placement is offered there.
#[test]
fn a_piece_put_by_a_power_on_the_hidden_knight_takes_it() {
    let v = lineup("assassins-guild,huns,default,default");
    let text = european_fen::fen(
        'B',
        "'turns':(2,2,2,2),'stealth':('1','','','')",
        [
            "bK,6,yK",
            "7,yP",
            "1,rN,6",
            "bP,7",
            "8",
            "8",
            "8",
            "rK,5,gP,gK",
        ],
    );
    let p = pos(&v, &text);
    assert!(p.hides_a_piece(Seat(0)));
    assert!(
        moves(&p).contains(&"place@b6".to_string()),
        "{:?}",
        moves(&p)
    );
    let p = play(&p, "place@b6");
    assert_eq!(piece(&p, "b6"), Some((1, 'p')));
    assert_eq!(p.hidden_turns(Seat(0)), 0);
}

/// A legal move is described as its mover sees it: a move onto the hidden
/// knight is no capture to the rook's seat (its legal list would tell).
#[test]
fn a_move_onto_the_hidden_knight_is_described_as_quiet() {
    use tetrarch_rules::family::GamePosition;
    for seat in 0..4 {
        let p = rook_to_move(seat, 1);
        let onto = mv(seat, "d7d4")
            .parse::<UciMove>()
            .unwrap()
            .to_move(&p)
            .unwrap();
        let d = GamePosition::describe_move(&p, onto);
        assert!(!d.capture, "seat {seat}: {d:?}");
        assert!(!d.san.contains('x'), "seat {seat}: {d:?}");
        // Where it is seen, the same move is a capture.
        let seen = p.seen_by(None);
        assert!(seen.piece_at(cell(&p, seat, "d4")).is_none());
    }
}

#[test]
fn a_move_list_writes_the_others_moves_in_the_viewers_view() {
    // A rook's move onto the hidden knight takes it: the truth writes a
    // capture; the seats that could not see the knight read the move as
    // its mover made it (else the text would tell where the knight was
    // before the game shows it), the Guild reads the truth.
    use tetrarch_rules::{AnyGame, AnyVariant};
    for seat in 0..4 {
        let (v, _) = corners::board_text(GUILD, seat, &[], "");
        let start = scene(seat, &[(1, 'R', "d7")]);
        let mut game =
            AnyGame::from_position(&AnyVariant::Chess(v), Some(&start.to_fen())).unwrap();
        for step in [hide_text(seat, "d4"), mv(seat, "a1a2"), mv(seat, "d7d4")] {
            game.play(&step).unwrap();
        }
        let rook = Some(s(after(seat, 1)));
        let last = |texts: Vec<String>| texts.last().unwrap().clone();
        let truth = last(game.display_moves());
        assert!(truth.contains('x'), "seat {seat}: {truth}");
        for viewer in [None, rook, Some(s(after(seat, 2)))] {
            let seen = last(game.display_moves_seen_by(viewer));
            let quiet = format!("R{}-{}", turned(seat, "d7"), turned(seat, "d4"));
            assert_eq!(seen, quiet, "seat {seat}, viewer {viewer:?}");
        }
        assert_eq!(last(game.display_moves_seen_by(Some(s(seat)))), truth);
        // The protocol's text is the same for all.
        assert_eq!(last(game.moves_seen_by(None)), last(game.moves()));
    }
}

/// Australia's boomerang on c6 (Blue to move), the Guild's knight hidden
/// on `knight`: the U path c6-c1-d1-d8 passes d4.
fn boomerang_and_knight(knight: &str) -> Pos {
    let v = lineup("assassins-guild,australia,default,default");
    let file = (knight.as_bytes()[0] - b'a') as usize;
    let rank4 = format!("{file},rN,{}", 7 - file);
    let text = european_fen::fen(
        'B',
        "'turns':(2,2,2,2),'stealth':('1','','','')",
        [
            "bK,5,yN,yK",
            "8",
            "2,bR,5",
            "8",
            &rank4,
            "8",
            "8",
            "rK,5,gP,gK",
        ],
    );
    pos(&v, &text)
}

/// "Any piece that passes through its square may be captured by revealing
/// the knight": a U path is a path too (Australia's boomerang), stopped on
/// the hidden knight's cell, the boomerang taken; one that passes no
/// hidden cell goes on and the knight stays hidden.
#[test]
fn a_u_path_through_the_hidden_knight_is_stopped_and_taken() {
    let p = boomerang_and_knight("d4");
    assert!(p.hides_a_piece(Seat(0)));
    assert!(
        moves(&p).contains(&"u-path@c6d8".to_string()),
        "{:?}",
        moves(&p)
    );
    let q = play(&p, "u-path@c6d8");
    assert_eq!(piece(&q, "c6"), None);
    assert_eq!(piece(&q, "d8"), None, "stopped on d4");
    assert_eq!(piece(&q, "d4"), Some((0, 'n')));
    assert_eq!(q.hidden_turns(Seat(0)), 0, "revealed");
    assert_eq!(q.turn(), Seat(2));
    let p = boomerang_and_knight("e4");
    let q = play(&p, "u-path@c6d8");
    assert_eq!(
        piece(&q, "d8"),
        Some((1, 'r')),
        "the path passes no hidden cell"
    );
    assert_eq!(q.hidden_turns(Seat(0)), 1, "still hidden");
}
