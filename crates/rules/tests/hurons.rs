//! The Hurons (facts 2A.37, power "Ambush"): every piece may also jump two
//! squares in its own directions, only over an occupied square. Betza `j`
//! as the kernel reads it (`KjDjA`, `RjD`, `BjA`, pawns `mfjD cfjA`), with
//! a position where each jump decides something, in two corners.

mod european_fen;

use european_fen::{PLAYED, fen};
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{Position, Seat, Variant};

type Pos = Position<u64>;

fn lineup(ids: &str) -> Variant {
    Variant::builtin("european-ffa")
        .unwrap()
        .with_lineup(ids, &[])
        .unwrap_or_else(|e| panic!("{ids}: {e}"))
}

/// A position of `ids` from short rows; `huron` is the seat whose king is
/// the Huron king (`H`), which the helper does not count as a king.
fn pos(ids: &str, huron: usize, turn: char, rows: [&str; 8]) -> Pos {
    let text = fen(turn, PLAYED, rows);
    let (head, rest) = text.split_at(2);
    let mut flags: Vec<&str> = rest[..7].split(',').collect();
    flags[huron] = "0";
    let text = format!("{head}{}{}", flags.join(","), &rest[7..]);
    Pos::from_fen(&lineup(ids), &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves_from(p: &Pos, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p
        .legal_moves()
        .iter()
        .map(|&m| UciMove::from_move(p, m).to_string())
        .filter(|m| m.starts_with(from) && !m[from.len()..].starts_with(char::is_numeric))
        .collect();
    v.sort();
    v
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
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
    let p = pos(RED_HURONS, 0, 'R', rows);
    assert_eq!(
        moves_from(&p, "d4"),
        sorted(&[
            "d4a4", "d4b4", "d4c4", "d4e4", "d4f4", "d4g4", "d4h4", "d4d3", "d4d2", "d4d1", "d4d5",
            "d4d6"
        ])
    );
    // A default rook in its place stops at d5.
    let rows = [
        "bK,6,yK", "8", "3,yP,4", "3,gP,4", "3,rR,4", "8", "8", "rH,6,gK",
    ];
    assert!(!moves_from(&pos(RED_HURONS, 0, 'R', rows), "d4").contains(&"d4d6".into()));
}

/// The bishop on c3 jumps the red pawn on d4 to e5, never over an empty
/// square to land further than a bishop would.
#[test]
fn a_huron_bishop_jumps_two_squares_diagonally_over_a_piece() {
    let rows = ["bK,6,yK", "8", "8", "8", "3,rW,4", "2,rE,5", "8", "rH,6,gK"];
    let p = pos(RED_HURONS, 0, 'R', rows);
    let m = moves_from(&p, "c3");
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
    let p = pos(RED_HURONS, 0, 'R', rows);
    assert_eq!(moves_from(&p, "c3"), sorted(&["c3c5", "c3e5"]));
    // Nothing on c4: one step, no jump.
    let rows = [
        "bK,6,yK", "8", "8", "4,yN,3", "3,rW,4", "2,rW,5", "8", "rH,6,gK",
    ];
    assert_eq!(
        moves_from(&pos(RED_HURONS, 0, 'R', rows), "c3"),
        sorted(&["c3c4", "c3e5"])
    );
    // An enemy on c5 is not taken by the straight jump.
    let rows = [
        "bK,6,yK", "8", "8", "2,yN,5", "2,bP,5", "2,rW,5", "8", "rH,6,gK",
    ];
    assert_eq!(
        moves_from(&pos(RED_HURONS, 0, 'R', rows), "c3"),
        Vec::<String>::new()
    );
}

/// Blue's Huron pawns go east from the a8 corner: the pawn on c6 jumps
/// the red rook on d6 to e6.
#[test]
fn the_jump_turns_with_the_corner() {
    let rows = ["bH,6,yK", "8", "2,bW,rR,4", "8", "8", "8", "8", "rK,6,gK"];
    let p = pos("default,hurons,default,default", 1, 'B', rows);
    assert_eq!(moves_from(&p, "c6"), sorted(&["c6e6"]));
}

/// The Huron king on d4 attacks blue's king on d6 over the pawn on d5,
/// and not once the pawn has gone (a pawn on a2 keeps red from being a
/// lone king, who would lose at the start of the turn).
#[test]
fn a_huron_king_attacks_over_a_piece() {
    let rows = [
        "8", "7,yK", "3,bK,4", "3,gP,4", "3,rH,4", "8", "rW,7", "7,gK",
    ];
    let p = pos(RED_HURONS, 0, 'R', rows);
    assert!(moves_from(&p, "d4").contains(&"d4d6".into()));
    assert!(p.royal_attacked(Seat(1)));
    let rows = ["8", "7,yK", "3,bK,4", "8", "3,rH,4", "8", "rW,7", "7,gK"];
    let p = pos(RED_HURONS, 0, 'R', rows);
    assert!(!p.royal_attacked(Seat(1)));
}
