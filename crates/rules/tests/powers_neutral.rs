//! Switzerland's neutrality (issue 13, `neutral`): an opponent captures a
//! Swiss piece only after the Swiss took one of its pieces, after it
//! captured or lost 3 pieces, or while it is in check. Each rule of
//! `docs/nations.md` with a position where it decides something.

use crate::european_fen;
use crate::lineup_play;

use european_fen::{PLAYED, fen};
use lineup_play::*;

const SWISS: &str = "default,switzerland,default,default";

/// Blue is Swiss, with a knight on d6; red has a rook on d4 and a bishop
/// on b4 that reach it, a pawn on c4 the knight attacks and one on f3
/// that the yellow knight on h4 attacks. `counts` is blue's `'neutral'`
/// entry (red's, yellow's and green's counts).
fn swiss(turn: char, counts: &str, first_rank: &str) -> Pos {
    let extras = match counts {
        "" => PLAYED.to_string(),
        c => format!("{PLAYED},'neutral':('','{c}','','')"),
    };
    let rows = [
        "bK,5,yP,yK",
        "8",
        "3,bN,4",
        "8",
        "1,rB,rP,rR,3,yN",
        "5,rP,2",
        "8",
        first_rank,
    ];
    pos(&lineup(SWISS), &fen(turn, &extras, rows))
}

const RANK_1: &str = "rK,5,gP,gK";

/// Whether red, to move in `p`, may capture the Swiss knight on d6.
fn red_takes_d6(p: &Pos) -> bool {
    moves(p).iter().any(|m| m == "b4d6" || m == "d4d6")
}

#[test]
fn a_swiss_piece_is_not_captured_by_an_opponent_who_has_not_earned_it() {
    let p = swiss('R', "", RANK_1);
    let rook = with_prefix(&p, "d4");
    assert!(rook.contains(&"d4d5".to_string()), "{rook:?}");
    assert!(!rook.contains(&"d4d6".to_string()), "{rook:?}");
    assert!(!red_takes_d6(&p));
    // Other players' pieces are taken as ever.
    assert!(rook.contains(&"d4h4".to_string()), "{rook:?}");
    // Two captures or losses are not yet three.
    assert!(!red_takes_d6(&swiss('R', "200", RANK_1)));
}

#[test]
fn once_the_swiss_took_a_piece_of_an_opponent_it_may_capture_theirs() {
    assert!(red_takes_d6(&swiss('R', "300", RANK_1)));
    // Blue's knight takes the c4 pawn: red may take it back at once.
    let p = play_line(&swiss('R', "", RANK_1), "a1a2 d6c4 h8h7 h1h2");
    assert!(
        p.to_fen().contains("'neutral':('','300','','')"),
        "{}",
        p.to_fen()
    );
    assert!(with_prefix(&p, "d4").contains(&"d4c4".to_string()));
}

#[test]
fn an_opponent_with_three_captures_may_capture_swiss_pieces() {
    // Red took twice before; taking the yellow knight is its third.
    let p = play(&swiss('R', "200", RANK_1), "d4h4");
    // Yellow lost a piece: it counts one.
    assert!(
        p.to_fen().contains("'neutral':('','310','','')"),
        "{}",
        p.to_fen()
    );
    let p = play_line(&p, "a8b8 h8h7 h1h2");
    assert!(red_takes_d6(&p));
    // Without the two before, one capture is not enough.
    let p = play_line(&swiss('R', "", RANK_1), "d4h4 a8b8 h8h7 h1h2");
    assert!(!red_takes_d6(&p));
}

#[test]
fn an_opponent_with_three_pieces_lost_may_capture_swiss_pieces() {
    // The yellow knight takes red's f3 pawn: red's third loss.
    let line = "a1a2 a8b8 h4f3 h1h2";
    assert!(red_takes_d6(&play_line(&swiss('R', "200", RANK_1), line)));
    assert!(!red_takes_d6(&play_line(&swiss('R', "100", RANK_1), line)));
}

#[test]
fn an_opponent_in_check_may_capture_swiss_pieces() {
    // A green rook on f1 attacks the red king.
    let p = swiss('R', "", "rK,4,gR,gP,gK");
    assert!(red_takes_d6(&p));
    // Shielded by its knight, the king is not attacked: red may not.
    let shielded = swiss('R', "", "rK,rN,3,gR,gP,gK");
    assert!(!red_takes_d6(&shielded));
}

#[test]
fn destroying_a_swiss_piece_is_no_capture_and_a_destroyed_piece_is_lost() {
    // Yellow (Conquistadors) destroys what stands orthogonally next to its
    // knight on h4 as its turn begins: the Swiss rook on h5 and red's pawn
    // on g4, red's third loss.
    let ids = "default,switzerland,conquistadors,default";
    let rows = [
        "bK,5,yP,yK",
        "8",
        "3,bN,4",
        "7,bR",
        "1,rB,1,rR,2,rP,yN",
        "8",
        "8",
        RANK_1,
    ];
    let extras = format!("{PLAYED},'neutral':('','200','','')");
    let p = pos(&lineup(ids), &fen('B', &extras, rows));
    let p = play(&p, "a8b8");
    assert_eq!(piece(&p, "h5"), None, "{}", p.to_fen());
    assert_eq!(piece(&p, "g4"), None, "{}", p.to_fen());
    assert!(
        p.to_fen().contains("'neutral':('','300','','')"),
        "{}",
        p.to_fen()
    );
    let p = play_line(&p, "h8h7 h1h2");
    assert!(red_takes_d6(&p));
}

#[test]
fn once_switzerland_is_out_its_former_pieces_are_captured_as_any() {
    // Red, with three captures, takes the Swiss king on a8 with its rook;
    // the knight on d6 is red's, and the yellow knight on f5 may take it.
    let rows = [
        "bK,5,yP,yK",
        "8",
        "3,bN,4",
        "5,yN,2",
        "rR,7",
        "8",
        "8",
        RANK_1,
    ];
    let extras = format!("{PLAYED},'neutral':('','300','','')");
    let p = pos(&lineup(SWISS), &fen('R', &extras, rows));
    let after = play(&p, "a4a8");
    assert_eq!(piece(&after, "d6"), Some((1, 'n')));
    assert!(with_prefix(&after, "f5").contains(&"f5d6".to_string()));
    // Had red played elsewhere, yellow could not.
    let quiet = play_line(&p, "a1a2 a8b8");
    assert!(!with_prefix(&quiet, "f5").contains(&"f5d6".to_string()));
}

#[test]
fn neither_part_of_a_double_move_captures_a_guarded_piece() {
    // Red (Austria) has knights on c4 and g1; the c4 knight reaches d6.
    let rows = [
        "bK,5,yP,yK",
        "8",
        "3,bN,4",
        "8",
        "2,rN,5",
        "8",
        "8",
        "rK,5,rN,gK",
    ];
    let v = lineup("austria,switzerland,default,default");
    let all = moves(&pos(&v, &fen('R', PLAYED, rows)));
    assert!(all.iter().any(|m| m.starts_with("move-two@")), "{all:?}");
    assert!(!all.iter().any(|m| m.contains("c4d6")), "{all:?}");
    // Once red earned it, both the plain capture and the parts take it.
    let earned = format!("{PLAYED},'neutral':('','300','','')");
    let all = moves(&pos(&v, &fen('R', &earned, rows)));
    assert!(all.contains(&"c4d6".to_string()), "{all:?}");
    assert!(all.contains(&"move-two@g1f3c4d6".to_string()), "{all:?}");
}

#[test]
fn the_counts_are_position_text_and_bad_counts_are_refused() {
    let p = swiss('R', "301", RANK_1);
    let text = p.to_fen();
    assert!(text.contains("'neutral':('','301','','')"), "{text}");
    assert_eq!(pos(&lineup(SWISS), &text), p);
    assert_ne!(swiss('R', "300", RANK_1), p);
    assert!(!swiss('R', "", RANK_1).to_fen().contains("'neutral'"));
    let v = lineup(SWISS);
    for (counts, why) in [
        ("('','3x0','','')", "digits from 0 to 3"),
        ("('','30','','')", "3 digits"),
        ("('','304','','')", "digits from 0 to 3"),
        ("('300','','','')", "no power that counts losses"),
    ] {
        let text = fen(
            'R',
            &format!("{PLAYED},'neutral':{counts}"),
            ["bK,5,yP,yK", "8", "3,bN,4", "8", "8", "8", "8", RANK_1],
        );
        let e = Pos::from_fen(&v, &text).unwrap_err().to_string();
        assert!(e.contains(why), "{counts}: {e}");
    }
}

#[test]
fn check_counts_an_army_for_the_player_who_commands_it() {
    // 2v2, red and yellow against blue and green; red is out and green
    // commands its knight on g6, which attacks the yellow king: yellow is
    // in check and may take the Swiss knight on e5 with its rook.
    let v = tetrarch_rules::Variant::builtin("european-teams")
        .unwrap()
        .with_lineup(SWISS, &[])
        .unwrap();
    let rows = |sixth: &'static str| {
        [
            "bK,3,yR,2,yK",
            "8",
            sixth,
            "4,bN,3",
            "8",
            "8",
            "8",
            "6,gP,gK",
        ]
    };
    let extras = format!("'commanders':('g','','',''),{PLAYED}");
    let checked = pos(&v, &fen('Y', &extras, rows("6,rN,1")));
    assert!(with_prefix(&checked, "e8").contains(&"e8e5".to_string()));
    let quiet = pos(&v, &fen('Y', &extras, rows("8")));
    assert!(!with_prefix(&quiet, "e8").contains(&"e8e5".to_string()));
}

/// "In check" is a royal piece attacked, and a minister that is not
/// Britain's last is no royal piece: British red, its minister on e4
/// attacked by yellow's rook, may not take the Swiss knight until that
/// minister is its last (found by the reference).
#[test]
fn a_minister_that_is_not_the_last_is_not_in_check() {
    let swiss_and_britain = |first_rank: &str| {
        let rows = [
            "bK,5,yP,yK",
            "8",
            "3,bN,4",
            "8",
            "3,rR,rO,2,yR",
            "8",
            "8",
            first_rank,
        ];
        // Every seat is in (the short FEN counts kings; Britain has none).
        let text = fen('R', PLAYED, rows).replacen("R-1,", "R-0,", 1);
        pos(&lineup("britain,switzerland,default,default"), &text)
    };
    assert!(!red_takes_d6(&swiss_and_britain("rO,5,gP,gK")));
    assert!(red_takes_d6(&swiss_and_britain("6,gP,gK")));
}
