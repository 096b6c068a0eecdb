//! Ancient Greece's city-states (issue 13, `move-in-area` and `shoot`):
//! non-pawn pieces gain a king's step in the 2 x 4, a two-square diagonal
//! leap in the 3 x 5 outside it, and a shot from the centre. Each rule of
//! `docs/nations.md` with a position where it decides something.

use crate::lineup_play;

use lineup_play::*;
use tetrarch_rules::Seat;

const GREECE: &str = "ancient-greece,default,default,default";

/// Red (Greece) to move: `rows` from rank 8 down.
fn greece(ids: &str, rows: [&str; 8]) -> Pos {
    red_to_move(ids, rows)
}

const TOP: &str = "bK,5,yP,yK";
const BOTTOM: &str = "rK,5,gP,gK";

#[test]
fn inside_the_2x4_a_piece_also_steps_as_a_king() {
    let p = greece(
        GREECE,
        [TOP, "8", "8", "8", "8", "8", "8", "rK,1,rN,3,gP,gK"],
    );
    let knight = with_prefix(&p, "c1");
    for m in [
        "c1b1", "c1d1", "c1b2", "c1c2", "c1d2", "c1a2", "c1e2", "c1b3", "c1d3",
    ] {
        assert!(knight.contains(&m.to_string()), "{m}: {knight:?}");
    }
    assert_eq!(knight.len(), 9, "{knight:?}");
    // The king's own steps are offered once.
    let all = moves(&p);
    assert_eq!(all.iter().filter(|m| *m == "a1a2").count(), 1, "{all:?}");
}

#[test]
fn inside_the_3x5_outside_the_2x4_a_piece_also_leaps_two_diagonally() {
    let p = greece(GREECE, [TOP, "8", "8", "8", "8", "8", "8", "rK,3,rR,2,gK"]);
    let rook = with_prefix(&p, "e1");
    assert!(rook.contains(&"e1c3".to_string()), "{rook:?}");
    assert!(rook.contains(&"e1g3".to_string()), "{rook:?}");
    // No king's step there.
    assert!(!rook.contains(&"e1d2".to_string()), "{rook:?}");
}

#[test]
fn elsewhere_and_in_other_corners_a_piece_moves_as_it_always_does() {
    let p = greece(GREECE, [TOP, "rN,7", "8", "8", "5,rR,2", "8", "8", BOTTOM]);
    let rook = with_prefix(&p, "f4");
    assert!(
        rook.iter().all(|m| m[2..3] == *"f" || m[3..] == *"4"),
        "{rook:?}"
    );
    // A knight in blue's corner has no king's step.
    assert_eq!(with_prefix(&p, "a7"), sorted(&["a7b5", "a7c6", "a7c8"]));
    // Pawns gain nothing.
    let p = greece(GREECE, [TOP, "8", "8", "8", "8", "8", "1,rP,6", BOTTOM]);
    assert_eq!(with_prefix(&p, "b2"), sorted(&["b2b3", "b2b4"]));
}

#[test]
fn from_the_centre_a_piece_shoots_an_orthogonal_neighbour() {
    let rows = [TOP, "8", "8", "3,bN,yB,3", "3,rB,rP,3", "8", "8", BOTTOM];
    let p = greece(GREECE, rows);
    assert_eq!(with_prefix(&p, "shoot@"), sorted(&["shoot@d4d5"]));
    let after = play(&p, "shoot@d4d5");
    assert_eq!(piece(&after, "d5"), None);
    assert_eq!(piece(&after, "d4"), Some((0, 'b')));
    // The bishop's diagonal capture of e5 is its own move; the pawn on e4
    // shoots nothing.
    assert!(with_prefix(&p, "d4").contains(&"d4e5".to_string()));
}

#[test]
fn a_shot_takes_a_last_royal_piece_but_not_a_piece_proof_against_powers() {
    let rows = ["6,yP,yK", "bP,7", "8", "3,bK,4", "3,rN,4", "8", "8", BOTTOM];
    let after = play(&greece(GREECE, rows), "shoot@d4d5");
    assert_eq!(after.commander_of(Seat(1)), Seat(0));
    let rows = [TOP, "8", "8", "3,bG,4", "3,rN,4", "8", "8", BOTTOM];
    let p = greece("ancient-greece,sparta,default,default", rows);
    assert!(with_prefix(&p, "shoot@").is_empty(), "{:?}", moves(&p));
}
