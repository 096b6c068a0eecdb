//! Nation powers (issue 13, the code half): each power with a position
//! where it decides something, for the nations that ship with it
//! (`docs/nations.md`, the Hurons' movement, Betza `j`, included), in more
//! than one corner; power moves in UCI and
//! PGN4 text; and random games of line-ups with powers, whose position text
//! reads back to the same position and whose record replays.

use crate::european_fen;
use crate::lineup_play;

use european_fen::{PLAYED, fen};
use lineup_play::*;
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{AnyGame, AnyVariant, Seat, Variant};

/// Quiet moves of the three default armies after red's first turn, and
/// after its second: a pawn each.
const ROUND_1: [&str; 3] = ["b8c8", "e7e6", "g1f1"];
const ROUND_2: [&str; 3] = ["b7c7", "f7f6", "g2f2"];

// ------------------------------------------------------------ transform

#[test]
fn aztecs_turn_a_knight_into_a_rook_or_a_rook_into_a_knight_instead_of_moving() {
    let v = lineup("aztecs,default,default,default");
    let p = Pos::start(&v);
    // Rooks on b1 and c1, the knight on d1; pawns and the king do not turn.
    assert_eq!(
        with_prefix(&p, "transform@"),
        sorted(&["transform@b1", "transform@c1", "transform@d1"])
    );
    let p = play(&p, "transform@d1");
    assert_eq!(piece(&p, "d1"), Some((0, 'r')));
    assert_eq!(p.turn(), Seat(1), "the power is the turn");
    // A rook turns into a knight, and the knight moves as one.
    let p = ROUND_1.iter().fold(p, |p, m| play(&p, m));
    let p = play(&p, "transform@b1");
    assert_eq!(piece(&p, "b1"), Some((0, 'n')));
}

#[test]
fn a_default_army_has_no_power_moves() {
    let v = lineup("aztecs,default,default,default");
    let p = play(&Pos::start(&v), "a2a3");
    assert!(with_prefix(&p, "transform@").is_empty());
}

// ---------------------------------------------------------------- place

#[test]
fn huns_put_a_new_pawn_on_an_empty_square_of_their_3x5_area() {
    let v = lineup("huns,default,default,default");
    let p = Pos::start(&v);
    // a1-e3 less the six pieces of the army.
    let expected =
        ["d1", "e1", "d2", "e2", "a3", "b3", "c3", "d3", "e3"].map(|s| format!("place@{s}"));
    let mut expected: Vec<String> = expected.to_vec();
    expected.sort();
    assert_eq!(with_prefix(&p, "place@"), expected);
    let p = play(&p, "place@e3");
    assert_eq!(piece(&p, "e3"), Some((0, 'p')));
    // The new pawn is of the army: it goes north, with no double step off
    // its second row.
    let p = ROUND_1.iter().fold(p, |p, m| play(&p, m));
    assert_eq!(with_prefix(&p, "e3"), ["e3e4"]);
}

#[test]
fn tribute_is_not_paid_on_two_turns_in_a_row() {
    let v = lineup("huns,default,default,default");
    let p = play(&Pos::start(&v), "place@e3");
    let p = ROUND_1.iter().fold(p, |p, m| play(&p, m));
    assert!(with_prefix(&p, "place@").is_empty(), "the next turn");
    let p = play(&p, "a2a3");
    let p = ROUND_2.iter().fold(p, |p, m| play(&p, m));
    assert!(!with_prefix(&p, "place@").is_empty(), "the turn after");
}

#[test]
fn the_turn_state_of_powers_is_in_the_position_text() {
    let v = lineup("huns,default,default,default");
    let p = play(&Pos::start(&v), "place@e3");
    let text = p.to_fen();
    assert!(text.contains("'powers':('0','','','')"), "{text}");
    let back = pos(&v, &text);
    assert_eq!(back, p);
    assert_eq!(back.hash(), p.hash());
    // Once the huns move otherwise, the note is gone.
    let p = ROUND_1.iter().fold(p, |p, m| play(&p, m));
    let p = play(&p, "a2a3");
    assert!(!p.to_fen().contains("'powers'"), "{}", p.to_fen());
    // A power the seat does not have is an error naming the key.
    let bad = text.replace("'powers':('0'", "'powers':('5'");
    let e = Pos::from_fen(&v, &bad).unwrap_err().to_string();
    assert!(e.contains("'powers'"), "{e}");
}

#[test]
fn areas_turn_with_the_seat_a8_places_on_a4_c8() {
    let v = lineup("default,huns,default,default");
    let text = Pos::start(&v).to_fen().replacen('R', "B", 1);
    let p = pos(&v, &text);
    let expected = ["a4", "a5", "b4", "b5", "c4", "c5", "c6", "c7", "c8"];
    let mut expected: Vec<String> = expected.iter().map(|s| format!("place@{s}")).collect();
    expected.sort();
    assert_eq!(with_prefix(&p, "place@"), expected);
    // Blue's new pawn goes east, away from blue's edge.
    let p = play(&p, "place@c5");
    let p = ["e7e6", "g1f1", "a2a3"].iter().fold(p, |p, m| play(&p, m));
    assert_eq!(with_prefix(&p, "c5"), ["c5d5"]);
}

// ------------------------------------------------------------- relocate

/// Red (Byzantine) king a1, bishop c3 (in the 3x5), pawn g5 and rook h5
/// (outside it); a yellow knight on d2, in red's 2x4.
fn byzantine() -> (Variant, Pos) {
    let v = lineup("byzantine-empire,default,default,default");
    let text = fen(
        'R',
        PLAYED,
        [
            "bK,bP,5,yK",
            "8",
            "8",
            "6,rP,rR",
            "8",
            "2,rB,5",
            "3,yN,4",
            "rK,5,gP,gK",
        ],
    );
    let p = pos(&v, &text);
    (v, p)
}

#[test]
fn byzantines_put_a_piece_on_an_empty_square_of_their_2x4() {
    let (_, p) = byzantine();
    let from_c3 = with_prefix(&p, "relocate@c3");
    // Every empty square of a1-d2 but the piece's own.
    let expected = ["b1", "c1", "d1", "a2", "b2", "c2"];
    let mut expected: Vec<String> = expected.iter().map(|s| format!("relocate@c3{s}")).collect();
    expected.sort();
    assert_eq!(from_c3, expected);
    let p = play(&p, "relocate@g5b2");
    assert_eq!((piece(&p, "b2"), piece(&p, "g5")), (Some((0, 'p')), None));
}

#[test]
fn only_a_non_pawn_from_outside_the_3x5_captures_by_retreat() {
    let (_, p) = byzantine();
    let all = moves(&p);
    assert!(
        all.contains(&"relocate@h5d2".to_string()),
        "the rook, from outside"
    );
    assert!(!all.contains(&"relocate@g5d2".to_string()), "a pawn");
    assert!(
        !all.contains(&"relocate@c3d2".to_string()),
        "from inside the 3x5"
    );
    let p = play(&p, "relocate@h5d2");
    assert_eq!(piece(&p, "d2"), Some((0, 'r')));
}

#[test]
fn a_last_king_taken_by_retreat_hands_over_its_army() {
    let v = lineup("byzantine-empire,default,default,default");
    let text = fen(
        'R',
        PLAYED,
        [
            "bK,bP,6",
            "4,yN,3",
            "8",
            "7,rR",
            "8",
            "8",
            "8",
            "rK,2,yK,2,gP,gK",
        ],
    );
    let p = play(&pos(&v, &text), "relocate@h5d1");
    assert_eq!(p.commander_of(Seat(2)), Seat(0));
    assert_eq!(piece(&p, "e7"), Some((2, 'n')));
}

#[test]
fn athenian_bishops_jump_to_any_empty_square_not_giving_check() {
    let v = lineup("athens,default,default,default");
    let text = fen(
        'R',
        PLAYED,
        [
            "bK,bP,5,yK",
            "7,yP",
            "8",
            "8",
            "8",
            "8",
            "8",
            "rK,rB,4,gP,gK",
        ],
    );
    let p = pos(&v, &text);
    let jumps = with_prefix(&p, "relocate@b1");
    // Any empty square but those from which the bishop would attack a
    // king (e4 sees both a8 and h1; b7 sees a8).
    assert!(
        !jumps.contains(&"relocate@b1e4".to_string()),
        "e4 sees a8 and h1"
    );
    assert!(jumps.contains(&"relocate@b1c5".to_string()), "{jumps:?}");
    assert!(
        !jumps.contains(&"relocate@b1b7".to_string()),
        "b7 attacks a8"
    );
    assert!(!jumps.contains(&"relocate@b1g1".to_string()), "g1 is taken");
    // Only bishops: the king has no jump.
    assert!(with_prefix(&p, "relocate@a1").is_empty());
    // Not on two turns in a row.
    let p = play(&p, "relocate@b1c5");
    let p = ["b8c8", "h8g8", "g1f1"].iter().fold(p, |p, m| play(&p, m));
    assert!(with_prefix(&p, "relocate@").is_empty(), "the next turn");
}

// --------------------------------------------------------------- adjacent

/// Green to move; red's bishop on d4 has a blue knight above it (d5), a
/// yellow rook to its left (c4), the yellow king to its right (e4) and a
/// blue pawn diagonally (e5); red's pawn on f6 has a green pawn above it.
fn adjacent(nation: &str, source: &str) -> (Variant, Pos) {
    let v = lineup(&format!("{nation},default,default,default"));
    let text = fen(
        'G',
        PLAYED,
        [
            "bK,7",
            "5,gP,1,yP",
            "5,rP,2",
            "3,bN,bP,3",
            &format!("2,yR,{source},yK,3"),
            "8",
            "8",
            "rK,5,gP,gK",
        ],
    );
    let p = pos(&v, &text);
    (v, p)
}

#[test]
fn conquistadors_destroy_enemies_next_to_their_bishop_at_the_start_of_their_turn() {
    let (_, p) = adjacent("conquistadors", "rB");
    // Not yet: it is green's turn.
    assert_eq!(piece(&p, "d5"), Some((1, 'n')));
    let p = play(&p, "g1f1");
    assert_eq!(p.turn(), Seat(0));
    assert_eq!(piece(&p, "d5"), None, "orthogonally next to the bishop");
    assert_eq!(piece(&p, "c4"), None);
    assert_eq!(piece(&p, "e4"), Some((2, 'k')), "royal pieces are spared");
    assert_eq!(piece(&p, "e5"), Some((1, 'p')), "diagonal is not next to");
    assert_eq!(piece(&p, "f7"), Some((3, 'p')), "a pawn is no source");
}

#[test]
fn a_position_read_at_the_start_of_a_turn_is_taken_as_after_its_effects() {
    // The text of a position with red to move describes red's turn as it
    // begins: reading it does not act again (play acts, as the turn passes).
    let (v, p) = adjacent("conquistadors", "rB");
    let red_to_move = pos(&v, &p.to_fen().replacen('G', "R", 1));
    assert_eq!(piece(&red_to_move, "d5"), Some((1, 'n')));
}

#[test]
fn incas_take_over_enemies_next_to_a_delegate_at_the_start_of_their_turn() {
    let (_, p) = adjacent("incas", "rD");
    let p = play(&p, "g1f1");
    assert_eq!(piece(&p, "d5"), Some((0, 'n')), "the knight is red's now");
    assert_eq!(piece(&p, "c4"), Some((0, 'r')));
    assert_eq!(
        piece(&p, "e4"),
        Some((2, 'k')),
        "a king is never taken over"
    );
    // The knight moves for red at once.
    assert!(moves(&p).contains(&"d5c7".to_string()));
}

#[test]
fn a_delegate_moves_as_a_king_or_leaps_two_squares_orthogonally() {
    let (_, p) = adjacent("incas", "rD");
    let p = play(&p, "g1f1");
    let d4 = with_prefix(&p, "d4");
    for m in ["d4d6", "d4b4", "d4f4", "d4d2", "d4c3", "d4e3"] {
        assert!(d4.contains(&m.to_string()), "{m} in {d4:?}");
    }
    assert!(!d4.contains(&"d4f5".to_string()), "no knight leap");
}

#[test]
fn a_seat_promotes_to_its_own_nations_choices() {
    // The Incas' pawns promote only to a delegate, the default army's to
    // a rook, bishop or knight, on the same pawn kind.
    let v = lineup("incas,default,default,default");
    let text = fen(
        'R',
        PLAYED,
        [
            "bK,bP,6",
            "3,rP,3,yK",
            "8",
            "8",
            "8",
            "8",
            "8",
            "rK,5,gP,gK",
        ],
    );
    let p = pos(&v, &text);
    assert_eq!(with_prefix(&p, "d7"), ["d7d8d"]);
}

// ------------------------------------------------------------- notation

#[test]
fn power_moves_read_and_write_as_text() {
    for text in ["transform@d1", "place@c3", "relocate@h5d2"] {
        let m: UciMove = text.parse().unwrap();
        assert_eq!(m.to_string(), text);
    }
    for bad in ["transform@", "transform@z9", "relocate@h5d2x", "tr@d1"] {
        assert!(bad.parse::<UciMove>().is_err(), "{bad}");
    }
}

#[test]
fn a_record_with_power_moves_replays() {
    let v = lineup("huns,aztecs,byzantine-empire,incas");
    let any = AnyVariant::Chess(v.clone());
    let mut game = AnyGame::from_position(&any, None).unwrap();
    for m in ["place@e3", "transform@a5", "e7e6", "g1f1", "a2a3"] {
        game.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    let record = game.record(&[]);
    assert!(record.contains('@'), "{record}");
    let read = any
        .record_format()
        .read(&record, None)
        .next()
        .expect("one game")
        .unwrap_or_else(|e| panic!("{e}\n{record}"));
    assert_eq!(read.game.position_text(), game.position_text());
}

// ------------------------------------------------------ random playouts

struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Random games of random line-ups of every shipped nation: no panic, one
/// piece per cell, the position text reads back to the same position with
/// the same moves, and the record replays to the same end.
fn random_games(games: usize, seed: u64) -> usize {
    let ids: Vec<&str> = tetrarch_rules::variant::builtin_nation_ids().collect();
    let mut rng = Rng(seed | 1);
    let mut positions = 0;
    for _ in 0..games {
        // A line-up holds at most 16 piece kinds (docs/nations.md): one
        // with more is drawn again.
        let v = loop {
            let pick: Vec<&str> = (0..4).map(|_| ids[rng.below(ids.len())]).collect();
            let base = Variant::builtin("european-ffa").unwrap();
            match base.with_lineup(&pick.join(","), &[]) {
                Ok(v) => break v,
                Err(e) => assert!(e.to_string().contains("at most 16"), "{e}"),
            }
        };
        let any = AnyVariant::Chess(v.clone());
        let mut game = AnyGame::from_position(&any, None).unwrap();
        let mut p = Pos::start(&v);
        for _ in 0..120 {
            if game.outcome().is_some() {
                break;
            }
            positions += 1;
            let text = p.to_fen();
            let back = pos(&v, &text);
            assert_eq!(back, p, "{text}");
            assert_eq!(moves(&back), moves(&p), "{text}");
            let seats: u64 = (0..4).map(|s| p.seat_pieces(Seat(s))).fold(0, |a, b| {
                assert_eq!(a & b, 0, "two owners on one cell: {text}");
                a | b
            });
            assert_eq!(seats, p.occupied());
            let legal = moves(&p);
            let m = &legal[rng.below(legal.len())];
            p = play(&p, m);
            // As a record holds it: a die's roll is a step too.
            game.play_step(m).unwrap();
            assert_eq!(game.position_text(), p.to_fen());
        }
        let record = game.record(&[]);
        let read = any
            .record_format()
            .read(&record, None)
            .next()
            .expect("one game")
            .unwrap_or_else(|e| panic!("{e}\n{record}"));
        assert_eq!(read.game.position_text(), game.position_text(), "{record}");
    }
    positions
}

#[test]
fn random_lineups_with_powers_keep_their_invariants() {
    assert!(random_games(24, 11) > 1000);
}

#[test]
#[ignore = "a longer run of the random games: cargo test --release -- --ignored"]
fn many_random_lineups_with_powers_keep_their_invariants() {
    assert!(random_games(2000, 23) > 100_000);
}

#[test]
fn a_client_is_told_which_moves_use_a_power() {
    let v = lineup("aztecs,default,default,default");
    let game = AnyGame::from_position(&AnyVariant::Chess(v), None).unwrap();
    let views = game.legal_moves();
    let turn = views.iter().find(|m| m.uci == "transform@d1").unwrap();
    // A power on one cell has no `from`: a board does not play it on a click.
    assert_eq!(
        (
            turn.power.as_deref(),
            turn.from.as_deref(),
            turn.to.as_deref()
        ),
        (Some("transform"), None, Some("d1"))
    );
    let pawn = views.iter().find(|m| m.uci == "a2a3").unwrap();
    assert_eq!(pawn.power, None);
}

// ---------------------------------------------------------------- capture

/// Every seat a pawn next to an enemy it can take: red's d4 by blue's
/// knight on e5, blue's b6 by yellow's bishop on c5, yellow's f6 by green's
/// rook on g5, green's g3 by red's bishop on f2.
fn four_pawn_captures(nation: &str) -> (Variant, Pos) {
    let v = lineup(&[nation; 4].join(","));
    let text = fen(
        'R',
        PLAYED,
        [
            "bK,6,yK",
            "8",
            "1,bP,3,yP,2",
            "2,yB,1,bN,1,gR,1",
            "3,rP,4",
            "6,gP,1",
            "5,rB,2",
            "rK,6,gK",
        ],
    );
    let p = pos(&v, &text);
    (v, p)
}

#[test]
fn a_transylvanian_pawn_that_captures_becomes_what_it_took_in_every_corner() {
    let (_, p) = four_pawn_captures("transylvania");
    let p = play(&p, "d4e5");
    assert_eq!(piece(&p, "e5"), Some((0, 'n')), "red's pawn is a knight");
    let p = play(&p, "b6c5");
    assert_eq!(piece(&p, "c5"), Some((1, 'b')), "blue's pawn is a bishop");
    let p = play(&p, "f6g5");
    assert_eq!(piece(&p, "g5"), Some((2, 'r')), "yellow's pawn is a rook");
    let p = play(&p, "g3f2");
    assert_eq!(piece(&p, "f2"), Some((3, 'b')), "green's pawn is a bishop");
    // The new knight moves as one.
    assert!(with_prefix(&p, "e5").contains(&"e5c6".to_string()));
}

#[test]
fn only_a_transylvanian_pawn_becomes_what_it_took() {
    // Red's bishop takes green's pawn: still a bishop. A default army's
    // pawn that captures stays a pawn.
    let (v, p) = four_pawn_captures("transylvania");
    let after = play(&p, "f2g3");
    assert_eq!(piece(&after, "g3"), Some((0, 'b')));
    let v2 = lineup("default,transylvania,transylvania,transylvania");
    let p = pos(&v2, &p.to_fen());
    assert_eq!(piece(&play(&p, "d4e5"), "e5"), Some((0, 'p')));
    drop(v);
}

#[test]
fn a_transylvanian_pawn_that_takes_a_king_stays_a_pawn() {
    let v = lineup("transylvania,default,default,default");
    let text = fen(
        'R',
        PLAYED,
        [
            "8",
            "3,bN,3,yK",
            "8",
            "4,bK,3",
            "3,rP,4",
            "8",
            "8",
            "rK,5,gP,gK",
        ],
    );
    let p = play(&pos(&v, &text), "d4e5");
    assert_eq!(piece(&p, "e5"), Some((0, 'p')));
    assert_eq!(piece(&p, "d7"), Some((1, 'n')));
    assert_eq!(p.commander_of(Seat(1)), Seat(0), "blue's army is red's now");
}

#[test]
fn a_transylvanian_pawn_on_its_promotion_edge_promotes_off_a_pawn_and_becomes_anything_else() {
    let v = lineup("transylvania,default,default,default");
    let text = fen(
        'R',
        PLAYED,
        [
            "bK,1,bN,1,bP,2,yK",
            "3,rP,4",
            "8",
            "8",
            "8",
            "8",
            "8",
            "rK,5,gP,gK",
        ],
    );
    let p = pos(&v, &text);
    // Taking the pawn on e8: promotion as usual, one move per choice.
    // Taking the knight on c8: one move, and the pawn is a knight.
    assert_eq!(
        with_prefix(&p, "d7"),
        sorted(&["d7c8", "d7d8b", "d7d8n", "d7d8r", "d7e8b", "d7e8n", "d7e8r"])
    );
    assert_eq!(piece(&play(&p, "d7c8"), "c8"), Some((0, 'n')));
    assert_eq!(piece(&play(&p, "d7e8r"), "e8"), Some((0, 'r')));
}

/// The vampire king on a1 (Transylvania's own king) also leaps three
/// squares diagonally, over its own pawns, taking blue's knight on d4.
#[test]
fn a_transylvanian_king_leaps_three_squares_diagonally() {
    let v = lineup("transylvania,default,default,default");
    let rows = [
        "bK,6,yK", "8", "8", "8", "3,bN,4", "2,rP,5", "1,rP,6", "rV,6,gK",
    ];
    // The helper counts `K` kings only: red's is marked in by hand.
    let text = fen('R', PLAYED, rows).replacen("R-1,", "R-0,", 1);
    let p = pos(&v, &text);
    assert_eq!(with_prefix(&p, "a1"), sorted(&["a1a2", "a1b1", "a1d4"]));
    let p = play(&p, "a1d4");
    assert_eq!(piece(&p, "d4"), Some((0, 'v')));
}

/// Red (Papal States) to move: a papal bishop on d4 with a blue pawn on
/// c5 in its way; each other seat a king and a pawn (a lone piece loses).
const PAPAL_D4: [&str; 8] = [
    "bK,5,yP,yK",
    "8",
    "8",
    "2,bP,5",
    "3,rC,4",
    "8",
    "rP,7",
    "rK,5,gP,gK",
];

/// The papal bishop leaps two squares diagonally over the pawn on c5 and,
/// landing on b6 in blue's 2 x 4 (a5-b8), becomes an archbishop; on g7
/// (yellow's e7-h8) and g1 (green's g1-h4) too; not on f2 nor c3, which
/// are nobody's area, nor in its own a1-d2.
#[test]
fn a_papal_bishop_becomes_an_archbishop_in_another_players_area() {
    let p = red_to_move("papal-states,default,default,default", PAPAL_D4);
    let m = with_prefix(&p, "d4");
    assert!(m.contains(&"d4b6".to_string()), "the leap over c5: {m:?}");
    for (to, kind) in [
        ("b6", 'z'),
        ("g7", 'z'),
        ("g1", 'z'),
        ("f2", 'c'),
        ("c3", 'c'),
        ("f6", 'c'),
    ] {
        let after = play(&p, &format!("d4{to}"));
        assert_eq!(piece(&after, to), Some((0, kind)), "d4{to}");
    }
    let p = play_line(&p, "d4e3 a8a7 h8h7 h1h2 e3c1");
    assert_eq!(
        piece(&p, "c1"),
        Some((0, 'c')),
        "its own area changes nothing"
    );
}

/// The archbishop moves as a papal bishop and leaps one or two squares
/// orthogonally, and stays an archbishop once out of the area.
#[test]
fn an_archbishop_stays_one_and_leaps_orthogonally() {
    let p = red_to_move("papal-states,default,default,default", PAPAL_D4);
    let p = play_line(&p, "d4b6 a8a7 h8h7 h1h2");
    assert_eq!(
        with_prefix(&p, "b6"),
        sorted(&[
            "b6a5", "b6a6", "b6a7", "b6b5", "b6b7", "b6b8", "b6c5", "b6c6", "b6c7", "b6d4", "b6d6",
            "b6d8", "b6b4"
        ])
    );
    let p = play(&p, "b6d6");
    assert_eq!(piece(&p, "d6"), Some((0, 'z')));
}

/// Green's papal states (the h1 corner) turn in red's a1-d2.
#[test]
fn the_church_turns_with_the_corner() {
    let rows = ["bK,6,yK", "8", "8", "8", "8", "5,gC,2", "8", "rK,6,gK"];
    let text = fen('G', PLAYED, rows);
    let p = pos(&lineup("default,default,default,papal-states"), &text);
    let after = play(&p, "f3d1");
    assert_eq!(piece(&after, "d1"), Some((3, 'z')));
}

/// Red (Medieval Japan) to move: a pawn on d4 facing a blue pawn on d5
/// and a yellow knight on e5, a general on b3, a rook on g4, a bishop on
/// b4; each other seat a king and a pawn.
const JAPAN: [&str; 8] = [
    "bK,5,yP,yK",
    "8",
    "8",
    "3,bP,yN,3",
    "1,rB,1,rJ,2,rR,1",
    "1,rF,6",
    "rP,7",
    "rK,5,gP,gK",
];

/// Japanese pawns take straight ahead, not diagonally; the general steps
/// diagonally or straight forward.
#[test]
fn japanese_pawns_take_straight_ahead_and_generals_step_ffw() {
    let p = pos(
        &lineup("medieval-japan,default,default,default"),
        &fen('R', PLAYED, JAPAN),
    );
    assert_eq!(with_prefix(&p, "d4"), sorted(&["d4d5"]));
    // a2 and b4 hold red's own pawn and bishop.
    assert_eq!(with_prefix(&p, "b3"), sorted(&["b3a4", "b3c2", "b3c4"]));
}

/// A piece moving into its last three rows (ranks 6-8 for red) gains king
/// moves for good: the rook on g4 to g6 is a kinged rook, to g5 still a
/// rook; the bishop b4-d6 a kinged bishop; the pawn, once on d6, a kinged
/// piece that steps back.
#[test]
fn a_japanese_piece_in_its_last_three_rows_gains_king_moves() {
    let p = pos(
        &lineup("medieval-japan,default,default,default"),
        &fen('R', PLAYED, JAPAN),
    );
    assert_eq!(piece(&play(&p, "g4g6"), "g6"), Some((0, 't')));
    assert_eq!(piece(&play(&p, "g4g5"), "g5"), Some((0, 'r')));
    assert_eq!(piece(&play(&p, "b4d6"), "d6"), Some((0, 'x')));
    // Taking blue's last pawn leaves blue a lone king, out at its turn.
    let p = play_line(&p, "d4d5 h8h7 h1h2 d5d6");
    assert_eq!(piece(&p, "d6"), Some((0, 'm')));
    let p = play_line(&p, "h7h8 h2h1");
    assert!(with_prefix(&p, "d6").contains(&"d6d5".to_string()));
}

/// Blue's Japanese pieces (the a8 corner) gain king moves on files f-h.
#[test]
fn the_last_three_rows_turn_with_the_corner() {
    let rows = [
        "bK,5,yP,yK",
        "8",
        "2,bR,5",
        "8",
        "8",
        "8",
        "rP,7",
        "rK,5,gP,gK",
    ];
    let p = pos(
        &lineup("default,medieval-japan,default,default"),
        &fen('B', PLAYED, rows),
    );
    assert_eq!(piece(&play(&p, "c6f6"), "f6"), Some((1, 't')));
    assert_eq!(piece(&play(&p, "c6e6"), "e6"), Some((1, 'r')));
}

fn macedonia(rows: [&str; 8]) -> Pos {
    red_to_move("macedonia,default,default,default", rows)
}

/// Macedonian pawns go 1 or 2 squares, and 4 from their second row (not
/// 3), and take 1 or 2 squares diagonally forward over an empty square.
#[test]
fn macedonian_pawns_move_and_take_twice_as_far() {
    let p = macedonia([
        "bK,5,yP,yK",
        "8",
        "8",
        "4,bN,3",
        "8",
        "2,rA,5",
        "rA,7",
        "rK,5,gP,gK",
    ]);
    assert_eq!(with_prefix(&p, "a2"), sorted(&["a2a3", "a2a4", "a2a6"]));
    assert_eq!(with_prefix(&p, "c3"), sorted(&["c3c4", "c3c5", "c3e5"]));
    // A blue pawn on d4 is taken, and stops the long capture.
    let p = macedonia([
        "bK,5,yP,yK",
        "8",
        "8",
        "4,bN,3",
        "3,bP,4",
        "2,rA,5",
        "rA,7",
        "rK,5,gP,gK",
    ]);
    assert_eq!(with_prefix(&p, "c3"), sorted(&["c3c4", "c3c5", "c3d4"]));
}

/// A Macedonian pawn promotes to a rook, a bishop, or a queen while red
/// holds none: one queen at a time.
#[test]
fn macedonia_holds_one_queen_at_a_time() {
    let rows = [
        "bK,5,yP,yK",
        "2,rA,5",
        "8",
        "8",
        "8",
        "8",
        "rA,7",
        "rK,5,gP,gK",
    ];
    let p = macedonia(rows);
    assert_eq!(with_prefix(&p, "c7"), sorted(&["c7c8b", "c7c8q", "c7c8r"]));
    let mut with_queen = rows;
    with_queen[5] = "7,rQ";
    let p = macedonia(with_queen);
    assert_eq!(with_prefix(&p, "c7"), sorted(&["c7c8b", "c7c8r"]));
}

fn mongols(rows: [&str; 8]) -> Pos {
    red_to_move("mongol-empire,default,default,default", rows)
}

/// A Mongol pawn steps one square orthogonally and takes one square
/// diagonally, any way round.
#[test]
fn mongol_pawns_step_and_take_in_every_direction() {
    let p = mongols([
        "bK,5,yP,yK",
        "8",
        "8",
        "2,bP,5",
        "3,rI,4",
        "4,yN,3",
        "rI,7",
        "rK,5,gP,gK",
    ]);
    assert_eq!(
        with_prefix(&p, "d4"),
        sorted(&["d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4"])
    );
}

/// They promote on either far edge, rank 8 or file h, while red holds
/// fewer than 1 queen, 2 rooks, 2 bishops, 2 knights.
#[test]
fn mongol_pawns_promote_on_either_far_edge_within_limits() {
    let rows = [
        "bK,5,yP,yK",
        "8",
        "8",
        "6,rI,1",
        "8",
        "8",
        "rI,7",
        "rK,5,gP,gK",
    ];
    let p = mongols(rows);
    let m = with_prefix(&p, "g5");
    for to in ["g5h5b", "g5h5n", "g5h5q", "g5h5r", "g5g6", "g5g4", "g5f5"] {
        assert!(m.contains(&to.to_string()), "{to}: {m:?}");
    }
    assert!(
        !m.contains(&"g5h5".to_string()),
        "on file h a pawn must promote"
    );
    let mut held = rows;
    held[2] = "rQ,rR,rR,5";
    let m = with_prefix(&mongols(held), "g5");
    assert!(m.contains(&"g5h5b".to_string()) && m.contains(&"g5h5n".to_string()));
    assert!(!m.iter().any(|m| m == "g5h5q" || m == "g5h5r"), "{m:?}");
    // Blue's edges from the a8 corner: file h and rank 1.
    let rows = [
        "bK,5,yP,yK",
        "8",
        "8",
        "8",
        "8",
        "8",
        "2,bI,5",
        "rK,5,gP,gK",
    ];
    let p = pos(
        &lineup("default,mongol-empire,default,default"),
        &fen('B', PLAYED, rows),
    );
    assert!(with_prefix(&p, "c2").contains(&"c2c1q".to_string()));
}

/// A limit counts what the player who promotes holds: a Mongol pawn of an
/// army red took over promotes as red's, and red holds a queen (found by
/// the reference: the kernel counted the pieces of the army's first seat,
/// which is out and holds none).
#[test]
fn a_taken_over_mongol_pawn_promotes_within_its_commanders_limits() {
    let rows = ["7,yK", "8", "8", "8", "6,bI,1", "8", "bQ,7", "rK,5,gP,gK"];
    let extras = format!("'commanders':('','r','',''),{PLAYED}");
    let p = pos(
        &lineup("default,mongol-empire,default,default"),
        &fen('R', &extras, rows),
    );
    let m = with_prefix(&p, "g4");
    assert!(m.contains(&"g4h4r".to_string()), "{m:?}");
    assert!(
        !m.contains(&"g4h4q".to_string()),
        "red holds a queen: {m:?}"
    );
}

#[test]
fn medieval_britain_captures_without_moving_in_every_corner() {
    let (_, p) = four_pawn_captures("medieval-britain");
    let p = play(&p, "d4e5");
    assert_eq!(piece(&p, "d4"), Some((0, 'p')), "red's pawn stays");
    assert_eq!(piece(&p, "e5"), None, "blue's knight is gone");
    let p = play(&p, "b6c5");
    assert_eq!((piece(&p, "b6"), piece(&p, "c5")), (Some((1, 'p')), None));
    let p = play(&p, "f6g5");
    assert_eq!((piece(&p, "f6"), piece(&p, "g5")), (Some((2, 'p')), None));
    let p = play(&p, "g3f2");
    assert_eq!((piece(&p, "g3"), piece(&p, "f2")), (Some((3, 'p')), None));
}

/// Red (Medieval Britain) to move: a short rook on a4 three squares below
/// blue's king on a7, a short bishop on c1, a pawn on d7 under blue's
/// knight on e8.
fn longbows() -> Pos {
    let v = lineup("medieval-britain,default,default,default");
    let text = fen(
        'R',
        PLAYED,
        [
            "4,bN,2,yK",
            "bK,2,rP,4",
            "6,bP,1",
            "8",
            "rL,7",
            "8",
            "8",
            "rK,1,rS,3,gP,gK",
        ],
    );
    pos(&v, &text)
}

#[test]
fn medieval_britains_rooks_and_bishops_go_at_most_three_squares() {
    let p = longbows();
    assert_eq!(
        with_prefix(&p, "a4"),
        sorted(&[
            "a4a2", "a4a3", "a4a5", "a4a6", "a4a7", "a4b4", "a4c4", "a4d4"
        ])
    );
    assert_eq!(
        with_prefix(&p, "c1"),
        sorted(&["c1a3", "c1b2", "c1d2", "c1e3", "c1f4"])
    );
}

#[test]
fn a_longbow_takes_a_last_king_from_where_it_stands_and_gets_its_army() {
    let p = play(&longbows(), "a4a7");
    assert_eq!(piece(&p, "a4"), Some((0, 'l')));
    assert_eq!(piece(&p, "a7"), None);
    assert_eq!(p.commander_of(Seat(1)), Seat(0), "blue's army is red's");
}

#[test]
fn a_longbow_pawn_taking_on_its_promotion_edge_stays_and_does_not_promote() {
    let p = longbows();
    let d7 = with_prefix(&p, "d7");
    assert!(d7.contains(&"d7e8".to_string()), "{d7:?}");
    assert!(
        !d7.iter().any(|m| m.starts_with("d7e8") && m.len() > 4),
        "{d7:?}"
    );
    let p = play(&p, "d7e8");
    assert_eq!((piece(&p, "d7"), piece(&p, "e8")), (Some((0, 'p')), None));
}

/// A longbow takes in place whatever army it takes from: here one that
/// began as its partner's but fights for an enemy now (found by the
/// reference: the kernel asked whether the army's first seat was allied).
#[test]
fn a_longbow_takes_in_place_from_an_army_its_partner_lost() {
    let v = Variant::builtin("european-teams")
        .unwrap()
        .with_lineup("default,default,medieval-britain,default", &[])
        .unwrap();
    // Red (yellow's partner) is out; blue commands its army. Yellow's king
    // on h8 takes red's rook on g8 and stays.
    let extras = format!("'commanders':('b','','',''),{PLAYED}");
    let rows = ["bK,5,rR,yK", "7,yP", "8", "8", "8", "8", "8", "6,gP,gK"];
    let p = pos(&v, &fen('Y', &extras, rows));
    let p = play(&p, "h8g8");
    assert_eq!(piece(&p, "h8"), Some((2, 'k')));
    assert_eq!(piece(&p, "g8"), None);
}

/// A longbow's pawns taking on a promotion edge stay, whatever their army
/// would promote to: here a British pawn Medieval Britain took over, whose
/// own choice (a minister, royal) is never a taken-over army's (found by
/// the reference: the kernel kept the capture only in the form of the
/// army's own first choice, which is not offered, so it offered none).
#[test]
fn a_longbow_pawn_of_a_taken_over_army_takes_in_place_on_the_edge() {
    let ids = "britain,medieval-britain,default,default";
    // Red (Britain) is out; blue commands its army. Red's pawn on e7 takes
    // the yellow king on f8 and stays.
    let extras = format!("'commanders':('b','','',''),{PLAYED}");
    let rows = ["bK,4,yK,1,yP", "4,rP,3", "8", "8", "8", "8", "8", "6,gP,gK"];
    let p = pos(&lineup(ids), &fen('B', &extras, rows));
    let e7 = with_prefix(&p, "e7");
    assert!(e7.contains(&"e7f8".to_string()), "{e7:?}");
    let p = play(&p, "e7f8");
    assert_eq!(piece(&p, "e7"), Some((0, 'p')));
    assert_eq!(piece(&p, "f8"), None);
}

/// A British pawn under another British player has nothing to promote to
/// (its commander's only choice, the minister, is royal, never a
/// taken-over army's): it moves onto its promotion edge and stays a pawn
/// (found by the reference, which offered no move there).
#[test]
fn a_british_pawn_under_another_british_player_reaches_the_edge_as_a_pawn() {
    let ids = "britain,default,default,britain";
    // Red (Britain) is out; green (Britain too) commands its army.
    let extras = format!("'commanders':('g','','',''),{PLAYED}");
    let rows = ["bK,6,yK", "4,rP,3", "8", "8", "8", "8", "8", "6,gP,gK"];
    let p = pos(&lineup(ids), &fen('G', &extras, rows));
    assert_eq!(with_prefix(&p, "e7"), ["e7e8"]);
    let p = play(&p, "e7e8");
    assert_eq!(piece(&p, "e8"), Some((0, 'p')));
}

// ------------------------------------------------------------ ambush (Hurons)

/// A position of `ids` from short rows; `huron` is the seat whose king is
/// the Huron king (`H`), which the FEN helper does not count as a king.
fn huron_pos(ids: &str, huron: usize, turn: char, rows: [&str; 8]) -> Pos {
    let text = fen(turn, PLAYED, rows);
    let (head, rest) = text.split_at(2);
    let mut flags: Vec<&str> = rest[..7].split(',').collect();
    flags[huron] = "0";
    let text = format!("{head}{}{}", flags.join(","), &rest[7..]);
    pos(&lineup(ids), &text)
}

const RED_HURONS: &str = "hurons,default,default,default";

#[test]
fn the_hurons_load_with_their_king_and_promote_to_their_rook_and_bishop() {
    let v = lineup(RED_HURONS);
    let start = Pos::start(&v);
    assert_eq!(
        start.royals(Seat(0)).count_ones(),
        1,
        "the Huron king is royal"
    );
    let letters: Vec<char> = v.seat_promotions[0]
        .iter()
        .map(|k| v.pieces[k.idx()].letter)
        .collect();
    assert_eq!(letters, ['u', 'e']);
}

/// The rook on d4 jumps over the green pawn on d5 to take the yellow pawn
/// on d6, and no further; along the rank, where nothing stands in the way,
/// it rides as a rook.
#[test]
fn a_huron_rook_jumps_two_squares_over_a_piece() {
    let rows = [
        "bK,6,yK", "8", "3,yP,4", "3,gP,4", "3,rU,4", "8", "8", "rH,6,gK",
    ];
    let p = huron_pos(RED_HURONS, 0, 'R', rows);
    assert_eq!(
        with_prefix(&p, "d4"),
        sorted(&[
            "d4a4", "d4b4", "d4c4", "d4e4", "d4f4", "d4g4", "d4h4", "d4d3", "d4d2", "d4d1", "d4d5",
            "d4d6"
        ])
    );
    // A default rook in its place stops at d5.
    let rows = [
        "bK,6,yK", "8", "3,yP,4", "3,gP,4", "3,rR,4", "8", "8", "rH,6,gK",
    ];
    assert!(!with_prefix(&huron_pos(RED_HURONS, 0, 'R', rows), "d4").contains(&"d4d6".into()));
}

/// The bishop on c3 jumps the red pawn on d4 to e5, never over an empty
/// square to land further than a bishop would.
#[test]
fn a_huron_bishop_jumps_two_squares_diagonally_over_a_piece() {
    let rows = ["bK,6,yK", "8", "8", "8", "3,rW,4", "2,rE,5", "8", "rH,6,gK"];
    let p = huron_pos(RED_HURONS, 0, 'R', rows);
    let m = with_prefix(&p, "c3");
    assert!(m.contains(&"c3e5".into()), "{m:?}");
    assert!(!m.contains(&"c3f6".into()), "{m:?}");
}

/// The pawn on c3 jumps the blue pawn on c4 to c5, and takes by jumping
/// the red pawn on d4 to the yellow knight on e5; it does not jump over
/// an empty square, nor take straight ahead by a jump.
#[test]
fn a_huron_pawn_jumps_ahead_onto_an_empty_square_and_captures_by_a_diagonal_jump() {
    let rows = [
        "bK,6,yK",
        "8",
        "8",
        "4,yN,3",
        "2,bP,rW,4",
        "2,rW,5",
        "8",
        "rH,6,gK",
    ];
    let p = huron_pos(RED_HURONS, 0, 'R', rows);
    assert_eq!(with_prefix(&p, "c3"), sorted(&["c3c5", "c3e5"]));
    // Nothing on c4: one step, no jump.
    let rows = [
        "bK,6,yK", "8", "8", "4,yN,3", "3,rW,4", "2,rW,5", "8", "rH,6,gK",
    ];
    assert_eq!(
        with_prefix(&huron_pos(RED_HURONS, 0, 'R', rows), "c3"),
        sorted(&["c3c4", "c3e5"])
    );
    // An enemy on c5 is not taken by the straight jump.
    let rows = [
        "bK,6,yK", "8", "8", "2,yN,5", "2,bP,5", "2,rW,5", "8", "rH,6,gK",
    ];
    assert_eq!(
        with_prefix(&huron_pos(RED_HURONS, 0, 'R', rows), "c3"),
        Vec::<String>::new()
    );
}

/// Blue's Huron pawns go east from the a8 corner: the pawn on c6 jumps
/// the red rook on d6 to e6.
#[test]
fn the_jump_turns_with_the_corner() {
    let rows = ["bH,6,yK", "8", "2,bW,rR,4", "8", "8", "8", "8", "rK,6,gK"];
    let p = huron_pos("default,hurons,default,default", 1, 'B', rows);
    assert_eq!(with_prefix(&p, "c6"), sorted(&["c6e6"]));
}

/// The Huron king on d4 attacks blue's king on d6 over the pawn on d5,
/// and not once the pawn has gone (a pawn on a2 keeps red from being a
/// lone king, who would lose at the start of the turn).
#[test]
fn a_huron_king_attacks_over_a_piece() {
    let rows = [
        "8", "7,yK", "3,bK,4", "3,gP,4", "3,rH,4", "8", "rW,7", "7,gK",
    ];
    let p = huron_pos(RED_HURONS, 0, 'R', rows);
    assert!(with_prefix(&p, "d4").contains(&"d4d6".into()));
    assert!(p.royal_attacked(Seat(1)));
    let rows = ["8", "7,yK", "3,bK,4", "8", "3,rH,4", "8", "rW,7", "7,gK"];
    let p = huron_pos(RED_HURONS, 0, 'R', rows);
    assert!(!p.royal_attacked(Seat(1)));
}

/// Every built-in nation plays the same from every corner: its line-up
/// with the default army in the other seats, started by its own seat, has
/// the same perft wherever it sits (the board turned a quarter per seat).
/// This checks what the powers do with corners, areas, pawn directions and
/// seat order; the counts for the a1 corner are pinned as well.
#[test]
fn every_nation_counts_the_same_moves_from_every_corner() {
    let mut counts = Vec::new();
    for id in tetrarch_rules::variant::builtin_nation_ids().filter(|&id| id != "default") {
        let mut per_corner = Vec::new();
        for seat in 0..4 {
            let ids: Vec<&str> = (0..4)
                .map(|s| if s == seat { id } else { "default" })
                .collect();
            let v = lineup(&ids.join(","));
            let text =
                Pos::start(&v)
                    .to_fen()
                    .replacen('R', &['R', 'B', 'Y', 'G'][seat].to_string(), 1);
            per_corner.push(tetrarch_rules::perft(&pos(&v, &text), 4));
        }
        assert!(
            per_corner.iter().all(|&n| n == per_corner[0]),
            "{id}: {per_corner:?}"
        );
        counts.push(format!("{id} {}", per_corner[0]));
    }
    let expected = include_str!("data/nations/perft4.txt");
    assert_eq!(counts.join("\n"), expected.trim_end(), "pinned counts");
}
