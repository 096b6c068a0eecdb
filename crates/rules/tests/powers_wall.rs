//! Ancient China's Great Wall (issue 14, `wall`): "A wall partly
//! surrounds your 3x5 area. Enemy pieces may cross it only by jumping.
//! Your queen may never cross the wall. Once your queen is captured, the
//! wall stops working." The diagram is lost: each sentence, and each
//! decision of `docs/nations.md`, with a position where it decides
//! something, in every corner where direction matters.

use crate::european_fen;
use crate::lineup_play;

use european_fen::{PLAYED, fen};
use lineup_play::*;
use tetrarch_rules::Variant;

const CHINA: &str = "ancient-china,default,default,default";
const NO_CHINA: &str = "default,default,default,default";

/// The square `sq` (written for China at a1) turned to `seat`'s corner.
fn turn(seat: usize, sq: &str) -> String {
    let b = sq.as_bytes();
    let (f, r) = ((b[0] - b'a') as i32, (b[1] - b'1') as i32);
    let (f, r) = match seat {
        0 => (f, r),
        1 => (r, 7 - f),
        2 => (7 - f, 7 - r),
        _ => (7 - r, f),
    };
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// A position of `v` with `to_move` ('R', 'B', ...) to move, the four
/// kings in their corners and `pieces` (square, FEN4 piece such as `bR`).
fn board_of(v: &Variant, to_move: char, extras: &str, pieces: &[(&str, &str)]) -> Pos {
    let mut all = vec![("a1", "rK"), ("a8", "bK"), ("h8", "yK"), ("h1", "gK")];
    all.retain(|(sq, _)| !pieces.iter().any(|(s, _)| s == sq));
    all.extend_from_slice(pieces);
    let rows = rows(&all);
    let rows: [&str; 8] = std::array::from_fn(|i| rows[i].as_str());
    pos(v, &fen(to_move, extras, rows))
}

fn board(ids: &str, to_move: char, pieces: &[(&str, &str)]) -> Pos {
    board_of(&lineup(ids), to_move, PLAYED, pieces)
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

fn has(p: &Pos, m: &str) -> bool {
    moves(p).iter().any(|x| x == m)
}

/// The walls of `p` as pairs of squares.
fn walls(p: &Pos) -> Vec<(String, String)> {
    let geo = &p.variant().geometry;
    p.walls()
        .into_iter()
        .map(|(a, b)| (geo.square(a).to_string(), geo.square(b).to_string()))
        .collect()
}

// ---------------------------------------------------------------- the setup

#[test]
fn china_starts_with_a_queen_in_the_rooks_place_in_every_corner() {
    for seat in 0..4 {
        let mut ids = ["default"; 4];
        ids[seat] = "ancient-china";
        let p = Pos::start(&lineup(&ids.join(",")));
        assert_eq!(piece(&p, &turn(seat, "b1")), Some((seat as u8, 'q')));
        assert_eq!(piece(&p, &turn(seat, "a1")), Some((seat as u8, 'k')));
    }
}

// ---------------------------------------------- "partly surrounds your 3x5"

#[test]
fn the_wall_stands_between_the_3x5_and_the_board_in_every_corner() {
    let expected = [
        ("a3", "a4"),
        ("b3", "b4"),
        ("c3", "c4"),
        ("d3", "d4"),
        ("e1", "f1"),
        ("e2", "f2"),
        ("e3", "e4"),
        ("e3", "f3"),
    ];
    for seat in 0..4 {
        let mut ids = ["default"; 4];
        ids[seat] = "ancient-china";
        let p = Pos::start(&lineup(&ids.join(",")));
        let mut got = walls(&p);
        got.sort();
        let mut want: Vec<(String, String)> = expected
            .iter()
            .map(|(a, b)| (turn(seat, a), turn(seat, b)))
            .collect();
        want.sort();
        assert_eq!(got, want, "seat {seat}");
    }
    assert!(walls(&Pos::start(&lineup(NO_CHINA))).is_empty());
}

// ------------------------------------- "Enemy pieces may cross it only by jumping"

#[test]
fn an_enemy_rook_stops_at_the_wall_in_every_corner() {
    for seat in 0..4 {
        let mut ids = ["default"; 4];
        ids[seat] = "ancient-china";
        let colours = ['r', 'b', 'y', 'g'];
        let enemy = (seat + 1) % 4;
        let queen = format!("{}Q", colours[seat]);
        let rook = format!("{}R", colours[enemy]);
        let (q, r) = (turn(seat, "b1"), turn(seat, "d6"));
        let kings: Vec<(String, String)> = [("a1", 0), ("a8", 1), ("h8", 2), ("h1", 3)]
            .iter()
            .map(|&(sq, owner)| (turn(seat, sq), format!("{}K", colours[(owner + seat) % 4])))
            .collect();
        let mut pieces: Vec<(&str, &str)> = kings
            .iter()
            .map(|(s, p)| (s.as_str(), p.as_str()))
            .collect();
        pieces.push((q.as_str(), queen.as_str()));
        pieces.push((r.as_str(), rook.as_str()));
        let to_move = ['R', 'B', 'Y', 'G'][enemy];
        let p = board(&ids.join(","), to_move, &pieces);
        let from = turn(seat, "d6");
        let down: Vec<String> = with_prefix(&p, &from)
            .into_iter()
            .filter(|m| {
                m[2..] == turn(seat, "d5")
                    || m[2..] == turn(seat, "d4")
                    || m[2..] == turn(seat, "d3")
                    || m[2..] == turn(seat, "d2")
            })
            .collect();
        let mut want = vec![
            format!("{from}{}", turn(seat, "d5")),
            format!("{from}{}", turn(seat, "d4")),
        ];
        want.sort();
        assert_eq!(down, want, "seat {seat}");
    }
}

#[test]
fn without_the_wall_the_same_rook_goes_on() {
    let p = board(NO_CHINA, 'B', &[("b1", "rB"), ("d6", "bR")]);
    assert!(has(&p, "d6d3") && has(&p, "d6d1"));
    let p = board(CHINA, 'B', &[("b1", "rQ"), ("d6", "bR")]);
    assert!(has(&p, "d6d4") && !has(&p, "d6d3") && !has(&p, "d6d1"));
}

#[test]
fn an_enemy_does_not_capture_across_the_wall() {
    // The green rook on h2 would take the bishop on e2 through f2.
    let p = board(CHINA, 'G', &[("b1", "rQ"), ("e2", "rB"), ("h2", "gR")]);
    assert!(has(&p, "h2f2"));
    assert!(!has(&p, "h2e2"));
}

#[test]
fn an_enemy_knight_jumps_the_wall() {
    let p = board(CHINA, 'B', &[("b1", "rQ"), ("e5", "bN"), ("d3", "rP")]);
    assert!(has(&p, "e5d3"), "a capture by a jump");
    assert!(has(&p, "e5f3") && has(&p, "e5c4"));
}

#[test]
fn a_diagonal_through_the_walls_corner_crosses_it() {
    // g5-f4-e3: f4 is outside, e3 inside, through the corner of the wall.
    let p = board(CHINA, 'B', &[("b1", "rQ"), ("g5", "bB")]);
    assert!(has(&p, "g5f4"));
    assert!(!has(&p, "g5e3") && !has(&p, "g5d2"));
    // e4-f3 only touches the corner from outside: both squares are out.
    let p = board(CHINA, 'B', &[("b1", "rQ"), ("e4", "bB")]);
    assert!(has(&p, "e4f3") && has(&p, "e4g2"));
    assert!(!has(&p, "e4d3"));
}

#[test]
fn a_pawns_double_step_is_no_jump() {
    // Green's pawns go west: g2-f2-e2 ends inside.
    let p = board(CHINA, 'G', &[("b1", "rQ"), ("g2", "gP")]);
    assert!(has(&p, "g2f2"));
    assert!(!has(&p, "g2e2"));
    let p = board(NO_CHINA, 'G', &[("g2", "gP")]);
    assert!(has(&p, "g2e2"));
}

#[test]
fn an_enemy_inside_does_not_leave_but_by_jumping() {
    let p = board(CHINA, 'B', &[("b1", "rQ"), ("c2", "bR"), ("d2", "bN")]);
    assert!(has(&p, "c2c3") && !has(&p, "c2c4"));
    assert!(has(&p, "d2e4") && has(&p, "d2f3"), "the knight jumps out");
}

#[test]
fn an_enemy_across_the_wall_gives_no_check() {
    // In blue's opening turns no move may leave an enemy king attacked:
    // the rook to a5 would attack the king on a1 through an open file,
    // but the wall stands between a4 and a3.
    let v = lineup(CHINA);
    let p = board_of(&v, 'B', "", &[("b1", "rQ"), ("c5", "bR")]);
    assert!(has(&p, "c5a5"));
    let p = board_of(&lineup(NO_CHINA), 'B', "", &[("c5", "bR")]);
    assert!(!has(&p, "c5a5"));
}

#[test]
fn partners_cross_freely() {
    // Red (China) and yellow are partners; blue is an enemy.
    let v = Variant::builtin("european-teams")
        .unwrap()
        .with_lineup(CHINA, &[])
        .unwrap();
    let p = board_of(&v, 'Y', PLAYED, &[("b1", "rQ"), ("d6", "yR")]);
    assert!(has(&p, "d6d3") && has(&p, "d6d2"));
    let p = board_of(&v, 'B', PLAYED, &[("b1", "rQ"), ("d6", "bR")]);
    assert!(!has(&p, "d6d3"));
}

#[test]
fn chinas_own_pieces_cross_freely() {
    let p = board(CHINA, 'R', &[("b1", "rQ"), ("c1", "rB"), ("b2", "rP")]);
    assert!(has(&p, "c1f4") && has(&p, "c1h6"));
    assert!(has(&p, "b2b4"), "a pawn's double step over the wall");
}

// ---------------------------------------- "Your queen may never cross the wall"

#[test]
fn the_queen_never_crosses_the_wall() {
    let p = board(CHINA, 'R', &[("d2", "rQ")]);
    assert!(has(&p, "d2d3") && has(&p, "d2e3") && has(&p, "d2e1"));
    for m in ["d2d4", "d2d8", "d2f4", "d2f2", "d2h2"] {
        assert!(!has(&p, m), "{m}");
    }
    // Nor onto an enemy piece outside.
    let p = board(CHINA, 'R', &[("d2", "rQ"), ("d5", "bP")]);
    assert!(!has(&p, "d2d5"));
}

#[test]
fn a_queen_outside_never_enters() {
    // A queen promoted outside keeps the wall standing and stays out.
    let p = board(CHINA, 'R', &[("b1", "rQ"), ("d6", "rQ")]);
    assert!(has(&p, "d6d4"));
    assert!(!has(&p, "d6d3"));
    assert!(!walls(&p).is_empty());
}

// ------------------------------ "Once your queen is captured, the wall stops working"

#[test]
fn the_wall_falls_with_the_queen_for_good() {
    let p = board(CHINA, 'B', &[("b2", "rQ"), ("c4", "bN"), ("d6", "bR")]);
    assert!(!has(&p, "d6d3"));
    let p = play(&p, "c4b2");
    assert!(walls(&p).is_empty());
    assert!(
        p.to_fen().contains("'wall':('down','','','')"),
        "{}",
        p.to_fen()
    );
    // A queen promoted later does not raise it.
    let fen_text = p.to_fen();
    let back = pos(p.variant(), &fen_text);
    assert_eq!(back, p);
    let p = board_of(
        &lineup(CHINA),
        'B',
        &format!("{PLAYED},'wall':('down','','','')"),
        &[("b1", "rQ"), ("d6", "bR")],
    );
    assert!(walls(&p).is_empty());
    assert!(has(&p, "d6d3") && has(&p, "d6d1"));
}

#[test]
fn the_wall_falls_when_china_is_out() {
    let p = board(CHINA, 'B', &[("b1", "rQ"), ("b3", "bN"), ("d6", "bR")]);
    let p = play(&p, "b3a1");
    assert!(walls(&p).is_empty());
}

// ------------------------------------------------------- powers and the wall

#[test]
fn a_u_path_stops_at_the_wall() {
    // Australia (blue) sends a boomerang from f6: without the wall it
    // could end on d3 or e2 inside.
    let ids = "ancient-china,australia,default,default";
    let p = board(ids, 'B', &[("b1", "rQ"), ("f4", "bR")]);
    let ends: Vec<String> = with_prefix(&p, "u-path@f4")
        .iter()
        .map(|m| m[9..].to_string())
        .collect();
    assert!(!ends.is_empty());
    let p2 = board(
        &ids.replace("ancient-china", "default"),
        'B',
        &[("f4", "bR")],
    );
    let free: Vec<String> = with_prefix(&p2, "u-path@f4")
        .iter()
        .map(|m| m[9..].to_string())
        .collect();
    let inside = [
        "a2", "a3", "b2", "b3", "c2", "c3", "d1", "d2", "d3", "e1", "e2", "e3",
    ];
    assert!(
        free.iter().any(|s| inside.contains(&s.as_str())),
        "{free:?}"
    );
    assert!(
        !ends.iter().any(|s| inside.contains(&s.as_str())),
        "{ends:?}"
    );
}

// ------------------------------------------------------------ position text

#[test]
fn a_fallen_wall_is_position_text_and_bad_values_are_errors() {
    let v = lineup(CHINA);
    let rows = ["bK,6,yK", "8", "8", "8", "8", "8", "8", "rK,6,gK"];
    let text = fen('R', &format!("{PLAYED},'wall':('down','','','')"), rows);
    let p = pos(&v, &text);
    assert_eq!(pos(&v, &p.to_fen()), p);
    assert!(p.to_fen().contains("'wall':('down','','','')"));
    for bad in ["'wall':('up','','','')", "'wall':('','down','','')"] {
        let text = fen('R', &format!("{PLAYED},{bad}"), rows);
        let err = Pos::from_fen(&v, &text).unwrap_err().to_string();
        assert!(err.contains("wall"), "{bad}: {err}");
    }
}
