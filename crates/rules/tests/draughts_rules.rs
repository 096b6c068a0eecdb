//! Every rule of 4-Way Checkers (docs/rules.md, "4-Way Checkers") with a
//! position where it decides something, through the width-free game as
//! the server and the CLI play it; bad input; records.

use tetrarch_rules::family::RecordFormat;
use tetrarch_rules::family::view::SeatState;
use tetrarch_rules::{AnyGame, AnyVariant, DrawReason, Outcome, PlayError, Seat, WinReason};

fn fourway() -> AnyVariant {
    AnyVariant::builtin("fourway-checkers").unwrap()
}

fn english() -> AnyVariant {
    AnyVariant::builtin("english-draughts").unwrap()
}

fn game(v: &AnyVariant, text: &str) -> AnyGame {
    AnyGame::from_position(v, Some(text)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The legal moves as text, sorted.
fn moves(g: &AnyGame) -> Vec<String> {
    let mut m: Vec<String> = g.legal_moves().into_iter().map(|m| m.uci).collect();
    m.sort();
    m
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The kind letter on `cell` in the spectator's view, with its seat.
fn piece_on(g: &AnyGame, cell: &str) -> Option<(u8, String)> {
    g.view(None)
        .pieces
        .into_iter()
        .find(|p| p.cell == cell)
        .map(|p| (p.seat, p.kind))
}

#[test]
fn board_and_start() {
    let v = fourway();
    let view = v.view();
    assert_eq!(
        (view.family.as_str(), view.width, view.height),
        ("draughts", 14, 14)
    );
    assert_eq!(view.holes.len(), 36);
    assert_eq!(view.dark_cells.len(), 80);
    for cell in &view.dark_cells {
        let sq: tetrarch_rules::Square = cell.parse().unwrap();
        assert_eq!((sq.file() + sq.rank()) % 2, 1, "{cell}");
        assert!(!view.holes.contains(cell));
    }
    assert_eq!(
        view.pieces
            .iter()
            .map(|p| p.letter.as_str())
            .collect::<Vec<_>>(),
        ["m", "k"]
    );
    let g = AnyGame::new(&v);
    let board = g.view(None);
    for seat in 0..4 {
        let men: Vec<_> = board.pieces.iter().filter(|p| p.seat == seat).collect();
        assert_eq!(men.len(), 12);
        assert!(men.iter().all(|p| p.kind == "m"));
    }
    assert_eq!(piece_on(&g, "d1"), Some((0, "m".into())));
    assert_eq!(piece_on(&g, "a4"), Some((1, "m".into())));
    assert_eq!(piece_on(&g, "k14"), Some((2, "m".into())));
    assert_eq!(piece_on(&g, "n11"), Some((3, "m".into())));
    assert_eq!(moves(&g).len(), 7);
}

#[test]
fn turn_order_is_red_blue_yellow_green() {
    let mut g = AnyGame::new(&fourway());
    let mut turns = Vec::new();
    for _ in 0..8 {
        turns.push(g.turn().0);
        let m = g.legal_moves()[0].uci.clone();
        g.play(&m).unwrap();
    }
    assert_eq!(turns, [0, 1, 2, 3, 0, 1, 2, 3]);
    assert_eq!(g.move_number(), 3);
}

#[test]
fn men_step_diagonally_forward_only() {
    let mut g = game(&fourway(), "R:Rh7:Bc8:Yg12:Gl9");
    assert_eq!(moves(&g), sorted(&["h7-g8", "h7-i8"]));
    g.play("h7-g8").unwrap();
    assert_eq!(moves(&g), sorted(&["c8-d7", "c8-d9"]));
    g.play("c8-d9").unwrap();
    assert_eq!(moves(&g), sorted(&["g12-f11", "g12-h11"]));
    g.play("g12-h11").unwrap();
    assert_eq!(moves(&g), sorted(&["l9-k8", "l9-k10"]));
}

#[test]
fn men_capture_any_other_player() {
    // Blue on i8 and Yellow on g8 may both be taken by Red.
    let g = game(&fourway(), "R:Rh7:Bi8:Yg8:Gl9");
    assert_eq!(moves(&g), sorted(&["h7xf9", "h7xj9"]));
}

#[test]
fn men_do_not_capture_backwards() {
    let g = game(&fourway(), "R:Rh7:Bg6:Yg12:Gl9");
    assert_eq!(moves(&g), sorted(&["h7-g8", "h7-i8"]));
}

#[test]
fn capture_is_compulsory() {
    let mut g = game(&fourway(), "R:Rh7,d3:Bi8:Yg12:Gl9");
    assert_eq!(moves(&g), sorted(&["h7xj9"]));
    let err = g.play("d3-e4").unwrap_err().to_string();
    assert!(err.contains("a capture is compulsory: h7xj9"), "{err}");
}

#[test]
fn a_capture_goes_on_while_it_can() {
    let mut g = game(&fourway(), "R:Re4:Bf5,h7,f7,d5:Yg12:Gl9");
    let err = g.play("e4xg6").unwrap_err().to_string();
    assert!(err.contains("the capture goes on"), "{err}");
    let view = g.play("e4xg6xi8").unwrap();
    assert_eq!(view.path, ["g6", "i8"]);
    assert!(view.capture);
    // Both jumped pieces left the board when the move ended.
    assert_eq!(piece_on(&g, "f5"), None);
    assert_eq!(piece_on(&g, "h7"), None);
    assert_eq!(piece_on(&g, "i8"), Some((0, "m".into())));
}

#[test]
fn any_capture_path_may_be_chosen() {
    let mut g = game(&fourway(), "R:Re4:Bf5,h7,f7,d5:Yg12:Gl9");
    assert_eq!(moves(&g), sorted(&["e4xc6", "e4xg6xe8", "e4xg6xi8"]));
    // Taking one piece where two could be taken is allowed.
    g.play("e4xc6").unwrap();
    assert_eq!(piece_on(&g, "d5"), None);
    assert_eq!(piece_on(&g, "f5"), Some((1, "m".into())));
}

#[test]
fn no_piece_is_jumped_twice() {
    // The king goes round the four pieces and comes back to its start
    // cell; f5 is still there (jumped pieces stay until the move ends) but
    // may not be jumped again, so the capture ends.
    let mut g = game(&fourway(), "R:RKe4:Bf5,h5,h3,f3:Yg12:Gl9");
    assert_eq!(moves(&g), sorted(&["e4xg2xi4xg6xe4", "e4xg6xi4xg2xe4"]));
    g.play("e4xg6xi4xg2xe4").unwrap();
    assert_eq!(piece_on(&g, "e4"), Some((0, "k".into())));
    assert!(g.view(None).pieces.iter().all(|p| p.seat != 1));
}

#[test]
fn crowning_ends_a_capture() {
    // Crowned on i14, the new king could jump j13 at once; the move ends.
    let mut g = game(&fourway(), "R:Rg12:Bh13,j13:Yd13:Gl9");
    assert_eq!(moves(&g), sorted(&["g12xi14"]));
    let view = g.play("g12xi14").unwrap();
    assert_eq!(view.promotion.as_deref(), Some("k"));
    assert_eq!(piece_on(&g, "i14"), Some((0, "k".into())));
    assert_eq!(piece_on(&g, "j13"), Some((1, "m".into())));
}

#[test]
fn crowning_on_a_step() {
    // Blue on file n, Yellow on rank 1, Green on file a.
    let mut g = game(&fourway(), "B:Rh7:Bm8:Ye2:Gb9");
    assert_eq!(moves(&g), sorted(&["m8-n7", "m8-n9"]));
    assert!(
        g.legal_moves()
            .iter()
            .all(|m| m.promotion.as_deref() == Some("k"))
    );
    g.play("m8-n9").unwrap();
    assert_eq!(piece_on(&g, "n9"), Some((1, "k".into())));
    g.play("e2-d1").unwrap();
    assert_eq!(piece_on(&g, "d1"), Some((2, "k".into())));
    g.play("b9-a8").unwrap();
    assert_eq!(piece_on(&g, "a8"), Some((3, "k".into())));
    // A red man reaching rank 14 is crowned too.
    let mut g = game(&fourway(), "R:Rf13:Bc8:Yg12:Gl9");
    g.play("f13-e14").unwrap();
    assert_eq!(piece_on(&g, "e14"), Some((0, "k".into())));
}

#[test]
fn kings_step_in_all_four_directions() {
    let g = game(&fourway(), "R:RKh7:Bc8:Yg12:Gl9");
    assert_eq!(moves(&g), sorted(&["h7-g6", "h7-g8", "h7-i6", "h7-i8"]));
}

#[test]
fn a_king_jumps_backwards() {
    let g = game(&fourway(), "R:RKh7:Bg6:Yg12:Gl9");
    assert_eq!(moves(&g), sorted(&["h7xf5"]));
}

#[test]
fn a_player_without_a_move_is_out() {
    // Blue's man on m8 is blocked by Green's men on n9 and n7.
    let mut g = game(&fourway(), "R:Rh7:Bm8:Yg12:Gn9,n7");
    assert_eq!(g.seat_state(Seat(1)), SeatState::Playing);
    g.play("h7-g8").unwrap();
    assert_eq!(g.seat_state(Seat(1)), SeatState::Out);
    assert_eq!(piece_on(&g, "m8"), None);
    assert_eq!(g.turn(), Seat(2));
    assert_eq!(g.view(None).seats[1], SeatState::Out);
    // A move with the piece of a player who is out: no piece is there.
    let err = g.play("m8-n9").unwrap_err().to_string();
    assert!(err.contains("there is no piece on m8"), "{err}");
    assert_eq!(g.resign(Seat(1)), Err(PlayError::SeatOut(1)));
    assert!(g.position_text().contains(":B-:"));
}

#[test]
fn a_player_without_pieces_is_out_on_their_turn() {
    // Red takes Yellow's last piece; Yellow is out when its turn comes.
    let mut g = game(&fourway(), "R:Rh7:Bc8:Yi8:Gl9");
    g.play("h7xj9").unwrap();
    assert_eq!(g.seat_state(Seat(2)), SeatState::Playing);
    assert_eq!(g.turn(), Seat(1));
    g.play("c8-d9").unwrap();
    assert_eq!(g.seat_state(Seat(2)), SeatState::Out);
    assert_eq!(g.turn(), Seat(3));
}

#[test]
fn the_last_player_left_wins() {
    let v = fourway();
    let mut g = game(&v, "R:Rh7:Bi8:Y-:G-");
    g.play("h7xj9").unwrap();
    let o = g.outcome().unwrap();
    assert_eq!(
        o,
        Outcome::Win {
            winner: Seat(0),
            reason: WinReason::LastPlayer
        }
    );
    assert_eq!(o.describe(&v), "red wins as the last player left");
    assert!(g.legal_moves().is_empty());
    assert!(matches!(g.play("j9-i10"), Err(PlayError::Over(_))));
}

#[test]
fn english_a_blocked_player_loses() {
    let v = english();
    let mut g = game(&v, "W:Ba1:Wb2,c3,e5");
    g.play("e5-d4").unwrap();
    assert_eq!(
        g.outcome(),
        Some(Outcome::Win {
            winner: Seat(1),
            reason: WinReason::LastPlayer
        })
    );
    assert_eq!(
        g.outcome().unwrap().describe(&v),
        "white wins as the last player left"
    );
}

#[test]
fn a_resigned_player_is_out() {
    let mut g = AnyGame::new(&fourway());
    g.resign(Seat(1)).unwrap();
    assert_eq!(g.seat_state(Seat(1)), SeatState::Out);
    assert!(g.view(None).pieces.iter().all(|p| p.seat != 1));
    assert_eq!(g.outcome(), None);
    g.play("d3-e4").unwrap();
    assert_eq!(g.turn(), Seat(2));
}

#[test]
fn forty_quiet_moves_each_draw() {
    let v = fourway();
    let mut g = game(&v, "R:RKh7:BKc8:YKg12:GKl9:159:50");
    assert_eq!(g.outcome(), None);
    g.play("h7-g8").unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::NoProgress)));
    // A man's move starts the count again.
    let mut g = game(&v, "R:Rh7,Kd11:BKc8:YKg12:GKl9:159:50");
    g.play("h7-g8").unwrap();
    assert_eq!(g.outcome(), None);
    assert!(g.position_text().ends_with(":0:50"));
    // English draughts: 40 moves each, 80 plies.
    let mut e = game(&english(), "B:BKa1:WKh8:79:60");
    e.play("a1-b2").unwrap();
    assert_eq!(e.outcome(), Some(Outcome::Draw(DrawReason::NoProgress)));
}

#[test]
fn threefold_repetition_draws() {
    let mut g = game(&english(), "B:BKa1:WKh8");
    for (i, m) in [
        "a1-b2", "h8-g7", "b2-a1", "g7-h8", "a1-b2", "h8-g7", "b2-a1", "g7-h8",
    ]
    .iter()
    .enumerate()
    {
        assert_eq!(g.outcome(), None, "before ply {i}");
        g.play(m).unwrap();
    }
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn bad_moves_are_refused_with_reasons() {
    let mut g = game(&fourway(), "R:Re4:Bf5,h7,f7,d5:Yg12:Gl9");
    let cases = [
        ("e4xg6xg8", "not a path of the piece on e4"),
        ("e4-f5", "a capture is compulsory"),
        ("f5-g6", "the piece on f5 is blue's; red is to move"),
        ("d1-e2", "there is no piece on d1"),
        ("a1-b2", "'a1' is not a dark cell"),
        ("e5-f6", "'e5' is not a dark cell"),
        ("e4-f5xg6", "is not a move (a draughts path"),
        ("e4", "is not a move (a draughts path"),
        ("zz", "is not a move (a draughts path"),
        ("e4-f5-g6", "is not a move (a draughts path"),
        ("", "is not a move (a draughts path"),
        ("0000", "is not a move (a draughts path"),
    ];
    for (text, why) in cases {
        let err = g.play(text).unwrap_err().to_string();
        assert!(err.contains(why), "{text}: {err}");
    }
    assert_eq!(moves(&g).len(), 3);
}

#[test]
fn position_texts_round_trip() {
    let v = fourway();
    for text in [
        "R:Rd1,f1,Kh3:B-:Yd13,f13:Gn5:12:31",
        "Y:RKe4:Bc8:YKd1,g12:G-:0:7",
        "G:R-:B-:Yg12:GKa8,l9:3:100",
    ] {
        assert_eq!(game(&v, text).position_text(), text);
    }
    // Counters may be left out; the side to move may be in lower case.
    assert_eq!(
        game(&v, "r:Rh7:Bc8:Yg12:Gl9").position_text(),
        "R:Rh7:Bc8:Yg12:Gl9:0:1"
    );
    let e = english();
    assert_eq!(
        game(&e, "W:Ba1,Kc3:Wh8:4:20").position_text(),
        "W:Ba1,Kc3:Wh8:4:20"
    );
}

#[test]
fn malformed_positions_are_refused() {
    let v = fourway();
    let cases = [
        ("", "expected the seat to move"),
        ("R", "expected the seat to move"),
        ("R:Rh7:Bc8:Yg12", "expected the seat to move"),
        ("X:Rh7:Bc8:Yg12:Gl9", "'X' is not the letter of a seat"),
        ("R:Bc8:Rh7:Yg12:Gl9", "must start with R"),
        ("R:Rd1:Bd1:Yg12:Gl9", "two pieces on d1"),
        ("R:Rd2:Bc8:Yg12:Gl9", "'d2' is not a dark cell"),
        ("R:Ra1:Bc8:Yg12:Gl9", "'a1' is not a dark cell"),
        ("R:Rq7:Bc8:Yg12:Gl9", "'q7' is not a dark cell"),
        (
            "R:Re14:Bc8:Yg12:Gl9",
            "a man of red on e14, its crowning row",
        ),
        ("R:R-:Bc8:Yg12:Gl9", "red is to move but out of the game"),
        ("R:Rh7:Bc8:Yg12:Gl9:x:1", "'x' is not a counter"),
        ("R:Rh7:Bc8:Yg12:Gl9:99999:1", "is not a counter"),
        (
            "R:Rd1,f1,h1,j1,e2,g2,i2,k2,d3,f3,h3,j3,e4:Bc8:Yg12:Gl9",
            "red has 13 pieces; it starts with 12",
        ),
    ];
    for (text, why) in cases {
        let err = AnyGame::from_position(&v, Some(text))
            .unwrap_err()
            .to_string();
        assert!(err.contains(why), "{text}: {err}");
    }
    // Garbage never panics.
    let mut seed = 7u64;
    let alphabet = b"RBYGK:-,x0123456789abcdefghijklmnopq ";
    for _ in 0..5000 {
        let len = (seed % 40) as usize;
        let text: String = (0..len)
            .map(|_| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                alphabet[(seed >> 33) as usize % alphabet.len()] as char
            })
            .collect();
        let _ = AnyGame::from_position(&v, Some(&text));
    }
}

#[test]
fn moves_and_views_describe_paths() {
    let g = game(&fourway(), "R:Re4:Bf5,h7,f7,d5:Yg12:Gl9");
    let long = g
        .legal_moves()
        .into_iter()
        .find(|m| m.uci == "e4xg6xi8")
        .unwrap();
    assert_eq!(long.san, "e4xg6xi8");
    assert_eq!(long.from.as_deref(), Some("e4"));
    assert_eq!(long.to.as_deref(), Some("i8"));
    assert_eq!(long.path, ["g6", "i8"]);
    assert!(long.capture && long.promotion.is_none() && long.drop.is_none());
    let view = g.view(Some(Seat(2)));
    assert_eq!((view.turn, view.moving.as_slice()), (0, &[0u8][..]));
    assert!(view.checks.is_empty() && view.hands.is_empty());
}

/// Random games, with a resignation and a timeout, written as records and
/// read back: the same moves, the same end.
#[test]
fn records_round_trip() {
    for (v, seed) in [(fourway(), 3u64), (english(), 5)] {
        let mut g = AnyGame::new(&v);
        let mut s = seed;
        for ply in 0..120 {
            if g.outcome().is_some() {
                break;
            }
            if v.seat_count() == 4 && ply == 30 {
                g.resign(Seat(2)).unwrap();
                continue;
            }
            if v.seat_count() == 4 && ply == 50 {
                let t = g.turn();
                g.time_out(t).unwrap();
                continue;
            }
            let legal = g.legal_moves();
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1);
            let m = legal[(s >> 33) as usize % legal.len()].uci.clone();
            g.play(&m).unwrap();
        }
        let text = g.record(&[("Event", "test")]);
        assert_eq!(g.record_format(), "pdn");
        let format = RecordFormat::for_file(Some("pdn"), &text, None).unwrap();
        assert_eq!(format, RecordFormat::Pdn);
        let read: Vec<_> = format.read(&text, None).collect::<Result<_, _>>().unwrap();
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].game.moves(), g.moves(), "{text}");
        assert_eq!(read[0].game.position_text(), g.position_text());
        assert_eq!(read[0].game.variant().name(), v.name());
        // Without the extension, the Variant tag says which format.
        assert_eq!(
            RecordFormat::for_file(None, &text, None),
            Ok(RecordFormat::Pdn)
        );
    }
    // From a set-up position; and a result that does not hold.
    let v = fourway();
    let mut g = game(&v, "R:Rh7:Bi8:Y-:G-");
    g.play("h7xj9").unwrap();
    let text = g.record(&[]);
    assert!(text.contains("[FEN \"R:Rh7:Bi8:Y-:G-:0:1\"]"), "{text}");
    assert!(text.trim_end().ends_with("1. h7xj9 1-0-0-0"), "{text}");
    let read: Vec<_> = RecordFormat::Pdn
        .read(&text, None)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(read[0].game.outcome(), g.outcome());
    let wrong = text.replace("1-0-0-0", "0-1-0-0");
    let err = RecordFormat::Pdn
        .read(&wrong, None)
        .next()
        .unwrap()
        .unwrap_err();
    assert!(err.to_string().contains("does not hold"), "{err}");
    let unknown = text.replace("fourway-checkers", "chess");
    let err = RecordFormat::Pdn
        .read(&unknown, None)
        .next()
        .unwrap()
        .unwrap_err();
    assert!(
        err.to_string()
            .contains("is not a draughts variant Tetrarch knows"),
        "{err}"
    );
}
