//! `fourway-chesscom-ffa`, chess.com's 4 Player Chess free-for-all with
//! points (`docs/rules.md`, "fourway-chesscom-ffa"): one position per rule
//! where that rule decides something, FEN4 round trips with points and
//! extras, and bad FEN4 refused with an error naming the field.

use crate::fourway_common;

use fourway_common::*;
use tetrarch_rules::notation::fen4_start::FEN4_4PC;
use tetrarch_rules::{AnyGame, AnyVariant, DrawReason, Outcome, Seat, Variant, WinReason, perft};

fn scored() -> &'static Variant {
    static V: std::sync::OnceLock<Variant> = std::sync::OnceLock::new();
    V.get_or_init(|| Variant::builtin("fourway-chesscom-ffa").expect("built-in"))
}

/// `fen` with its points field (the fifth) replaced by `points`.
fn with_points(fen: &str, points: &str) -> String {
    let mut fields: Vec<&str> = fen.splitn(7, '-').collect();
    fields[4] = points;
    fields.join("-")
}

/// A set-up position with the given points.
fn scored_pos(f: &Fen4, points: &str) -> Pos {
    pos(scored(), &with_points(&f.build(), points))
}

fn points(p: &Pos) -> [i16; 4] {
    [RED, BLUE, YELLOW, GREEN].map(|s| p.points(s))
}

fn win(winner: Seat, reason: WinReason) -> Option<Outcome> {
    Some(Outcome::Win { winner, reason })
}

fn game_from(fen: &str) -> AnyGame {
    let v = AnyVariant::builtin("fourway-chesscom-ffa").expect("built-in");
    AnyGame::from_position(&v, Some(fen)).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn the_start_is_chesscoms_current_one_with_every_seat_for_itself() {
    let p = Pos::start(scored());
    assert_eq!(p.to_fen(), FEN4_4PC);
    for (a, b) in [(RED, YELLOW), (BLUE, GREEN), (RED, BLUE)] {
        assert!(!scored().allied(a, b));
    }
    assert_eq!(points(&p), [0; 4]);
}

/// The 4PC start under check rules, as in `fourway-chesscom-teams`: no
/// capture, promotion or mate is reached in three plies, and the pins are
/// the same (Red's f-pawn leaving f2 pins Blue's b6 pawn to its king), so
/// the counts are the Teams ones.
#[test]
fn perft_from_the_start() {
    let p = Pos::start(scored());
    let counts: Vec<u64> = (1..=3).map(|d| perft(&p, d)).collect();
    assert_eq!(counts, [20, 395, 7800]);
}

/// Red's rook takes a Blue piece of each kind on e9: pawn 1, knight 3,
/// bishop 5, rook 5, queen 9, promoted queen 1.
#[test]
fn captures_score_the_pieces_value() {
    for (kind, value) in [("P", 1), ("N", 3), ("B", 5), ("R", 5), ("Q", 9), ("D", 1)] {
        let f = Fen4::new('R', &format!("rKh1 rRe5 b{kind}e9 bKa7 yKg14 gKn8"));
        let p = play(&f.pos(scored()), "e5e9");
        assert_eq!(points(&p), [value, 0, 0, 0], "taking a {kind}");
    }
}

/// En passant scores the pawn.
#[test]
fn en_passant_scores_the_pawn() {
    let f = Fen4::new('R', "rKh1 rPe2 bKa7 bPd4 yKg14 gKn8");
    let p = play(&f.pos(scored()), "e2e4 d4e3");
    assert_eq!(points(&p), [0, 1, 0, 0]);
}

/// Red's rook mates Blue's king on a4: Blue is out at once (chess.com's
/// `#`), Red scores 20, and Blue's pieces stay on the board, grey. The
/// grey king is Red's to take for nothing.
#[test]
fn checkmate_scores_twenty_at_once_and_leaves_the_army_grey() {
    let f = Fen4::new('R', "rKh1 rRe10 bKa4 bPb4 bPb5 yKg14 gKn8");
    let p = play(&f.pos(scored()), "e10a10");
    assert_eq!(points(&p), [20, 0, 0, 0]);
    assert_eq!(p.alive_seats(), R | Y | G);
    assert_eq!(at(&p, "b4").as_deref(), Some("bP"), "the pieces stay");
    assert_eq!(p.turn(), YELLOW, "Blue's turn is gone");
    assert_eq!(p.outcome(), None);
    assert!(p.legal_moves().iter().all(|m| m.from() != cell("b4")));
    let taken = play(&p, "g14g13 n8n7 a10a4");
    assert_eq!(
        points(&taken),
        [20, 0, 0, 0],
        "a grey king is worth nothing"
    );
    assert_eq!(at(&taken, "a4").as_deref(), Some("rR"));
}

/// Red's rook mates Green, who moves third: Red scores the mate on its
/// own move, before Blue or Yellow play; Blue taking the rook next scores
/// the rook and changes nothing of the mate.
#[test]
fn a_mate_is_the_movers_at_once() {
    let f = Fen4::new('R', "rKh1 rRe11 bKa7 bRc11 yKg14 gKn4 gPm4 gPm5");
    let p = play(&f.pos(scored()), "e11n11");
    assert_eq!(points(&p), [20, 0, 0, 0]);
    assert_eq!(p.alive_seats(), R | B | Y);
    assert_eq!(p.turn(), BLUE);
    let taken = play(&p, "c11n11");
    assert_eq!(points(&taken), [20, 5, 0, 0]);
    assert_eq!(taken.alive_seats(), R | B | Y);
}

/// A grey rook attacks nothing: while Blue plays, Red's king may not step
/// onto the i-file its rook sees; once Blue is mated, it may.
#[test]
fn grey_pieces_give_no_check() {
    let f = Fen4::new('R', "rKh1 rRe10 bKa4 bPb4 bPb5 bRi5 yKg14 gKn8");
    let p = f.pos(scored());
    assert!(!is_legal(&p, "h1i1"), "Blue's rook sees i1");
    let q = play(&p, "e10a10 g14g13 n8n7");
    assert_eq!(q.alive_seats(), R | Y | G);
    assert!(is_legal(&q, "h1i1"), "a grey rook sees nothing");
    assert_eq!(at(&q, "i5").as_deref(), Some("bR"));
}

/// A mated player's FEN4 says eliminated, its grey pieces on the board,
/// and reads back to the same position.
#[test]
fn fen4_round_trips_a_grey_army() {
    let f = Fen4::new('R', "rKh1 rRe10 bKa4 bPb4 bPb5 yKg14 gKn8");
    let p = play(&f.pos(scored()), "e10a10");
    let text = p.to_fen();
    assert!(text.starts_with("Y-0,1,0,0-"), "{text}");
    let back = pos(scored(), &text);
    assert_eq!(back, p);
    assert_eq!(back.alive_seats(), R | Y | G);
    assert_eq!(back.to_fen(), text);
}

/// A dead king walking that a move leaves in check with no step is mated
/// at once: the mover scores 20 and the king stays, grey.
#[test]
fn a_walking_king_can_be_mated() {
    let f = Fen4::new('R', "rKh1 rRe10 rRb11 bKa4 yKg14 gKn8");
    let mut p = f.pos(scored());
    p.retire_seat(BLUE);
    assert_eq!(p.walking_seats(), B);
    let q = play(&p, "e10a10");
    assert_eq!(points(&q), [20, 0, 0, 0]);
    assert_eq!(q.walking_seats(), 0);
    assert_eq!(q.alive_seats(), R | Y | G);
    assert_eq!(at(&q, "a4").as_deref(), Some("bK"));
}

/// A walking king with no step and not in check stays and its turn is
/// passed, in a replay too: Blue's king on a4 is boxed in by Red's rooks
/// on b11 and e5 (b4, b5, a5), and Yellow plays next.
#[test]
fn a_boxed_walking_king_passes_its_turn() {
    let f = Fen4::new('R', "rKh1 rRb11 rRe5 bKa4 yKg14 gKn8");
    for given in [false, true] {
        let mut p = f.pos(scored());
        p.set_walks_given(given);
        p.retire_seat(BLUE);
        let q = play(&p, "h1h2");
        assert_eq!(q.turn(), YELLOW, "given walks: {given}");
        assert_eq!(q.walking_seats(), B, "still walking");
        assert_eq!(points(&q), [0; 4]);
        assert_eq!(at(&q, "a4").as_deref(), Some("bK"));
    }
}

/// The last player left takes every king still walking, 20 each: Yellow
/// walks, Blue resigns, Red scores 40 and wins.
#[test]
fn the_last_player_takes_every_walking_king() {
    let f = Fen4::new('R', "rKh1 rRk4 bKa7 yKg14");
    let mut game = game_from(&f.build());
    game.resign(YELLOW).unwrap();
    assert_eq!(game.points(), Some(vec![0, 0, 0, 0]));
    game.resign(BLUE).unwrap();
    assert_eq!(game.points(), Some(vec![40, 0, 0, 0]));
    assert_eq!(game.outcome(), win(RED, WinReason::Points));
}

/// A walking king steps onto any cell but a king's, its own dead pieces'
/// included; no other piece of its army moves.
#[test]
fn a_walking_king_may_take_its_own_pieces() {
    let f = Fen4::new('B', "rKh1 bKa7 bNb7 yKg14 gKn8");
    let mut p = f.pos(scored());
    p.set_walks_given(true);
    p.retire_seat(BLUE);
    assert_eq!(p.turn(), YELLOW);
    let q = play(&p, "g14g13 n8n7 h1h2");
    assert_eq!(q.turn(), BLUE, "a given walk takes its turn");
    assert_eq!(
        uci_set(&q),
        sorted(&["a7a6", "a7a8", "a7b6", "a7b7", "a7b8"])
    );
    let r = play(&q, "a7b7");
    assert_eq!(at(&r, "b7").as_deref(), Some("bK"));
    assert_eq!(points(&r), [0; 4]);
    assert_eq!(r.turn(), YELLOW);
}

/// Red's rook to b11 leaves Blue's lone king on a4 no move (a5 is the
/// bishop's, b4 and b5 the rook's) and not in check: Blue scores 20 and
/// leaves.
#[test]
fn a_stalemated_player_scores_twenty_and_leaves() {
    let f = Fen4::new('R', "rKh1 rBd8 rRk11 bKa4 yKg14 gKn8");
    let p = play(&f.pos(scored()), "k11b11");
    assert_eq!(points(&p), [0, 20, 0, 0]);
    assert_eq!(p.alive_seats(), R | Y | G);
    assert_eq!(p.turn(), YELLOW);
}

/// A knight checking two kings scores 5, three kings 20; a queen checking
/// two scores 1.
#[test]
fn checking_several_kings_at_once_scores_a_bonus() {
    // Ng6 attacks f8 and h8.
    let two = Fen4::new('R', "rKh1 rNe5 bKf8 yKh8 gKn5");
    assert_eq!(points(&play(&two.pos(scored()), "e5g6")), [5, 0, 0, 0]);
    // Ng6 attacks e7, i7 and h4.
    let three = Fen4::new('R', "rKh1 rNf4 bKe7 yKi7 gKh4");
    assert_eq!(points(&play(&three.pos(scored()), "f4g6")), [20, 0, 0, 0]);
    // Qd5 sees a8 on the diagonal and n5 along the rank.
    let queen = Fen4::new('R', "rKh1 rQd1 bKa8 yKg14 gKn5");
    assert_eq!(points(&play(&queen.pos(scored()), "d1d5")), [1, 0, 0, 0]);
    // One king checked scores nothing.
    let one = Fen4::new('R', "rKh1 rRe5 bKa7 yKe14 gKn8");
    let p = play(&one.pos(scored()), "e5e10");
    assert_eq!(points(&p), [0; 4]);
}

/// Pawns promote on their 8th rank, the middle of the board, and only to
/// the one-point queen (`D`).
#[test]
fn pawns_promote_on_the_eighth_rank_to_the_one_point_queen() {
    let p = Fen4::new('R', "rKh1 rPe7 bKa7 yKg14 gKn8").pos(scored());
    assert_eq!(moves_from(&p, "e7"), sorted(&["e7e8d"]));
    let q = play(&p, "e7e8d");
    assert_eq!(at(&q, "e8").as_deref(), Some("rD"));
    // Blue's 8th rank is the h-file.
    let p = Fen4::new('B', "rKh1 bKa7 bPg5 yKg14 gKn8").pos(scored());
    assert_eq!(moves_from(&p, "g5"), sorted(&["g5h5d"]));
}

/// 200 half-moves without a capture or a pawn move: each player still in
/// scores 10, and Blue, ahead before the bonus, wins on points.
#[test]
fn the_fifty_move_rule_gives_each_player_ten_and_the_most_points_win() {
    let f = Fen4::new('R', "rKh1 rRk4 bKa7 yKg14 gKn8").clock(199);
    let p = play(&scored_pos(&f, "5,8,0,0"), "h1h2");
    assert_eq!(p.outcome(), win(BLUE, WinReason::Points));
    assert_eq!(p.final_points(true), Some([15, 18, 10, 10]));
    let mut game = game_from(&with_points(&f.build(), "5,8,0,0"));
    game.play("h1h2").unwrap();
    assert_eq!(game.points(), Some(vec![15, 18, 10, 10]));
}

/// Kings alone cannot mate: the game ends at once with the draw bonus.
#[test]
fn insufficient_material_ends_the_game_on_points() {
    let f = Fen4::new('R', "rKh1 bKa7 yKg14 gKn8");
    assert_eq!(
        scored_pos(&f, "0,4,0,0").outcome(),
        win(BLUE, WinReason::Points)
    );
    assert_eq!(
        scored_pos(&f, "4,4,0,0").outcome(),
        Some(Outcome::Draw(DrawReason::EqualPoints))
    );
}

/// The third occurrence of a position ends the game; the bonus goes to
/// each player still in.
#[test]
fn repetition_gives_each_player_ten() {
    let f = Fen4::new('R', "rKh1 rRk4 bKa7 yKg14 gKn8");
    let mut game = game_from(&with_points(&f.build(), "7,0,0,0"));
    let cycle = "h1h2 a7a6 g14g13 n8n9 h2h1 a6a7 g13g14 n9n8";
    for m in format!("{cycle} {cycle}").split_whitespace() {
        game.play(m).unwrap();
    }
    assert_eq!(game.outcome(), win(RED, WinReason::Points));
    assert_eq!(game.points(), Some(vec![17, 10, 10, 10]));
}

/// With Yellow and Green out, Red mates Blue: Red scores 20, but Blue
/// has more points and wins.
#[test]
fn the_most_points_win_not_the_last_player() {
    let f = Fen4::new('R', "rKh1 rRe10 bKa4 bPb4 bPb5");
    let p = play(&scored_pos(&f, "0,30,0,0"), "e10a10");
    assert_eq!(points(&p), [20, 30, 0, 0]);
    assert_eq!(p.outcome(), win(BLUE, WinReason::Points));
}

/// With two players left, the leader may claim the win from 21 points
/// ahead, not from 20; with three left, nobody may.
#[test]
fn the_leader_of_the_last_two_may_claim_the_win() {
    let two = Fen4::new('R', "rKh1 rRk4 bKa7");
    let p = scored_pos(&two, "30,9,0,0");
    assert_eq!(
        p.claim_win(RED),
        Ok(Outcome::Win {
            winner: RED,
            reason: WinReason::PointsLead
        })
    );
    assert!(p.claim_win(BLUE).is_err());
    assert!(scored_pos(&two, "30,10,0,0").claim_win(RED).is_err());
    let three = Fen4::new('R', "rKh1 rRk4 bKa7 yKg14");
    assert!(scored_pos(&three, "40,0,0,0").claim_win(RED).is_err());
    let mut game = game_from(&with_points(&two.build(), "30,9,0,0"));
    assert_eq!(
        game.claim_win(RED).unwrap(),
        Outcome::Win {
            winner: RED,
            reason: WinReason::PointsLead
        }
    );
    assert_eq!(game.outcome(), win(RED, WinReason::PointsLead));
    let chess = AnyVariant::builtin("chess").unwrap();
    assert!(AnyGame::new(&chess).claim_win(Seat(0)).is_err());
}

/// Blue resigns: its pieces stay, grey (Red's rook takes its knight for
/// nothing), and on each of its turns its king steps at random, the same
/// step for the same seed; taking the king scores 20.
#[test]
fn a_resigned_player_is_a_dead_king_walking() {
    let f = Fen4::new('R', "rKh1 rRe5 bKf8 bNe9 yKg14 gKn8");
    let mut p = f.pos(scored());
    p.set_walk_seed(7);
    p.retire_seat(BLUE);
    assert_eq!(p.walking_seats(), B);
    assert_eq!(p.active_seats(), R | Y | G);
    assert_eq!(at(&p, "e9").as_deref(), Some("bN"));
    let q = play(&p, "e5e9");
    assert_eq!(points(&q), [0; 4], "a grey piece is worth nothing");
    assert_eq!(q.turn(), YELLOW, "Blue's turn was its king's random step");
    assert_eq!(at(&q, "f8"), None, "the king stepped");
    assert_eq!(play(&p, "e5e9"), q, "the same seed, the same step");
    // The walking king is worth 20 to whoever takes it.
    let k = Fen4::new('R', "rKh1 rRf5 bKf8 yKg14 gKn8");
    let mut p = k.pos(scored());
    p.retire_seat(BLUE);
    assert_eq!(at(&p, "f8").as_deref(), Some("bK"));
    let q = play(&p, "f5f8");
    assert_eq!(points(&q), [20, 0, 0, 0]);
}

/// With two players left, one resigning leaves the other as the last:
/// that player scores the king's 20 and the game ends on points.
#[test]
fn resigning_with_two_left_gives_the_other_twenty_and_ends_the_game() {
    let f = Fen4::new('R', "rKh1 rRk4 bKa7");
    let mut game = game_from(&with_points(&f.build(), "0,15,0,0"));
    game.resign(BLUE).unwrap();
    assert!(game.resign(BLUE).is_err(), "the game is over");
    assert_eq!(game.points(), Some(vec![20, 15, 0, 0]));
    assert_eq!(game.outcome(), win(RED, WinReason::Points));
}

#[test]
fn fen4_round_trips_points_and_extras() {
    let start = with_points(FEN4_4PC, "12,5,0,31");
    assert_eq!(pos(scored(), &start).to_fen(), start);
    let f = Fen4::new('R', "rKh1 rRk4 bKa7 bNe9 yKg14 gKn8");
    let text = with_points(&f.build(), "3,1,0,2");
    let mut p = pos(scored(), &text);
    p.set_walk_seed(99);
    p.retire_seat(BLUE);
    let written = p.to_fen();
    assert!(
        written.contains("{'resigned':(false,true,false,false),'seed':99}"),
        "{written}"
    );
    let back = pos(scored(), &written);
    assert_eq!(back, p);
    assert_eq!(back.walk_seed(), 99);
    assert_eq!(points(&back), [3, 1, 0, 2]);
    assert_eq!(back.to_fen(), written);
    // En passant entries sit beside the new keys.
    let e = play(
        &Fen4::new('R', "rKh1 rPe2 bKa7 yKg14 gKn8").pos(scored()),
        "e2e4",
    );
    assert_eq!(pos(scored(), &e.to_fen()), e);
}

/// Other variants read the points field and keep nothing of it.
#[test]
fn other_variants_drop_the_points() {
    let text = with_points(FEN4_4PC, "12,5,0,31");
    let p = pos(original(), &text);
    assert_eq!(p.points(RED), 0);
    assert_eq!(p.to_fen(), FEN4_4PC);
}

#[test]
fn bad_points_and_extras_are_refused_naming_the_field() {
    let f = Fen4::new('R', "rKh1 bKa7 yKg14 gKn8");
    let base = f.build();
    let err = |text: &str| {
        Pos::from_fen(scored(), text)
            .map(|_| ())
            .expect_err(text)
            .to_string()
    };
    let e = err(&with_points(&base, "99999,0,0,0"));
    assert!(e.contains("points") && e.contains("does not fit"), "{e}");
    let e = err(&with_points(&base, "1,x,0,0"));
    assert!(
        e.contains("points") && e.contains("'x' is not a number"),
        "{e}"
    );
    let e = err(&with_points(&base, "1,0,0"));
    assert!(e.contains("points"), "{e}");
    let extras = |block: &str| base.replacen("-0-x", &format!("-0-{block}-x"), 1);
    for (block, says) in [
        ("{'lives':(1,1,1,1)}", "'lives' is not a key"),
        ("{'resigned'}", "not a 'key':value pair"),
        ("{'resigned':(true,false)}", "one per seat"),
        ("{'resigned':(yes,false,false,false)}", "not true or false"),
        ("{'resigned':(false,false,false,false}", "without its ')'"),
        ("{'seed':abc}", "not a number"),
        ("{resigned:(false,false,false,false)}", "not a quoted key"),
    ] {
        let e = err(&extras(block));
        assert!(e.contains("extras") && e.contains(says), "{block}: {e}");
    }
    // A resigned seat needs its king.
    let no_green = Fen4::new('R', "rKh1 bKa7 yKg14").build();
    let e = err(&no_green.replacen("-0-x", "-0-{'resigned':(false,false,false,true)}-x", 1));
    assert!(e.contains("no king"), "{e}");
}

/// A variant file with `[points]` must fit the rules that scoring needs.
#[test]
fn a_points_table_needs_check_and_removal() {
    let text = tetrarch_rules::variant::builtin("fourway-chesscom-ffa").unwrap();
    let bad = text.replace("checkmate = \"removes\"", "checkmate = \"wins\"");
    let e = Variant::from_toml(&bad, "bad.toml")
        .unwrap_err()
        .to_string();
    assert!(e.contains("'points'"), "{e}");
    let bad = text.replace("checks = [0, 5, 20]", "checks = [0, 5]");
    let e = Variant::from_toml(&bad, "bad.toml")
        .unwrap_err()
        .to_string();
    assert!(e.contains("points.checks"), "{e}");
    let bad = text.replace("d = 1, k = 20", "d = 1, z = 20");
    let e = Variant::from_toml(&bad, "bad.toml")
        .unwrap_err()
        .to_string();
    assert!(e.contains("points.pieces"), "{e}");
}

/// Random games, one player resigning on the way: every position keeps
/// its hash, reads back from its FEN4 (points, dead kings walking and
/// seed included) and ends with a result on points when it ends.
#[test]
fn random_games_keep_their_hash_and_fen4() {
    for seed in 0..40u64 {
        let mut rng = Rng::new(seed);
        let mut p = Pos::start(scored());
        p.set_walk_seed(seed as u32 + 1);
        for ply in 0..400 {
            if ply == 30 {
                p.retire_seat(Seat(1 + (seed % 3) as u8));
            }
            assert_eq!(p.hash(), p.compute_hash(), "seed {seed} ply {ply}");
            let back = pos(scored(), &p.to_fen());
            assert_eq!(back, p, "seed {seed} ply {ply}");
            assert_eq!(points(&back), points(&p));
            let moves = p.legal_moves();
            if moves.is_empty() {
                assert!(
                    p.outcome().is_some(),
                    "seed {seed} ply {ply}: {}",
                    p.to_fen()
                );
                break;
            }
            let captures: Vec<_> = moves
                .iter()
                .copied()
                .filter(|m| p.piece_at(m.to()).is_some())
                .collect();
            let m = if !captures.is_empty() && rng.below(2) == 0 {
                captures[rng.below(captures.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            p.play_unchecked(m);
        }
    }
}
