//! The rules of 4-Way Chess, sentence by sentence, as written in
//! `shared/rules/four-way-chess-and-checkers.txt`, with the decisions of
//! `docs/rules.md` ("4-Way Chess") where the text leaves room. For each
//! sentence that decides something: a hand-made position where that rule
//! decides, and an assertion that fails if the kernel breaks it. Section
//! headings follow the rule text.
//!
//! Seats in turn order: Red (ranks 1-2, pawns north), Blue (files a-b,
//! east), Yellow (ranks 13-14, south), Green (files m-n, west). Positions
//! are FEN4 built by `Fen4` from a piece list such as `"rKh1 bKa8"`.

use crate::fourway_common;

use fourway_common::*;
use tetrarch_rules::game::Game;
use tetrarch_rules::{Bitboard, DrawReason, MoveKind, Outcome, Seat, WinReason};

/// The four kings on their start squares.
const KINGS: &str = "rKh1 bKa8 yKg14 gKn7";

/// Red's back rank without its queen (so Red has lost exactly a queen).
const RED_BACK_NO_QUEEN: &str = "rRd1 rNe1 rBf1 rKh1 rBi1 rNj1 rRk1";

/// Red's full back rank.
const RED_BACK: &str = "rRd1 rNe1 rBf1 rQg1 rKh1 rBi1 rNj1 rRk1";

fn pieces(list: &[&str]) -> String {
    list.join(" ")
}

/// The start position of `v` with another seat to move.
fn start_with_turn(v: &tetrarch_rules::Variant, turn: char) -> Pos {
    let fen = format!("{turn}{}", &v.start_fen[1..]);
    pos(v, &fen)
}

/// The move `text` of `p` (which must be legal) and its kind.
fn kind_of(p: &Pos, text: &str) -> MoveKind {
    find(p, text).kind()
}

/// Light squares: the docs put a light square on a1 ("all queens on light
/// squares with a1 light"), so a square is light when file + rank is even.
fn light(sq: &str) -> bool {
    let s: tetrarch_rules::Square = sq.parse().unwrap();
    (s.file() + s.rank()).is_multiple_of(2)
}

/// Whether `o` is a win for the team of `seat`.
fn team_won(p: &Pos, o: Option<Outcome>, seat: Seat, reason: WinReason) -> bool {
    matches!(o, Some(Outcome::Win { winner, reason: r }) if p.allied(winner, seat) && r == reason)
}

// =================================================================== Rules of Play

/// "All of the chessmen are set-up the same way as they are in regular
/// chess as shown here": every army has the chess set (eight pawns, two
/// rooks, knights and bishops, a queen and a king) on its own first two
/// ranks, rook-knight-bishop from the corners inwards, pawns in front.
#[test]
fn setup_every_army_as_in_chess() {
    // Each seat's first and second rank, from the player's left to right.
    let seats: [(char, Vec<String>, Vec<String>); 4] = [
        (
            'r',
            (b'd'..=b'k').map(|f| format!("{}1", f as char)).collect(),
            (b'd'..=b'k').map(|f| format!("{}2", f as char)).collect(),
        ),
        (
            'b',
            (4..=11).rev().map(|r| format!("a{r}")).collect(),
            (4..=11).rev().map(|r| format!("b{r}")).collect(),
        ),
        (
            'y',
            (b'd'..=b'k')
                .rev()
                .map(|f| format!("{}14", f as char))
                .collect(),
            (b'd'..=b'k')
                .rev()
                .map(|f| format!("{}13", f as char))
                .collect(),
        ),
        (
            'g',
            (4..=11).map(|r| format!("n{r}")).collect(),
            (4..=11).map(|r| format!("m{r}")).collect(),
        ),
    ];
    for v in all_variants() {
        let p = Pos::start(v);
        assert_eq!(p.occupied().count(), 64, "{}", v.name);
        for (i, (c, first, second)) in seats.iter().enumerate() {
            let seat = Seat(i as u8);
            assert_eq!(p.seat_pieces(seat).count(), 16, "{} seat {i}", v.name);
            let back: Vec<char> = first
                .iter()
                .map(|sq| {
                    let piece = at(&p, sq).unwrap_or_else(|| panic!("{sq} empty"));
                    assert!(piece.starts_with(*c), "{sq}: {piece}");
                    piece.chars().nth(1).unwrap()
                })
                .collect();
            // Rooks in the corners, then knights, then bishops; king and queen in the middle.
            assert_eq!(&back[..3], &['R', 'N', 'B'], "{} seat {i}", v.name);
            assert_eq!(&back[5..], &['B', 'N', 'R'], "{} seat {i}", v.name);
            let mut middle = back[3..5].to_vec();
            middle.sort();
            assert_eq!(middle, ['K', 'Q'], "{} seat {i}", v.name);
            for sq in second {
                assert_eq!(at(&p, sq), Some(format!("{c}P")), "{} {sq}", v.name);
            }
        }
    }
}

/// "All of the queens start on white squares." (docs: a1 is light.)
#[test]
fn queens_start_on_light_squares() {
    for v in all_variants() {
        let p = Pos::start(v);
        let queens = ["g1", "a7", "h14", "n8"];
        let kings = ["h1", "a8", "g14", "n7"];
        for (i, (q, k)) in queens.iter().zip(kings).enumerate() {
            let c = ['r', 'b', 'y', 'g'][i];
            assert_eq!(at(&p, q), Some(format!("{c}Q")), "{}", v.name);
            assert_eq!(at(&p, k), Some(format!("{c}K")), "{}", v.name);
            assert!(light(q), "{q} is light");
            assert!(
                !light(k),
                "{k}: the king stands beside the queen, on a dark square"
            );
        }
        // Every queen on the board is on a light square.
        let queen = p.variant().kind_by_letter('q').unwrap();
        for c in p.kind_pieces(queen).iter() {
            assert!(light(&square(c)), "{} queen on {}", v.name, square(c));
        }
    }
}

/// "Just as in regular chess the light colored armies have the king to the
/// right of the queen, and the dark armies have the queen to the right of
/// the king." Seen from each player's own side: Red (facing north) and
/// Yellow (facing south) have the king to the right of the queen, as
/// White; Blue (facing east) and Green (facing west) the queen to the
/// right of the king, as Black. Partners share a colour.
#[test]
fn king_and_queen_placement_per_seat() {
    // (seat letter, king, queen, the player's "right" as a file/rank step)
    let seats = [
        ('r', "h1", "g1", (1i32, 0i32)), // Red faces north: right is east
        ('b', "a8", "a7", (0, -1)),      // Blue faces east: right is south
        ('y', "g14", "h14", (-1, 0)),    // Yellow faces south: right is west
        ('g', "n7", "n8", (0, 1)),       // Green faces west: right is north
    ];
    for v in all_variants() {
        let p = Pos::start(v);
        let mut king_right_of_queen = Vec::new();
        for (c, k, q, right) in seats {
            assert_eq!(at(&p, k), Some(format!("{c}K")));
            assert_eq!(at(&p, q), Some(format!("{c}Q")));
            let (ks, qs): (tetrarch_rules::Square, tetrarch_rules::Square) =
                (k.parse().unwrap(), q.parse().unwrap());
            let d = (
                ks.file() as i32 - qs.file() as i32,
                ks.rank() as i32 - qs.rank() as i32,
            );
            // King and queen stand side by side on the first rank.
            assert!(d == right || d == (-right.0, -right.1), "{c}: {d:?}");
            king_right_of_queen.push(d == right);
        }
        // Red (who moves first, as White) and its partner Yellow: king right
        // of queen; Blue and Green: queen right of king.
        assert_eq!(
            king_right_of_queen,
            [true, false, true, false],
            "{}",
            v.name
        );
    }
}

/// "White moves first and play continues clockwise around the board with
/// each player moving one piece per turn." Red (south) moves first, then
/// Blue (west), Yellow (north), Green (east), then Red again; each move
/// changes the squares of the mover's pieces only.
#[test]
fn red_moves_first_and_play_goes_clockwise() {
    for v in all_variants() {
        let mut p = Pos::start(v);
        assert_eq!(p.turn(), RED, "{}", v.name);
        let line = ["h2h4", "b7c7", "g13g12", "m8l8", "e1f3", "a5c6"];
        let order = [RED, BLUE, YELLOW, GREEN, RED, BLUE];
        for (m, seat) in line.iter().zip(order) {
            assert_eq!(p.turn(), seat, "{}: before {m}", v.name);
            assert_eq!(p.moving_seats(), 1 << seat.0, "{}", v.name);
            // Only the side to move has moves.
            for &lm in p.legal_moves().iter() {
                assert_eq!(p.piece_at(lm.from()).map(|x| x.seat), Some(seat));
            }
            let next = play(&p, m);
            for s in 0..4 {
                let s = Seat(s);
                if s != seat {
                    assert_eq!(next.seat_pieces(s), p.seat_pieces(s), "{}: {m}", v.name);
                }
            }
            // One piece: one square left, one square taken.
            assert_eq!((next.seat_pieces(seat) ^ p.seat_pieces(seat)).count(), 2);
            p = next;
        }
        assert_eq!(p.turn(), YELLOW);
    }
}

/// "Partners sit across from each other." Red (rank 1) and Yellow (rank
/// 14) play together, Blue (file a) and Green (file n); in `fourway-ffa`
/// every seat is its own team.
#[test]
fn partners_sit_across() {
    for v in [teams(), original()] {
        let p = Pos::start(v);
        assert!(p.allied(RED, YELLOW) && p.allied(BLUE, GREEN), "{}", v.name);
        for (a, b) in [(RED, BLUE), (RED, GREEN), (YELLOW, BLUE), (YELLOW, GREEN)] {
            assert!(!p.allied(a, b) && !p.allied(b, a), "{}", v.name);
        }
        assert_eq!(p.team_seats(RED), R | Y);
        assert_eq!(p.team_seats(GREEN), B | G);
    }
    let p = Pos::start(ffa());
    for a in 0..4 {
        for b in 0..4 {
            assert_eq!(p.allied(Seat(a), Seat(b)), a == b);
        }
    }
}

/// docs: "a piece may not capture a piece of its own team" (the rule text's
/// partners): a Red rook stops before a Yellow pawn but takes Blue and
/// Green pieces; in `fourway-ffa` it takes the Yellow pawn too.
#[test]
fn partners_cannot_capture_each_other() {
    let f = Fen4::new('R', &pieces(&[KINGS, "rRe5 yPe9 bNh5 gBe3"]));
    let expected = sorted(&[
        "e5e6", "e5e7", "e5e8", "e5f5", "e5g5", "e5h5", "e5d5", "e5c5", "e5b5", "e5a5", "e5e4",
        "e5e3",
    ]);
    for v in [teams(), original()] {
        let p = f.pos(v);
        assert_eq!(moves_from(&p, "e5"), expected, "{}", v.name);
    }
    let p = f.pos(ffa());
    let mut with_partner = expected.clone();
    with_partner.push("e5e9".into());
    with_partner.sort();
    assert_eq!(moves_from(&p, "e5"), with_partner);
    // Generally: in a crowded position, no move of any seat lands on a partner.
    let crowded = pieces(&[KINGS, "rRe5 rNg6 yPe9 yQf7 yBh6 bNh5 bRf6 gBe3 gQg7 gPm8"]);
    for turn in ['R', 'B', 'Y', 'G'] {
        let p = Fen4::new(turn, &crowded).pos(teams());
        for &m in p.legal_moves().iter() {
            let mover = p.piece_at(m.from()).unwrap().seat;
            if let Some(victim) = p.piece_at(m.to()) {
                assert!(!p.allied(mover, victim.seat), "{turn}: {}", uci(&p, m));
            }
        }
    }
}

/// "All of the rules of regular chess apply. All the pieces move the same
/// way they do in normal chess." On the cross-shaped board the cut corners
/// are not squares: nothing lands on them and no rider crosses them.
#[test]
fn pieces_move_as_in_chess_on_the_cross_board() {
    let p = Fen4::new('R', &pieces(&[KINGS, "rRe6 rNh7 rBb4 rQk11"])).pos(teams());
    // Rook: the whole of rank 6 and file e.
    let rook = moves_from(&p, "e6");
    assert_eq!(rook.len(), 13 + 13, "{rook:?}");
    assert!(rook.contains(&"e6a6".to_string()) && rook.contains(&"e6e14".to_string()));
    // Knight in the open: eight squares.
    assert_eq!(moves_from(&p, "h7").len(), 8);
    // Bishop on b4: c3 and a3 are cut corners, so it cannot reach d2 or e1.
    assert_eq!(
        moves_from(&p, "b4"),
        sorted(&[
            "b4a5", "b4c5", "b4d6", "b4e7", "b4f8", "b4g9", "b4h10", "b4i11", "b4j12", "b4k13"
        ])
    );
    // Queen on k11, next to the l12 corner: it slides everywhere else.
    let q = moves_from(&p, "k11");
    assert!(!q.iter().any(|m| m.ends_with("l12") || m.ends_with("m13")));
    assert!(q.contains(&"k11n11".to_string()) && q.contains(&"k11k14".to_string()));
    // A knight next to a corner: b3, c2 are cut.
    let n = Fen4::new('R', &pieces(&[KINGS, "rNd4"])).pos(teams());
    assert_eq!(
        moves_from(&n, "d4"),
        sorted(&["d4b5", "d4c6", "d4e6", "d4f5", "d4f3", "d4e2"])
    );
    // The king steps one square.
    assert_eq!(
        moves_from(&n, "h1"),
        sorted(&["h1g1", "h1g2", "h1h2", "h1i1", "h1i2"])
    );
}

// =================================================================== Regicide Rules

/// "In 4-Way Chess Regicide Rules you must actually capture both enemy
/// kings to win the game." / "When both enemy kings are captured your team
/// has won the game." One captured king decides nothing; the second one
/// wins for the capturing team, at once.
#[test]
fn team_wins_when_both_enemy_kings_are_captured_and_not_before() {
    let p = Fen4::new('R', "rKh1 rQd11 bKa8 yKg14 yRn11 gKn7").pos(teams());
    assert_eq!(p.outcome(), None);
    let one = play(&p, "d11a8");
    assert_eq!(at(&one, "a8").as_deref(), Some("rQ"));
    assert_eq!(one.alive_seats(), R | Y | G);
    assert_eq!(one.outcome(), None, "one enemy king captured: play goes on");
    assert!(!one.legal_moves().is_empty());
    // Blue, kingless with no piece left, is passed over; Yellow takes
    // Green's king.
    assert_eq!(one.turn(), YELLOW);
    let two = play(&one, "n11n7");
    assert_eq!(two.alive_seats(), R | Y);
    assert!(team_won(&two, two.outcome(), RED, WinReason::KingsCaptured));
    assert!(two.legal_moves().is_empty(), "the game is over");
    // The other team wins the same way.
    let p = Fen4::new('B', "rPe2 bKa8 bRg8 yKg14 gKn7").pos(teams());
    assert_eq!(p.outcome(), None);
    let won = play(&p, "g8g14");
    assert!(team_won(
        &won,
        won.outcome(),
        BLUE,
        WinReason::KingsCaptured
    ));
    assert!(!team_won(
        &won,
        won.outcome(),
        RED,
        WinReason::KingsCaptured
    ));
}

/// A frozen army's capture counts for its team: kingless Blue takes
/// Yellow's king, Red's is already gone, and Blue and Green win.
#[test]
fn a_frozen_armys_capture_of_the_last_enemy_king_wins_for_its_team() {
    let p = Fen4::new('B', "rPe2 bRg8 yKg14 gKn7").pos(teams());
    assert_eq!(p.alive_seats(), Y | G);
    assert_eq!(p.outcome(), None);
    assert_eq!(uci_set(&p), sorted(&["g8g14", "0000"]));
    let q = play(&p, "g8g14");
    assert!(team_won(&q, q.outcome(), GREEN, WinReason::KingsCaptured));
}

/// "When one king is captured the rest of his army remain exactly where
/// they are on the board and can not move, except they may only move to
/// capture an enemy piece if possible, although you may pass your turn
/// rather then capture as well." Capturing Blue's king leaves Blue's
/// pieces on the board; Blue's moves are then its captures and a pass.
#[test]
fn capturing_a_king_freezes_its_army() {
    let p = Fen4::new('R', "rKh1 rQd11 bKa8 bRa4 bPb6 bNc8 yKg14 gKn7").pos(teams());
    let after = play(&p, "d11a8");
    assert_eq!(after.turn(), BLUE);
    // The army stays where it stands.
    for sq in ["a4", "b6", "c8"] {
        assert_eq!(at(&after, sq), at(&p, sq));
    }
    assert_eq!(after.alive_seats(), R | Y | G);
    assert!(
        after.to_fen().starts_with("B-0,1,0,0-"),
        "{}",
        after.to_fen()
    );
    // Only the capture of the queen (rook a4 up the a-file) or a pass; no
    // pawn push, no knight or rook move to an empty square.
    assert_eq!(uci_set(&after), sorted(&["a4a8", "0000"]));
    assert_eq!(kind_of(&after, "0000"), MoveKind::Pass);
}

/// The frozen army's moves in full: captures by any piece (en passant and
/// a capturing promotion included) and a pass; no quiet move, no castling
/// (its castling flags are dropped with its king).
#[test]
fn frozen_army_moves_are_captures_and_a_pass() {
    let f = Fen4::new(
        'B',
        "rKh1 rPe4 rPe7 rNf10 bRa4 bRa10 bPb6 bPd4 bNc8 bPj13 yKg14 yRk14 gKn7 gPe9",
    )
    .castling([0, 1, 0, 0], [0, 1, 0, 0])
    .ep(["e3:e4", "", "", ""]);
    let p = f.pos(teams());
    assert_eq!(p.alive_seats(), R | Y | G);
    // Blue has one knight of two, no bishop, two rooks, no queen: a
    // capturing promotion on Yellow's first rank offers knight, bishop, queen.
    assert_eq!(
        uci_set(&p),
        sorted(&[
            "a10f10", "c8e7", "d4e3", "j13k14n", "j13k14b", "j13k14q", "0000"
        ])
    );
    assert_eq!(kind_of(&p, "d4e3"), MoveKind::EnPassant);
    assert!(p.legal_moves().iter().all(|m| m.kind() != MoveKind::Castle));
    // The castling flags of a seat without its king are not kept.
    assert!((p.castling_rooks() & p.seat_pieces(BLUE)).is_empty());
    // Taking en passant removes Red's pawn; the pass leaves the board as it is.
    let ep = play(&p, "d4e3");
    assert_eq!(at(&ep, "e4"), None);
    assert_eq!(at(&ep, "e3").as_deref(), Some("bP"));
    let pass = play(&p, "0000");
    assert_eq!(pass.occupied(), p.occupied());
    for s in 0..4 {
        assert_eq!(pass.seat_pieces(Seat(s)), p.seat_pieces(Seat(s)));
    }
    assert_eq!(pass.turn(), YELLOW);
    // Same in free-for-all, where Green's pawn on e9 is an enemy too.
    let p = f.pos(ffa());
    assert!(is_legal(&p, "c8e9"));
    assert!(!is_legal(&p, "b6c6") && !is_legal(&p, "a10a11"));
}

/// Frozen seats "remain ... on the board": they still take their turns
/// (docs: "A frozen seat still takes its turns"), passing when nothing can
/// be captured; a seat with a king may not pass while it has a move.
#[test]
fn frozen_seats_still_take_turns() {
    let p = Fen4::new('R', "rKh1 bPb6 bNc8 yKg14 gKn7").pos(teams());
    let mut q = p;
    for (m, seat) in [
        ("h1h2", RED),
        ("0000", BLUE),
        ("g14f13", YELLOW),
        ("n7m7", GREEN),
    ] {
        assert_eq!(q.turn(), seat);
        assert_eq!(q.moving_seats(), 1 << seat.0);
        if seat == BLUE {
            assert_eq!(uci_set(&q), ["0000"], "nothing to capture: only a pass");
        } else {
            assert!(
                !is_legal(&q, "0000"),
                "{seat:?} has a king and moves: no pass"
            );
        }
        q = play(&q, m);
    }
    assert_eq!(q.turn(), RED);
    let q = play(&q, "h2h3");
    assert_eq!(q.turn(), BLUE, "the frozen seat's turn comes round again");
    for v in all_variants() {
        assert!(!is_legal(&Pos::start(v), "0000"), "{}", v.name);
    }
}

/// docs: "A seat with a king that has no move at all passes too": Red's
/// king hemmed in by its partner's pieces.
#[test]
fn a_seat_with_a_king_and_no_move_passes() {
    let p = Fen4::new('R', "rKd1 yRd2 yBe1 yNe2 bKa8 yKg14 gKn7").pos(teams());
    assert_eq!(uci_set(&p), ["0000"]);
    assert_eq!(p.outcome(), None);
    assert_eq!(play(&p, "0000").turn(), BLUE);
}

/// "Because of the four player dynamics in 4-Way Chess the traditional
/// concepts of Check and Check-mate do not apply." A back-rank mate of
/// chess is no mate: Red plays on; nothing is check.
#[test]
fn regicide_has_no_check_and_no_checkmate() {
    let f = Fen4::new('R', &pieces(&["rKh1 rPg2 rPh2 rPi2 bRe1 bKa8 yKg14 gKn7"]));
    let p = f.pos(teams());
    assert!(!p.in_check());
    assert_eq!(p.outcome(), None);
    for m in ["g2g3", "h2h4", "h1g1", "h1i1"] {
        assert!(is_legal(&p, m), "{m}");
    }
    // The same position under the Original rules is mate on Red's turn: read
    // from FEN4, Red's pieces leave the board at once and Blue moves.
    let o = f.pos(original());
    assert_eq!(o.alive_seats() & 1, 0, "Red is out");
    assert!(o.seat_pieces(Seat(0)).is_empty());
    assert_eq!(o.turn(), BLUE);
}

/// "You do not have to get out of check": Red's king on h1 stays attacked
/// by Blue's rook while Red moves a pawn, and Blue may then take it.
#[test]
fn regicide_king_may_stay_in_check() {
    let f = Fen4::new('R', "rKh1 rPe2 bRh8 bKa8 yKg14 gKn7");
    let p = f.pos(teams());
    assert!(p.royal_attacked(RED));
    assert!(is_legal(&p, "e2e3"));
    let taken = play(&p, "e2e3 h8h1");
    assert_eq!(at(&taken, "h1").as_deref(), Some("bR"));
    assert_eq!(
        at(&taken, "e3").as_deref(),
        Some("rP"),
        "the army stays, frozen"
    );
    assert_eq!(taken.alive_seats(), B | Y | G);
    assert!(!is_legal(&f.pos(original()), "e2e3"));
}

/// "... the king is a fighting piece too, therefore you may even move into
/// check if you want to."
#[test]
fn regicide_king_may_move_into_check() {
    let f = Fen4::new('R', "rKh1 bRg8 bKa8 yKg14 gKn7");
    assert_eq!(
        moves_from(&f.pos(teams()), "h1"),
        sorted(&["h1g1", "h1g2", "h1h2", "h1i1", "h1i2"])
    );
    assert_eq!(
        moves_from(&f.pos(ffa()), "h1"),
        sorted(&["h1g1", "h1g2", "h1h2", "h1i1", "h1i2"])
    );
    assert_eq!(
        moves_from(&f.pos(original()), "h1"),
        sorted(&["h1h2", "h1i1", "h1i2"])
    );
}

/// Castling positions: Red king h1, kingside rook k1, and a Blue rook on
/// rank 8 attacking `file` (none: no attack).
fn castling_position(v: &tetrarch_rules::Variant, attacker: Option<&str>) -> Pos {
    let mut list = vec!["rKh1 rRk1 rRd1 bKa8 yKg14 gKn7".to_string()];
    if let Some(sq) = attacker {
        list.push(format!("bR{sq}"));
    }
    Fen4::new('R', &list.join(" "))
        .castling([1, 0, 0, 0], [1, 0, 0, 0])
        .pos(v)
}

/// docs: castling: "the king moves two squares towards the rook and the
/// rook lands on the square the king crossed (Red: `h1j1` with the rook to
/// i1, `h1f1` with the rook to g1)"; kingside is the rook nearer the king.
#[test]
fn castling_moves_king_two_squares_and_rook_over_it() {
    for v in all_variants() {
        let p = castling_position(v, None);
        let k = play(&p, "h1j1");
        assert_eq!(at(&k, "j1").as_deref(), Some("rK"));
        assert_eq!(at(&k, "i1").as_deref(), Some("rR"));
        assert_eq!((at(&k, "h1"), at(&k, "k1")), (None, None));
        assert!(
            k.to_fen().contains("-0,0,0,0-0,0,0,0-"),
            "rights gone: {}",
            k.to_fen()
        );
        let q = play(&p, "h1f1");
        assert_eq!(at(&q, "f1").as_deref(), Some("rK"));
        assert_eq!(at(&q, "g1").as_deref(), Some("rR"));
        assert_eq!(kind_of(&p, "h1f1"), MoveKind::Castle);
    }
    // Blue castles along its file: a8a10 with the rook a11 to a9.
    let b = Fen4::new('B', "rKh1 bKa8 bRa11 bRa4 yKg14 gKn7")
        .castling([0, 1, 0, 0], [0, 1, 0, 0])
        .pos(teams());
    let k = play(&b, "a8a10");
    assert_eq!(at(&k, "a10").as_deref(), Some("bK"));
    assert_eq!(at(&k, "a9").as_deref(), Some("bR"));
    let q = play(&b, "a8a6");
    assert_eq!(at(&q, "a6").as_deref(), Some("bK"));
    assert_eq!(at(&q, "a7").as_deref(), Some("bR"));
}

/// "Also, since check and check-mate dont apply, players are free to
/// castle if they are in check and if the king travels through check."
/// Under the Original rules the same castlings are refused (see
/// `original_no_castling_out_of_through_or_into_check`).
#[test]
fn regicide_castling_out_of_and_through_check() {
    for v in [teams(), ffa()] {
        // Out of check: the rook on h8 attacks the king on h1.
        let out = castling_position(v, Some("h8"));
        assert!(
            is_legal(&out, "h1j1") && is_legal(&out, "h1f1"),
            "{}",
            v.name
        );
        // Through check: i1 (kingside) and g1 (queenside) attacked.
        assert!(
            is_legal(&castling_position(v, Some("i8")), "h1j1"),
            "{}",
            v.name
        );
        assert!(
            is_legal(&castling_position(v, Some("g8")), "h1f1"),
            "{}",
            v.name
        );
        // Into check: the king may even land on an attacked square.
        assert!(
            is_legal(&castling_position(v, Some("j8")), "h1j1"),
            "{}",
            v.name
        );
        assert!(
            is_legal(&castling_position(v, Some("f8")), "h1f1"),
            "{}",
            v.name
        );
    }
}

// ---------------------------------------------------------------- Pawns

/// "Pawns always move straight forward with respect to the side of the
/// board they start on." One pawn of each seat on g7, enemy knights on the
/// four diagonal squares: it steps one square towards its far side and
/// captures on its two forward diagonals only.
#[test]
fn pawns_move_straight_forward_per_seat() {
    let cases = [
        ('R', 'r', 'b', vec!["g7g8", "g7f8", "g7h8"]),
        ('B', 'b', 'y', vec!["g7h7", "g7h8", "g7h6"]),
        ('Y', 'y', 'g', vec!["g7g6", "g7f6", "g7h6"]),
        ('G', 'g', 'r', vec!["g7f7", "g7f8", "g7f6"]),
    ];
    for v in all_variants() {
        for (turn, own, enemy, expected) in &cases {
            let list = format!("{KINGS} {own}Pg7 {enemy}Nf6 {enemy}Nf8 {enemy}Nh6 {enemy}Nh8");
            let p = Fen4::new(*turn, &list).pos(v);
            assert_eq!(moves_from(&p, "g7"), sorted(expected), "{} {turn}", v.name);
        }
    }
}

/// docs: "they double-step from their second rank (Red's rank 2, Blue's
/// file b, Yellow's rank 13, Green's file m)", and only from there; the
/// double step needs both squares empty.
#[test]
fn pawns_double_step_from_their_second_rank() {
    for v in all_variants() {
        for (turn, pawn, one, two) in [
            ('R', "f2", "f2f3", "f2f4"),
            ('B', "b7", "b7c7", "b7d7"),
            ('Y', "e13", "e13e12", "e13e11"),
            ('G', "m10", "m10l10", "m10k10"),
        ] {
            let p = start_with_turn(v, turn);
            assert_eq!(
                moves_from(&p, pawn),
                sorted(&[one, two]),
                "{} {turn}",
                v.name
            );
        }
        // Off the second rank: one step only.
        let p = Fen4::new('R', &pieces(&[KINGS, "rPf3 bPc7"])).pos(v);
        assert_eq!(moves_from(&p, "f3"), ["f3f4"]);
        let p = Fen4::new('B', &pieces(&[KINGS, "rPf3 bPc7"])).pos(v);
        assert_eq!(moves_from(&p, "c7"), ["c7d7"]);
        // Blocked on the second square, or on the first.
        let p = Fen4::new('R', &pieces(&[KINGS, "rPf2 bRf4 rPi2 bRi3"])).pos(v);
        assert_eq!(moves_from(&p, "f2"), ["f2f3"], "{}", v.name);
        assert!(moves_from(&p, "i2").is_empty(), "{}", v.name);
    }
}

// ---------------------------------------------------------------- En passant

/// A position for en passant: Red's pawn on e2 about to double-step, with
/// `extra` pieces.
fn ep_position(v: &tetrarch_rules::Variant, extra: &str) -> Pos {
    Fen4::new('R', &pieces(&[KINGS, "rPe2", extra])).pos(v)
}

/// "En Passant also applies." By the next seat: Red's e2e4 gives Red an
/// entry (skipped e3, pawn e4), and Blue's pawn on d4 takes on e3,
/// removing the pawn on e4.
#[test]
fn en_passant_by_the_next_seat() {
    for v in all_variants() {
        let p = play(&ep_position(v, "bPd4"), "e2e4");
        assert_eq!(p.ep_entries(), [Some(cell("e3")), None, None, None]);
        assert_eq!(kind_of(&p, "d4e3"), MoveKind::EnPassant);
        let q = play(&p, "d4e3");
        assert_eq!(at(&q, "e4"), None, "{}", v.name);
        assert_eq!(at(&q, "e3").as_deref(), Some("bP"));
        assert_eq!(q.halfmoves(), 0);
        assert_eq!(q.ep_entries(), [None; 4], "entry gone with its pawn");
    }
}

/// docs: "Until that seat moves again, a pawn of any seat not on its team
/// whose diagonal capture reaches the skipped square may take the pawn
/// there": Blue and Yellow let it be, Green takes on e3.
#[test]
fn en_passant_by_a_later_seat_before_the_owner_moves_again() {
    for v in all_variants() {
        let p = play(&ep_position(v, "bPd4 gPf4"), "e2e4 a8b8 g14f14");
        assert_eq!(p.turn(), GREEN);
        assert_eq!(kind_of(&p, "f4e3"), MoveKind::EnPassant);
        let q = play(&p, "f4e3");
        assert_eq!(at(&q, "e4"), None, "{}", v.name);
        assert_eq!(at(&q, "e3").as_deref(), Some("gP"));
    }
}

/// docs: "Entries are dropped when their owner's side moves": once Red
/// has moved again, nobody takes on e3.
#[test]
fn en_passant_entry_gone_after_the_owners_next_move() {
    for v in all_variants() {
        let p = play(&ep_position(v, "bPd4 gPf4"), "e2e4 a8b8 g14f14 n7m7");
        assert_eq!(p.ep_entries()[0], Some(cell("e3")));
        let q = play(&p, "h1h2");
        assert_eq!(q.ep_entries(), [None; 4], "{}", v.name);
        assert!(!is_legal(&q, "d4e3"), "{}", v.name);
    }
    // Its pass: frozen Red passes with an entry standing.
    let frozen = Fen4::new('R', "rPe4 bKa8 bPd4 yKg14 gKn7")
        .ep(["e3:e4", "", "", ""])
        .pos(teams());
    assert_eq!(uci_set(&frozen), ["0000"]);
    let q = play(&frozen, "0000");
    assert_eq!(q.ep_entries(), [None; 4]);
    assert!(!is_legal(&q, "d4e3"));
    // Its combined army's move: Blue double-steps for the Blue-Green army;
    // after Yellow's move the army moves a Green piece, and Blue's entry goes.
    let p = Fen4::new('G', "bKa8 bPb6 yKg14 yPd7 gKn7 gPm4").pos(original());
    assert_eq!(p.moving_seats(), B | G);
    let p = play(&p, "b6d6");
    assert!(is_legal(&p, "d7c6"), "Yellow could take at once");
    let p = play(&p, "g14f14 m4l4");
    assert_eq!(p.turn(), YELLOW);
    assert_eq!(p.ep_entries(), [None; 4]);
    assert!(!is_legal(&p, "d7c6"));
}

/// docs: "a pawn of any seat not on its team": Yellow may not take its
/// partner's pawn en passant; in `fourway-ffa` it may.
#[test]
fn en_passant_not_by_the_partner() {
    for v in [teams(), original()] {
        let p = play(&ep_position(v, "yPd4"), "e2e4 a8b8");
        assert_eq!(p.turn(), YELLOW);
        assert!(!is_legal(&p, "d4e3"), "{}", v.name);
        assert_eq!(moves_from(&p, "d4"), ["d4d3"], "{}", v.name);
    }
    let p = play(&ep_position(ffa(), "yPd4"), "e2e4 a8b8");
    assert_eq!(kind_of(&p, "d4e3"), MoveKind::EnPassant);
    assert_eq!(at(&play(&p, "d4e3"), "e4"), None);
}

/// docs: entries are dropped "after every move when the pawn no longer
/// stands on its square or the skipped square is occupied".
#[test]
fn en_passant_entry_dropped_when_its_pawn_goes_or_its_square_fills() {
    for v in all_variants() {
        // Blue's knight takes the pawn on e4: Green cannot take on e3.
        let p = play(&ep_position(v, "bNf6 gPf4"), "e2e4 f6e4");
        assert_eq!(p.ep_entries()[0], None, "{}", v.name);
        let p = play(&p, "g14f14");
        assert!(!is_legal(&p, "f4e3"));
        // Blue's knight lands on e3: the skipped square is taken.
        let p = play(&ep_position(v, "bNf5 gPf4"), "e2e4 f5e3");
        assert_eq!(p.ep_entries()[0], None, "{}", v.name);
    }
}

/// Several seats' entries stand at once, each taken by its own rules:
/// Red's (e3) and Blue's (c6); Yellow takes Blue's, Green then Red's.
#[test]
fn en_passant_entries_of_several_seats() {
    for v in all_variants() {
        let p = play(&ep_position(v, "bPb6 yPd7 gPf4"), "e2e4 b6d6");
        assert_eq!(
            p.ep_entries(),
            [Some(cell("e3")), Some(cell("c6")), None, None]
        );
        let p = play(&p, "d7c6");
        assert_eq!(at(&p, "d6"), None, "Blue's pawn taken");
        assert_eq!(p.ep_entries()[1], None);
        assert_eq!(p.ep_entries()[0], Some(cell("e3")));
        let p = play(&p, "f4e3");
        assert_eq!(at(&p, "e4"), None, "Red's pawn taken");
    }
}

// ---------------------------------------------------------------- Promotion

/// "Pawns are promoted when they reach the other side of the board": Red
/// on rank 14; "They may only be promoted to a piece you have already
/// lost": Red, missing only its queen, promotes to a queen and nothing else.
#[test]
fn promotion_on_the_far_rank_only_to_a_lost_piece() {
    for v in all_variants() {
        let list = format!("{RED_BACK_NO_QUEEN} bKa8 yKg14 gKn7 rPe13");
        let p = Fen4::new('R', &list).pos(v);
        assert_eq!(moves_from(&p, "e13"), ["e13e14q"], "{}", v.name);
        let q = play(&p, "e13e14q");
        assert_eq!(at(&q, "e14").as_deref(), Some("rQ"));
        assert_eq!(q.halfmoves(), 0);
    }
}

/// "... or the opponents first rank by a series of captures." / "A pawn
/// that may advance to the last square in either opponents kingdom is
/// also promoted." Red promotes on file a (Blue's first rank) and file n
/// (Green's), by capture or by a step along the file.
#[test]
fn promotion_on_an_opponents_first_rank() {
    for v in all_variants() {
        let list = format!("{RED_BACK_NO_QUEEN} bKa8 yKg14 gKn7 rPb9 bNa10 rPm4 gNn5 rPa5");
        let p = Fen4::new('R', &list).pos(v);
        assert_eq!(
            moves_from(&p, "b9"),
            sorted(&["b9a10q", "b9b10"]),
            "{}",
            v.name
        );
        assert_eq!(
            moves_from(&p, "m4"),
            sorted(&["m4n5q", "m4m5"]),
            "{}",
            v.name
        );
        assert_eq!(moves_from(&p, "a5"), ["a5a6q"], "{}", v.name);
    }
    // Blue, with nothing but its king and pawns: its far side (file n) and
    // the first ranks of Red (rank 1) and Yellow (rank 14).
    for v in all_variants() {
        let list = "rKh1 rRk1 bKa8 bPj2 bPm9 bPe13 yKg14 yNf14 gKn7";
        let p = Fen4::new('B', list).pos(v);
        assert_eq!(
            moves_from(&p, "j2"),
            sorted(&["j2k1n", "j2k1b", "j2k1r", "j2k1q", "j2k2"]),
            "{}",
            v.name
        );
        assert_eq!(
            moves_from(&p, "m9"),
            sorted(&["m9n9n", "m9n9b", "m9n9r", "m9n9q"])
        );
        assert_eq!(
            moves_from(&p, "e13"),
            sorted(&["e13f13", "e13f14n", "e13f14b", "e13f14r", "e13f14q"])
        );
    }
}

/// docs: "A pawn arriving on a promotion square must promote to one of the
/// lost kinds, one move per kind": Red, missing a knight and its queen.
#[test]
fn promotion_one_move_per_lost_kind() {
    let list = "rRd1 rBf1 rKh1 rBi1 rNj1 rRk1 bKa8 yKg14 gKn7 rPe13";
    for v in all_variants() {
        let p = Fen4::new('R', list).pos(v);
        assert_eq!(
            moves_from(&p, "e13"),
            sorted(&["e13e14n", "e13e14q"]),
            "{}",
            v.name
        );
        assert_eq!(at(&play(&p, "e13e14n"), "e14").as_deref(), Some("rN"));
    }
    // Nothing but the king: every kind is lost.
    let p = Fen4::new('R', "rKh1 bKa8 yKg14 gKn7 rPe13").pos(teams());
    assert_eq!(
        moves_from(&p, "e13"),
        sorted(&["e13e14n", "e13e14b", "e13e14r", "e13e14q"])
    );
}

/// docs: "When nothing is lost yet the move is still allowed and the pawn
/// stays a pawn" (so that a pawn can take a king on a promotion square).
#[test]
fn promotion_with_nothing_lost_leaves_a_pawn() {
    for v in all_variants() {
        let list = format!("{RED_BACK} bKa8 yKg14 gKn7 rPe13");
        let p = Fen4::new('R', &list).pos(v);
        assert_eq!(moves_from(&p, "e13"), ["e13e14"], "{}", v.name);
        let q = play(&p, "e13e14");
        assert_eq!(at(&q, "e14").as_deref(), Some("rP"));
    }
    // Regicide: a pawn takes Green's king on Green's first rank.
    for v in [teams(), ffa()] {
        let list = format!("{RED_BACK} bKa8 yKg14 gKn7 rPm6");
        let p = Fen4::new('R', &list).pos(v);
        assert_eq!(
            moves_from(&p, "m6"),
            sorted(&["m6m7", "m6n7"]),
            "{}",
            v.name
        );
        let q = play(&p, "m6n7");
        assert_eq!(at(&q, "n7").as_deref(), Some("rP"));
        assert_eq!(q.alive_seats() & G, 0);
    }
}

/// docs: a pawn waiting on a promotion square "promotes on a later move
/// that ends on a promotion square, if by then something is lost": Red's
/// pawn steps along file a unpromoted, Blue takes Red's queen, and the
/// next step along file a must promote to a queen.
#[test]
fn pawn_on_a_promotion_square_promotes_later() {
    for v in all_variants() {
        let list = format!("{RED_BACK} rPa5 bKa8 bBd4 yKg14 gKn7");
        let p = Fen4::new('R', &list).pos(v);
        assert_eq!(moves_from(&p, "a5"), ["a5a6"], "{}", v.name);
        let q = play(&p, "a5a6 d4g1 g14f14 n7m7");
        assert_eq!(q.turn(), RED);
        assert_eq!(moves_from(&q, "a6"), ["a6a7q"], "{}", v.name);
    }
}

/// docs: "a promoted piece fills the gap again, so a lost piece can be
/// promoted to once": after e13e14q, Red's next pawn on rank 14 stays a pawn.
#[test]
fn a_promoted_piece_uses_up_the_lost_one() {
    for v in all_variants() {
        let list = format!("{RED_BACK_NO_QUEEN} bKa8 yKg14 gKn7 rPe13 rPj13");
        let p = Fen4::new('R', &list).pos(v);
        assert_eq!(moves_from(&p, "j13"), ["j13j14q"]);
        let q = play(&p, "e13e14q a8a7 g14g13 n7m7");
        assert_eq!(q.turn(), RED);
        assert_eq!(moves_from(&q, "j13"), ["j13j14"], "{}", v.name);
        assert!(!is_legal(&q, "j13j14q"));
    }
}

// ---------------------------------------------------------------- Partner pawn swap

/// "If two pawns from the same team meet face-to-face either pawn may move
/// one square forward and advance the partner's pawn to the square the
/// first pawn was on, switching places as one move." (Both team variants.)
#[test]
fn partner_pawn_swap_by_either_pawn() {
    let list = format!("{KINGS} rPe7 yPe8 bPg5 gPh5");
    for v in [teams(), original()] {
        for (turn, pawn, step, mine, theirs) in [
            ('R', "e7", "e7e8", ("e8", "rP"), ("e7", "yP")),
            ('Y', "e8", "e8e7", ("e7", "yP"), ("e8", "rP")),
            ('B', "g5", "g5h5", ("h5", "bP"), ("g5", "gP")),
            ('G', "h5", "h5g5", ("g5", "gP"), ("h5", "bP")),
        ] {
            let p = Fen4::new(turn, &list).clock(57).pos(v);
            assert_eq!(moves_from(&p, pawn), [step], "{} {turn}", v.name);
            assert_eq!(kind_of(&p, step), MoveKind::Swap);
            let q = play(&p, step);
            assert_eq!(at(&q, mine.0).as_deref(), Some(mine.1), "{} {step}", v.name);
            assert_eq!(
                at(&q, theirs.0).as_deref(),
                Some(theirs.1),
                "{} {step}",
                v.name
            );
            // One move: the next seat is to move; a pawn move for the clock.
            assert_eq!(q.turn(), Seat((p.turn().0 + 1) % 4));
            assert_eq!(q.halfmoves(), 0);
            assert_eq!(q.ep_entries(), [None; 4]);
        }
    }
}

/// docs: "(team variants)": in `fourway-ffa` the pawns block each other.
#[test]
fn no_partner_pawn_swap_in_ffa() {
    let list = format!("{KINGS} rPe7 yPe8 bPg5 gPh5");
    for (turn, pawn) in [('R', "e7"), ('Y', "e8"), ('B', "g5"), ('G', "h5")] {
        let p = Fen4::new(turn, &list).pos(ffa());
        assert!(moves_from(&p, pawn).is_empty(), "{turn}");
    }
}

/// docs: "(not by a frozen army: it is not a capture)": kingless Red only passes.
#[test]
fn no_partner_pawn_swap_by_a_frozen_army() {
    let p = Fen4::new('R', "rPe7 yPe8 bKa8 yKg14 gKn7").pos(teams());
    assert_eq!(uci_set(&p), ["0000"]);
}

/// docs: "A swap never promotes and gives no en passant entry": Red,
/// missing its queen, swaps onto a8 (file a, a promotion square) and its
/// pawn stays a pawn.
#[test]
fn partner_pawn_swap_never_promotes() {
    for v in [teams(), original()] {
        let list = format!("{RED_BACK_NO_QUEEN} rPa7 yPa8 bKa11 yKg14 gKn7");
        let p = Fen4::new('R', &list).pos(v);
        assert_eq!(moves_from(&p, "a7"), ["a7a8"], "{}", v.name);
        let q = play(&p, "a7a8");
        assert_eq!(at(&q, "a8").as_deref(), Some("rP"));
        assert_eq!(at(&q, "a7").as_deref(), Some("yP"));
    }
}

// =================================================================== Original Rules

/// "In the traditional rules of 4-Way Chess when a king is put in check he
/// must get out of check on his next move": Red, checked on the h-file,
/// may only block or step aside.
#[test]
fn original_must_get_out_of_check() {
    let f = Fen4::new('R', "rKh1 rPg2 rPi2 rRd5 bRh8 bKa8 yKg14 gKn7");
    let p = f.pos(original());
    assert!(p.in_check());
    assert_eq!(uci_set(&p), sorted(&["d5h5", "h1g1", "h1i1"]));
    for &m in p.legal_moves().iter() {
        let mut q = p.clone();
        q.play_unchecked(m);
        assert!(!q.royal_attacked(RED), "{}", uci(&p, m));
    }
    // Regicide: anything goes.
    assert!(uci_set(&f.pos(teams())).len() > 3);
}

/// "... and a player may never move into check." (`fourway-original` only;
/// see `regicide_king_may_move_into_check`.) Check comes from the other
/// team only: a partner's rook on the king's file is no check.
#[test]
fn original_may_never_move_into_check() {
    // g1 and g2 on the rook's file, i2 under the knight.
    let p = Fen4::new('R', "rKh1 bRg8 bNk3 bKa8 yKg14 gKn7").pos(original());
    assert_eq!(moves_from(&p, "h1"), sorted(&["h1h2", "h1i1"]));
    // A partner's rook attacks nothing of Red's.
    let p = Fen4::new('R', "rKh1 rPe2 yRh8 bKa8 yKg14 gKn7").pos(original());
    assert!(!p.in_check());
    assert!(is_legal(&p, "e2e3"));
    assert_eq!(moves_from(&p, "h1").len(), 5);
}

/// "In this variation you may not castle out of check or through check
/// either." (docs: nor into check.)
#[test]
fn original_no_castling_out_of_through_or_into_check() {
    let v = original();
    let free = castling_position(v, None);
    assert!(is_legal(&free, "h1j1") && is_legal(&free, "h1f1"));
    let out = castling_position(v, Some("h8"));
    assert!(!is_legal(&out, "h1j1") && !is_legal(&out, "h1f1"));
    assert!(
        !is_legal(&castling_position(v, Some("i8")), "h1j1"),
        "through i1"
    );
    assert!(
        !is_legal(&castling_position(v, Some("g8")), "h1f1"),
        "through g1"
    );
    assert!(
        !is_legal(&castling_position(v, Some("j8")), "h1j1"),
        "into j1"
    );
    assert!(
        !is_legal(&castling_position(v, Some("f8")), "h1f1"),
        "into f1"
    );
    // The other side is still free while one side is blocked.
    assert!(is_legal(&castling_position(v, Some("i8")), "h1f1"));
    // The rook may pass an attacked square (only the king's path counts).
    assert!(is_legal(&castling_position(v, Some("e8")), "h1f1"));
}

/// The back-rank mate of Red by Blue's rook, with Blue to move, Yellow's
/// `yellow` pieces and a Green pawn to move.
fn mate_position(yellow: &str) -> Pos {
    let list = format!("rKh1 rPg2 rPh2 rPi2 bRe8 bKa8 yKg14 yPd13 gKn7 gPm4 {yellow}");
    Fen4::new('B', &list).pos(original())
}

/// "When a player is check-mated play continues until his turn. When a
/// player is in check-mate on his turn all of his pieces are removed from
/// the board and he is out of the game." Blue mates Red; Yellow and Green
/// move with Red's army still on the board; at Red's turn it is removed
/// and Blue moves next.
#[test]
fn original_mated_player_is_removed_on_their_turn() {
    let p = play(&mate_position(""), "e8e1");
    assert_eq!(p.turn(), YELLOW);
    assert_eq!(
        at(&p, "h1").as_deref(),
        Some("rK"),
        "not removed before his turn"
    );
    assert_eq!(p.alive_seats(), R | B | Y | G);
    assert_eq!(p.outcome(), None);
    let p = play(&p, "d13d12");
    assert_eq!(p.turn(), GREEN);
    assert_eq!(at(&p, "g2").as_deref(), Some("rP"));
    let p = play(&p, "m4l4");
    assert_eq!(p.turn(), BLUE, "Red's turn came: Red is out, Blue moves");
    assert_eq!(
        p.seat_pieces(RED).count(),
        0,
        "all of Red's pieces are removed"
    );
    assert_eq!(p.alive_seats(), B | Y | G);
    assert!(p.to_fen().starts_with("B-1,0,0,0-"), "{}", p.to_fen());
    assert_eq!(p.outcome(), None, "Yellow plays on");
}

/// "... play continues until his turn": in between, the partner may get
/// the mated player out of mate, and then the player is not removed.
#[test]
fn original_partner_may_rescue_a_mated_player() {
    let p = play(&mate_position("yRe10"), "e8e1");
    assert_eq!(p.turn(), YELLOW);
    let p = play(&p, "e10e1 m4l4");
    assert_eq!(p.turn(), RED);
    assert_eq!(p.alive_seats(), R | B | Y | G);
    assert!(!p.legal_moves().is_empty());
}

/// docs: "A king left en prise (a player checked by one opponent can be
/// reached by the other before their turn) may be captured; that player is
/// out at once, as if mated." Blue's knight steps off the diagonal of
/// Green's bishop; Yellow does not help; Green takes Red's king and every
/// Red piece leaves the board with it.
#[test]
fn original_king_left_en_prise_is_captured_and_the_player_is_out() {
    let list = "rKh1 rPg2 rPh2 rRd5 bKa8 bNj3 yKg14 yPd13 gKn7 gBk4";
    let p = Fen4::new('B', list).pos(original());
    let p = play(&p, "j3k5");
    assert!(p.royal_attacked(RED), "Green's bishop now attacks h1");
    let p = play(&p, "d13d12");
    assert_eq!(p.turn(), GREEN);
    assert!(is_legal(&p, "k4h1"));
    let p = play(&p, "k4h1");
    assert_eq!(at(&p, "h1").as_deref(), Some("gB"));
    assert_eq!(
        p.seat_pieces(RED).count(),
        0,
        "Red's army is removed at once"
    );
    assert!(p.to_fen().starts_with("B-1,0,0,0-"), "{}", p.to_fen());
    // Under Regicide the same capture freezes Red's army instead.
    let t = play(&Fen4::new('B', list).pos(teams()), "j3k5 d13d12 k4h1");
    assert_eq!(t.seat_pieces(RED).count(), 3);
}

/// "Play continues clock-wise and after his partners next move the two
/// opponents armies combine into one army for movement purposes only
/// allowing one piece to move from either army per move that the lone
/// player makes." After Red's removal: Blue's own move, Yellow's, then the
/// combined Blue-Green army (written with Green's letter, the first seat
/// after Yellow) moves one piece of either army, then Yellow, and so on.
#[test]
fn original_opponents_combine_after_the_partners_next_move() {
    let mut p = play(&mate_position(""), "e8e1 d13d12 m4l4");
    // (move, seat letter to move, moving seats, a move that must not be legal)
    let steps: [(&str, Seat, u8, &str); 6] = [
        ("a8b8", BLUE, B, "n7m7"),
        ("d12d11", YELLOW, Y, "n7m7"),
        ("b8c8", GREEN, B | G, "d12d11"),
        ("d11d10", YELLOW, Y, "n7m7"),
        ("l4k4", GREEN, B | G, "d11d10"),
        ("d10d9", YELLOW, Y, "c8d8"),
    ];
    for (m, seat, moving, not_now) in steps {
        assert_eq!(p.turn(), seat, "before {m}: {}", p.to_fen());
        assert_eq!(letters(p.moving_seats()), letters(moving), "before {m}");
        assert!(!is_legal(&p, not_now), "{not_now} before {m}");
        if moving == B | G {
            // Either army's pieces move.
            let movers: u8 = p
                .legal_moves()
                .iter()
                .map(|lm| 1u8 << p.piece_at(lm.from()).unwrap().seat.0)
                .fold(0, |a, b| a | b);
            assert_eq!(movers, B | G);
            assert!(p.to_fen().starts_with("G-"), "{}", p.to_fen());
        }
        p = play(&p, m);
    }
    assert_eq!(p.turn(), GREEN);
    assert_eq!(p.moving_seats(), B | G);
}

/// docs: "a move of the combined army must leave neither of their kings in
/// check": Yellow's rook checks Blue's king; a Green move that ignores it
/// is illegal, a Green rook that blocks is legal.
#[test]
fn original_combined_army_must_cover_both_kings() {
    let list = "bKa8 bPb5 yKg14 yRe8 gKn7 gPm4 gRd10";
    let p = Fen4::new('G', list).pos(original());
    assert_eq!(p.moving_seats(), B | G);
    assert!(p.royal_attacked(BLUE));
    assert!(is_legal(&p, "d10d8"), "Green blocks for Blue");
    assert!(is_legal(&p, "a8a7"), "Blue steps aside");
    assert!(!is_legal(&p, "m4l4"));
    assert!(!is_legal(&p, "b5c5"));
    assert!(!is_legal(&p, "a8b8"));
    for &m in p.legal_moves().iter() {
        let mut q = p.clone();
        q.play_unchecked(m);
        assert!(
            !q.royal_attacked(BLUE) && !q.royal_attacked(GREEN),
            "{}",
            uci(&p, m)
        );
    }
}

/// docs: "When the combined army has no legal move, its kings in check are
/// removed; the other seat then plays on alone."
#[test]
fn original_combined_army_without_a_move_loses_its_checked_king() {
    let list = "bKa8 bPb7 bPb8 bPb9 yKg14 yRe5 gKn7";
    let p = Fen4::new('Y', list).pos(original());
    assert_eq!(p.moving_seats(), Y);
    let q = play(&p, "e5a5");
    assert_eq!(
        q.seat_pieces(BLUE).count(),
        0,
        "Blue mated on the combined turn"
    );
    assert_eq!(q.turn(), GREEN);
    assert_eq!(q.moving_seats(), G);
    assert_eq!(q.alive_seats(), Y | G);
    assert_eq!(q.outcome(), None);
}

/// docs: "A team wins when both opponents are out." Blue is out; Red's
/// rook (moving for the combined Red-Yellow army) mates Green, who is
/// removed at once since it is Green's turn: Red and Yellow win.
#[test]
fn original_team_wins_when_both_opponents_are_out() {
    let list = "rKh1 rRe4 yKg14 yBk11 gKn7 gPm6 gPm7 gPm8";
    let p = Fen4::new('R', list).pos(original());
    assert_eq!(p.moving_seats(), R | Y);
    assert_eq!(p.outcome(), None);
    let q = play(&p, "e4n4");
    assert_eq!(q.seat_pieces(GREEN).count(), 0);
    assert!(
        team_won(&q, q.outcome(), RED, WinReason::Checkmate),
        "{:?}",
        q.outcome()
    );
    assert!(q.legal_moves().is_empty());
}

/// docs: "Stalemate (the side to move has no legal move and no king of it
/// in check) draws the game, as in regular chess: 'all of the rules of
/// regular chess apply'."
#[test]
fn original_stalemate_is_a_draw() {
    let f = Fen4::new('R', "rKh1 bRg8 bRi8 bBe5 bKa8 yKg14 gKn7");
    let p = f.pos(original());
    assert!(!p.in_check());
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    // Under Regicide the king may step into the attacks: no stalemate.
    assert_eq!(f.pos(teams()).outcome(), None);
}

/// docs: stalemate is "no legal move and no king of it in check"; a side
/// to move that is mated (read from a FEN4) is not stalemated: its player
/// is removed ("Checkmate removes the player on their turn").
#[test]
fn original_mated_side_to_move_is_not_a_stalemate() {
    let p = Fen4::new('R', "rKh1 rPg2 rPh2 rPi2 bRe1 bKa8 yKg14 gKn7").pos(original());
    // Read from FEN4, the mated player is removed at once and Blue moves.
    assert!(p.seat_pieces(Seat(0)).is_empty());
    assert_eq!(p.turn(), BLUE);
    assert!(!p.legal_moves().is_empty());
    assert_ne!(p.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
}

/// Perft counts the moves after a move without playing it in full
/// (`count_legal_moves_after`: counted before the mate test): where the
/// next player is mated it must still remove them and count the next
/// seat's moves, and where they are stalemated or in check with moves,
/// count what they have, as playing the move and counting does.
#[test]
fn counting_after_a_move_agrees_with_playing_it_around_a_mate() {
    let mated = play(&mate_position(""), "e8e1 d13d12");
    let checked = Fen4::new('G', "rKh1 rPg2 rPh2 bRe1 bKa8 yKg14 gKn7 gPm4").pos(original());
    let stalemate = Fen4::new('G', "rKh1 bRg8 bRi8 bBe5 bKa8 yKg14 gKn7 gPm4").pos(original());
    for (p, expected_turn) in [(&mated, BLUE), (&checked, RED), (&stalemate, RED)] {
        for &m in p.legal_moves().iter() {
            let mut after = p.clone();
            after.play_unchecked(m);
            assert_eq!(
                p.count_legal_moves_after(m),
                after.count_legal_moves(),
                "{}",
                uci(p, m)
            );
        }
        assert_eq!(play(p, "m4l4").turn(), expected_turn);
    }
    // The three cases are the ones named: Red removed, Red in check with
    // moves, Red without moves and not in check.
    assert!(play(&mated, "m4l4").seat_pieces(RED).is_empty());
    let escapes = play(&checked, "m4l4");
    assert!(escapes.in_check() && !escapes.legal_moves().is_empty());
    let stuck = play(&stalemate, "m4l4");
    assert!(!stuck.in_check() && stuck.legal_moves().is_empty());
    assert_eq!(
        stalemate.count_legal_moves_after(find(&stalemate, "m4l4")),
        0
    );
}

// =================================================================== Free-for-all

/// "You can also play every man for himself by Regicide Rules": any other
/// seat's piece may be taken, the opposite seat's included.
#[test]
fn ffa_every_other_seat_may_be_captured() {
    let p = Fen4::new('R', &pieces(&[KINGS, "rRe5 yPe9 bNh5 gBe3"])).pos(ffa());
    for m in ["e5e9", "e5h5", "e5e3"] {
        assert!(is_legal(&p, m), "{m}");
    }
    let y = Fen4::new('Y', &pieces(&[KINGS, "rRe5 yBh8 bNh5"])).pos(ffa());
    assert!(is_legal(&y, "h8e5"), "Yellow takes Red");
}

/// "... when a player's king is killed he may not win the game" (docs:
/// "The last player with a king wins, the moment the other kings are
/// gone"): Red takes Blue's king (Yellow still has one: play goes on),
/// then Yellow's: Red wins.
#[test]
fn ffa_last_king_standing_wins() {
    let p = Fen4::new('R', "rKh1 rQd11 rRg2 bKa8 yKg14 yPd13 gPm4").pos(ffa());
    let q = play(&p, "d11a8");
    assert_eq!(q.alive_seats(), R | Y);
    assert_eq!(q.outcome(), None);
    // Blue, with nothing left on the board, is passed over.
    assert_eq!(q.turn(), YELLOW);
    let q = play(&q, "d13d12 0000");
    assert_eq!(q.turn(), RED);
    let q = play(&q, "g2g14");
    assert_eq!(
        q.outcome(),
        Some(Outcome::Win {
            winner: RED,
            reason: WinReason::KingsCaptured
        })
    );
}

/// A kingless player plays on, frozen (captures of any seat, or a pass),
/// "he may not win the game": Blue takes Yellow's king and Red, the last
/// king, wins.
#[test]
fn ffa_kingless_players_play_on_frozen_and_cannot_win() {
    let p = Fen4::new('B', "rKh1 rNf10 bRa10 bPb6 bNc8 yKg14 yPe9 gNe7").pos(ffa());
    assert_eq!(uci_set(&p), sorted(&["a10f10", "c8e9", "c8e7", "0000"]));
    let p = Fen4::new('B', "rKh1 bRg8 yKg14 gPm4").pos(ffa());
    assert_eq!(p.outcome(), None);
    let q = play(&p, "g8g14");
    assert_eq!(
        q.outcome(),
        Some(Outcome::Win {
            winner: RED,
            reason: WinReason::KingsCaptured
        })
    );
}

/// "... although he may still play for a draw if all the other kings can
/// be captured too." docs: "If no king is left (possible only from a
/// set-up position: a capture removes one king) the game is drawn."
#[test]
fn ffa_no_king_left_is_a_draw() {
    let p = Fen4::new('R', "rPe2 bRa10 yNf12 gPm4").pos(ffa());
    assert_eq!(p.alive_seats(), 0);
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::NoKings)));
}

// =================================================================== Draws

/// docs: "Fifty-move rule: 50 moves by every seat, that is 200 half-moves,
/// without a capture or a pawn move draws. Passes count as moves."
#[test]
fn fifty_move_rule_is_200_half_moves() {
    for v in all_variants() {
        let list = pieces(&[KINGS, "rRe5 bNh5"]);
        let at = |n: u32| Fen4::new('R', &list).clock(n).pos(v);
        assert_eq!(
            at(100).outcome(),
            None,
            "{}: not 100 as with two seats",
            v.name
        );
        assert_eq!(at(199).outcome(), None, "{}", v.name);
        assert_eq!(
            at(200).outcome(),
            Some(Outcome::Draw(DrawReason::FiftyMoves)),
            "{}",
            v.name
        );
        let quiet = play(&at(199), "h1h2");
        assert_eq!(quiet.halfmoves(), 200);
        assert_eq!(quiet.outcome(), Some(Outcome::Draw(DrawReason::FiftyMoves)));
        let capture = play(&at(199), "e5h5");
        assert_eq!(capture.halfmoves(), 0);
        assert_eq!(capture.outcome(), None);
    }
    // A frozen seat's pass counts.
    let p = Fen4::new('B', "rKh1 bPb6 yKg14 gKn7")
        .clock(199)
        .pos(teams());
    let q = play(&p, "0000");
    assert_eq!(q.outcome(), Some(Outcome::Draw(DrawReason::FiftyMoves)));
}

/// docs: "Repetition: the same position (pieces, side to move, castling,
/// en passant entries) for the third time draws, as in chess."
#[test]
fn threefold_repetition_draws() {
    for v in all_variants() {
        let mut g = Game::new(Pos::start(v));
        let out = ["e1f3", "a5c6", "j14i12", "n10l11"];
        let back = ["f3e1", "c6a5", "i12j14", "l11n10"];
        for round in 0..2 {
            for m in out.iter().chain(back.iter()) {
                assert_eq!(g.outcome(), None, "{} round {round}", v.name);
                let mv = find(g.position(), m);
                g.play(mv).unwrap();
            }
        }
        assert_eq!(g.repetitions(), 3);
        assert_eq!(
            g.outcome(),
            Some(Outcome::Draw(DrawReason::Repetition)),
            "{}",
            v.name
        );
    }
}
