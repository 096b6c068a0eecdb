//! Nation powers of turns of two parts, landing effects and proof against
//! powers (issue 13): Sparta's warrior and its once-per-game king-and-
//! warrior move, Austria's two knights and their double attack, Egypt's
//! belief (proof against powers, promotion to any kind of the start, the
//! king's diagonal leap). Each rule of `docs/nations.md` with a position
//! where it decides something.

use crate::european_fen;
use crate::lineup_play;

use european_fen::{PLAYED, fen};
use lineup_play::*;
use std::collections::HashSet;

/// `text` with every seat marked in: the test helper counts `K` kings
/// only, and Egypt's king is a `Y`.
fn all_in(text: String) -> String {
    let (turn, rest) = text.split_at(2);
    let (_, rest) = rest.split_at(rest.find('-').expect("FEN4 fields"));
    format!("{turn}0,0,0,0{rest}")
}

/// The `move-two` moves of `p`, each leading to a position of its own.
fn double_moves(p: &Pos) -> Vec<String> {
    let doubles = with_prefix(p, "move-two@");
    let ends: HashSet<String> = doubles.iter().map(|m| play(p, m).to_fen()).collect();
    assert_eq!(ends.len(), doubles.len(), "one move per turn: {doubles:?}");
    doubles
}

// --------------------------------------------------------------- Sparta

/// Red (Sparta) to move: the warrior on d4, the king on a1, a blue rook on
/// a4 that attacks the king when `rook` is set.
fn sparta(rook: bool, extras: &str) -> Pos {
    let fourth = if rook { "bR,2,rG,4" } else { "3,rG,4" };
    let rows = [
        "bK,5,yP,yK",
        "bP,7",
        "8",
        "8",
        fourth,
        "8",
        "8",
        "rK,5,gP,gK",
    ];
    pos(
        &lineup("sparta,default,default,default"),
        &fen('R', extras, rows),
    )
}

#[test]
fn a_spartan_warrior_moves_as_a_queen_and_as_a_knight() {
    let p = sparta(false, PLAYED);
    let from_d4 = with_prefix(&p, "d4");
    assert_eq!(from_d4.len(), 26 + 8, "{from_d4:?}");
    for m in ["d4f5", "d4b3", "d4h8", "d4a7", "d4d8", "d4g1"] {
        assert!(from_d4.contains(&m.to_string()), "{m}");
    }
}

#[test]
fn spartan_pawns_promote_to_a_warrior_only_while_sparta_holds_none() {
    let v = lineup("sparta,default,default,default");
    let rows = |warrior: &'static str| {
        [
            "bK,5,yP,yK",
            "2,rP,5",
            "8",
            "8",
            warrior,
            "8",
            "bP,7",
            "rK,5,gP,gK",
        ]
    };
    let p = pos(&v, &fen('R', PLAYED, rows("8")));
    assert_eq!(
        with_prefix(&p, "c7"),
        sorted(&["c7c8b", "c7c8g", "c7c8n", "c7c8r"])
    );
    let p = pos(&v, &fen('R', PLAYED, rows("7,rG")));
    assert_eq!(with_prefix(&p, "c7"), sorted(&["c7c8b", "c7c8n", "c7c8r"]));
}

#[test]
fn king_and_warrior_move_together_only_while_the_king_is_attacked() {
    assert!(double_moves(&sparta(false, PLAYED)).is_empty());
    let p = sparta(true, PLAYED);
    let doubles = double_moves(&p);
    // The king steps aside and the warrior takes the rook; the two orders
    // give one turn, offered once, the king's move first.
    assert!(doubles.contains(&"move-two@a1b1d4a4".to_string()));
    assert!(!doubles.contains(&"move-two@d4a4a1b1".to_string()));
    // The warrior lands where the king stood: only in this order.
    assert!(doubles.contains(&"move-two@a1a2d4a1".to_string()));
    // Every part is a move of the king or of the warrior.
    assert!(
        doubles
            .iter()
            .all(|m| m[9..].starts_with("a1") || m[9..].starts_with("d4"))
    );
    let after = play(&p, "move-two@a1b1d4a4");
    assert_eq!(piece(&after, "b1"), Some((0, 'k')));
    assert_eq!(piece(&after, "a4"), Some((0, 'g')));
    assert_eq!(piece(&after, "d4"), None);
}

#[test]
fn the_king_and_warrior_move_is_once_per_game() {
    let p = play(&sparta(true, PLAYED), "move-two@a1b1d4a4");
    let text = p.to_fen();
    assert!(text.contains("'spent':('0','','','')"), "{text}");
    assert_eq!(pos(p.variant(), &text), p);
    // Attacked again later: the power is spent.
    let spent = format!("{PLAYED},'spent':('0','','','')");
    let p = sparta(true, &spent);
    assert!(p.royal_attacked(tetrarch_rules::Seat(0)));
    assert!(double_moves(&p).is_empty());
}

/// Green to move; red (Conquistadors) has a bishop on d4; blue's piece
/// `piece` stands on d5 above it, a blue pawn on c4 beside it.
fn beside_a_conquistador(ids: &str, blue_king: &str, piece: &str) -> Pos {
    let rows = [
        &format!("{blue_king},5,yP,yK"),
        "8",
        "8",
        &format!("3,{piece},4"),
        "2,bP,rB,4",
        "8",
        "rP,7",
        "rK,5,gP,gK",
    ];
    pos(&lineup(ids), &all_in(fen('G', PLAYED, rows)))
}

#[test]
fn no_other_nations_power_destroys_a_spartan_warrior() {
    let p = beside_a_conquistador("conquistadors,sparta,default,default", "bK", "bG");
    let p = play(&p, "g1f1");
    assert_eq!(piece(&p, "d5"), Some((1, 'g')), "the warrior stands");
    assert_eq!(piece(&p, "c4"), None, "the pawn beside it does not");
}

// -------------------------------------------------------------- Austria

/// Red (Austria) to move: knights on c3 and f1; a blue rook on d5 that the
/// c3 knight attacks, the yellow king on e4 that it attacks too, and a
/// green pawn on f5.
fn austria(ids: &str, blue_king: &str) -> Pos {
    let rows = [
        &format!("{blue_king},5,yP,1"),
        "bP,7",
        "8",
        "3,bR,1,gP,2",
        "4,yK,3",
        "2,rN,5",
        "rP,7",
        "rK,4,rN,gP,gK",
    ];
    pos(&lineup(ids), &all_in(fen('R', PLAYED, rows)))
}

#[test]
fn a_knight_that_moves_to_attack_what_another_knight_attacks_destroys_it() {
    let p = austria("austria,default,default,default", "bK");
    let after = play(&p, "f1e3");
    assert_eq!(piece(&after, "d5"), None, "attacked by both knights");
    assert_eq!(piece(&after, "f5"), Some((3, 'p')), "attacked by one");
    assert_eq!(
        piece(&after, "e4"),
        Some((2, 'k')),
        "a king is not destroyed"
    );
    let after = play(&p, "f1d2");
    assert_eq!(piece(&after, "e4"), Some((2, 'k')));
    assert_eq!(piece(&after, "d5"), Some((1, 'r')), "d2 does not attack d5");
}

#[test]
fn an_egyptian_piece_is_not_destroyed_by_the_double_attack() {
    let p = austria("austria,egypt,default,default", "bY");
    let after = play(&p, "f1e3");
    assert_eq!(piece(&after, "d5"), Some((1, 'r')));
}

#[test]
fn two_austrian_knights_move_in_one_turn_not_two_turns_in_a_row() {
    let rows = [
        "bK,5,yP,yK",
        "bP,7",
        "8",
        "8",
        "8",
        "8",
        "rP,7",
        "rK,1,rN,2,rN,gP,gK",
    ];
    let p = red_to_move("austria,default,default,default", rows);
    let doubles = double_moves(&p);
    // c1 to b3, d3 or e2, f1 to d2, e3, g3 or h2: independent moves, each
    // pair once (the lower cell's knight first).
    assert_eq!(doubles.len(), 12, "{doubles:?}");
    assert!(doubles.contains(&"move-two@c1b3f1g3".to_string()));
    assert!(!doubles.contains(&"move-two@f1g3c1b3".to_string()));
    let p = play(&p, "move-two@c1b3f1g3");
    assert_eq!(piece(&p, "b3"), Some((0, 'n')));
    assert_eq!(piece(&p, "g3"), Some((0, 'n')));
    let p = play_line(&p, "a7b7 g8g7 g1f1");
    assert!(
        with_prefix(&p, "move-two@").is_empty(),
        "not twice in a row"
    );
    assert!(!with_prefix(&p, "b3").is_empty(), "single moves are played");
    let p = play_line(&p, "b3d4 b7c7 g7g6 f1e1");
    assert!(!double_moves(&p).is_empty(), "a turn later, again");
}

// ---------------------------------------------------------------- Egypt

#[test]
fn an_egyptian_pawn_promotes_to_any_kind_the_start_held_as_the_plain_piece() {
    let rows = [
        "bK,5,yP,yK",
        "2,rP,5",
        "8",
        "8",
        "8",
        "8",
        "bP,7",
        "rY,5,gP,gK",
    ];
    let promotions = |ids: &str| {
        let p = pos(&lineup(ids), &all_in(fen('R', PLAYED, rows)));
        with_prefix(&p, "c7")
    };
    assert_eq!(
        promotions("egypt,default,default,default"),
        sorted(&["c7c8b", "c7c8n", "c7c8r"])
    );
    // A Papal bishop and the Hurons' rook and bishop are plain pieces with
    // their nation's power; Sparta's warrior is a kind of its own.
    assert_eq!(
        promotions("egypt,papal-states,hurons,sparta"),
        sorted(&["c7c8b", "c7c8g", "c7c8n", "c7c8r"])
    );
}

#[test]
fn an_egyptian_king_also_leaps_two_squares_diagonally() {
    let rows = [
        "bK,5,yP,yK",
        "bP,7",
        "8",
        "8",
        "3,rY,4",
        "8",
        "rP,7",
        "7,gK",
    ];
    let p = pos(
        &lineup("egypt,default,default,default"),
        &all_in(fen('R', PLAYED, rows)),
    );
    let from_d4 = with_prefix(&p, "d4");
    assert_eq!(from_d4.len(), 8 + 4, "{from_d4:?}");
    assert!(from_d4.contains(&"d4f6".to_string()));
}

#[test]
fn no_other_nations_power_destroys_or_takes_an_egyptian_piece() {
    for (nation, source) in [("conquistadors", "rB"), ("incas", "rD")] {
        let ids = format!("{nation},egypt,default,default");
        let rows = [
            "bY,5,yP,yK",
            "8",
            "8",
            "3,bN,4",
            &format!("2,bP,{source},4"),
            "8",
            "rP,7",
            "rK,5,gP,gK",
        ];
        let p = pos(&lineup(&ids), &all_in(fen('G', PLAYED, rows)));
        let p = play(&p, "g1f1");
        assert_eq!(piece(&p, "d5"), Some((1, 'n')), "{nation}");
        assert_eq!(piece(&p, "c4"), Some((1, 'p')), "{nation}");
    }
}

// ---------------------------------------------------- Holy Roman Empire

#[test]
fn two_imperial_rooks_move_in_one_turn_not_the_same_way() {
    let rows = [
        "bK,5,yP,yK",
        "bP,7",
        "8",
        "8",
        "8",
        "2,rR,5",
        "5,rR,2",
        "rK,5,gP,gK",
    ];
    let p = red_to_move("holy-roman-empire,default,default,default", rows);
    let doubles = double_moves(&p);
    // Moves that keep off each other are written the lower cell's first.
    assert!(doubles.contains(&"move-two@f2h2c3c6".to_string()));
    assert!(!doubles.contains(&"move-two@c3c6f2h2".to_string()));
    assert!(
        !doubles.contains(&"move-two@f2f5c3c6".to_string()),
        "both north"
    );
    assert!(
        !doubles.contains(&"move-two@f2e2c3a3".to_string()),
        "both west"
    );
    // The first rook passes where the second lands: in this order only.
    assert!(doubles.contains(&"move-two@c3h3f2f3".to_string()));
    assert!(!doubles.contains(&"move-two@f2f3c3h3".to_string()));
    let p = play(&p, "move-two@f2h2c3c6");
    assert_eq!(piece(&p, "c6"), Some((0, 'r')));
    assert_eq!(piece(&p, "h2"), Some((0, 'r')));
}

#[test]
fn turns_of_four_imperial_rooks_are_offered_once() {
    // Four rooks give over a thousand turns of two: the table that tells
    // turns that end alike apart once stopped at 512 and offered the
    // rest twice (found while adding Ancient China's wall).
    let rows = [
        "bK,6,yK", "8", "5,rR,2", "8", "2,rR,5", "6,rR,1", "1,rR,6", "rK,6,gK",
    ];
    let p = red_to_move("holy-roman-empire,default,default,default", rows);
    assert!(double_moves(&p).len() > 512);
}

/// Blue to move: its knight on c6 attacks red's rook on d4, which red's
/// other rook (d1) and pawn (c3) guard; a yellow rook on h4 may take the
/// knight once it stands on d4.
fn imperial_rook_taken() -> Pos {
    let rows = [
        "bK,5,yP,yK",
        "8",
        "2,bN,5",
        "8",
        "3,rR,3,yR",
        "2,rP,5",
        "rP,7",
        "rK,2,rR,2,gP,gK",
    ];
    let p = pos(
        &lineup("holy-roman-empire,default,default,default"),
        &fen('B', PLAYED, rows),
    );
    play(&p, "c6d4")
}

#[test]
fn a_rooks_capturer_is_not_taken_by_a_rook_on_the_next_turn() {
    let p = imperial_rook_taken();
    let text = p.to_fen();
    assert!(text.contains("'barred':('d4','','','')"), "{text}");
    assert_eq!(pos(p.variant(), &text), p);
    let p = play_line(&p, "g8g7 g1f1");
    let red = moves(&p);
    assert!(!red.contains(&"d1d4".to_string()), "the rook may not");
    assert!(red.contains(&"c3d4".to_string()), "the pawn may");
    assert!(red.contains(&"d1d3".to_string()));
    // A turn later, it may.
    let p = play_line(&p, "a2a3 a8b8 g7g6 f1e1");
    assert!(!p.to_fen().contains("'barred'"));
    assert!(moves(&p).contains(&"d1d4".to_string()));
}

#[test]
fn the_bar_ends_when_the_capturer_is_taken() {
    let p = play_line(&imperial_rook_taken(), "h4d4 g1f1");
    assert!(!p.to_fen().contains("'barred'"), "{}", p.to_fen());
    assert!(moves(&p).contains(&"d1d4".to_string()));
}

/// Once the capturer's cell is empty (its piece destroyed or moved by
/// another nation's power, which no bar follows), a rook moving there
/// takes nothing and is not barred (found by the reference).
#[test]
fn a_rook_may_move_onto_the_empty_cell_of_a_gone_capturer() {
    let rows = ["bK,6,yK", "8", "8", "8", "8", "8", "6,gP,1", "rK,2,rR,3,gK"];
    let extras = format!("{PLAYED},'barred':('d4','','','')");
    let p = pos(
        &lineup("holy-roman-empire,default,default,default"),
        &fen('R', &extras, rows),
    );
    assert!(moves(&p).contains(&"d1d4".to_string()), "{}", p.to_fen());
}

/// A capturer that takes again and stays where it was (a Medieval
/// British longbow) is still the one barred (found by the reference: the
/// kernel followed it to the square it took on, which is empty).
#[test]
fn the_bar_stays_on_a_longbow_that_takes_in_place() {
    let rows = [
        "bK,6,yK",
        "7,yP",
        "4,yP,3",
        "8",
        "3,bN,4",
        "8",
        "6,gP,1",
        "rK,2,rR,3,gK",
    ];
    let extras = format!("{PLAYED},'barred':('d4','','','')");
    let p = pos(
        &lineup("holy-roman-empire,medieval-britain,default,default"),
        &fen('B', &extras, rows),
    );
    let p = play(&p, "d4e6");
    assert_eq!(piece(&p, "d4"), Some((1, 'n')), "{}", p.to_fen());
    assert!(
        p.to_fen().contains("'barred':('d4','','','')"),
        "{}",
        p.to_fen()
    );
    let p = play_line(&p, "h7h6 g2f2");
    assert!(!moves(&p).contains(&"d1d4".to_string()));
    assert!(moves(&p).contains(&"d1d3".to_string()));
}

// -------------------------------------------------------------- Britain

/// Red (Britain) to move in `rows`, with `extras`.
fn britain(turn: char, extras: &str, rows: [&str; 8]) -> Pos {
    let v = lineup("britain,default,default,default");
    pos(&v, &all_in(fen(turn, extras, rows)))
}

#[test]
fn a_minister_moves_as_a_king_and_as_a_knight() {
    let rows = [
        "bK,5,yP,yK",
        "bP,7",
        "8",
        "8",
        "3,rO,4",
        "8",
        "rP,7",
        "rO,5,gP,gK",
    ];
    let p = britain('R', PLAYED, rows);
    assert_eq!(with_prefix(&p, "d4").len(), 8 + 8);
}

/// Blue's rook on d8 takes the minister on d4; red keeps playing while it
/// has another, and its army goes to blue with the last.
#[test]
fn britain_is_out_when_its_last_minister_is_taken() {
    let rows = |second: &'static str| {
        [
            "bK,2,bR,2,yP,yK",
            "bP,7",
            "8",
            "8",
            "3,rO,4",
            "8",
            "rP,7",
            second,
        ]
    };
    let p = play(&britain('B', PLAYED, rows("rO,5,gP,gK")), "d8d4");
    assert_eq!(p.alive_seats() & 1, 1, "a minister is left");
    assert_eq!(
        p.commander_of(tetrarch_rules::Seat(0)),
        tetrarch_rules::Seat(0)
    );
    let p = play(&britain('B', PLAYED, rows("6,gP,gK")), "d8d4");
    assert_eq!(p.alive_seats() & 1, 0);
    assert_eq!(
        p.commander_of(tetrarch_rules::Seat(0)),
        tetrarch_rules::Seat(1)
    );
}

/// Blue in its opening turns may attack a minister while Britain has
/// another, not its last one: only the last counts as royal.
#[test]
fn only_the_last_minister_is_royal_for_the_opening_rule() {
    let rows = |second: &'static str| {
        [
            "bK,5,yP,yK",
            "bP,7",
            "8",
            "bR,7",
            "3,rO,4",
            "8",
            "rP,7",
            second,
        ]
    };
    let opening = "'turns':(2,0,2,2)";
    let p = britain('B', opening, rows("rO,5,gP,gK"));
    assert!(moves(&p).contains(&"a5d5".to_string()));
    let p = britain('B', opening, rows("6,gP,gK"));
    assert!(!moves(&p).contains(&"a5d5".to_string()));
}

#[test]
fn no_minister_moves_like_a_knight_on_two_turns_in_a_row() {
    let rows = [
        "bK,5,yP,yK",
        "bP,7",
        "8",
        "8",
        "8",
        "8",
        "rP,7",
        "rO,5,gP,gK",
    ];
    let p = britain('R', PLAYED, rows);
    let p = play_line(&p, "a1b3 a7b7 g8g7 g1f1");
    let from_b3 = with_prefix(&p, "b3");
    assert!(from_b3.contains(&"b3b4".to_string()), "a king move");
    assert!(!from_b3.contains(&"b3c5".to_string()), "no knight move");
    assert!(p.to_fen().contains("'powers':('0','','','')"));
    // After a king move, the knight move is back.
    let p = play_line(&p, "b3b4 b7c7 g7g6 f1e1");
    assert!(moves(&p).contains(&"b4c6".to_string()));
}

#[test]
fn britain_promotes_to_a_minister_only_while_it_commands_its_own_army() {
    let rows = [
        "bK,5,yP,yK",
        "2,rP,5",
        "8",
        "8",
        "8",
        "8",
        "bP,7",
        "rO,5,gP,gK",
    ];
    let p = britain('R', PLAYED, rows);
    assert_eq!(with_prefix(&p, "c7"), sorted(&["c7c8o"]));
    // Taken over by blue, the army's pawns gain no royal piece: they
    // promote as blue's (the default army's) do.
    let mut taken = rows;
    taken[7] = "6,gP,gK";
    let text = fen('B', &format!("{PLAYED},'commanders':('b','','','')"), taken);
    let p = pos(&lineup("britain,default,default,default"), &text);
    assert_eq!(with_prefix(&p, "c7"), sorted(&["c7c8b", "c7c8n", "c7c8r"]));
}

/// Green to move; red (Conquistadors) has a bishop on d4 beside blue's
/// (Britain's) minister on d5.
#[test]
fn a_minister_that_is_not_the_last_may_be_destroyed_by_a_power() {
    let rows = |second: &'static str| {
        [
            second,
            "8",
            "8",
            "3,bO,4",
            "3,rB,4",
            "8",
            "rP,7",
            "rK,5,gP,gK",
        ]
    };
    let v = lineup("conquistadors,britain,default,default");
    let p = pos(&v, &all_in(fen('G', PLAYED, rows("bO,5,yP,yK"))));
    assert_eq!(piece(&play(&p, "g1f1"), "d5"), None);
    let p = pos(&v, &all_in(fen('G', PLAYED, rows("bP,5,yP,yK"))));
    assert_eq!(
        piece(&play(&p, "g1f1"), "d5"),
        Some((1, 'o')),
        "the last is royal"
    );
}

/// The order of the two parts can decide whether a Swiss piece may be
/// taken: the warrior takes the Swiss knight that checks the king while
/// the king is in check, then the king steps away; king first, the check
/// would be over and the knight safe. The turn is offered in the order
/// that is legal (found by the reference: only the king-first order was
/// tried).
#[test]
fn a_double_move_is_offered_in_the_order_that_neutrality_allows() {
    let rows = [
        "bK,5,yP,yK",
        "8",
        "8",
        "8",
        "8",
        "1,bN,rG,5",
        "8",
        "rK,5,gP,gK",
    ];
    let p = pos(
        &lineup("sparta,switzerland,default,default"),
        &fen('R', PLAYED, rows),
    );
    let doubles = double_moves(&p);
    assert!(
        doubles.contains(&"move-two@c3b3a1a2".to_string()),
        "{doubles:?}"
    );
    assert!(
        !doubles.contains(&"move-two@a1a2c3b3".to_string()),
        "{doubles:?}"
    );
}
