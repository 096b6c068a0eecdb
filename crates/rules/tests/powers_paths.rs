//! Australia's boomerangs (issue 14, `u-path`): a rook moves as a rook or
//! along a U-shaped path, and makes no straight moves on two turns in a
//! row. Each sentence of the power's text, and each decision of
//! `docs/nations.md`, with a position where it decides something.

use crate::european_fen;
use crate::lineup_play;

use european_fen::{PLAYED, fen};
use lineup_play::*;

const AUSTRALIA: &str = "australia,default,default,default";

/// Red (Australia) to move, past its opening turns, with the four kings in
/// their corners and `pieces` (square, FEN4 piece such as `rR`).
fn board(ids: &str, extras: &str, pieces: &[(&str, &str)]) -> Pos {
    let mut all = vec![("a1", "rK"), ("a8", "bK"), ("h8", "yK"), ("h1", "gK")];
    all.extend_from_slice(pieces);
    let rows = rows(&all);
    let rows: [&str; 8] = std::array::from_fn(|i| rows[i].as_str());
    pos(&lineup(ids), &fen('R', extras, rows))
}

/// Board rows from rank 8 down, in the short form of [`fen`].
fn rows(pieces: &[(&str, &str)]) -> [String; 8] {
    std::array::from_fn(|i| {
        let rank = 8 - i;
        let mut row = Vec::new();
        let mut empty = 0;
        for file in "abcdefgh".chars() {
            let sq = format!("{file}{rank}");
            match pieces.iter().find(|(s, _)| *s == sq) {
                Some((_, p)) => {
                    if empty > 0 {
                        row.push(empty.to_string());
                        empty = 0;
                    }
                    row.push(p.to_string());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push(empty.to_string());
        }
        row.join(",")
    })
}

/// The squares the U paths of the piece on `from` end on, sorted.
fn ends(p: &Pos, from: &str) -> Vec<String> {
    with_prefix(p, &format!("u-path@{from}"))
        .iter()
        .map(|m| m[9..].to_string())
        .collect()
}

fn squares(text: &str) -> Vec<String> {
    sorted(&text.split_whitespace().collect::<Vec<_>>())
}

#[test]
fn a_boomerang_moves_as_a_rook_or_along_a_u_path() {
    let p = board(AUSTRALIA, PLAYED, &[("c3", "rR")]);
    // Out to the edge or a piece, across any length, back to the edge:
    // every path from c3 on an open board.
    assert_eq!(
        ends(&p, "c3"),
        squares("a2 a4 a5 a6 a7 b1 b8 d1 d8 e1 e8 f1 f8 g1 g8 h2 h4 h5 h6 h7")
    );
    // And its moves as a rook.
    let all = moves(&p);
    for m in ["c3c8", "c3h3", "c3c1", "c3a3"] {
        assert!(all.contains(&m.to_string()), "{m}: {all:?}");
    }
}

#[test]
fn the_first_leg_goes_as_far_as_possible_without_capturing() {
    // An Australian pawn on d6: a first leg that stopped on c5 would turn
    // to d5 and come back to d1; gone to c8 it comes back only to d7.
    let p = board(AUSTRALIA, PLAYED, &[("c3", "rR"), ("d6", "rP")]);
    let e = ends(&p, "c3");
    assert!(e.contains(&"d7".to_string()), "{e:?}");
    assert!(!e.contains(&"d1".to_string()), "{e:?}");
    // A blue knight on c8 stops the first leg on c7 (it is not taken):
    // the middle leg runs along the seventh rank to h7, and the last one
    // takes the green king on h1 (from the eighth rank it could not).
    let p = board(AUSTRALIA, PLAYED, &[("c3", "rR"), ("c8", "bN")]);
    let e = ends(&p, "c3");
    assert!(!e.contains(&"c8".to_string()), "{e:?}");
    assert!(e.contains(&"h1".to_string()), "{e:?}");
    // No first leg at all (a piece next to it): no path that way.
    let p = board(
        AUSTRALIA,
        PLAYED,
        &[("a2", "rR"), ("a3", "rP"), ("b2", "rP")],
    );
    assert_eq!(ends(&p, "a2"), Vec::<String>::new());
}

#[test]
fn the_middle_leg_turns_a_quarter_and_does_not_capture() {
    // A blue knight on f8 stops the leg along the eighth rank: the paths
    // come back down the d and e files only, not the f and g files (f8 is
    // taken only by a last leg, up the f file from the first rank).
    let p = board(AUSTRALIA, PLAYED, &[("c3", "rR"), ("f8", "bN")]);
    let e = ends(&p, "c3");
    for sq in ["d1", "e1", "b1", "f8"] {
        assert!(e.contains(&sq.to_string()), "{sq}: {e:?}");
    }
    for sq in ["f1", "g1"] {
        assert!(!e.contains(&sq.to_string()), "{sq}: {e:?}");
    }
}

#[test]
fn the_path_turns_the_same_way_twice_and_never_zigzags() {
    // North to c5 (a pawn on c6), east: a zigzag would go on north to d8,
    // e8 and so on; a U comes back south to the first rank. (A pawn on c2
    // bars the path south first, which would come back up to the eighth.)
    let p = board(
        AUSTRALIA,
        PLAYED,
        &[("c3", "rR"), ("c6", "rP"), ("c2", "rP")],
    );
    let e = ends(&p, "c3");
    assert!(e.contains(&"d1".to_string()), "{e:?}");
    for sq in ["d8", "e8", "f8", "g8"] {
        assert!(!e.contains(&sq.to_string()), "{sq}: {e:?}");
    }
}

#[test]
fn the_last_leg_goes_as_far_as_possible_and_may_capture_at_its_end() {
    // Back down the d file onto a blue knight on d2 (taken); down the e
    // file to e5, before an Australian pawn on e4; never short of either.
    let p = board(
        AUSTRALIA,
        PLAYED,
        &[("c3", "rR"), ("d2", "bN"), ("e4", "rP")],
    );
    let e = ends(&p, "c3");
    assert!(e.contains(&"d2".to_string()), "{e:?}");
    assert!(e.contains(&"e5".to_string()), "{e:?}");
    for sq in ["d1", "d3", "e1", "e4", "e6"] {
        assert!(!e.contains(&sq.to_string()), "{sq}: {e:?}");
    }
    let after = play(&p, "u-path@c3d2");
    assert_eq!(piece(&after, "d2"), Some((0, 'r')));
    assert_eq!(piece(&after, "c3"), None);
}

#[test]
fn a_u_path_takes_a_piece_proof_against_powers() {
    // The path is the piece's own move, not a power's capture: Sparta's
    // warrior on d2 is taken.
    let p = board(
        "australia,sparta,default,default",
        PLAYED,
        &[("c3", "rR"), ("d2", "bG")],
    );
    assert!(ends(&p, "c3").contains(&"d2".to_string()));
    assert_eq!(piece(&play(&p, "u-path@c3d2"), "d2"), Some((0, 'r')));
}

#[test]
fn no_rook_type_moves_on_two_turns_in_a_row() {
    // Each other seat has a second piece, so that the lone-piece rule
    // leaves it in.
    let p = board(
        AUSTRALIA,
        PLAYED,
        &[("c3", "rR"), ("a5", "bP"), ("g7", "yP"), ("g2", "gP")],
    );
    let p = play(&p, "c3c5");
    assert!(
        p.to_fen().contains("'powers':('0','','','')"),
        "{}",
        p.to_fen()
    );
    let p = play_line(&p, "a8a7 h8h7 h1h2");
    // No straight rook move now; its U paths and the king's moves are
    // still there.
    let all = moves(&p);
    assert!(!all.iter().any(|m| m.starts_with("c5")), "{all:?}");
    assert!(all.iter().any(|m| m.starts_with("u-path@c5")), "{all:?}");
    assert!(all.contains(&"a1a2".to_string()), "{all:?}");
    // A U path is no rook-type move: a straight one may follow it.
    let p = play_line(&p, "u-path@c5d1 a7a8 h7h8 h2h1");
    assert!(!p.to_fen().contains("'powers'"), "{}", p.to_fen());
    assert!(moves(&p).contains(&"d1d5".to_string()));
    // A king's step between them is no rook move either: it ends the rest.
    let p = play_line(&p, "d1d5 a8a7 h8h7 h1h2 a1b1 a7a8 h7h8 h2h1");
    assert!(moves(&p).contains(&"d5d8".to_string()));
}

#[test]
fn a_straight_move_and_a_u_path_to_one_square_are_two_moves() {
    // From a3: north to a7, east to c7, back south to c3 (an Australian
    // pawn stands on c2), where the rook also goes straight along the
    // third rank; east to h3, north to h4, back west to a4, where it also
    // goes straight up the a file.
    let p = board(AUSTRALIA, PLAYED, &[("a3", "rR"), ("c2", "rP")]);
    assert_eq!(
        ends(&p, "a3"),
        squares("a4 a5 a6 a7 b1 b8 c3 d1 d2 e1 f1 g1 h1")
    );
    let all = moves(&p);
    assert!(all.contains(&"a3c3".to_string()), "{all:?}");
    // The straight one bars straight moves on Australia's next turn (the
    // mark of the rest test below); the U path does not.
    let marked = "'powers':('0','','','')";
    assert!(play(&p, "a3c3").to_fen().contains(marked));
    assert!(!play(&p, "u-path@a3c3").to_fen().contains(marked));
}

#[test]
fn the_rest_is_position_text_and_round_trips() {
    let p = board(
        AUSTRALIA,
        "'turns':(2,2,2,2),'powers':('0','','','')",
        &[("c3", "rR")],
    );
    assert_eq!(pos(p.variant(), &p.to_fen()), p);
    assert_ne!(p, board(AUSTRALIA, PLAYED, &[("c3", "rR")]));
    assert!(!moves(&p).contains(&"c3c8".to_string()));
    assert!(moves(&p).contains(&"u-path@c3d1".to_string()));
}

#[test]
fn only_the_nation_with_the_power_has_u_paths() {
    // Blue plays Australia, red the default army: red's rook has none.
    let p = board("default,australia,default,default", PLAYED, &[("c3", "rR")]);
    assert_eq!(ends(&p, "c3"), Vec::<String>::new());
}

#[test]
fn every_corner_plays_the_same_paths_turned() {
    // The position of the first test turned to each seat's corner, with
    // Australia in that seat: the same ends, turned.
    let turn = |seat: usize, sq: &str| -> String {
        let b = sq.as_bytes();
        let (f, r) = ((b[0] - b'a') as i32, (b[1] - b'1') as i32);
        let (f, r) = match seat {
            0 => (f, r),
            1 => (r, 7 - f),
            2 => (7 - f, 7 - r),
            _ => (7 - r, f),
        };
        format!("{}{}", (b'a' + f as u8) as char, r + 1)
    };
    let colours = ['r', 'b', 'y', 'g'];
    let expected = squares("a2 a4 a5 a6 a7 b1 b8 d1 d8 e1 e8 f1 f8 g1 g8 h2 h4 h5 h6 h7");
    for seat in 0..4 {
        let mut ids = ["default"; 4];
        ids[seat] = "australia";
        let mut pieces: Vec<(String, String)> = Vec::new();
        for (sq, owner) in [("a1", 0), ("a8", 1), ("h8", 2), ("h1", 3)] {
            pieces.push((turn(seat, sq), format!("{}K", colours[(owner + seat) % 4])));
        }
        pieces.push((turn(seat, "c3"), format!("{}R", colours[seat])));
        let refs: Vec<(&str, &str)> = pieces
            .iter()
            .map(|(s, p)| (s.as_str(), p.as_str()))
            .collect();
        let rows = rows(&refs);
        let rows: [&str; 8] = std::array::from_fn(|i| rows[i].as_str());
        let turn_char = ['R', 'B', 'Y', 'G'][seat];
        let p = pos(&lineup(&ids.join(",")), &fen(turn_char, PLAYED, rows));
        let mut want: Vec<String> = expected.iter().map(|s| turn(seat, s)).collect();
        want.sort();
        assert_eq!(ends(&p, &turn(seat, "c3")), want, "seat {seat}");
    }
}

#[test]
fn a_pawn_promoting_to_a_rook_makes_no_rook_type_move() {
    let p = board(AUSTRALIA, PLAYED, &[("c7", "rP"), ("e3", "rR")]);
    let p = play(&p, "c7c8r");
    assert!(!p.to_fen().contains("'powers'"), "{}", p.to_fen());
}
