//! European Chess, base game (`european-ffa`, `european-teams`): a test
//! with a position for every rule of `../shared/rules/european-chess.txt`
//! and `docs/rules.md` (European Chess), the start of every corner against
//! the facts table, and the kernel compared with the independent
//! reference in `tests/european_reference` on perft and on random games.

use crate::european_reference;

use european_reference::Ref;
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{AnyGame, AnyVariant, Outcome, Position, Seat, Square, Variant};

type Pos = Position<u64>;

use crate::european_fen;
use european_fen::{PLAYED, fen};

fn variant(name: &str) -> Variant {
    Variant::builtin(name).unwrap()
}

fn pos(name: &str, text: &str) -> Pos {
    Pos::from_fen(&variant(name), text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(p: &Pos) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|&m| UciMove::from_move(p, m).to_string())
        .collect();
    v.sort();
    v
}

fn play(p: &Pos, text: &str) -> Pos {
    let m = text
        .parse::<UciMove>()
        .unwrap()
        .to_move(p)
        .unwrap_or_else(|_| panic!("{text} is not legal in {}: {:?}", p.to_fen(), moves(p)));
    p.play(m).unwrap()
}

fn from(p: &Pos, sq: &str) -> Vec<String> {
    moves(p).into_iter().filter(|m| m.starts_with(sq)).collect()
}

fn piece(p: &Pos, sq: &str) -> Option<(u8, char)> {
    let cell = p.variant().geometry.cell(sq.parse::<Square>().unwrap())?;
    p.piece_at(cell)
        .map(|pc| (pc.seat.0, p.variant().pieces[pc.kind.idx()].letter))
}

// ---------------------------------------------------------------- setup

/// An army's seat, its back line (cell and letter) and its pawns' cells.
type Corner = (u8, [(&'static str, char); 4], [&'static str; 4]);

#[test]
fn every_corner_starts_as_the_facts_table_says() {
    // Table 1.2 of european-chess-nations.md: army, back line, pawns.
    let table: [Corner; 4] = [
        (
            0,
            [("a1", 'k'), ("b1", 'r'), ("c1", 'b'), ("d1", 'n')],
            ["a2", "b2", "c2", "d2"],
        ),
        (
            1,
            [("a8", 'k'), ("a7", 'r'), ("a6", 'b'), ("a5", 'n')],
            ["b8", "b7", "b6", "b5"],
        ),
        (
            2,
            [("h8", 'k'), ("g8", 'r'), ("f8", 'b'), ("e8", 'n')],
            ["h7", "g7", "f7", "e7"],
        ),
        (
            3,
            [("h1", 'k'), ("h2", 'r'), ("h3", 'b'), ("h4", 'n')],
            ["g1", "g2", "g3", "g4"],
        ),
    ];
    for name in ["european-ffa", "european-teams"] {
        let start = Pos::start(&variant(name));
        let mut expected = std::collections::HashMap::new();
        for (army, back, pawns) in table {
            for (sq, k) in back {
                expected.insert(sq.to_string(), (army, k));
            }
            for sq in pawns {
                expected.insert(sq.to_string(), (army, 'p'));
            }
        }
        for f in 0..8u8 {
            for r in 0..8u8 {
                let sq = Square::new(f, r).unwrap().to_string();
                assert_eq!(
                    piece(&start, &sq),
                    expected.get(&sq).copied(),
                    "{name} {sq}"
                );
            }
        }
        assert_eq!(start.turn(), Seat(0), "red (a1) moves first by default");
        let seats: Vec<&str> = start
            .variant()
            .seats
            .iter()
            .map(|s| s.name.as_str())
            .collect();
        assert_eq!(seats, ["red", "blue", "yellow", "green"]);
    }
}

#[test]
fn pawns_move_straight_away_from_their_own_edge() {
    let start = Pos::start(&variant("european-ffa"));
    assert_eq!(from(&start, "a2"), ["a2a3", "a2a4"]);
    let blue = play(&start, "a2a3");
    assert_eq!(from(&blue, "b8"), ["b8c8", "b8d8"]);
    let yellow = play(&blue, "b8c8");
    assert_eq!(from(&yellow, "h7"), ["h7h5", "h7h6"]);
    let green = play(&yellow, "h7h6");
    assert_eq!(from(&green, "g1"), ["g1e1", "g1f1"]);
}

#[test]
fn a_pawn_double_steps_only_from_its_second_row() {
    // Red pawns on a2 (its second row) and b3; blue's on b6 (its second
    // row, the b-file) and d5.
    let p = pos(
        "european-ffa",
        &fen(
            'R',
            PLAYED,
            [
                "bK,7", "8", "1bP,6", "3bP,3,yK", "8", "1rP,6", "rP,6,gK", "rK,7",
            ],
        ),
    );
    assert_eq!(from(&p, "a2"), ["a2a3", "a2a4"]);
    assert_eq!(from(&p, "b3"), ["b3b4"]);
    let blue = play(&p, "b3b4");
    assert_eq!(from(&blue, "b6"), ["b6c6", "b6d6"]);
    assert_eq!(from(&blue, "d5"), ["d5e5"]);
}

#[test]
fn pawns_promote_on_the_far_edge_to_a_rook_bishop_or_knight() {
    let p = pos(
        "european-ffa",
        &fen(
            'R',
            PLAYED,
            ["bK,7", "3rP,4", "8", "8", "8", "8", "7gK", "rK,5,yK,1"],
        ),
    );
    assert_eq!(from(&p, "d7"), ["d7d8b", "d7d8n", "d7d8r"]);
    // Blue's far edge is the h-file.
    let p = pos(
        "european-ffa",
        &fen(
            'B',
            PLAYED,
            ["bK,7", "6bP,1", "8", "8", "8", "8", "7gK", "rK,5,yK,1"],
        ),
    );
    assert_eq!(from(&p, "g7"), ["g7h7b", "g7h7n", "g7h7r"]);
}

#[test]
fn there_is_no_castling_and_no_en_passant() {
    let v = variant("european-ffa");
    assert!(v.rules.castling.is_none() && !v.rules.en_passant);
    // Red's king and rook stand as in chess; yellow's pawn on b4 sees red's
    // a-pawn pass a3.
    let p = pos(
        "european-ffa",
        &fen(
            'R',
            PLAYED,
            [
                "bK,6,yK", "1bP,6", "8", "8", "1yP,6", "8", "rP,7", "4rK,2rR",
            ],
        ),
    );
    assert!(from(&p, "e1").iter().all(|m| m != "e1g1" && m != "e1c1"));
    let yellow = play(&play(&p, "a2a4"), "b7c7");
    assert_eq!(from(&yellow, "b4"), ["b4b3"]);
}

// ---------------------------------------------------------------- royals

#[test]
fn there_is_no_check_a_king_may_be_left_attacked() {
    // Red's king on a1 is attacked by blue's rook on a5; red may ignore it.
    let p = pos(
        "european-ffa",
        &fen(
            'R',
            PLAYED,
            ["bK,7", "8", "8", "bR,7", "8", "8", "1rP,5,gK", "rK,5,yK,1"],
        ),
    );
    assert!(moves(&p).contains(&"b2b3".to_string()));
    assert!(!p.in_check());
}

#[test]
fn capturing_the_last_king_takes_over_every_piece_of_that_player() {
    // Red takes blue's king; blue had taken green's army before (green's
    // pawn on d4 still goes west).
    let p = pos(
        "european-ffa",
        &fen(
            'R',
            "'commanders':('','','','b'),'turns':(2,2,2,2)",
            [
                "bK,7",
                "1bP,2,yP,3",
                "8",
                "8",
                "3gP,4",
                "2bN,5",
                "8",
                "rR,3,rK,2,yK",
            ],
        ),
    );
    assert_eq!(p.commander_of(Seat(3)), Seat(1));
    let after = play(&p, "a1a8");
    for army in [0, 1, 3] {
        assert_eq!(after.commander_of(Seat(army)), Seat(0), "army {army}");
    }
    assert_eq!(after.alive_seats(), 0b0101);
    assert_eq!(after.turn(), Seat(2), "blue is out, yellow moves");
    // Red now moves blue's pawn east and green's pawn west.
    let red = play(&play(&after, "e7e6"), "b7c7");
    assert_eq!(piece(&red, "c7"), Some((1, 'p')), "the pawn keeps its army");
    let red = play(&red, "e6e5");
    assert_eq!(from(&red, "d4"), ["d4c4"]);
    assert_eq!(from(&red, "c7"), ["c7d7"]);
    assert_eq!(from(&red, "c3").len(), 8);
}

#[test]
fn a_taken_over_pawn_promotes_on_its_own_far_edge() {
    // Red commands blue's army: blue's pawn on g5 promotes on the h-file.
    let p = pos(
        "european-ffa",
        &fen(
            'R',
            "'commanders':('','r','',''),'turns':(2,2,2,2)",
            ["8", "8", "8", "6bP,1", "8", "8", "7gK", "rK,5,yK,1"],
        ),
    );
    assert_eq!(from(&p, "g5"), ["g5h5b", "g5h5n", "g5h5r"]);
    let after = play(&p, "g5h5r");
    assert_eq!(piece(&after, "h5"), Some((1, 'r')));
}

#[test]
fn a_player_who_starts_a_turn_with_one_piece_loses_it_and_is_out() {
    // Blue has only its king: when red has moved, blue's turn comes and its king leaves.
    let p = pos(
        "european-ffa",
        &fen(
            'R',
            PLAYED,
            [
                "bK,7",
                "4yP,3",
                "8",
                "8",
                "8",
                "8",
                "rP,5,gP,gK",
                "rK,5,yK,1",
            ],
        ),
    );
    let after = play(&p, "a2a3");
    assert_eq!(piece(&after, "a8"), None);
    assert_eq!(after.alive_seats(), 0b1101);
    assert_eq!(after.turn(), Seat(2));
    assert_eq!(after.commanded_pieces(Seat(1)), 0);
}

#[test]
fn a_player_set_up_to_move_with_one_piece_is_out_at_once() {
    let p = pos(
        "european-ffa",
        &fen(
            'B',
            PLAYED,
            [
                "bK,7",
                "4yP,3",
                "8",
                "8",
                "8",
                "8",
                "rP,5,gP,gK",
                "rK,5,yK,1",
            ],
        ),
    );
    assert_eq!(p.turn(), Seat(2));
    assert_eq!(piece(&p, "a8"), None);
}

#[test]
fn resigning_removes_all_the_players_pieces() {
    let v = AnyVariant::builtin("european-ffa").unwrap();
    let text = fen(
        'R',
        "'commanders':('','','','b'),'turns':(2,2,2,2)",
        ["bK,bP,6", "8", "8", "8", "3gP,4", "8", "rP,6,yK", "rK,7"],
    );
    let mut game = AnyGame::from_position(&v, Some(&text)).unwrap();
    game.resign(Seat(1)).unwrap();
    let after = game.position_text();
    assert!(
        !after.contains("bK") && !after.contains("bP") && !after.contains("gP"),
        "{after}"
    );
    assert_eq!(game.turn(), Seat(0));
}

// ---------------------------------------------------------------- opening

#[test]
fn no_player_may_check_on_their_first_two_turns() {
    // Red's knight on d1 could go to f2, attacking green's king on h1.
    let start = Pos::start(&variant("european-ffa"));
    assert!(!moves(&start).contains(&"d1f2".to_string()));
    // After one turn each, still forbidden on red's second turn ...
    let mut p = start.clone();
    for m in ["a2a3", "b8c8", "h7h6", "g1f1"] {
        p = play(&p, m);
    }
    assert_eq!(p.opening_turns_taken(Seat(0)), 1);
    assert!(!moves(&p).contains(&"d1f2".to_string()));
    // ... and allowed on its third.
    for m in ["a3a4", "c8d8", "h6h5", "f1e1"] {
        p = play(&p, m);
    }
    assert_eq!(p.opening_turns_taken(Seat(0)), 2);
    assert!(moves(&p).contains(&"d1f2".to_string()));
}

#[test]
fn a_king_left_attacked_may_be_taken_in_the_opening_turns() {
    // Red, on its first turn, takes yellow's king that yellow's last move
    // left next to red's king: taking a king is no check (docs/rules.md).
    let text = fen(
        'R',
        "'turns':(0,2,2,2)",
        [
            "bK,bP,6",
            "8",
            "8",
            "8",
            "8",
            "7,yP",
            "yK,yN,6",
            "rK,rP,4,gP,gK",
        ],
    );
    let p = pos("european-ffa", &text);
    assert!(moves(&p).contains(&"a1a2".to_string()), "{:?}", moves(&p));
    let p = play(&p, "a1a2");
    assert_eq!(p.commander_of(Seat(2)), Seat(0));
}

#[test]
fn the_opening_turns_are_counted_per_seat_whoever_starts() {
    // Yellow starts: after yellow's and green's turns, red's first turn
    // still forbids the check, though the round has come back to red.
    let start = Pos::start(&variant("european-ffa"));
    let text = start.to_fen().replacen('R', "Y", 1);
    let mut p = pos("european-ffa", &text);
    assert_eq!(p.turn(), Seat(2));
    p = play(&play(&p, "h7h6"), "g1f1");
    assert_eq!(p.turn(), Seat(0));
    assert_eq!(p.opening_turns_taken(Seat(0)), 0);
    assert_eq!(p.opening_turns_taken(Seat(2)), 1);
    assert!(!moves(&p).contains(&"d1f2".to_string()));
}

// ---------------------------------------------------------------- winning

#[test]
fn free_for_all_the_last_player_standing_wins() {
    let p = pos(
        "european-ffa",
        &fen(
            'R',
            "'commanders':('','','','y'),'turns':(2,2,2,2)",
            ["bK,6,yK", "4yP,3", "8", "8", "8", "8", "1rP,6", "rR,6,rK"],
        ),
    );
    assert!(p.outcome().is_none());
    let after = play(&p, "a1a8");
    assert!(after.outcome().is_none(), "yellow is still in");
    let p = pos(
        "european-ffa",
        &fen(
            'R',
            "'commanders':('','','r','r'),'turns':(2,2,2,2)",
            ["bK,7", "8", "8", "8", "8", "8", "1rP,6", "rR,6,rK"],
        ),
    );
    let after = play(&p, "a1a8");
    assert!(
        matches!(
            after.outcome(),
            Some(Outcome::Win {
                winner: Seat(0),
                ..
            })
        ),
        "{:?}",
        after.outcome()
    );
    assert!(after.legal_moves().is_empty());
}

#[test]
fn teams_partners_sit_across_and_win_when_both_opponents_are_out() {
    let v = variant("european-teams");
    let teams: Vec<u8> = v.seats.iter().map(|s| s.team).collect();
    assert_eq!(teams, [0, 1, 0, 1]);
    // Red may not take its partner yellow's rook; in the free-for-all it may.
    let rows = ["bK,7", "8", "8", "8", "8", "8", "1rP,5,rK", "rR,yR,4,yK,gK"];
    assert!(!moves(&pos("european-teams", &fen('R', PLAYED, rows))).contains(&"a1b1".to_string()));
    assert!(moves(&pos("european-ffa", &fen('R', PLAYED, rows))).contains(&"a1b1".to_string()));
    // Red takes blue's king with green already out: red and yellow win.
    let p = pos(
        "european-teams",
        &fen(
            'R',
            "'commanders':('','','','y'),'turns':(2,2,2,2)",
            ["bK,6,yK", "8", "8", "8", "8", "8", "1rP,5,rK", "rR,7"],
        ),
    );
    assert!(p.outcome().is_none());
    let after = play(&p, "a1a8");
    assert!(
        matches!(
            after.outcome(),
            Some(Outcome::Win {
                winner: Seat(0),
                ..
            })
        ),
        "{:?}",
        after.outcome()
    );
}

#[test]
fn an_army_taken_by_a_partner_is_spared_by_the_other_partner() {
    // Yellow commands green's army (took green's king): red, yellow's partner, may not take it.
    let p = pos(
        "european-teams",
        &fen(
            'R',
            "'commanders':('','','','y'),'turns':(2,2,2,2)",
            ["bK,6,yK", "8", "8", "8", "8", "8", "1rP,5,rK", "rR,gR,6"],
        ),
    );
    assert!(!moves(&p).contains(&"a1b1".to_string()));
}

// ---------------------------------------------------------------- text

#[test]
fn positions_round_trip_with_commanders_and_turns() {
    let text = fen(
        'Y',
        "'commanders':('','','','b'),'turns':(2,1,0,2)",
        [
            "bK,7",
            "1bP,2,yP,3",
            "8",
            "8",
            "3gP,4",
            "bN,7",
            "8",
            "rK,6,yK",
        ],
    );
    let p = pos("european-ffa", &text);
    assert_eq!(p.to_fen(), text);
    assert_eq!(pos("european-ffa", &p.to_fen()), p);
}

#[test]
fn malformed_positions_are_refused_with_reasons() {
    let bad = [
        (
            fen(
                'R',
                "'commanders':('','x','','')",
                ["bK,7", "8", "8", "8", "8", "8", "rP,7", "rK,5,yK,gK"],
            ),
            "not a seat letter",
        ),
        (
            fen(
                'R',
                "'commanders':('','r','','')",
                ["bK,7", "8", "8", "8", "8", "8", "rP,7", "rK,5,yK,gK"],
            ),
            "still has a king",
        ),
        (
            fen(
                'R',
                "",
                ["1bP,6", "8", "8", "8", "8", "8", "rP,7", "rK,5,yK,gK"],
            ),
            "no king",
        ),
        (
            fen(
                'R',
                "'commanders':('','g','','')",
                ["1bP,6", "8", "8", "8", "8", "8", "rP,7", "rK,5,yK,1"],
            ),
            "who is out",
        ),
        (
            fen(
                'R',
                "'turns':(3,0,0,0)",
                ["bK,7", "8", "8", "8", "8", "8", "rP,7", "rK,5,yK,gK"],
            ),
            "from 0 to 2",
        ),
        (
            fen(
                'R',
                "'turns':(1,0,0)",
                ["bK,7", "8", "8", "8", "8", "8", "rP,7", "rK,5,yK,gK"],
            ),
            "one per seat",
        ),
    ];
    for (text, why) in bad {
        let err = Pos::from_fen(&variant("european-ffa"), &text)
            .expect_err(&text)
            .to_string();
        assert!(err.contains(why), "{text}: {err}");
    }
}

// ---------------------------------------------------------------- perft and the reference

/// The reference position of a kernel position.
fn reference(p: &Pos) -> Ref {
    european_reference::read::read(p).expect("the reference plays the default army")
}

#[test]
fn perft_of_the_start_is_pinned_and_agrees_with_the_reference() {
    let pinned = [10, 101, 1020, 10200];
    for name in ["european-ffa", "european-teams"] {
        let start = Pos::start(&variant(name));
        let r = reference(&start);
        for (d, &n) in pinned.iter().enumerate() {
            let depth = d as u32 + 1;
            assert_eq!(
                tetrarch_rules::perft(&start, depth),
                n,
                "{name} depth {depth}"
            );
            assert_eq!(r.perft(depth), n, "reference {name} depth {depth}");
        }
    }
}

/// xorshift64*, seeded.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random move, captures (and so kings and armies) three times as likely.
fn pick(p: &Pos, rng: &mut Rng) -> Option<String> {
    let all = moves(p);
    if all.is_empty() {
        return None;
    }
    let captures: Vec<&String> = all
        .iter()
        .filter(|m| m.len() >= 4 && piece(p, &m[2..4]).is_some())
        .collect();
    if !captures.is_empty() && rng.below(4) > 0 {
        return Some(captures[rng.below(captures.len())].clone());
    }
    Some(all[rng.below(all.len())].clone())
}

/// Random games from the start position (any seat to start), kernel and
/// reference compared at every ply, with the invariants checked.
fn random_games(name: &str, games: u64, seed: u64) -> usize {
    let v = variant(name);
    let any = AnyVariant::builtin(name).unwrap();
    let mut rng = Rng(seed | 1);
    let mut positions = 0;
    for g in 0..games {
        let starter = ['R', 'B', 'Y', 'G'][g as usize % 4];
        let text = Pos::start(&v)
            .to_fen()
            .replacen('R', &starter.to_string(), 1);
        let mut p = pos(name, &text);
        let mut r = reference(&p);
        let mut game = AnyGame::from_position(&any, Some(&text)).unwrap();
        for _ in 0..300 {
            if game.outcome().is_some() {
                break;
            }
            positions += 1;
            assert_eq!(
                reference(&p),
                r,
                "kernel and reference part at {}",
                p.to_fen()
            );
            assert_eq!(moves(&p), r.legal(), "moves of {}", p.to_fen());
            check_invariants(&p);
            let Some(m) = pick(&p, &mut rng) else { break };
            p = play(&p, &m);
            r = r.play(&m);
            game.play(&m).unwrap();
            assert_eq!(game.position_text(), p.to_fen());
        }
        let won = matches!(p.outcome(), Some(Outcome::Win { .. }));
        assert_eq!(won, r.over(), "{}", p.to_fen());
        replay(&any, &game);
    }
    positions
}

fn check_invariants(p: &Pos) {
    // One owner per square.
    let seats: Vec<u64> = (0..4).map(|s| p.seat_pieces(Seat(s))).collect();
    for a in 0..4 {
        for b in a + 1..4 {
            assert_eq!(
                seats[a] & seats[b],
                0,
                "two armies share a square in {}",
                p.to_fen()
            );
        }
    }
    // No army grows: pawns promote in place, nothing is ever added.
    for army in &seats {
        assert!(army.count_ones() <= 8);
    }
    // Every army is commanded by a seat that is in and commands itself,
    // and an army with a king commands itself.
    let alive = p.alive_seats();
    for a in 0..4u8 {
        let c = p.commander_of(Seat(a));
        if alive & (1 << a) != 0 {
            assert_eq!(c, Seat(a));
        } else if seats[a as usize] != 0 && !p.teams_decided() {
            assert!(
                alive & (1 << c.0) != 0 && p.commander_of(c) == c,
                "{}",
                p.to_fen()
            );
        }
    }
    // Position text round trip, hash included.
    let back = pos(&p.variant().name, &p.to_fen());
    assert_eq!(&back, p);
    assert_eq!(back.hash(), p.hash());
    assert_eq!(p.hash(), p.compute_hash());
}

/// The game's record replays to the same position.
fn replay(v: &AnyVariant, game: &AnyGame) {
    let record = game.record(&[]);
    let read = v
        .record_format()
        .read(&record, Some(v))
        .next()
        .expect("one game")
        .unwrap_or_else(|e| panic!("{e}\n{record}"));
    assert_eq!(read.game.position_text(), game.position_text(), "{record}");
}

#[test]
fn random_games_agree_with_the_reference_ffa() {
    let n = random_games("european-ffa", 40, 0x5eed);
    assert!(n > 2000, "{n} positions");
}

#[test]
fn random_games_agree_with_the_reference_teams() {
    let n = random_games("european-teams", 60, 0xbeef);
    assert!(n > 2000, "{n} positions");
}

#[test]
#[ignore = "long: many more random games"]
fn many_random_games_agree_with_the_reference() {
    for seed in 1..20 {
        random_games("european-ffa", 100, seed);
        random_games("european-teams", 100, seed * 7);
    }
}
