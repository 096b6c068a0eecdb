//! Powers whose moves choose a cell (issue 13): Jerusalem's sheltered
//! piece (`shelter`) and the Netherlands' owner swaps (`trade`). Each rule
//! of `docs/nations.md` with a position where it decides something.

use crate::european_fen;
use crate::lineup_play;

use european_fen::{PLAYED, fen};
use lineup_play::*;
use tetrarch_rules::notation::pgn4::Pgn4Move;

// ------------------------------------------------------------- Jerusalem

/// Red (Jerusalem) to move with K a1, R b1, B c1, N d1; a blue rook on c8
/// eyes the bishop, a green rook on h1 the knight, the green king on d2
/// stands next to both.
fn jerusalem(extras: &str) -> Pos {
    let rows = [
        "bK,1,bR,3,yP,yK",
        "8",
        "8",
        "8",
        "8",
        "8",
        "3,gK,4",
        "rK,rR,rB,rN,3,gR",
    ];
    pos(
        &lineup("jerusalem,default,default,default"),
        &fen('R', extras, rows),
    )
}

#[test]
fn jerusalem_picks_a_piece_that_did_not_move_with_every_move() {
    let p = jerusalem(PLAYED);
    // Not the king (royal), not the rook that moves.
    assert_eq!(with_prefix(&p, "b1b2"), sorted(&["b1b2@c1", "b1b2@d1"]));
    assert!(moves(&p).iter().all(|m| m.contains('@')), "{:?}", moves(&p));
    // The pick is the move's: two picks, two positions.
    assert_ne!(play(&p, "b1b2@c1"), play(&p, "b1b2@d1"));
    let text = play(&p, "b1b2@c1").to_fen();
    assert!(text.contains("'sheltered':('c1','','','')"), "{text}");
}

#[test]
fn a_sheltered_piece_is_captured_by_royal_pieces_only_until_the_next_turn() {
    let p = play(&jerusalem(PLAYED), "b1b2@c1");
    assert!(!with_prefix(&p, "c8").contains(&"c8c1".to_string()));
    let green = play_line(&p, "a8a7 h8h7");
    // The king may; the rook may take the knight, which is not sheltered.
    assert!(with_prefix(&green, "d2").contains(&"d2c1".to_string()));
    assert!(with_prefix(&green, "h1").contains(&"h1d1".to_string()));
    // Shelter the knight instead, and the bishop is open to the rook.
    let other = play(&jerusalem(PLAYED), "b1b2@d1");
    assert!(with_prefix(&other, "c8").contains(&"c8c1".to_string()));
    let green = play_line(&other, "a8a7 h8h7");
    assert!(!with_prefix(&green, "h1").contains(&"h1d1".to_string()));
    // On Jerusalem's next turn the bishop's shelter ends with a new pick.
    let next = play_line(&p, "a8a7 h8h7 d2e3 b2b3@d1");
    assert!(with_prefix(&next, "c8").contains(&"c8c1".to_string()));
}

#[test]
fn the_sheltered_square_is_position_text_and_bad_squares_are_refused() {
    let p = jerusalem(&format!("{PLAYED},'sheltered':('c1','','','')"));
    assert_eq!(pos(p.variant(), &p.to_fen()), p);
    let v = p.variant().clone();
    for (entry, why) in [
        ("('c9','','','')", "is not a square"),
        ("('','c1','','')", "no power that keeps 'sheltered'"),
        ("(c1,'','','')", "is not quoted"),
    ] {
        let text = p.to_fen().replace("('c1','','','')", entry);
        let e = Pos::from_fen(&v, &text).unwrap_err().to_string();
        assert!(e.contains(why), "{entry}: {e}");
    }
}

// ----------------------------------------------------------- Netherlands

/// Red (the Netherlands) to move with a rook on d4; `fifth` is the fifth
/// rank (`d5` is where the rook goes).
fn dutch(extras: &str, fifth: &str, ids: &str) -> Pos {
    let rows = [
        "bK,5,yP,yK",
        "8",
        "8",
        fifth,
        "3,rR,4",
        "8",
        "8",
        "rK,5,gP,gK",
    ];
    pos(&lineup(ids), &fen('R', extras, rows))
}

const DUTCH: &str = "netherlands,default,default,default";

#[test]
fn a_dutch_piece_moving_next_to_an_enemy_piece_swaps_owners_with_it() {
    let p = dutch(PLAYED, "4,bN,3", DUTCH);
    assert_eq!(with_prefix(&p, "d4d5"), sorted(&["d4d5@e5"]));
    let after = play(&p, "d4d5@e5");
    assert_eq!(piece(&after, "d5"), Some((1, 'r')));
    assert_eq!(piece(&after, "e5"), Some((0, 'n')));
    // Elsewhere the rook just moves.
    assert_eq!(with_prefix(&p, "d4d3"), sorted(&["d4d3"]));
    // The swap is part of the move: a record reads and writes it.
    let m = "d4d5@e5"
        .parse::<tetrarch_rules::notation::uci::UciMove>()
        .unwrap()
        .to_move(&p)
        .unwrap();
    let written = Pgn4Move::from_move(&p, m).to_string();
    assert_eq!(written, "Rd4-d5@e5");
    assert_eq!(written.parse::<Pgn4Move>().unwrap().to_move(&p).unwrap(), m);
    assert!("Rd4-d5".parse::<Pgn4Move>().unwrap().to_move(&p).is_err());
}

#[test]
fn with_several_enemy_pieces_next_to_it_the_dutch_player_picks_one() {
    let p = dutch(PLAYED, "2,yB,1,bN,3", DUTCH);
    assert_eq!(with_prefix(&p, "d4d5"), sorted(&["d4d5@c5", "d4d5@e5"]));
    let after = play(&p, "d4d5@c5");
    assert_eq!(piece(&after, "c5"), Some((0, 'b')));
    assert_eq!(piece(&after, "d5"), Some((2, 'r')));
    assert_eq!(piece(&after, "e5"), Some((1, 'n')));
}

#[test]
fn kings_and_pieces_proof_against_powers_are_never_swapped() {
    let p = dutch(PLAYED, "4,bK,3", "netherlands,default,default,default");
    assert_eq!(with_prefix(&p, "d4d5"), sorted(&["d4d5"]));
    // Sparta's warrior is proof against powers.
    let p = dutch(PLAYED, "4,bG,3", "netherlands,sparta,default,default");
    assert_eq!(with_prefix(&p, "d4d5"), sorted(&["d4d5"]));
    // The Dutch king moving next to an enemy piece swaps nothing.
    let rows = [
        "bK,5,yP,yK",
        "8",
        "8",
        "8",
        "8",
        "8",
        "1,bN,6",
        "rK,2,rR,2,gP,gK",
    ];
    let p = red_to_move(DUTCH, rows);
    assert_eq!(with_prefix(&p, "a1a2"), sorted(&["a1a2"]));
    // The rook beside it would swap.
    assert_eq!(with_prefix(&p, "d1d2"), sorted(&["d1d2"]));
    assert_eq!(with_prefix(&p, "d1b1"), sorted(&["d1b1@b2"]));
}

#[test]
fn there_is_no_swapping_on_the_first_turn() {
    let p = dutch("", "4,bN,3", DUTCH);
    assert_eq!(with_prefix(&p, "d4d5"), sorted(&["d4d5"]));
    let second = dutch("'turns':(1,0,0,0)", "4,bN,3", DUTCH);
    assert_eq!(with_prefix(&second, "d4d5"), sorted(&["d4d5@e5"]));
}

#[test]
fn a_capture_that_lands_next_to_an_enemy_piece_swaps_too() {
    let p = dutch(PLAYED, "3,yP,bN,3", DUTCH);
    assert_eq!(with_prefix(&p, "d4d5"), sorted(&["d4d5@e5"]));
    let after = play(&p, "d4d5@e5");
    assert_eq!(piece(&after, "d5"), Some((1, 'r')));
    assert_eq!(piece(&after, "e5"), Some((0, 'n')));
}

#[test]
fn a_swapped_pawn_goes_its_new_armys_way() {
    // A blue pawn on e5 becomes red's and steps up the board, as red's do.
    let p = dutch(PLAYED, "4,bP,3", DUTCH);
    let after = play_line(&p, "d4d5@e5 a8a7 h8h7 h1h2");
    assert_eq!(piece(&after, "e5"), Some((0, 'p')));
    assert!(
        with_prefix(&after, "e5").contains(&"e5e6".to_string()),
        "{:?}",
        moves(&after)
    );
}

#[test]
fn a_nation_has_at_most_one_power_that_chooses_a_cell() {
    let text = include_str!("../variants/nations/jerusalem.toml").to_string()
        + "\n[[powers]]\nid = \"trade\"\n";
    let e = tetrarch_rules::variant::Nation::from_toml(&text, "mine.toml").unwrap_err();
    assert!(
        e.to_string().contains("a nation may have one such power"),
        "{e}"
    );
    assert!(e.to_string().contains("powers"), "{e}");
}

// ------------------------------------------------------------------ Gaul

const GAUL: &str = "gaul,default,default,default";

/// Red (Gaul) to move with a rook on d4; `ranks` are ranks 8 to 5.
fn gaul(ranks: [&str; 4]) -> Pos {
    let rows = [
        ranks[0],
        ranks[1],
        ranks[2],
        ranks[3],
        "3,rR,4",
        "8",
        "8",
        "rK,5,gP,gK",
    ];
    red_to_move(GAUL, rows)
}

#[test]
fn gaul_may_push_any_number_of_pieces_of_the_moved_kind_in_line_with_it() {
    // After d4-d5, a blue rook on d7 (up the file) and a yellow rook on e5
    // (along the rank) stand in line with nothing between.
    let p = gaul(["bK,5,yP,yK", "3,bR,4", "8", "4,yR,3"]);
    assert_eq!(
        with_prefix(&p, "d4d5"),
        sorted(&["d4d5", "d4d5@d7", "d4d5@e5", "d4d5@e5d7"])
    );
    // Two squares away: the yellow rook goes to g5.
    let after = play(&p, "d4d5@e5");
    assert_eq!(piece(&after, "e5"), None);
    assert_eq!(piece(&after, "g5"), Some((2, 'r')));
    assert_eq!(piece(&after, "d7"), Some((1, 'r')));
    // Not stopped by the edge: the blue rook leaves the board.
    let after = play(&p, "d4d5@e5d7");
    assert_eq!(piece(&after, "d7"), None);
    assert_eq!(piece(&after, "d8"), None);
    assert_eq!(piece(&after, "g5"), Some((2, 'r')));
    // Without a push, nothing moves but the rook.
    let after = play(&p, "d4d5");
    assert_eq!(piece(&after, "e5"), Some((2, 'r')));
    // A record names the pushed pieces.
    let m = "d4d5@e5d7"
        .parse::<tetrarch_rules::notation::uci::UciMove>()
        .unwrap();
    let m = m.to_move(&p).unwrap();
    let written = Pgn4Move::from_move(&p, m).to_string();
    assert_eq!(written, "Rd4-d5@e5d7");
    assert_eq!(written.parse::<Pgn4Move>().unwrap().to_move(&p).unwrap(), m);
}

#[test]
fn only_the_first_piece_of_the_moved_kind_of_another_player_is_pushed() {
    // A knight, a red rook, a rook behind a pawn: nothing to push.
    let p = gaul(["bK,5,yP,yK", "3,bR,4", "3,bP,4", "2,bN,1,rR,3"]);
    assert_eq!(with_prefix(&p, "d4d5"), sorted(&["d4d5"]));
}

#[test]
fn a_pushed_piece_stops_early_at_a_piece() {
    let p = gaul(["bK,5,yP,yK", "8", "8", "4,yR,1,bP,1"]);
    let after = play(&p, "d4d5@e5");
    assert_eq!(piece(&after, "f5"), Some((2, 'r')));
    assert_eq!(piece(&after, "g5"), Some((1, 'p')));
}

#[test]
fn a_last_king_pushed_off_the_board_is_taken() {
    // The Gaulish king steps to a7 under the blue king on a8.
    let rows = [
        "bK,5,yP,yK",
        "8",
        "rK,7",
        "8",
        "3,bN,4",
        "8",
        "8",
        "rR,5,gP,gK",
    ];
    let p = red_to_move(GAUL, rows);
    let after = play(&p, "a6a7@a8");
    assert_eq!(piece(&after, "a8"), None);
    assert_eq!(
        after.commander_of(tetrarch_rules::Seat(1)),
        tetrarch_rules::Seat(0)
    );
    assert_eq!(piece(&after, "d4"), Some((1, 'n')));
}

/// A piece proof against powers is never swapped, not even as the mover:
/// a Spartan warrior the Dutch took over moves next to yellow's knight
/// and stays theirs (found by the reference: only the enemy was checked).
#[test]
fn a_warrior_the_dutch_took_over_is_never_traded() {
    let rows = [
        "6,yP,yK",
        "8",
        "8",
        "4,yN,3",
        "8",
        "3,bG,4",
        "8",
        "rK,4,rR,gP,gK",
    ];
    let extras = format!("'commanders':('','r','',''),{PLAYED}");
    let p = pos(
        &lineup("netherlands,sparta,default,default"),
        &fen('R', &extras, rows),
    );
    let warrior = with_prefix(&p, "d3");
    assert!(warrior.contains(&"d3d5".to_string()), "{warrior:?}");
    assert!(!warrior.iter().any(|m| m.contains('@')), "{warrior:?}");
    // Red's own rook, a plain piece, swaps when it lands beside the knight.
    let rook = with_prefix(&p, "f1");
    assert!(rook.contains(&"f1f5@e5".to_string()), "{rook:?}");
}

/// Nor is a pawn that lands promoted to one: a Spartan pawn the Dutch
/// took over promotes to a warrior beside yellow's knight and is not
/// swapped, while as a rook it is.
#[test]
fn a_pawn_promoted_to_a_warrior_is_never_traded() {
    let rows = [
        "6,yP,yK",
        "8",
        "8",
        "7,yN",
        "6,bP,1",
        "8",
        "8",
        "rK,rR,4,gP,gK",
    ];
    let extras = format!("'commanders':('','r','',''),{PLAYED}");
    let p = pos(
        &lineup("netherlands,sparta,default,default"),
        &fen('R', &extras, rows),
    );
    let pawn = with_prefix(&p, "g4");
    assert!(pawn.contains(&"g4h4g".to_string()), "{pawn:?}");
    assert!(pawn.contains(&"g4h4r@h5".to_string()), "{pawn:?}");
    assert!(!pawn.contains(&"g4h4g@h5".to_string()), "{pawn:?}");
}
