//! The Ottoman Empire's deployment (issue 14, `deploy`): "You start with
//! no pieces on the board, only 4 deployment squares. Reserve: 1 king, 2
//! pawns, 2 bishops, 2 knights, 1 rook. Each turn, either move a piece or
//! put a reserve piece on an empty deployment square. With no pieces in
//! play after your first turn, you lose. Your pieces cannot be captured
//! until the end of your second turn. Among your first five placements
//! must be the king and both pawns." Each sentence and each decision of
//! `docs/nations.md` with a position where it decides something.

use crate::european_fen;
use crate::lineup_play;

use lineup_play::*;
use tetrarch_rules::notation::pgn4::Pgn4Move;

const OTTOMAN: &str = "ottoman-empire,default,default,default";

/// A FEN4 with the eliminated flags given (the short helper marks a
/// seat without a king on the board out, and an Ottoman king may wait in
/// reserve).
fn fen_with(turn: char, out: &str, extras: &str, rows: [&str; 8]) -> String {
    let text = european_fen::fen(turn, extras, rows);
    let (head, rest) = text.split_once('-').unwrap();
    let (_, rest) = rest.split_once('-').unwrap();
    format!("{head}-{out}-{rest}")
}

/// Red (the Ottomans) and the three default kings in their corners, with
/// `rows` for the ranks between; `extras` the state.
fn ottoman(turn: char, out: &str, extras: &str, rows: [&str; 8]) -> Pos {
    pos(&lineup(OTTOMAN), &fen_with(turn, out, extras, rows))
}

fn drops(p: &Pos) -> Vec<String> {
    moves(p).into_iter().filter(|m| m.contains('@')).collect()
}

/// The letters of the drops offered, each once.
fn drop_kinds(p: &Pos) -> String {
    let mut kinds: Vec<char> = drops(p).iter().map(|m| m.as_bytes()[0] as char).collect();
    kinds.sort();
    kinds.dedup();
    kinds.into_iter().collect()
}

/// Quiet moves of blue, yellow and green, one each, from the start.
const T1: &str = "b5c5 e7e6 g4f4";
const T2: &str = "b6c6 f7f6 g3f3";
const T3: &str = "b7c7 g7g6 g2f2";
const T4: &str = "c5d5 e6e5 f4e4";
const T5: &str = "c6d6 f6f5 f3e3";
const T6: &str = "b8c8 h7h6 g1f1";
const T7: &str = "c7d7 g6g5 f2e2";

/// `line` with the quiet moves `T1`... after each of red's moves.
fn with_others(p: &Pos, red: &[&str], others: &[&str]) -> Pos {
    let line: Vec<String> = red
        .iter()
        .zip(others)
        .map(|(r, o)| format!("{r} {o}"))
        .collect();
    play_line(p, &line.join(" "))
}

const KINGS: [&str; 8] = ["bK,6,yK", "8", "8", "8", "8", "8", "8", "7,gK"];

#[test]
fn the_army_starts_in_reserve_and_deploys_on_four_squares_in_every_corner() {
    // a1, c1, b2, d2 of the nation's corner, turned as setups are.
    let squares = [
        ["a1", "c1", "b2", "d2"],
        ["a8", "a6", "b7", "b5"],
        ["h8", "f8", "g7", "e7"],
        ["h1", "h3", "g2", "g4"],
    ];
    for seat in 0..4 {
        let mut ids = ["default"; 4];
        ids[seat] = "ottoman-empire";
        let v = lineup(&ids.join(","));
        let start = Pos::start(&v);
        // Nothing of the Ottoman army is on the board.
        assert!(
            (0..64).all(|c| start.piece_at(c).is_none_or(|p| p.seat.0 as usize != seat)),
            "{}",
            start.to_fen()
        );
        let turn = ["R", "B", "Y", "G"][seat];
        let p = pos(&v, &start.to_fen().replacen('R', turn, 1));
        let mut want = Vec::new();
        for k in "BKNPR".chars() {
            for sq in squares[seat] {
                want.push(format!("{k}@{sq}"));
            }
        }
        want.sort();
        // No piece to move: the drops are the whole turn.
        assert_eq!(moves(&p), want, "seat {seat}");
        let after = play(&p, &format!("K@{}", squares[seat][2]));
        assert_eq!(piece(&after, squares[seat][2]), Some((seat as u8, 'k')));
    }
}

#[test]
fn the_reserve_holds_one_king_two_pawns_two_bishops_two_knights_one_rook() {
    let p = Pos::start(&lineup(OTTOMAN));
    // Two knights (a turn of each other seat between them).
    let p = with_others(&p, &["N@a1", "N@c1"], &[T1, T2]);
    assert!(
        p.to_fen().contains("'reserve':('kppbbr','','','')"),
        "{}",
        p.to_fen()
    );
    assert!(!drop_kinds(&p).contains('N'));
    // Only knights have moves besides the drops (b2 and d2).
    assert_eq!(drops(&p).len(), 2 * drop_kinds(&p).len());
}

#[test]
fn each_turn_a_move_or_a_deployment_onto_an_empty_square() {
    let p = Pos::start(&lineup(OTTOMAN));
    let p = with_others(&p, &["N@b2"], &[T1]);
    let all = moves(&p);
    // The knight moves, or a piece comes onto a1, c1 or d2; b2 is taken.
    assert!(all.contains(&"b2c4".to_string()), "{all:?}");
    assert!(all.contains(&"K@a1".to_string()));
    assert!(!all.iter().any(|m| m.ends_with("@b2")), "{all:?}");
    // Moving the knight away frees b2 again.
    let p = with_others(&p, &["b2c4"], &[T2]);
    assert!(moves(&p).contains(&"K@b2".to_string()));
}

#[test]
fn a_pawn_deployed_on_the_second_row_may_step_twice_one_on_the_first_not() {
    let p = Pos::start(&lineup(OTTOMAN));
    let p = with_others(&p, &["P@b2", "P@c1"], &[T1, T2]);
    let all = moves(&p);
    assert!(all.contains(&"b2b4".to_string()), "{all:?}");
    assert!(all.contains(&"c1c2".to_string()));
    assert!(!all.contains(&"c1c3".to_string()));
}

#[test]
fn the_king_and_both_pawns_are_among_the_first_five_placements() {
    let p = Pos::start(&lineup(OTTOMAN));
    // Two others first: then only the king and the pawns.
    let p = with_others(&p, &["N@a1", "B@c1"], &[T1, T2]);
    assert_eq!(drop_kinds(&p), "KP");
    // Moves between placements do not count as placements.
    let p = with_others(&p, &["a1b3"], &[T3]);
    assert_eq!(drop_kinds(&p), "KP");
    // The king: two pawns owed, two placements left.
    let p = with_others(&p, &["K@a1"], &[T4]);
    assert_eq!(drop_kinds(&p), "P");
    let p = with_others(&p, &["P@b2"], &[T5]);
    assert_eq!(drop_kinds(&p), "P");
    // The fifth placement made, the rest come in any order.
    let p = with_others(&p, &["P@d2", "a1a2"], &[T6, T7]);
    assert_eq!(drop_kinds(&p), "BNR");
}

#[test]
fn the_king_and_pawns_first_leave_the_others_free() {
    let p = Pos::start(&lineup(OTTOMAN));
    let p = with_others(&p, &["K@a1", "P@b2", "P@d2"], &[T1, T2, T3]);
    assert_eq!(drop_kinds(&p), "BNR");
}

#[test]
fn the_pieces_cannot_be_captured_until_the_end_of_the_seats_second_turn() {
    // A red knight on c3 in a blue rook's file, red's reserve short of it.
    let rows = ["bK,1,bR,4,yK", "8", "8", "8", "8", "2,rN,5", "8", "7,gK"];
    let state =
        |red_turns: u8| format!("'turns':({red_turns},2,2,2),'reserve':('kppbbnr','','','')");
    let p = ottoman('B', "0,0,0,0", &state(1), rows);
    assert!(!moves(&p).contains(&"c8c3".to_string()), "{:?}", moves(&p));
    // Red's second turn ends (a bishop deployed): now it may be taken.
    let p = ottoman('R', "0,0,0,0", &state(1), rows);
    let p = play(&p, "B@c1");
    assert!(moves(&p).contains(&"c8c3".to_string()), "{}", p.to_fen());
    let p = ottoman('B', "0,0,0,0", &state(2), rows);
    assert!(moves(&p).contains(&"c8c3".to_string()));
}

#[test]
fn the_guard_holds_against_every_seat_until_then() {
    // A knight on d2, attacked by a blue rook (d8) and a green rook (h2),
    // red past one turn: neither captures it.
    let rows = ["bK,2,bR,3,yK", "8", "8", "8", "8", "8", "3,rN,3,gR", "7,gK"];
    let state = "'turns':(1,2,2,2),'reserve':('kppbbnr','','','')";
    let blue = ottoman('B', "0,0,0,0", state, rows);
    assert!(!moves(&blue).contains(&"d8d2".to_string()));
    let green = ottoman('G', "0,0,0,0", state, rows);
    assert!(!moves(&green).contains(&"h2d2".to_string()));
    assert!(moves(&green).contains(&"h2e2".to_string()));
}

#[test]
fn with_no_piece_in_play_after_its_first_turn_the_seat_loses() {
    // Red's only piece, past its guarded turns, is taken: its king is
    // still in reserve but it has nothing in play, so it is out.
    let rows = [
        "bK,1,bR,3,yP,yK",
        "8",
        "8",
        "8",
        "8",
        "2,rN,5",
        "8",
        "6,gP,gK",
    ];
    let state = "'turns':(2,2,2,2),'reserve':('kppbbnr','','','')";
    let p = ottoman('B', "0,0,0,0", state, rows);
    assert_eq!(p.alive_seats(), 0b1111, "{}", p.to_fen());
    let after = play(&p, "c8c3");
    assert_eq!(after.alive_seats(), 0b1110);
    assert!(
        after.to_fen().starts_with("Y-1,0,0,0"),
        "{}",
        after.to_fen()
    );
    // The turn passes it by.
    let after = play_line(&after, "g8g7 g1f1");
    assert!(after.to_fen().starts_with("B-"), "{}", after.to_fen());
    // Before its first turn it is in with nothing on the board.
    let start = Pos::start(&lineup(OTTOMAN));
    assert_eq!(start.alive_seats(), 0b1111);
}

#[test]
fn reserve_pieces_count_for_the_lone_piece_rule() {
    // Red has only its king on the board: with a pawn in reserve it plays
    // on, with nothing in reserve it is alone and loses it.
    let rows = ["bK,bP,4,yP,yK", "8", "8", "8", "8", "8", "8", "rK,5,gP,gK"];
    let with_pawn = "'turns':(2,2,2,2),'reserve':('p','','','')";
    let p = ottoman('G', "0,0,0,0", with_pawn, rows);
    let p = play(&p, "h1h2");
    assert!(p.to_fen().starts_with("R-0,0,0,0"), "{}", p.to_fen());
    assert!(moves(&p).contains(&"P@c1".to_string()));
    let empty = "'turns':(2,2,2,2),'reserve':('-','','','')";
    let p = ottoman('G', "0,0,0,0", empty, rows);
    let p = play(&p, "h1h2");
    assert!(p.to_fen().starts_with("B-1,0,0,0"), "{}", p.to_fen());
    assert_eq!(piece(&p, "a1"), None);
}

#[test]
fn the_reserve_round_trips_in_fen4_and_bad_values_are_refused() {
    let v = lineup(OTTOMAN);
    let start = Pos::start(&v);
    // A full reserve is not written.
    assert!(!start.to_fen().contains("reserve"), "{}", start.to_fen());
    let p = with_others(&start, &["P@b2", "K@a1"], &[T1, ""]);
    let text = p.to_fen();
    assert!(text.contains("'reserve':('pbbnnr','','','')"), "{text}");
    let back = pos(&v, &text);
    assert_eq!(back, p);
    assert_eq!(back.hash(), p.hash());
    let base = "'turns':(2,2,2,2),'reserve':";
    for (entry, says) in [
        ("('kq','','','')", "not (or not so often)"),
        ("('kk','','','')", "not (or not so often)"),
        ("('','k','','')", "no reserve"),
        ("('k')", ""),
    ] {
        let text = fen_with('B', "0,0,0,0", &format!("{base}{entry}"), KINGS);
        let err = tetrarch_rules::Position::<u64>::from_fen(&v, &text)
            .expect_err(entry)
            .to_string();
        assert!(err.contains(says), "{entry}: {err}");
    }
    // A seat marked in that has no king anywhere, or out with its king
    // in reserve, is refused.
    let gone = "'turns':(2,2,2,2),'reserve':('ppbbnnr','','','')";
    let text = fen_with('B', "0,0,0,0", gone, KINGS);
    assert!(tetrarch_rules::Position::<u64>::from_fen(&v, &text).is_err());
    let waiting = "'turns':(0,0,0,0)";
    let text = fen_with('R', "1,0,0,0", waiting, KINGS);
    assert!(tetrarch_rules::Position::<u64>::from_fen(&v, &text).is_err());
}

#[test]
fn deployments_are_drops_in_uci_and_pgn4() {
    let p = Pos::start(&lineup(OTTOMAN));
    let m = "K@c1"
        .parse::<tetrarch_rules::notation::uci::UciMove>()
        .unwrap()
        .to_move(&p)
        .unwrap();
    let written = Pgn4Move::from_move(&p, m);
    assert_eq!(written.to_string(), "K@c1");
    let read: Pgn4Move = "K@c1".parse().unwrap();
    assert_eq!(read, written);
    assert_eq!(read.to_move(&p).unwrap(), m);
    // A drop the reserve or the squares do not give is no move.
    assert!("Q@c1".parse::<Pgn4Move>().unwrap().to_move(&p).is_err());
    assert!("K@e4".parse::<Pgn4Move>().unwrap().to_move(&p).is_err());
}

#[test]
fn a_lineup_of_four_ottoman_armies_starts_empty_and_plays() {
    let v = lineup("ottoman-empire,ottoman-empire,ottoman-empire,ottoman-empire");
    let p = Pos::start(&v);
    assert_eq!(p.alive_seats(), 0b1111);
    let p = play_line(&p, "K@a1 K@a8 K@h8 K@h1");
    // Each past its first turn with its king on the board.
    assert_eq!(p.alive_seats(), 0b1111);
    assert_eq!(drop_kinds(&p), "BNPR");
}

/// What a client is shown of a reserve: the variant takes drops, and each
/// seat with the power holds what is left as a hand, kind by kind, that
/// shrinks with each deployment; seats without it hold none.
#[test]
fn the_reserve_is_shown_to_clients_as_a_hand() {
    use tetrarch_rules::AnyVariant;
    let european = AnyVariant::builtin("european-ffa").unwrap();
    assert!(!european.view().drops);
    let v = european.with_lineup(OTTOMAN).unwrap();
    assert!(v.view().drops);
    let mut game = tetrarch_rules::AnyGame::new(&v);
    let hand = |game: &tetrarch_rules::AnyGame| {
        let hands = game.view(None).hands;
        assert_eq!(hands.iter().map(|h| h.seat).collect::<Vec<_>>(), [0]);
        hands[0].pieces.clone()
    };
    let all = hand(&game);
    let count = |pieces: &[(String, u8)], k: &str| {
        pieces.iter().find(|(l, _)| l == k).map_or(0, |(_, n)| *n)
    };
    assert_eq!(
        ["k", "p", "b", "n", "r"].map(|k| count(&all, k)),
        [1, 2, 2, 2, 1]
    );
    game.play("P@c1").unwrap();
    let left = hand(&game);
    assert_eq!(
        ["k", "p", "b", "n", "r"].map(|k| count(&left, k)),
        [1, 1, 2, 2, 1]
    );
}
