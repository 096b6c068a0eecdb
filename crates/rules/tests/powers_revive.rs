//! Canada's healthcare (issue 14, `revive`): twice per game, instead of
//! moving, a lost piece comes back on an empty square where its kind
//! started (the text is cut off; the design is in `docs/nations.md`).
//! Each sentence and each decision with a position where it decides
//! something.

use crate::european_fen;
use crate::lineup_play;

use european_fen::{PLAYED, fen};
use lineup_play::*;

const CANADA: &str = "canada,default,default,default";

/// Red (Canada) to move with `second` and `first` as its first two
/// ranks; blue has its king and a pawn on a7, yellow a pawn on g8 beside
/// its king, green (in `first`) whatever it is given.
fn canada(extras: &str, second: &str, first: &str) -> Pos {
    let extras = format!("{PLAYED}{extras}");
    let rows = ["bK,5,yP,yK", "bP,7", "8", "8", "8", "8", second, first];
    pos(&lineup(CANADA), &fen('R', &extras, rows))
}

fn revivals(p: &Pos) -> Vec<String> {
    with_prefix(p, "revive@")
}

#[test]
fn nothing_lost_nothing_to_take_back() {
    let p = Pos::start(&lineup(CANADA));
    assert_eq!(revivals(&p), Vec::<String>::new());
}

#[test]
fn a_lost_piece_comes_back_where_its_kind_started() {
    // The bishop is lost: it may come back on c1, as Canada's own.
    let p = canada("", "rP,rP,rP,rP,4", "rK,rR,1,rN,2,gP,gK");
    assert_eq!(revivals(&p), sorted(&["revive@c1"]));
    let after = play(&p, "revive@c1");
    assert_eq!(piece(&after, "c1"), Some((0, 'b')));
}

#[test]
fn only_to_an_empty_square_of_its_kind() {
    // The bishop is lost but the knight stands on c1: no square for it.
    let p = canada("", "rP,rP,rP,rP,4", "rK,rR,rN,3,gP,gK");
    assert_eq!(revivals(&p), Vec::<String>::new());
}

#[test]
fn a_lost_pawn_comes_back_to_any_empty_pawn_square() {
    // Three pawns left, one of them gone on from a2 to a4: a2 and d2 are
    // pawn squares and empty.
    let rows = [
        "bK,5,yP,yK",
        "bP,7",
        "8",
        "8",
        "rP,7",
        "8",
        "1,rP,rP,5",
        "rK,rR,rB,rN,2,gP,gK",
    ];
    let p = pos(&lineup(CANADA), &fen('R', PLAYED, rows));
    assert_eq!(revivals(&p), sorted(&["revive@a2", "revive@d2"]));
    // It goes Canada's way, from its second row: two squares at once.
    let p = play_line(&p, "revive@d2 a7b7 g8g7 g1f1");
    assert!(moves(&p).contains(&"d2d4".to_string()));
}

#[test]
fn twice_per_game() {
    let p = canada("", "4,4", "rK,rR,rB,rN,2,gP,gK");
    let p = play(&p, "revive@a2");
    assert!(
        p.to_fen().contains("'spent':('0','','','')"),
        "{}",
        p.to_fen()
    );
    let p = play_line(&p, "a7b7 g8g7 g1f1 revive@b2 b7c7 g7g6 f1e1");
    assert!(
        p.to_fen().contains("'spent':('00','','','')"),
        "{}",
        p.to_fen()
    );
    // Two pawns are still lost, but the uses are spent.
    assert_eq!(revivals(&p), Vec::<String>::new());
}

#[test]
fn the_uses_are_position_text_and_too_many_are_refused() {
    let p = canada(",'spent':('0','','','')", "4,4", "rK,rR,rB,rN,2,gP,gK");
    assert_eq!(pos(p.variant(), &p.to_fen()), p);
    assert_eq!(revivals(&p).len(), 4);
    let spent = canada(",'spent':('00','','','')", "4,4", "rK,rR,rB,rN,2,gP,gK");
    assert_eq!(revivals(&spent), Vec::<String>::new());
    let text = p.to_fen().replace("('0','','','')", "('000','','','')");
    let e = Pos::from_fen(p.variant(), &text).unwrap_err().to_string();
    assert!(e.contains("more uses than"), "{e}");
}

#[test]
fn the_power_is_canadas_own_army() {
    // The default army beside it lost its bishop: it takes nothing back.
    let rows = [
        "bK,5,yP,yK",
        "bP,7",
        "8",
        "8",
        "8",
        "8",
        "rP,rP,rP,rP,4",
        "rK,rR,1,rN,2,gP,gK",
    ];
    let p = pos(
        &lineup("default,canada,default,default"),
        &fen('R', PLAYED, rows),
    );
    assert_eq!(revivals(&p), Vec::<String>::new());
}

/// The start of European Chess, rank 8 down.
const START: [&str; 8] = [
    "bK,bP,2,yN,yB,yR,yK",
    "bR,bP,2,yP,yP,yP,yP",
    "bB,bP,6",
    "bN,bP,6",
    "6,gP,gN",
    "6,gP,gB",
    "rP,rP,rP,rP,2,gP,gR",
    "rK,rR,rB,rN,2,gP,gK",
];

#[test]
fn every_corner_takes_back_to_its_own_squares() {
    // Canada in each seat, to move, its bishop lost (every army as at the
    // start otherwise): the bishop's square of that corner.
    for (seat, home, row, without) in [
        (0, "c1", 7, "rK,rR,1,rN,2,gP,gK"),
        (1, "a6", 2, "1,bP,6"),
        (2, "f8", 0, "bK,bP,2,yN,1,yR,yK"),
        (3, "h3", 5, "6,gP,1"),
    ] {
        let mut ids = ["default"; 4];
        ids[seat] = "canada";
        let mut rows = START;
        rows[row] = without;
        let turn = ['R', 'B', 'Y', 'G'][seat];
        let p = pos(&lineup(&ids.join(",")), &fen(turn, PLAYED, rows));
        assert_eq!(
            revivals(&p),
            sorted(&[&format!("revive@{home}")]),
            "seat {seat}"
        );
        let p = play(&p, &format!("revive@{home}"));
        assert_eq!(piece(&p, home), Some((seat as u8, 'b')), "seat {seat}");
    }
}
