//! France's fear (issue 14, `fear`): "After your move you may move again,
//! provided you sacrifice one of your pieces (it leaves the game). You may
//! repeat this any number of times in one turn. The extra moves may not
//! give check or capture a royal piece." Each sentence, and each decision
//! of `docs/nations.md`, with a position where it decides something;
//! France sits in each of the four corners in turn, the positions written
//! for the a1 corner and turned to its.

use crate::corners;
use crate::european_fen;
use crate::lineup_play;

use corners::*;
use european_fen::{PLAYED, fen};
use lineup_play::*;
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{AnyGame, AnyVariant, Seat};

const FRANCE: &str = "france";

/// France in `seat` with its king on a1 and knight on b1 (and each other
/// seat's king and knight in its corner), `pieces` besides.
fn scene(seat: usize, pieces: &[(usize, char, &str)]) -> Pos {
    board(FRANCE, seat, pieces, "")
}

/// The seat after `seat`.
fn next(seat: usize) -> Seat {
    Seat(((seat + 1) % 4) as u8)
}

/// France's pawns on c2 and d2.
fn pawns(seat: usize) -> Pos {
    scene(seat, &[(0, 'P', "c2"), (0, 'P', "d2")])
}

#[test]
fn the_ordinary_move_chooses_nothing_and_the_turn_then_goes_on() {
    for seat in 0..4 {
        let p = pawns(seat);
        let ordinary = moves(&p);
        assert!(ordinary.iter().all(|m| !m.contains('@')), "seat {seat}");
        assert!(!ordinary.contains(&"0000".to_string()), "seat {seat}");
        assert!(!p.turn_goes_on(Seat(seat as u8)));
        let p = play(&p, &mv(seat, "c2c3"));
        assert_eq!(p.turn(), Seat(seat as u8), "seat {seat}");
        assert!(p.turn_goes_on(Seat(seat as u8)), "seat {seat}");
    }
}

#[test]
fn an_extra_move_exists_only_with_a_sacrifice_of_another_piece_not_the_king() {
    for seat in 0..4 {
        let p = play(&pawns(seat), &mv(seat, "c2c3"));
        let all = moves(&p);
        // Every move sacrifices, but the pass.
        assert!(
            all.iter().all(|m| m == "0000" || m.contains('@')),
            "seat {seat}: {all:?}"
        );
        assert!(all.contains(&"0000".to_string()), "seat {seat}");
        // The knight's move, paid for with either pawn.
        assert_eq!(
            with_prefix(&p, &mv(seat, "b1a3")),
            sorted(&[&mv(seat, "b1a3@c3"), &mv(seat, "b1a3@d2")]),
            "seat {seat}"
        );
        // Not without a sacrifice, not with the mover, the king, an empty
        // square or another seat's piece.
        for bad in ["b1a3", "b1a3@b1", "b1a3@a1", "b1a3@e4", "b1a3@a8"] {
            assert!(!legal(&p, seat, bad), "seat {seat} {bad}");
        }
        // The king moves too, for a pawn.
        assert!(legal(&p, seat, "a1b2@c3"), "seat {seat}");
    }
}

#[test]
fn any_number_of_extra_moves_until_only_the_king_is_left() {
    for seat in 0..4 {
        let p = play(&pawns(seat), &mv(seat, "c2c3"));
        let p = play(&p, &mv(seat, "b1a3@d2"));
        // The sacrificed pawn left the game; the turn goes on.
        assert_eq!(piece(&p, &turned(seat, "d2")), None, "seat {seat}");
        assert_eq!(p.turn(), Seat(seat as u8), "seat {seat}");
        let p = play(&p, &mv(seat, "c3c4@a3"));
        assert_eq!(piece(&p, &turned(seat, "a3")), None, "seat {seat}");
        assert_eq!(p.turn(), Seat(seat as u8), "seat {seat}");
        // The last piece it may sacrifice: with its king alone France
        // cannot go on, so the turn passes at once.
        let p = play(&p, &mv(seat, "a1b2@c4"));
        assert_eq!(piece(&p, &turned(seat, "c4")), None, "seat {seat}");
        assert_eq!(
            piece(&p, &turned(seat, "b2")),
            Some((seat as u8, 'k')),
            "seat {seat}"
        );
        assert_eq!(p.turn(), next(seat), "seat {seat}");
        assert!(!p.turn_goes_on(Seat(seat as u8)), "seat {seat}");
    }
}

#[test]
fn the_sacrificed_piece_leaves_the_game_for_no_one() {
    for seat in 0..4 {
        let p = play(&pawns(seat), &mv(seat, "c2c3"));
        let before: Vec<Seat> = (0..4).map(|a| p.commander_of(Seat(a))).collect();
        let count = |p: &Pos| (0..64).filter_map(|c| p.piece_at(c)).count();
        let q = play(&p, &mv(seat, "b1a3@d2"));
        // One piece fewer, the mover on a3, every army with its commander.
        assert_eq!(count(&q), count(&p) - 1, "seat {seat}");
        assert_eq!(piece(&q, &turned(seat, "a3")), Some((seat as u8, 'n')));
        let after: Vec<Seat> = (0..4).map(|a| q.commander_of(Seat(a))).collect();
        assert_eq!(after, before, "seat {seat}");
        // A piece gone for good resets the fifty-move count.
        assert_eq!(q.halfmoves(), 0, "seat {seat}");
    }
}

#[test]
fn a_sacrifice_is_a_loss_of_france_for_switzerland() {
    // Red France, blue Switzerland: the Swiss count France's losses
    // (3 let France take Swiss pieces).
    let v = lineup("france,switzerland,default,default");
    let rows = [
        "bK,6,yK",
        "bN,7",
        "8",
        "8",
        "8",
        "8",
        "rP,rP,rP,5",
        "rK,rN,5,gK",
    ];
    let p = pos(&v, &fen('R', PLAYED, rows));
    let p = play(&p, "a2a3");
    let p = play(&p, "b1c3@b2");
    assert!(
        p.to_fen().contains("'neutral':('','100','','')"),
        "{}",
        p.to_fen()
    );
}

#[test]
fn no_extra_move_takes_a_king_but_the_ordinary_move_may() {
    for seat in 0..4 {
        // A bishop on d4 with the yellow king (h8) in its line.
        let p = scene(seat, &[(0, 'B', "d4"), (0, 'P', "c2")]);
        assert!(legal(&p, seat, "d4h8"), "seat {seat}");
        let taken = play(&p, &mv(seat, "d4h8"));
        assert_eq!(
            taken.commander_of(Seat(((seat + 2) % 4) as u8)),
            Seat(seat as u8)
        );
        // Taking a king, France goes on (the game does).
        assert_eq!(taken.turn(), Seat(seat as u8), "seat {seat}");
        let p = play(&p, &mv(seat, "c2c3"));
        assert!(with_prefix(&p, &mv(seat, "d4h8")).is_empty(), "seat {seat}");
    }
}

#[test]
fn no_extra_move_leaves_an_enemy_king_attacked() {
    for seat in 0..4 {
        let p = play(
            &scene(seat, &[(0, 'B', "d4"), (0, 'P', "c2")]),
            &mv(seat, "c2c3"),
        );
        // On e5 or g7 the bishop attacks the yellow king (h8): not as an
        // extra move. On c5 or e3 it attacks none.
        for bad in ["d4e5@c3", "d4g7@c3", "d4f6@c3"] {
            assert!(!legal(&p, seat, bad), "seat {seat} {bad}");
        }
        for good in ["d4c5@c3", "d4e3@c3", "d4a7@c3"] {
            assert!(legal(&p, seat, good), "seat {seat} {good}");
        }
        // The ordinary move may attack a king (past the opening turns);
        // an extra move after it must then end the attack.
        let p = scene(seat, &[(0, 'B', "d4"), (0, 'P', "c2")]);
        let p = play(&p, &mv(seat, "d4e5"));
        assert!(!legal(&p, seat, "c2c3@b1"), "seat {seat}");
        assert!(!legal(&p, seat, "e5d4@b1"), "seat {seat}");
        assert!(legal(&p, seat, "e5d6@b1"), "seat {seat}");
        assert!(moves(&p).contains(&"0000".to_string()), "seat {seat}");
    }
}

#[test]
fn a_sacrifice_that_opens_a_line_to_a_king_is_no_extra_move() {
    for seat in 0..4 {
        // The rook on d1 would attack the green king (h1) but for the
        // pawn on f1: sacrificing the pawn gives check.
        let p = scene(seat, &[(0, 'R', "d1"), (0, 'P', "f1"), (0, 'P', "c2")]);
        let p = play(&p, &mv(seat, "c2c3"));
        assert!(!legal(&p, seat, "b1a3@f1"), "seat {seat}");
        assert!(legal(&p, seat, "b1a3@c3"), "seat {seat}");
    }
}

#[test]
fn the_pass_ends_the_turn_and_the_next_seat_moves() {
    for seat in 0..4 {
        let p = play(&pawns(seat), &mv(seat, "c2c3"));
        let clock = p.halfmoves();
        let q = play(&p, "0000");
        assert_eq!(q.turn(), next(seat), "seat {seat}");
        assert!(!q.turn_goes_on(Seat(seat as u8)), "seat {seat}");
        // The pass that ends the turn adds nothing to the fifty-move count.
        assert_eq!(q.halfmoves(), clock, "seat {seat}");
        // The next seat's moves are its own, and its turn ends as usual.
        let r = play(&q, &mv((seat + 1) % 4, "a1a2"));
        assert_eq!(r.turn(), Seat(((seat + 2) % 4) as u8), "seat {seat}");
    }
}

#[test]
fn the_continuing_turn_round_trips_in_fen4_and_bad_values_are_refused() {
    for seat in 0..4 {
        let before = pawns(seat);
        let p = play(&before, &mv(seat, "c2c3"));
        let text = p.to_fen();
        let mut want = ["''"; 4];
        want[seat] = "'yes'";
        assert!(
            text.contains(&format!("'continuing':({})", want.join(","))),
            "{text}"
        );
        let back = pos(p.variant(), &text);
        assert_eq!(back, p);
        assert_eq!(back.hash(), p.hash());
        // The same board with the turn not going on is another position.
        let plain = pos(p.variant(), &text.replace("'yes'", "''"));
        assert_ne!(plain, p);
        assert_ne!(plain.hash(), p.hash());
        assert!(!before.to_fen().contains("continuing"));
    }
    // Red France to move, the default army elsewhere.
    let v = lineup("france,default,default,default");
    let rows = |red: &'static str| ["bK,6,yK", "8", "8", "8", "8", "8", red, "rK,6,gK"];
    for (turn, entry, red, says) in [
        ('B', "('yes','','','')", "rP,7", "not to move"),
        ('R', "('','yes','','')", "rP,7", "no power"),
        ('R', "('more','','','')", "rP,7", "'yes'"),
        ('R', "('yes','','','')", "8", "no piece to sacrifice"),
    ] {
        let extras = format!("{PLAYED},'continuing':{entry}");
        let err = Pos::from_fen(&v, &fen(turn, &extras, rows(red)))
            .expect_err(entry)
            .to_string();
        assert!(err.contains(says), "{entry}: {err}");
    }
}

#[test]
fn bad_moves_are_refused_and_change_nothing() {
    let v = lineup("france,default,default,default");
    let any = AnyVariant::Chess(v.clone());
    let rows = [
        "bK,6,yK",
        "bN,7",
        "8",
        "8",
        "8",
        "8",
        "rP,rP,4,gP,gN",
        "rK,rN,5,gK",
    ];
    let text = fen('R', PLAYED, rows);
    let mut game = AnyGame::from_position(&any, Some(&text)).unwrap();
    game.play("a2a3").unwrap();
    let mid = game.position_text();
    // No piece on the square, an enemy piece, the king, the mover, none.
    for bad in ["b1c3@e4", "b1c3@h8", "b1c3@a1", "b1c3@b1", "b1c3"] {
        let err = game.play(bad).expect_err(bad).to_string();
        assert!(err.contains(bad), "{bad}: {err}");
        assert_eq!(game.position_text(), mid, "{bad}");
    }
    game.play("0000").unwrap();
    // Blue, without the power: no extra move, no sacrifice.
    let blue = game.position_text();
    for bad in ["a7b5@a8", "a7b5@a7"] {
        let err = game.play(bad).expect_err(bad).to_string();
        assert!(err.contains(bad), "{bad}: {err}");
        assert_eq!(game.position_text(), blue, "{bad}");
    }
    // Nor is a piece move written with a sacrifice its own move.
    let p = pos(&v, &blue);
    assert!("a7b5@a8".parse::<UciMove>().unwrap().to_move(&p).is_err());
}

#[test]
fn a_record_with_extra_moves_round_trips_in_pgn4() {
    let v = lineup("default,france,default,default");
    let any = AnyVariant::Chess(v);
    let mut game = AnyGame::from_position(&any, None).unwrap();
    // Blue (France): a pawn move and an extra knight move for the
    // bishop; later a pawn move and two extra knight moves for two pawns.
    for m in [
        "b2b3", "b7c7", "a5c6@a6", "0000", "g7g6", "g2f2", "c2c3", "c7d7", "c6d4@b6", "d4e6@b5",
        "0000", "f7f6", "f2e2",
    ] {
        game.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    let record = game.record(&[]);
    assert!(record.contains("--"), "{record}");
    assert!(record.contains('@'), "{record}");
    let read = any
        .record_format()
        .read(&record, Some(&any))
        .next()
        .expect("one game")
        .unwrap_or_else(|e| panic!("{e}\n{record}"));
    assert_eq!(read.game.position_text(), game.position_text(), "{record}");
    assert_eq!(read.game.moves(), game.moves(), "{record}");
}

#[test]
fn every_step_is_a_ply_of_perft() {
    // After its move, France (pawns c2, d2, knight b1, king a1) has the
    // pass and, per piece move but the mover's, one extra move per piece
    // it may sacrifice (none giving check here).
    for seat in 0..4 {
        let p = play(&pawns(seat), &mv(seat, "c2c3"));
        let n = tetrarch_rules::perft(&p, 1);
        assert_eq!(n as usize, moves(&p).len());
        let ordinary = moves(&pos(p.variant(), &p.to_fen().replace("'yes'", "''")));
        // Pawns c3 and d2 (d2 two ways), knight (a3, d2 held: a3 only; c3
        // held), king b2: each mover's move paid for with either of the
        // two other non-royal pieces.
        let extra: usize = ordinary
            .iter()
            .map(|m| {
                let from = &m[..2];
                let others = [turned(seat, "b1"), turned(seat, "c3"), turned(seat, "d2")];
                others.iter().filter(|s| s.as_str() != from).count()
            })
            .sum();
        assert_eq!(n as usize, extra + 1, "seat {seat}: {ordinary:?}");
    }
}
