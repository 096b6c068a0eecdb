//! The Soviet Union's secrecy (issue 14, `secrecy`): "Eight face-down
//! cards sit under your 8 pieces: 3 Pawn, 2 Knight, 2 Bishop, 1 King. Only
//! you may look. Each card is that piece's true identity. On your first
//! three turns you may not capture anything outside your 3x5. You may move
//! any piece anywhere. Any player may challenge the move: the card is
//! revealed. If the move was illegal, you lose the piece. If it was legal,
//! the challenger misses their next turn. You must announce when you check
//! a king (or when a king steps into check from your piece). If you don't,
//! that piece may not capture that king. A captured piece's card is
//! revealed. If it was the King card you are mated: every card is turned
//! over, the pieces become their real types and go to the player who mated
//! you." Each sentence, each decision of `docs/nations.md`, and the
//! hidden-information invariant (a seat's view is a function of what it may
//! see). The Soviet Union sits in each of the four corners in turn.

use crate::common;
use crate::corners;
use crate::lineup_play;

use common::Rng;
use corners::*;
use lineup_play::*;
use tetrarch_rules::family::GamePosition;
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{AnyGame, AnyVariant, Position, Seat, Variant};

const SOVIET: &str = "soviet-union";

fn s(seat: usize) -> Seat {
    Seat(seat as u8)
}

/// The letter of `seat` in positions (`r`, `b`, `y`, `g`).
fn letter_of(seat: usize) -> char {
    SEATS[seat % 4]
}

/// The seat `k` places after `seat`.
fn after(seat: usize, k: usize) -> usize {
    (seat + k) % 4
}

/// The Soviet Union in `seat` with face-down `cards` (square for its a1
/// corner, the card's letter: `p`, `n`, `b`, `k`), every other seat's king
/// on a1 and knight on b1 of its corner, `pieces` (seat offset from the
/// Soviet Union, letter, square for its a1 corner), `turns` Soviet turns
/// taken, the seat `to_move` (an offset) to move.
fn scene_at(
    seat: usize,
    cards: &[(&str, char)],
    pieces: &[(usize, char, &str)],
    turns: u8,
    to_move: usize,
) -> Pos {
    let mut cells: Vec<String> = vec![String::new(); 64];
    for o in (0..4).filter(|&o| o != seat) {
        cells[index(&turned(o, "a1"))] = format!("{}K", SEATS[o]);
        cells[index(&turned(o, "b1"))] = format!("{}N", SEATS[o]);
    }
    let mut dealt = String::new();
    for &(sq, card) in cards {
        let t = turned(seat, sq);
        cells[index(&t)] = format!("{}U", SEATS[seat]);
        dealt.push_str(&format!("{t}{card}"));
    }
    for &(offset, kind, sq) in pieces {
        let o = (seat + offset) % 4;
        cells[index(&turned(seat, sq))] = format!("{}{}", SEATS[o], kind);
    }
    let tuple = |text: &str| {
        let mut e = ["''"; 4].map(String::from);
        e[seat] = format!("'{text}'");
        e.join(",")
    };
    let extras = format!(
        "'turns':(2,2,2,2),'cards':({}),'secrecy':({})",
        tuple(&dealt),
        tuple(&turns.to_string())
    );
    let rows = fen_rows(&cells);
    let turn = SEATS[after(seat, to_move)].to_ascii_uppercase();
    let text = format!(
        "{turn}-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{{{extras}}}-{}",
        rows.join("/")
    );
    pos(&variant(seat), &text)
}

/// The Soviet Union in `seat`, the default army elsewhere.
fn variant(seat: usize) -> Variant {
    let mut ids = ["default"; 4];
    ids[seat] = SOVIET;
    lineup(&ids.join(","))
}

/// The usual scene: King card a1, knight card b1, bishop card c1, pawn
/// card a2; past the first three turns; the Soviet Union to move.
fn scene(seat: usize, pieces: &[(usize, char, &str)]) -> Pos {
    scene_at(
        seat,
        &[("a1", 'k'), ("b1", 'n'), ("c1", 'b'), ("a2", 'p')],
        pieces,
        3,
        0,
    )
}

/// The seats `seat` has declared checks on, as FEN4 writes them (a
/// spectator's view: the announcement is public).
fn declared_by(p: &Pos, seat: usize) -> String {
    let text = p.seen_by(None).to_fen();
    let Some(i) = text.find("'declared':(") else {
        return String::new();
    };
    let tuple = text[i + 12..].split(')').next().unwrap();
    tuple
        .split(',')
        .nth(seat)
        .unwrap()
        .trim_matches('\'')
        .to_string()
}

/// The letter of the piece on `sq` (a1 corner of `seat`) and its seat.
fn at(p: &Pos, seat: usize, sq: &str) -> Option<(u8, char)> {
    piece(p, &turned(seat, sq))
}

fn challenge(seat: usize, sq: &str) -> String {
    format!("challenge@{}", turned(seat, sq))
}

/// The others' turns: each steps its king a1-a2 (or back).
fn others_step(p: &Pos, seat: usize, from: usize, out: bool) -> Pos {
    let mut p = p.clone();
    for k in from..4 {
        let o = after(seat, k);
        p = play(&p, &mv(o, if out { "a1a2" } else { "a2a1" }));
    }
    p
}

#[test]
fn only_the_soviet_union_sees_its_cards() {
    for seat in 0..4 {
        let p = scene(seat, &[]);
        assert_eq!(at(&p, seat, "a1"), Some((seat as u8, 'x')), "the King card");
        assert_eq!(p.seen_by(Some(s(seat))), p, "its own view is the truth");
        assert!(p.sees_all(Some(s(seat))));
        for viewer in [Some(s(after(seat, 1))), Some(s(after(seat, 2))), None] {
            assert!(!p.sees_all(viewer));
            let view = p.seen_by(viewer);
            for sq in ["a1", "b1", "c1", "a2"] {
                assert_eq!(at(&view, seat, sq), Some((seat as u8, 'u')), "{sq}");
            }
            let text = view.to_fen();
            assert!(!text.contains("'cards'"), "{text}");
            // The view is a position of its own, read back alike.
            assert_eq!(pos(p.variant(), &text).to_fen(), text);
        }
        let truth = p.to_fen();
        assert!(truth.contains("'cards':("), "{truth}");
        assert_eq!(pos(p.variant(), &truth), p, "FEN4 round trip");
        assert!(
            !truth.contains(&format!("{}X", letter_of(seat))),
            "the board shows stand-ins: {truth}"
        );
    }
}

#[test]
fn any_piece_may_move_anywhere_but_onto_its_own_side_or_a_last_king() {
    for seat in 0..4 {
        let enemy = after(seat, 1);
        let p = scene(seat, &[(1, 'R', "e5"), (0, 'R', "h4")]);
        let all = moves(&p);
        // The knight card's ordinary move and a bluff, one of each.
        assert!(legal(&p, seat, "b1c3"), "seat {seat}");
        assert!(legal(&p, seat, "b1b5"), "a bluff: seat {seat}");
        assert!(legal(&p, seat, "b1e5"), "a bluff takes: seat {seat}");
        // Not onto its own pieces, nor onto a king that counts as royal.
        assert!(!legal(&p, seat, "b1c1"), "seat {seat}");
        let king = mv(
            seat,
            &format!("b1{}", turned_back(seat, &turned(enemy, "a1"))),
        );
        assert!(!all.contains(&king), "{king}: seat {seat}");
        // A revealed piece (the rook of the scene) moves as itself only.
        assert!(!legal(&p, seat, "h4g6"), "seat {seat}");
        // Each cell once per piece: the bluff's text is the move's text.
        let from_b1: Vec<String> = moves_from(&p, seat, "b1");
        let mut unique = from_b1.clone();
        unique.dedup();
        assert_eq!(from_b1, unique, "seat {seat}");
        assert!(!all.iter().any(|m| m.contains('@')), "no marks: {all:?}");
    }
}

/// A square of the board written for `seat`'s a1 corner, from its true name.
fn turned_back(seat: usize, sq: &str) -> String {
    (0..64)
        .map(|i| format!("{}{}", (b'a' + (i % 8) as u8) as char, i / 8 + 1))
        .find(|c| turned(seat, c) == sq)
        .unwrap()
}

#[test]
fn on_the_first_three_turns_nothing_outside_the_three_by_five_is_taken() {
    for seat in 0..4 {
        let pieces = [(1, 'P', "b3"), (1, 'P', "c5"), (1, 'P', "f2")];
        let cards = [("a1", 'k'), ("b1", 'n'), ("c1", 'b'), ("a2", 'p')];
        for turns in 0..=3u8 {
            let p = scene_at(seat, &cards, &pieces, turns, 0);
            let early = turns < 3;
            // Inside the 3 x 5 (b3): taken at any time.
            assert!(legal(&p, seat, "a2b3"), "seat {seat} turns {turns}");
            // Outside (c5 by a bluff, f2 by a bluff): only from the fourth turn.
            assert_eq!(legal(&p, seat, "b1c5"), !early, "seat {seat} turns {turns}");
            assert_eq!(legal(&p, seat, "c1f2"), !early, "seat {seat} turns {turns}");
            // Quiet moves outside it are fine.
            assert!(legal(&p, seat, "b1c6"), "seat {seat} turns {turns}");
        }
        // The count goes up with each turn, to three.
        let p = scene_at(seat, &cards, &pieces, 2, 0);
        let p = play(&p, &mv(seat, "b1c3"));
        assert!(p.to_fen().contains("'secrecy':("), "{}", p.to_fen());
        let p = others_step(&p, seat, 1, true);
        assert!(legal(&p, seat, "c3c5"), "the fourth turn: seat {seat}");
    }
}

#[test]
fn a_challenge_of_a_bluff_removes_the_piece_and_the_challenger_plays_on() {
    for seat in 0..4 {
        let p = scene(seat, &[]);
        let p = play(&p, &mv(seat, "b1b5"));
        let next = after(seat, 1);
        assert_eq!(p.turn(), s(next));
        let ch = challenge(seat, "b5");
        assert!(moves(&p).contains(&ch), "seat {seat}: {:?}", moves(&p));
        let q = play(&p, &ch);
        assert_eq!(at(&q, seat, "b5"), None, "the piece is lost: seat {seat}");
        assert_eq!(q.turn(), s(next), "the challenger plays its turn");
        assert!(!moves(&q).contains(&ch), "once only");
        let q = play(&q, &mv(next, "a1a2"));
        assert_eq!(q.turn(), s(after(seat, 2)));
        assert!(!moves(&q).contains(&ch), "the window is shut");
    }
}

#[test]
fn a_challenge_of_a_legal_move_turns_the_card_and_ends_the_challengers_turn() {
    for seat in 0..4 {
        let p = scene(seat, &[]);
        let p = play(&p, &mv(seat, "b1c3"));
        let next = after(seat, 1);
        // The first seat lets it pass; the second challenges.
        let p = play(&p, &mv(next, "a1a2"));
        let ch = challenge(seat, "c3");
        assert!(moves(&p).contains(&ch), "seat {seat}");
        let q = play(&p, &ch);
        assert_eq!(at(&q, seat, "c3"), Some((seat as u8, 'n')), "turned over");
        assert_eq!(q.turn(), s(after(seat, 3)), "the challenger's turn is over");
        assert!(!moves(&q).contains(&ch), "once only");
        // Turned over, the knight moves as a knight only, for everyone.
        let q = others_step(&q, seat, 3, true);
        assert_eq!(q.turn(), s(seat));
        assert!(!legal(&q, seat, "c3c4"), "seat {seat}");
        assert!(legal(&q, seat, "c3e4"), "seat {seat}");
        assert_eq!(q.seen_by(Some(s(next))).to_fen(), q.seen_by(None).to_fen());
    }
}

#[test]
fn the_window_runs_to_the_soviet_unions_next_step() {
    for seat in 0..4 {
        let p = play(&scene(seat, &[]), &mv(seat, "b1b5"));
        let ch = challenge(seat, "b5");
        let mut q = p.clone();
        for k in 1..4 {
            assert!(moves(&q).contains(&ch), "seat {seat}, offset {k}");
            q = play(&q, &mv(after(seat, k), "a1a2"));
        }
        assert_eq!(q.turn(), s(seat));
        assert!(!moves(&q).contains(&ch), "its own seat does not challenge");
        let q = play(&q, &mv(seat, "c1d2"));
        let q = play(&q, &mv(after(seat, 1), "a2a1"));
        assert!(
            !moves(&q).contains(&ch),
            "shut by the next step: seat {seat}"
        );
        assert!(moves(&q).contains(&challenge(seat, "d2")), "seat {seat}");
        // No window, no challenge: as text too.
        let text = challenge(seat, "a1").parse::<UciMove>().unwrap();
        assert!(text.to_move(&q).is_err(), "seat {seat}");
    }
}

/// The window is the power's own record, no power "used last turn": an
/// open window writes no `'powers'` entry (a reader would take it for a
/// used power), and a `'powers'` entry for the Soviet Union is refused
/// rather than read as a window on a1 (found by the independent
/// reference).
#[test]
fn an_open_window_is_no_power_used_last_turn() {
    for seat in 0..4 {
        let p = play(&scene(seat, &[]), &mv(seat, "b1b5"));
        let text = p.to_fen();
        assert!(text.contains("'secrecy':("), "{text}");
        assert!(!text.contains("'powers'"), "seat {seat}: {text}");
        let mut entries = ["''"; 4];
        entries[seat] = "'0'";
        let bad = scene(seat, &[]).to_fen().replacen(
            "{",
            &format!("{{'powers':({}),", entries.join(",")),
            1,
        );
        let err = Position::<u64>::from_fen(&variant(seat), &bad)
            .map(|p| p.window_of(s(seat)))
            .expect_err("no power of the Soviet Union is used last turn")
            .to_string();
        assert!(err.contains("'powers'"), "seat {seat}: {err}");
    }
}

/// Red the Soviet Union (King card c3, pawn card a2), blue `blue` with its
/// king a8, a rook c8 and a knight b7, blue to move; kings and knights
/// for yellow and green.
fn beside_the_king_card(blue: &str) -> Pos {
    let v = lineup(&format!("{SOVIET},{blue},default,default"));
    let text = "B-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'turns':(2,2,2,2),\
                'cards':('c3ka2p','','',''),'secrecy':('3','','','')}-\
                bK,1,bR,4,yK/1,bN,4,yN,1/8/8/8/2,rU,5/rU,5,gN,1/7,gK";
    pos(&v, text)
}

/// "Kings are never swapped" (the Netherlands): a Dutch move beside a
/// face-down piece is offered the trade (its view shows an unknown piece),
/// and where that piece is the King card nothing is swapped; the Soviet
/// Union stays in with its army (found by the independent reference: the
/// King card went to the Dutch and the Soviet army was left with no
/// commander in play).
#[test]
fn a_face_down_king_card_is_never_traded() {
    let p = beside_the_king_card("netherlands");
    assert!(
        moves(&p).contains(&"c8c4@c3".to_string()),
        "{:?}",
        moves(&p)
    );
    let q = play(&p, "c8c4@c3");
    assert_eq!(piece(&q, "c3"), Some((0, 'x')), "{}", q.to_fen());
    assert_eq!(piece(&q, "c4"), Some((1, 'r')));
    assert_eq!(q.commander_of(s(0)), s(0));
    assert_ne!(q.alive_seats() & 1, 0);
}

/// The King card taken by a move after which the turn goes on (France's
/// fear): the cards are turned over at once, so the position's text
/// reads back in the middle of the turn (found by the independent
/// reference's games: "red is marked eliminated but has a king").
#[test]
fn cards_turn_over_at_once_when_the_turn_goes_on() {
    let p = beside_the_king_card("france");
    let q = play(&p, "c8c3");
    assert_eq!(q.turn(), s(1), "the turn goes on");
    assert_eq!(q.commander_of(s(0)), s(1));
    assert_eq!(piece(&q, "a2"), Some((0, 'p')), "turned: {}", q.to_fen());
    let back = Position::<u64>::from_fen(q.variant(), &q.to_fen()).unwrap();
    assert_eq!(back, q);
}

/// A bluff's piece removed by a challenge takes its marks along, as a
/// captured piece does: Russia marked the lone bluffing knight idle, and
/// after the challenge the position's text reads back to the same
/// position with the same hash (found by the independent reference's
/// games: the mark stayed in the hash on an empty square).
#[test]
fn a_bluff_caught_takes_its_marks_along() {
    let v = lineup(&format!("{SOVIET},russia,default,default"));
    let text = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'turns':(2,2,2,2),\
                'cards':('a1kb1na2p','','',''),'secrecy':('3','','','')}-\
                bK,bR,5,yK/6,yN,1/8/8/8/8/rU,5,gN,1/rU,rU,5,gK";
    let p = play_line(&pos(&v, text), "b1f5 a8a7");
    assert!(p.to_fen().contains("'idle':("), "{}", p.to_fen());
    let q = play(&p, "challenge@f5");
    assert_eq!(piece(&q, "f5"), None);
    assert_eq!(q.turn(), s(2), "the challenger plays on");
    let back = Position::<u64>::from_fen(&v, &q.to_fen()).unwrap();
    assert_eq!((back.hash(), &back), (q.hash(), &q), "{}", q.to_fen());
}

/// Egypt promotes to "any piece type that has been on the board": the
/// Soviet Union's knight and bishop cards are a knight and a bishop there,
/// never a card kind of Egypt's own (found by the independent reference).
#[test]
fn egypt_promotes_to_what_the_cards_are() {
    let v = lineup(&format!("egypt,{SOVIET},default,default"));
    let text = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'turns':(2,2,2,2),\
                'cards':('','c6kc5n','',''),'secrecy':('','3','','')}-\
                7,yK/rP,5,yN,1/2,bU,5/2,bU,5/8/8/6,gN,1/rY,6,gK";
    let p = pos(&v, text);
    assert_eq!(with_prefix(&p, "a7a8"), ["a7a8b", "a7a8n", "a7a8r"]);
}

#[test]
fn a_piece_captured_leaves_and_the_window_with_it() {
    for seat in 0..4 {
        // A rook of the next seat stands on b5's line.
        let p = scene(seat, &[(1, 'R', "b8")]);
        let p = play(&p, &mv(seat, "b1b5"));
        let p = play(&p, &mv(seat, "b8b5"));
        assert_eq!(at(&p, seat, "b5"), Some((after(seat, 1) as u8, 'r')));
        assert!(!moves(&p).contains(&challenge(seat, "b5")), "seat {seat}");
    }
}

#[test]
fn the_king_card_taken_mates_and_every_card_turns_over() {
    for seat in 0..4 {
        let taker = after(seat, 1);
        let p = scene_at(
            seat,
            &[("a1", 'p'), ("b1", 'n'), ("c1", 'b'), ("e4", 'k')],
            &[(1, 'R', "e8")],
            3,
            1,
        );
        let p = play(&p, &mv(seat, "e8e4"));
        assert_eq!(at(&p, seat, "e4"), Some((taker as u8, 'r')));
        assert_eq!(
            p.commander_of(s(seat)),
            s(taker),
            "its army goes to the mater"
        );
        assert_eq!(at(&p, seat, "a1"), Some((seat as u8, 'p')), "turned over");
        assert_eq!(at(&p, seat, "b1"), Some((seat as u8, 'n')));
        assert_eq!(at(&p, seat, "c1"), Some((seat as u8, 'b')));
        assert!(!p.to_fen().contains("'cards'"), "{}", p.to_fen());
        assert!(p.sees_all(None), "nothing is hidden any more");
    }
}

#[test]
fn a_bluffing_king_card_caught_is_lost_and_the_army_goes_to_the_challenger() {
    for seat in 0..4 {
        let p = scene(seat, &[]);
        let p = play(&p, &mv(seat, "a1a5"));
        let next = after(seat, 1);
        let q = play(&p, &challenge(seat, "a5"));
        assert_eq!(at(&q, seat, "a5"), None);
        assert_eq!(q.commander_of(s(seat)), s(next), "seat {seat}");
        assert_eq!(at(&q, seat, "b1"), Some((seat as u8, 'n')), "turned over");
        assert_eq!(q.turn(), s(next), "the challenger plays on");
    }
}

#[test]
fn a_pawn_card_promotes_and_its_card_is_turned() {
    for seat in 0..4 {
        let cards = [("a1", 'k'), ("b1", 'n'), ("c7", 'p'), ("e7", 'b')];
        let p = scene_at(seat, &cards, &[], 3, 0);
        // The pawn card promotes on the last rank, as a pawn does.
        assert!(legal(&p, seat, "c7c8n"), "seat {seat}");
        assert!(legal(&p, seat, "c7c8b"), "seat {seat}");
        assert!(!legal(&p, seat, "c7c8"), "a pawn card does not stop there");
        // Another card bluffs onto the last rank and stays as it is.
        assert!(legal(&p, seat, "e7e8"), "seat {seat}");
        assert!(!legal(&p, seat, "e7e8n"), "seat {seat}");
        let q = play(&p, &mv(seat, "c7c8n"));
        assert_eq!(at(&q, seat, "c8"), Some((seat as u8, 'n')));
        assert!(
            !moves(&q).contains(&challenge(seat, "c8")),
            "nothing to challenge"
        );
    }
}

#[test]
fn checks_are_announced_and_a_king_stepping_into_one_is_too() {
    // In the Soviet Union's frame the next seat's king stands on a8, its
    // knight on a7.
    for seat in 0..4 {
        let next = after(seat, 1);
        let p = scene(seat, &[]);
        assert!(!p.to_fen().contains("'declared'"));
        // The bishop card's bluff to d5 attacks a8: announced, for everyone.
        let q = play(&p, &mv(seat, "c1d5"));
        let letter = SEATS[next];
        assert!(declared_by(&q, seat).contains(letter), "{}", q.to_fen());
        // The king stays; the Soviet Union takes it next turn.
        let q = play(&q, &mv(seat, "a7c8"));
        let q = others_step(&q, seat, 2, true);
        assert!(legal(&q, seat, "d5a8"), "seat {seat}");
        let q = play(&q, &mv(seat, "d5a8"));
        assert_eq!(q.commander_of(s(next)), s(seat), "seat {seat}");

        // To e5 the bishop card attacks b8, not a8: nothing announced; the
        // king steps to b8, into its attack, and that is announced.
        let q = play(&p, &mv(seat, "c1e5"));
        assert!(!declared_by(&q, seat).contains(letter), "{}", q.to_fen());
        let q = play(&q, &mv(seat, "a8b8"));
        assert!(declared_by(&q, seat).contains(letter), "{}", q.to_fen());
        let q = others_step(&q, seat, 2, true);
        assert!(legal(&q, seat, "e5b8"), "seat {seat}");
    }
}

/// The invariant of views on random games: a twin of each position with the
/// Soviet cards in another order (the announced checks alike) gives every
/// other seat and a spectator the same view, and the seat to move the same
/// moves.
#[test]
fn views_depend_only_on_what_a_seat_may_see() {
    let mut rng = Rng::new(0x50f1e7);
    let mut compared = 0;
    for game in 0..24 {
        let soviet = game % 4;
        let mut ids = ["default", "assassins-guild", "north-korea", "france"];
        ids.rotate_left(game % 3);
        let mut ids: Vec<&str> = ids.to_vec();
        ids[soviet] = SOVIET;
        let v = lineup(&ids.join(","));
        let mut p = Pos::start(&v);
        for _ in 0..120 {
            if p.outcome().is_some() {
                break;
            }
            let all = p.legal_moves();
            if all.is_empty() {
                break;
            }
            let m = all[rng.below(all.len())];
            p = p.play(m).unwrap();
            let down = p.face_down(s(soviet));
            let cells: Vec<u8> = (0..64u8).filter(|&c| down & (1 << c) != 0).collect();
            if cells.len() < 2 {
                continue;
            }
            let mut order = cells.clone();
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i + 1));
            }
            let twin = p.cards_elsewhere(s(soviet), &order).expect("a twin");
            if twin.to_fen() == p.to_fen() || !same_announcements(&p, &twin) {
                continue;
            }
            for viewer in (0..4)
                .filter(|&o| o != soviet)
                .map(|o| Some(s(o)))
                .chain([None])
            {
                let (a, b) = (p.seen_by(viewer), twin.seen_by(viewer));
                assert_eq!(a.to_fen(), b.to_fen(), "{viewer:?}");
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

/// A face-down move resets the fifty-move count whatever its card (decided
/// in `docs/nations.md`): the pawn card's step a2-a3 and the bishop card's
/// bluff along the same line leave every other seat the same view, count
/// included, in each corner (neither bishop card's cell sees a king: a
/// check would be announced, and so public).
#[test]
fn a_face_down_move_resets_the_fifty_move_count_whatever_its_card() {
    for seat in 0..4 {
        let twin = |a2: char, c2: char| {
            let p = scene_at(seat, &[("a1", 'k'), ("a2", a2), ("c2", c2)], &[], 3, 0);
            let counted = p.to_fen().replacen("-0-{", "-7-{", 1);
            let p = pos(p.variant(), &counted);
            assert_eq!(p.halfmoves(), 7, "{}", p.to_fen());
            play(&p, &mv(seat, "a2a3"))
        };
        let (pawn, bishop) = (twin('p', 'b'), twin('b', 'p'));
        assert_ne!(pawn.to_fen(), bishop.to_fen());
        for p in [&pawn, &bishop] {
            assert_eq!(p.halfmoves(), 0, "{}", p.to_fen());
        }
        for viewer in (1..4).map(|k| Some(s(after(seat, k)))).chain([None]) {
            assert_eq!(
                pawn.seen_by(viewer).to_fen(),
                bishop.seen_by(viewer).to_fen(),
                "{viewer:?}"
            );
        }
    }
}

/// Whether the twin's announced checks are the true position's: the
/// announcement is public, so only such twins are the same to the others.
fn same_announcements(a: &Pos, b: &Pos) -> bool {
    let key = |p: &Pos| {
        let t = p.to_fen();
        t.find("'declared':(")
            .map(|i| t[i..].split(')').next().unwrap().to_string())
    };
    key(a) == key(b)
}

#[test]
fn malformed_card_extras_are_clear_errors() {
    let v = variant(0);
    let good = scene(0, &[]).to_fen();
    for (bad, why) in [
        ("'cards':('a1q','','','')", "not a card"),
        ("'cards':('a1','','','')", "no card"),
        ("'cards':('z9k','','','')", "a square"),
        ("'cards':('','a8k','','')", "secrecy"),
        ("'secrecy':('9','','','')", "turns taken"),
        ("'secrecy':('3!','','','')", "turns taken"),
        ("'secrecy':('3@h8','','','')", "face-down"),
    ] {
        let text = good.replacen("{", &format!("{{{bad},"), 1);
        let err = Position::<u64>::from_fen(&v, &text)
            .map(|_| ())
            .expect_err(bad)
            .to_string();
        assert!(err.contains(why), "{bad}: {err}");
    }
    // A card on a square without an unknown piece.
    let text = good.replacen("{", "{'cards':('e4k','','',''),", 1);
    assert!(Position::<u64>::from_fen(&v, &text).is_err());
}

#[test]
fn the_soviet_union_is_out_of_the_lightning_deck() {
    let nation = tetrarch_rules::variant::builtin_nations()
        .find(|n| n.id == SOVIET)
        .expect("built in");
    assert!(!nation.lightning);
}

#[test]
fn random_games_from_the_start_play_and_read_back() {
    let mut rng = Rng::new(0x5171);
    for game in 0..8 {
        let mut ids = ["default"; 4];
        ids[game % 4] = SOVIET;
        let v = lineup(&ids.join(","));
        let mut p = Pos::start(&v);
        for _ in 0..80 {
            let all = p.legal_moves();
            if all.is_empty() || p.outcome().is_some() {
                break;
            }
            let m = all[rng.below(all.len())];
            let text = UciMove::from_move(&p, m).to_string();
            assert_eq!(
                text.parse::<UciMove>().unwrap().to_move(&p),
                Ok(m),
                "{text}"
            );
            p = p.play(m).unwrap();
            let fen = p.to_fen();
            assert_eq!(pos(&v, &fen), p, "{fen}");
        }
    }
}

/// The Soviet Union's first turn begins with its deal: the King card's
/// cell, then the bishop cards', then the knight cards' (the pawn cards
/// fill the rest), three steps of its own turn that no one else sees.
#[test]
fn the_first_turn_deals_the_cards_unseen() {
    for seat in 0..4 {
        let v = variant(seat);
        let mut p = Pos::start(&v);
        for k in 0..seat {
            // The seats before it move first (their knights out).
            let m = moves(&p)
                .into_iter()
                .find(|m| !m.starts_with("secrecy"))
                .unwrap();
            p = play(&p, &m);
            assert_eq!(p.turn(), s(k + 1));
        }
        assert_eq!(p.turn(), s(seat));
        let deal = moves(&p);
        assert_eq!(deal.len(), 8, "the King card's cell: {deal:?}");
        assert!(deal.iter().all(|m| m.starts_with("secrecy@")));
        let before = p.seen_by(Some(s(after(seat, 1)))).to_fen();
        let king = format!("secrecy@{}", turned(seat, "d2"));
        let p1 = play(&p, &king);
        assert_eq!(p1.turn(), s(seat), "the turn goes on");
        assert_eq!(moves(&p1).len(), 21, "two bishop cards of seven cells");
        let bishops = format!("secrecy@{}", cells_text(seat, &["a1", "b2"]));
        let p2 = play(&p1, &bishops);
        assert_eq!(moves(&p2).len(), 10, "two knight cards of five cells");
        let knights = format!("secrecy@{}", cells_text(seat, &["c1", "d1"]));
        let p3 = play(&p2, &knights);
        assert_eq!(p3.turn(), s(seat), "then the turn's move");
        assert!(legal(&p3, seat, "c1b3"), "a knight card's move");
        for (sq, card) in [
            ("d2", 'x'),
            ("a1", 'z'),
            ("b2", 'z'),
            ("c1", 'y'),
            ("d1", 'y'),
            ("a2", 'w'),
            ("b1", 'w'),
            ("c2", 'w'),
        ] {
            assert_eq!(at(&p3, seat, sq), Some((seat as u8, card)), "{sq}");
        }
        // The others see nothing but that the deal goes on.
        for viewer in [Some(s(after(seat, 1))), None] {
            for q in [&p1, &p2, &p3] {
                let view = q.seen_by(viewer).to_fen();
                let strip = |t: &str| t.rsplit('-').next().unwrap().to_string();
                assert_eq!(strip(&view), strip(&before), "seat {seat}");
            }
        }
        let text = p1.to_fen();
        assert!(text.contains("deal1"), "{text}");
        assert_eq!(pos(&v, &text), p1, "round trip");
        let m = king.parse::<UciMove>().unwrap().to_move(&p).unwrap();
        assert!(
            !p.move_seen_by(m, Some(s(after(seat, 1)))),
            "`?` for the others"
        );
        assert!(p.move_seen_by(m, Some(s(seat))));
        let bad = text.replace("deal1", "deal9");
        assert!(
            Position::<u64>::from_fen(&v, &bad)
                .map(|_| ())
                .unwrap_err()
                .to_string()
                .contains("deal")
        );
    }
}

/// Squares of `seat`'s corner in board order, as a power move names them.
fn cells_text(seat: usize, squares: &[&str]) -> String {
    let mut cells: Vec<(usize, String)> = squares
        .iter()
        .map(|q| {
            let t = turned(seat, q);
            (index(&t), t)
        })
        .collect();
    cells.sort();
    cells.into_iter().map(|(_, t)| t).collect()
}

/// Where checks are declared (the variant's option), another seat's check
/// of the face-down King card is not declared: it does not know the card,
/// and a declaration would tell everyone.
#[test]
fn no_one_declares_a_check_on_a_face_down_king() {
    for seat in 0..4 {
        let next = after(seat, 1);
        let cards = [("a1", 'k'), ("b1", 'n'), ("c1", 'b'), ("b2", 'p')];
        let plain = scene_at(seat, &cards, &[(1, 'R', "a6")], 3, 1);
        let v = plain
            .variant()
            .clone()
            .with_options(&["declare_check"])
            .unwrap();
        let p = pos(&v, &plain.to_fen());
        let q = play(&p, &mv(seat, "a6a5"));
        assert!(
            !declared_by(&q, next).contains(letter_of(seat)),
            "seat {seat}: {}",
            q.to_fen()
        );
    }
}

/// A bot is handed its view game: it starts at the view of the position
/// now and still sees repetitions, knowing the hashes of its seat's views
/// of every earlier position (never the true ones, which would tell where
/// the cards lie).
#[test]
fn a_view_game_knows_the_views_before_it() {
    let v = variant(0);
    let mut game = AnyGame::new(&AnyVariant::Chess(v.clone()));
    let mut replay = Pos::start(&v);
    let mut rng = Rng::new(0x71e5);
    let viewer = Some(s(1));
    let mut views = Vec::new();
    // Each view told the record before it (which cards could have made an
    // open window's move).
    let (mut earlier, mut steps) = (Vec::new(), Vec::new());
    for _ in 0..14 {
        views.push(replay.seen_after(viewer, &earlier, &steps).hash());
        let moves = game.legal_moves();
        let pick = moves[rng.below(moves.len())].uci.clone();
        game.play(&pick).unwrap();
        let m = pick.parse::<UciMove>().unwrap().to_move(&replay).unwrap();
        earlier.push(replay.clone());
        steps.push(tetrarch_rules::family::Step::Move(m));
        replay = play(&replay, &pick);
    }
    assert!(game.hides_from(viewer));
    let seen = game.seen_by(viewer);
    let typed = seen.typed::<Pos>().expect("an 8x8 game");
    let now = replay.seen_after(viewer, &earlier, &steps);
    assert_eq!(typed.position(), &now);
    assert_eq!(typed.history(), views);
    let truth = game.typed::<Pos>().unwrap().history();
    assert_ne!(typed.history(), truth, "the cards lie hidden in the views");
    let again = seen.seen_by(viewer);
    assert_eq!(again.typed::<Pos>().unwrap().history(), views, "kept");
}

/// A move no card of the deck could make from its square (b1-b5: no pawn,
/// knight, bishop or king goes there) is a bluff every seat sees: its
/// window is marked `*` in every view, and a view's challenge of it is
/// the catch of a bluff (the challenger plays on). A bluff some card could
/// make (b1-b2, a king's or a pawn's step) stays its owner's secret: `!`
/// in the true position only, and a view takes the move as legal.
#[test]
fn a_bluff_no_card_could_make_is_known_to_every_seat() {
    for seat in 0..4 {
        let next = after(seat, 1);
        let p = play(&scene(seat, &[]), &mv(seat, "b1b5"));
        let sure = format!("'3@{}*'", turned(seat, "b5"));
        for viewer in [None, Some(s(seat)), Some(s(next))] {
            let text = p.seen_by(viewer).to_fen();
            assert!(text.contains(&sure), "seat {seat}, {viewer:?}: {text}");
        }
        assert_eq!(pos(&variant(seat), &p.to_fen()), p, "round trip");
        let q = play(&p.seen_by(Some(s(next))), &challenge(seat, "b5"));
        assert_eq!(q.turn(), s(next), "seat {seat}: the view knows");
        assert_eq!(at(&q, seat, "b5"), None, "seat {seat}");

        let p = play(&scene(seat, &[]), &mv(seat, "b1b2"));
        let b2 = turned(seat, "b2");
        assert!(p.to_fen().contains(&format!("'3@{b2}!'")), "{}", p.to_fen());
        let view = p.seen_by(Some(s(next)));
        assert!(view.to_fen().contains(&format!("'3@{b2}'")), "seat {seat}");
        let q = play(&view, &challenge(seat, "b2"));
        assert_eq!(q.turn(), s(after(seat, 2)), "seat {seat}: taken as legal");
        let q = play(&p, &challenge(seat, "b2"));
        assert_eq!(q.turn(), s(next), "seat {seat}: caught in truth");
    }
}

/// The view of `viewer` after `m` (text) is played from `before`, told the
/// record: the window's square and which cards could have made the move.
fn told_view(before: &Pos, m: &str, viewer: usize) -> (Pos, Pos) {
    let after = play(before, m);
    let mv = m.parse::<UciMove>().unwrap().to_move(before).unwrap();
    let mut view = after.seen_by(Some(s(viewer)));
    view.learn_windows(Some(s(viewer)), [(before, Some(mv))].into_iter());
    (after, view)
}

/// The outcome `roll=face` of the challenge pending in `p`, and its weight.
fn outcome(p: &Pos, face: u8) -> (Pos, u32) {
    let m = format!("roll={face}")
        .parse::<UciMove>()
        .unwrap()
        .to_move(p);
    let m = m.unwrap_or_else(|_| panic!("roll={face}: {:?}", moves(p)));
    (p.play(m).unwrap(), p.chance_weight(m))
}

/// In another seat's view, which cards could have made a Soviet move is
/// public (its squares and the board), and so is what is left of the deck
/// ("3 Pawn, 2 Knight, 2 Bishop, 1 King", less the cards turned up): a
/// challenge there is chance, one outcome per card that may lie under the
/// piece. The King card is surely one of the 4 face-down pieces (1 in 4);
/// the other 3 places go to the 6 other cards left (2 bishops, 1 knight, 3
/// pawns) alike: weights 6, 6, 3, 9 of 24. b1-c3 only a knight card makes:
/// "If the move was illegal, you lose the piece" (the King card so lost
/// puts the Soviet Union out), "if it was legal, the challenger misses
/// their next turn". The true position's text is as it was.
#[test]
fn a_challenge_in_a_view_draws_the_card_from_the_cards_left() {
    for seat in 0..4 {
        let next = after(seat, 1);
        let before = scene(seat, &[(0, 'N', "d1")]);
        let (truth, view) = told_view(&before, &mv(seat, "b1c3"), next);
        let c3 = turned(seat, "c3");
        assert!(truth.to_fen().contains(&format!("'3@{c3}'")), "seat {seat}");
        let text = view.to_fen();
        assert!(text.contains(&format!("'3@{c3}=n'")), "seat {seat}: {text}");
        assert_eq!(pos(&variant(seat), &text), view, "round trip");
        let untold = truth.seen_by(Some(s(next)));
        assert!(
            untold.to_fen().contains(&format!("'3@{c3}'")),
            "seat {seat}"
        );

        let q = play(&view, &challenge(seat, "c3"));
        assert_eq!(q.turn(), s(next), "the card is drawn in its turn");
        assert_eq!(q.chance(), Some(4), "seat {seat}");
        let text = q.to_fen();
        assert!(
            text.contains(&format!("'3@{c3}=n?'")),
            "seat {seat}: {text}"
        );
        assert_eq!(pos(&variant(seat), &text), q, "round trip");
        let rolls = moves(&q);
        assert_eq!(rolls, ["roll=1", "roll=2", "roll=3", "roll=4"]);

        // The cards in order: King, bishop, knight, pawn.
        let (king, w_king) = outcome(&q, 1);
        let (bishop, w_bishop) = outcome(&q, 2);
        let (knight, w_knight) = outcome(&q, 3);
        let (pawn, w_pawn) = outcome(&q, 4);
        assert_eq!([w_king, w_bishop, w_knight, w_pawn], [6, 6, 3, 9]);
        assert_eq!(at(&knight, seat, "c3"), Some((seat as u8, 'n')));
        assert_eq!(
            knight.turn(),
            s(after(seat, 2)),
            "the challenger's turn is over"
        );
        for lost in [&bishop, &pawn, &king] {
            assert_eq!(at(lost, seat, "c3"), None, "seat {seat}");
            assert_eq!(lost.turn(), s(next), "the challenger plays on");
        }
        assert_eq!(
            king.commander_of(s(seat)),
            s(next),
            "the King card lost, the army goes to the challenger: seat {seat}"
        );
        assert_eq!(bishop.chance(), None);
    }
}

/// A move the cards left cannot have made legally is a sure loss for the
/// piece even when some card of the deck could make it: with both knight
/// cards turned up, b1-c3 is a bluff by every card that may lie there.
/// And a view not told the record takes the challenge as before (the
/// move as legal).
#[test]
fn a_challenge_only_cards_turned_up_could_answer_draws_a_bluff() {
    let seat = 0;
    let before = scene(seat, &[(0, 'N', "d1"), (0, 'N', "d2")]);
    let (truth, view) = told_view(&before, &mv(seat, "b1c3"), 1);
    let q = play(&view, &challenge(seat, "c3"));
    assert_eq!(q.chance(), Some(3), "no knight left: {:?}", moves(&q));
    for face in [1, 2, 4] {
        let (lost, w) = outcome(&q, face);
        assert!(w > 0);
        assert_eq!(at(&lost, seat, "c3"), None);
    }
    let untold = truth.seen_by(Some(s(1)));
    let q = play(&untold, &challenge(seat, "c3"));
    assert_eq!(q.chance(), None);
    assert_eq!(q.turn(), s(2), "taken as legal");
}

#[test]
fn malformed_window_knowledge_is_a_clear_error() {
    let v = variant(0);
    let (_, view) = told_view(&scene(0, &[]), "b1c3", 1);
    let good = view.to_fen();
    assert!(good.contains("'3@c3=n'"), "{good}");
    for (bad, why) in [
        ("'3@c3=q'", "not the letter"),
        ("'3=n'", "window"),
        ("'3@c3='", "no card"),
        ("'3@c3!=n'", "turns taken"),
        ("'deal1=n'", "deal"),
    ] {
        let text = good.replace("'3@c3=n'", bad);
        let err = Position::<u64>::from_fen(&v, &text)
            .map(|_| ())
            .expect_err(bad)
            .to_string();
        assert!(err.contains(why), "{bad}: {err}");
    }
    // The truth's window piece is a card, no stand-in.
    let truth = play(&scene(0, &[]), "b1c3").to_fen();
    let text = truth.replace("'3@c3'", "'3@c3=n'");
    assert!(Position::<u64>::from_fen(&v, &text).is_err());
}
