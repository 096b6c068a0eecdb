//! Mycenae's Trojan Horse (issue 14, `cargo`): "Mycenaean knights cannot
//! capture but can carry other pieces. The army starts hidden inside the
//! knights: 1 king, 1 rook, 2 bishops, 3 pawns, with secret notes saying
//! which knight holds what. Instead of moving, you may load or unload any
//! number of pieces onto or off a knight, to or from any of the 8 adjacent
//! squares. [...] Instead of moving or loading, you may burn a loaded
//! knight: the knight, its cargo and every piece orthogonally next to it
//! are destroyed. If a knight is captured or taken over, its cargo is
//! destroyed. If the king was inside, you are mated." Each sentence, each
//! decision of `docs/nations.md`, and the hidden-information invariant (a
//! seat's view is a function of what it may see), with Mycenae in each of
//! the four corners.

use crate::common;
/// Other players' pieces, with their owner's consent.
#[path = "powers_cargo_consent/mod.rs"]
mod consent;
use crate::corners;
use crate::european_fen;
use crate::lineup_play;

use common::Rng;
use corners::*;
use lineup_play::*;
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{Move, Seat};

const MYC: &str = "mycenae";

fn s(seat: usize) -> Seat {
    Seat(seat as u8)
}

/// The seat `k` places after `seat`.
fn after(seat: usize, k: usize) -> usize {
    (seat + k) % 4
}

/// A cargo entry written for the a1 corner (`b1=kbp/c1=rbpp`), turned.
fn cargo_text(seat: usize, cargo: &str) -> String {
    cargo
        .split('/')
        .map(|part| match part.split_once('=') {
            Some((sq, l)) if sq != "?" => format!("{}={l}", turned(seat, sq)),
            _ => part.to_string(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Mycenae in `seat` with horses on `horses` carrying `cargo` (a1-corner
/// squares; empty: not packed yet), and `pieces` (seat offset from
/// Mycenae, kind, a1-corner square); every other seat's king on its own
/// a1 and knight on its own b1; seat `turn` (offset from Mycenae) to move,
/// every seat past its opening turns.
fn scene_to_move(
    seat: usize,
    turn: usize,
    horses: &[&str],
    cargo: &str,
    pieces: &[(usize, char, &str)],
) -> Pos {
    let mut ids = ["default"; 4];
    ids[seat] = MYC;
    let mut cells: Vec<String> = vec![String::new(); 64];
    for (o, letter) in SEATS.iter().enumerate().filter(|&(o, _)| o != seat) {
        cells[index(&turned(o, "a1"))] = format!("{letter}K");
        cells[index(&turned(o, "b1"))] = format!("{letter}N");
    }
    for h in horses {
        cells[index(&turned(seat, h))] = format!("{}H", SEATS[seat]);
    }
    for &(offset, kind, sq) in pieces {
        cells[index(&turned(seat, sq))] = format!("{}{}", SEATS[after(seat, offset)], kind);
    }
    let rows = fen_rows(&cells);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut extras = european_fen::PLAYED.to_string();
    if !cargo.is_empty() {
        let mut entries = ["''".to_string(), "''".into(), "''".into(), "''".into()];
        entries[seat] = format!("'{}'", cargo_text(seat, cargo));
        extras.push_str(&format!(",'cargo':({})", entries.join(",")));
    }
    let turn = SEATS[after(seat, turn)].to_ascii_uppercase();
    let text = european_fen::fen(turn, &extras, rows.try_into().unwrap());
    // Mycenae's king is inside a knight: no seat is out.
    let (head, rest) = text.split_once('-').unwrap();
    let (_, rest) = rest.split_once('-').unwrap();
    pos(&lineup(&ids.join(",")), &format!("{head}-0,0,0,0-{rest}"))
}

/// [`scene_to_move`] with Mycenae to move.
fn scene(seat: usize, horses: &[&str], cargo: &str, pieces: &[(usize, char, &str)]) -> Pos {
    scene_to_move(seat, 0, horses, cargo, pieces)
}

/// A power move of the cargo, its squares written for the a1 corner.
fn cargo_move(seat: usize, squares: &[&str], letters: &str) -> String {
    let cells: String = squares.iter().map(|sq| turned(seat, sq)).collect();
    if letters.is_empty() {
        format!("cargo@{cells}")
    } else {
        format!("cargo@{cells}={letters}")
    }
}

/// Two a1-corner squares in the board order of `seat`'s corner.
fn in_board_order<'a>(p: &Pos, seat: usize, sqs: [&'a str; 2]) -> [&'a str; 2] {
    let cell = |sq: &str| p.variant().geometry.cell(turned(seat, sq).parse().unwrap());
    if cell(sqs[0]) < cell(sqs[1]) {
        sqs
    } else {
        [sqs[1], sqs[0]]
    }
}

fn at(p: &Pos, seat: usize, sq: &str) -> Option<(u8, char)> {
    piece(p, &turned(seat, sq))
}

/// What `seat` carries, as FEN4 writes it for the a1 corner.
fn carried(p: &Pos, seat: usize) -> String {
    let v = p.variant();
    let mut parts: Vec<String> = p
        .cargo_of(s(seat))
        .into_iter()
        .map(|(cell, kinds)| {
            let letters: String = kinds
                .iter()
                .flat_map(|&(k, n)| std::iter::repeat_n(v.pieces[k.idx()].letter, n as usize))
                .collect();
            let sq = cell.map_or("?".to_string(), |c| {
                // Back to the a1 corner.
                let name = v.geometry.square(c).to_string();
                (0..64)
                    .map(|i| format!("{}{}", (b'a' + i % 8) as char, i / 8 + 1))
                    .find(|a| turned(seat, a) == name)
                    .unwrap()
            });
            format!("{sq}={letters}")
        })
        .collect();
    parts.sort();
    parts.join("/")
}

#[test]
fn the_army_starts_packed_in_secret_by_a_first_step_of_48() {
    for seat in 0..4 {
        let p = scene(seat, &["b1", "c1"], "", &[]);
        let all = moves(&p);
        assert_eq!(all.len(), 48, "seat {seat}: {all:?}");
        // The first knight in board order is named first.
        let [first, second] = in_board_order(&p, seat, ["b1", "c1"]);
        let prefix = cargo_move(seat, &[first, second], "");
        assert!(all.iter().all(|m| m.starts_with(&prefix)), "{all:?}");
        // Before the packing, nothing is secret: everyone sees the army.
        assert!(p.sees_all(None));
        assert_eq!(carried(&p, seat), "?=krbbppp");
        let pack = cargo_move(seat, &[first, second], "kbp");
        let m = pack.parse::<UciMove>().unwrap().to_move(&p).unwrap();
        // The packing is a step of the true record only.
        for viewer in [Some(s(after(seat, 1))), Some(s(after(seat, 3))), None] {
            assert!(!p.move_seen_by(m, viewer), "seat {seat} {viewer:?}");
        }
        assert!(p.move_seen_by(m, Some(s(seat))));
        let q = p.play(m).unwrap();
        assert_eq!(q.turn(), s(seat), "the turn goes on: seat {seat}");
        let want = sorted(&[&format!("{first}=kbp"), &format!("{second}=rbpp")]).join("/");
        assert_eq!(carried(&q, seat), want, "seat {seat}");
        // Once packed, the step is not offered again: the knights move.
        assert!(with_prefix(&q, &prefix).iter().all(|m| !m.contains("=kbp")));
        assert!(legal(&q, seat, "b1a3"), "seat {seat}");
        // All in one knight is a packing too.
        let r = play(&p, &cargo_move(seat, &[first, second], "-"));
        assert_eq!(carried(&r, seat), format!("{second}=krbbppp"));
    }
}

#[test]
fn the_others_see_the_cargo_of_all_knights_together() {
    for seat in 0..4 {
        let start = scene(seat, &["b1", "c1"], "", &[]);
        let knights = in_board_order(&start, seat, ["b1", "c1"]);
        let p = play(&start, &cargo_move(seat, &knights, "kbp"));
        assert_eq!(p.seen_by(Some(s(seat))), p, "Mycenae sees all");
        for viewer in [Some(s(after(seat, 1))), Some(s(after(seat, 2))), None] {
            assert!(!p.sees_all(viewer));
            let view = p.seen_by(viewer);
            assert_eq!(carried(&view, seat), "?=krbbppp", "seat {seat}");
            // The pool is no secret: the view's text reads back as the view.
            let back = Pos::from_fen(p.variant(), &view.to_fen()).unwrap();
            assert_eq!(back, view);
            // The other packing gives the same view.
            let other = play(&start, &cargo_move(seat, &knights, "rbpp"));
            assert_ne!(other, p);
            assert_eq!(other.seen_by(viewer).to_fen(), view.to_fen());
        }
    }
}

#[test]
fn mycenaean_knights_never_capture() {
    for seat in 0..4 {
        let p = scene(seat, &["d4"], "d4=k", &[(1, 'P', "e6"), (2, 'R', "c6")]);
        let from_d4: Vec<String> = moves_from(&p, seat, "d4");
        assert!(legal(&p, seat, "d4f5"), "seat {seat}: {from_d4:?}");
        assert!(!legal(&p, seat, "d4e6"), "seat {seat}: {from_d4:?}");
        assert!(!legal(&p, seat, "d4c6"), "seat {seat}: {from_d4:?}");
        // Nor does it attack: an enemy king on e6 may stay there.
        let leaps = from_d4.iter().filter(|m| !m.starts_with("cargo")).count();
        assert_eq!(leaps, 6, "seat {seat}: {from_d4:?}");
    }
}

#[test]
fn an_own_piece_on_any_of_the_8_squares_around_a_knight_loads() {
    for seat in 0..4 {
        let pieces = [
            (0, 'R', "c3"),
            (0, 'B', "c5"),
            (0, 'B', "e3"),
            (0, 'P', "d5"),
            (0, 'P', "e5"),
            (0, 'P', "d3"),
            // Another seat's piece: its owner has not consented.
            (1, 'P', "e4"),
        ];
        let p = scene(seat, &["d4"], "d4=k", &pieces);
        let loads: Vec<String> = moves(&p)
            .into_iter()
            .filter(|m| m.starts_with("cargo") && m.ends_with(&turned(seat, "d4")))
            .collect();
        let want: Vec<String> = ["c3", "c5", "e3", "d5", "e5", "d3"]
            .iter()
            .map(|sq| cargo_move(seat, &[sq, "d4"], ""))
            .collect();
        let want: Vec<&str> = want.iter().map(String::as_str).collect();
        assert_eq!(loads, sorted(&want), "seat {seat}");
        let q = play(&p, &cargo_move(seat, &["c3", "d4"], ""));
        assert_eq!(at(&q, seat, "c3"), None, "seat {seat}");
        assert_eq!(carried(&q, seat), "d4=kr");
        assert_eq!(q.turn(), s(seat), "after a load the turn goes on");
        let q = play(&q, "0000");
        assert_eq!(q.turn(), s(after(seat, 1)), "the end step ends it");
        // Into an empty knight: the second record.
        let p = scene(seat, &["d4", "g1"], "d4=k", &[(0, 'P', "f2")]);
        let q = play(&p, &cargo_move(seat, &["f2", "g1"], ""));
        assert_eq!(carried(&q, seat), "d4=k/g1=p", "seat {seat}");
    }
}

#[test]
fn knights_carry_no_more_of_a_kind_than_the_army_started_with() {
    for seat in 0..4 {
        // A promoted second rook beside a knight while the first rides.
        let p = scene(
            seat,
            &["d4", "f1"],
            "d4=kr",
            &[(0, 'R', "c3"), (0, 'P', "e2")],
        );
        assert!(!moves(&p).contains(&cargo_move(seat, &["c3", "d4"], "")));
        assert!(moves(&p).contains(&cargo_move(seat, &["e2", "f1"], "")));
        // A knight is never cargo.
        let p = scene(seat, &["d4", "e4"], "d4=k", &[]);
        assert!(!moves(&p).contains(&cargo_move(seat, &["e4", "d4"], "")));
    }
}

#[test]
fn a_piece_unloads_onto_any_empty_square_next_to_its_knight() {
    for seat in 0..4 {
        let p = scene(seat, &["d4"], "d4=kp", &[(1, 'P', "e5")]);
        for kind in ["k", "p"] {
            let unloads: Vec<String> = moves(&p)
                .into_iter()
                .filter(|m| m.ends_with(&format!("={kind}")))
                .collect();
            let want: Vec<String> = ["c3", "c4", "c5", "d3", "d5", "e3", "e4"]
                .iter()
                .map(|sq| cargo_move(seat, &["d4", sq], kind))
                .collect();
            let want: Vec<&str> = want.iter().map(String::as_str).collect();
            assert_eq!(unloads, sorted(&want), "seat {seat} {kind}");
        }
        let q = play(&p, &cargo_move(seat, &["d4", "c5"], "k"));
        assert_eq!(at(&q, seat, "c5"), Some((seat as u8, 'k')));
        assert_eq!(carried(&q, seat), "d4=p");
        assert_eq!(q.turn(), s(seat), "after an unload the turn goes on");
        // The unloaded king is the royal piece now; Mycenae is in.
        assert!(q.alive_seats() & (1 << seat) != 0);
        // The last piece out leaves an empty knight: no record at all.
        let q = play(
            &scene(seat, &["d4"], "d4=p", &[(0, 'K', "a1")]),
            &cargo_move(seat, &["d4", "d3"], "p"),
        );
        assert_eq!(carried(&q, seat), "");
        assert!(!q.to_fen().contains("d4="), "{}", q.to_fen());
    }
}

#[test]
fn a_pawn_never_unloads_where_its_pawns_promote() {
    for seat in 0..4 {
        let p = scene(seat, &["d7"], "d7=kp", &[]);
        let pawn_out: Vec<String> = moves(&p)
            .into_iter()
            .filter(|m| m.ends_with("=p"))
            .collect();
        let want: Vec<String> = ["c6", "c7", "d6", "e6", "e7"]
            .iter()
            .map(|sq| cargo_move(seat, &["d7", sq], "p"))
            .collect();
        let want: Vec<&str> = want.iter().map(String::as_str).collect();
        assert_eq!(pawn_out, sorted(&want), "seat {seat}");
        // The king may stand there.
        assert!(moves(&p).contains(&cargo_move(seat, &["d7", "d8"], "k")));
    }
}

#[test]
fn a_burn_destroys_the_knight_its_cargo_and_its_orthogonal_neighbours() {
    for seat in 0..4 {
        let pieces = [
            (1, 'P', "d5"),
            (2, 'R', "e4"),
            (0, 'P', "c4"),
            (1, 'P', "e5"),
            (0, 'K', "a1"),
        ];
        let p = scene(seat, &["d4", "g1"], "d4=rb/g1=p", &pieces);
        let burn = cargo_move(seat, &["d4"], "");
        assert!(moves(&p).contains(&burn), "seat {seat}");
        let q = play(&p, &burn);
        for sq in ["d4", "d5", "e4", "c4"] {
            assert_eq!(at(&q, seat, sq), None, "seat {seat} {sq}");
        }
        // Diagonal neighbours stay; so does the other knight's cargo.
        assert_eq!(at(&q, seat, "e5"), Some((after(seat, 1) as u8, 'p')));
        assert_eq!(carried(&q, seat), "g1=p", "seat {seat}");
        assert_eq!(q.turn(), s(after(seat, 1)));
        // An empty knight does not burn.
        let p = scene(seat, &["d4", "g1"], "g1=p", &[(0, 'K', "a1")]);
        assert!(!moves(&p).contains(&burn), "seat {seat}");
    }
}

#[test]
fn a_burn_that_would_destroy_the_own_king_is_not_offered() {
    for seat in 0..4 {
        // The king inside the knight, or inside the knight next to it.
        let p = scene(seat, &["d4", "d5", "g1"], "d4=kr/g1=p", &[]);
        assert!(
            !moves(&p).contains(&cargo_move(seat, &["d4"], "")),
            "seat {seat}"
        );
        let p = scene(seat, &["d4", "d5"], "d4=rb/d5=k", &[]);
        assert!(
            !moves(&p).contains(&cargo_move(seat, &["d4"], "")),
            "seat {seat}"
        );
        // The last royal piece on the board next to it is spared, as every
        // destroying power spares it: the burn is offered.
        let p = scene(seat, &["d4"], "d4=rb", &[(0, 'K', "d5")]);
        let q = play(&p, &cargo_move(seat, &["d4"], ""));
        assert_eq!(at(&q, seat, "d5"), Some((seat as u8, 'k')), "seat {seat}");
    }
}

#[test]
fn a_captured_knight_loses_its_cargo_and_with_the_king_its_seat_is_out() {
    for seat in 0..4 {
        let e = after(seat, 1);
        // The next seat's rook on d8 takes the knight on d4.
        let p = scene_to_move(seat, 1, &["d4", "b1"], "d4=rb/b1=k", &[(1, 'R', "d8")]);
        let q = play(&p, &mv(seat, "d8d4"));
        assert_eq!(carried(&q, seat), "b1=k", "seat {seat}");
        assert!(q.alive_seats() & (1 << seat) != 0, "still in: seat {seat}");
        // The knight with the king: out, its army the taker's, and the
        // other knight's cargo gone with it (taken over).
        let p = scene_to_move(seat, 1, &["d4", "b1"], "d4=k/b1=rb", &[(1, 'R', "d8")]);
        let q = play(&p, &mv(seat, "d8d4"));
        assert!(q.alive_seats() & (1 << seat) == 0, "out: seat {seat}");
        assert_eq!(q.commander_of(s(seat)), s(e), "seat {seat}");
        assert_eq!(carried(&q, seat), "", "seat {seat}");
        assert!(!q.to_fen().contains("b1="), "{}", q.to_fen());
        // The view of another seat did not know the king was there, and
        // the same capture is legal in it.
        let view = p.seen_by(Some(s(e)));
        assert_eq!(moves(&view), moves(&p));
    }
}

#[test]
fn a_knight_with_cargo_is_not_a_lone_piece() {
    for seat in 0..4 {
        let p = scene(seat, &["d4"], "d4=k", &[]);
        assert_eq!(p.turn(), s(seat), "seat {seat}");
        assert_eq!(at(&p, seat, "d4"), Some((seat as u8, 'h')));
        assert!(!moves(&p).is_empty());
    }
}

#[test]
fn fen4_carries_the_cargo_and_round_trips() {
    for seat in 0..4 {
        for cargo in ["b1=kbp/c1=rbpp", "c1=krbbppp", "-", "?=kbp"] {
            let king = if cargo == "-" { 'K' } else { 'R' };
            let p = scene(seat, &["b1", "c1"], cargo, &[(0, king, "a1")]);
            let text = p.to_fen();
            let entry = text.split("'cargo':(").nth(1).expect(&text);
            let entry = entry.split(')').next().unwrap();
            let entry = entry
                .split(',')
                .nth(seat)
                .unwrap()
                .trim_matches(['\'', ')']);
            let mut parts: Vec<&str> = entry.split('/').collect();
            parts.sort();
            let turned_cargo = cargo_text(seat, cargo);
            let mut want: Vec<&str> = turned_cargo.split('/').collect();
            want.sort();
            assert_eq!(parts, want, "{text}");
            let back = Pos::from_fen(p.variant(), &text).unwrap();
            assert_eq!((back.hash(), &back), (p.hash(), &p));
        }
        // Not packed: no entry.
        let p = scene(seat, &["b1", "c1"], "", &[]);
        assert!(!p.to_fen().contains("'cargo'"), "{}", p.to_fen());
    }
}

#[test]
fn bad_fen4_cargo_entries_are_refused_with_a_reason() {
    let p = scene(0, &["b1", "c1"], "b1=k", &[]);
    let good = p.to_fen();
    let with = |entry: &str| {
        good.replacen(
            "'cargo':('b1=k','','','')",
            &format!("'cargo':({entry})"),
            1,
        )
    };
    assert_eq!(
        Pos::from_fen(p.variant(), &with("'b1=k','','',''")).unwrap(),
        p
    );
    for (entry, says) in [
        (
            "'b1=kx','','',''",
            "'x' in 'cargo' is no piece seat 1 carries",
        ),
        ("'b1=kk','','',''", "more 'k'"),
        ("'b1=k/c1=k','','',''", "more 'k'"),
        ("'d5=k','','',''", "no square of seat 1's own knight"),
        ("'b1k','','',''", "a knight's square, '='"),
        ("'b1=','','',''", "carries something"),
        ("'b1=k/c1=p/d1=p','','',''", "at most 2"),
        ("'b1=k/b1=p','','',''", "names b1 twice"),
        ("'?=k/c1=p','','',''", "stands alone"),
        ("'','b1=k','',''", "seat 2 has no cargo"),
        ("b1=k,'','',''", "not quoted"),
    ] {
        let e = Pos::from_fen(p.variant(), &with(entry))
            .expect_err(entry)
            .to_string();
        assert!(e.contains(says), "{entry}: {e}");
    }
}

#[test]
fn bad_cargo_moves_are_refused_and_change_nothing() {
    for seat in 0..4 {
        let p = scene(seat, &["d4"], "d4=k", &[(1, 'P', "e4")]);
        let before = p.clone();
        for text in [
            cargo_move(seat, &["e4", "d4"], ""),
            cargo_move(seat, &["d4", "e4"], "k"),
            cargo_move(seat, &["d4", "d5"], "r"),
            cargo_move(seat, &["d4", "f6"], "k"),
            cargo_move(seat, &["d4"], ""),
            "cargo@d4d5=kk".to_string(),
        ] {
            if let Ok(m) = text.parse::<UciMove>() {
                assert!(m.to_move(&p).is_err(), "seat {seat} {text}");
            }
        }
        // Malformed texts are syntax errors.
        for text in ["cargo@d4d5=K", "cargo@d4d5=k1", "cargo@d4d5=kkkkkkkkk"] {
            assert!(text.parse::<UciMove>().is_err(), "{text}");
        }
        // A raw unload of a kind index the cargo does not hold.
        let d4 = p
            .variant()
            .geometry
            .cell(turned(seat, "d4").parse().unwrap())
            .unwrap();
        let d5 = p
            .variant()
            .geometry
            .cell(turned(seat, "d5").parse().unwrap())
            .unwrap();
        assert!(p.play(Move::power(d4, d5, 0, 0x800 | 3)).is_err());
        assert_eq!(p, before);
    }
}

/// A game's record: the packing is `?` for the others and the spectator
/// while the game runs; the true record reads back.
#[test]
fn the_record_hides_the_packing_from_the_others() {
    let v = tetrarch_rules::AnyVariant::builtin("european-ffa")
        .unwrap()
        .with_lineup("mycenae,default,default,default")
        .unwrap();
    let mut g = tetrarch_rules::AnyGame::new(&v);
    for m in ["cargo@b1c1=kbp", "c1b3", "b7c7", "g7g6", "g4f4"] {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    assert_eq!(g.moves_seen_by(Some(Seat(0)))[0], "cargo@b1c1=kbp");
    for viewer in [Some(Seat(1)), Some(Seat(3)), None] {
        let seen = g.moves_seen_by(viewer);
        assert_eq!(seen[0], "?", "{viewer:?}");
        assert_eq!(seen[1], "c1b3", "{viewer:?}");
        assert!(g.hides_from(viewer));
        assert!(!g.position_text_seen_by(viewer).contains("b1="));
    }
    assert!(!g.hides_from(Some(Seat(0))));
    let record = g.record(&[]);
    let format = tetrarch_rules::family::RecordFormat::for_file(None, &record, Some(&v)).unwrap();
    let read: Vec<_> = format
        .read(&record, Some(&v))
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}\n{record}"));
    assert_eq!(read[0].game.moves(), g.moves());
    assert_eq!(read[0].game.position_text(), g.position_text());
}

/// The invariant of hidden information, in random line-up games with
/// Mycenae: at every ply where its cargo is hidden, a twin of the true
/// position with the cargo packed the other way gives every other seat
/// (and a spectator) the same view: equal FEN4, and equal legal moves for
/// the seat to move.
#[test]
fn views_depend_only_on_what_a_seat_may_see() {
    let ids: Vec<&str> = tetrarch_rules::variant::builtin_nation_ids().collect();
    let mut rng = Rng::new(0x3c3a);
    let mut compared = 0;
    let mut twins = 0;
    for g in 0..24 {
        let mut pick: Vec<&str> = (0..4).map(|_| ids[rng.below(ids.len())]).collect();
        let myc = rng.below(4);
        pick[myc] = MYC;
        let name = ["european-ffa", "european-teams"][g % 2];
        let Ok(v) = tetrarch_rules::Variant::builtin(name)
            .unwrap()
            .with_lineup(&pick.join(","), &[])
        else {
            continue;
        };
        let mut p = Pos::start(&v);
        for _ in 0..160 {
            if p.outcome().is_some() {
                break;
            }
            let all = p.legal_moves();
            if all.is_empty() {
                break;
            }
            // Cargo moves twice as likely as any other move.
            let cargo: Vec<Move> = all
                .iter()
                .copied()
                .filter(|&m| UciMove::from_move(&p, m).to_string().starts_with("cargo@"))
                .collect();
            let m = if !cargo.is_empty() && rng.below(3) > 0 {
                cargo[rng.below(cargo.len())]
            } else {
                all[rng.below(all.len())]
            };
            let was = (p.to_fen(), UciMove::from_move(&p, m).to_string());
            p = p.play(m).unwrap();
            // The text of every position reads back as it.
            let back = Pos::from_fen(&v, &p.to_fen())
                .unwrap_or_else(|e| panic!("{e} {was:?} {}", p.to_fen()));
            assert_eq!(back, p, "{}", p.to_fen());
            let Some(twin) = p.cargo_elsewhere(s(myc)) else {
                continue;
            };
            assert_ne!(twin, p);
            twins += 1;
            for viewer in (0..4)
                .filter(|&o| o != myc)
                .map(|o| Some(s(o)))
                .chain([None])
            {
                let (a, b) = (p.seen_by(viewer), twin.seen_by(viewer));
                assert_eq!(a.to_fen(), b.to_fen(), "{viewer:?} {pick:?}");
                if viewer == Some(p.turn()) {
                    assert_eq!(moves(&p), moves(&twin), "{}", p.to_fen());
                    assert_eq!(moves(&p), moves(&a), "{}", p.to_fen());
                    compared += 1;
                }
            }
        }
    }
    assert!(
        compared > 100 && twins > 300,
        "{compared} positions compared, {twins} twins"
    );
}

#[test]
fn perft_from_the_start_counts_the_packing_as_a_ply() {
    let v = lineup("mycenae,default,default,default");
    let p = Pos::start(&v);
    // 48 packings, each followed by the same Mycenae moves (7 knight leaps
    // here, loads none, unloads by the packing).
    assert_eq!(tetrarch_rules::perft(&p, 1), 48);
    let two = tetrarch_rules::perft(&p, 2);
    assert!(two > 48 * 7, "{two}");
}

/// Mycenae in the European variants that take nations: its packing first,
/// then its moves; Capture the Flag (the default armies only) and the
/// Lightning deck (Mycenae is out of it) refuse it with a reason.
#[test]
fn mycenae_plays_in_the_european_variants_that_take_nations() {
    use tetrarch_rules::Variant;
    for name in [
        "european-ffa",
        "european-teams",
        "european-koth",
        "european-koth-teams",
        "european-checks",
        "european-checks-teams",
    ] {
        let v = Variant::builtin(name)
            .unwrap()
            .with_lineup("default,mycenae,default,default", &[])
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let p = Pos::start(&v);
        let p = play(&p, "a2a3");
        assert_eq!(moves(&p).len(), 48, "{name}");
        let p = play(&p, "cargo@a6a7=k");
        assert!(
            moves(&p).iter().any(|m| m.starts_with("cargo@a7")),
            "{name}"
        );
        assert!(p.alive_seats() & 2 != 0, "{name}");
    }
    for (name, says) in [
        ("european-ctf", "default armies"),
        ("european-lightning", "deck"),
    ] {
        let e = Variant::builtin(name)
            .unwrap()
            .with_lineup("default,mycenae,default,default", &[])
            .expect_err(name)
            .to_string();
        assert!(e.contains(says), "{name}: {e}");
    }
}

/// The FEN4 `'cargo'` entry of `seat` in `p`'s text.
fn cargo_entry(p: &Pos, seat: usize) -> String {
    let text = p.to_fen();
    let entry = text.split("'cargo':(").nth(1).expect(&text);
    let entry = entry.split(')').next().unwrap();
    entry
        .split(',')
        .nth(seat)
        .unwrap()
        .trim_matches('\'')
        .to_string()
}

/// "Any number": two loads in one turn, then the end step; the turn is
/// the seat's throughout and passes only with the end.
#[test]
fn two_loads_in_one_turn() {
    for seat in 0..4 {
        let pieces = [(0, 'R', "c3"), (0, 'P', "d3"), (0, 'K', "a1")];
        let p = scene(seat, &["d4"], "d4=b", &pieces);
        let q = play(&p, &cargo_move(seat, &["c3", "d4"], ""));
        assert_eq!(q.turn(), s(seat), "seat {seat}");
        assert!(
            cargo_entry(&q, seat).ends_with(";loading"),
            "{}",
            q.to_fen()
        );
        // The other piece still loads in the same turn.
        let r = play(&q, &cargo_move(seat, &["d3", "d4"], ""));
        assert_eq!(r.turn(), s(seat), "seat {seat}");
        assert_eq!(carried(&r, seat), "d4=rbp", "seat {seat}");
        assert_eq!(at(&r, seat, "c3"), None);
        assert_eq!(at(&r, seat, "d3"), None);
        let end = play(&r, "0000");
        assert_eq!(end.turn(), s(after(seat, 1)), "seat {seat}");
        assert_eq!(carried(&end, seat), "d4=rbp", "seat {seat}");
        assert_eq!(cargo_entry(&end, seat), turned(seat, "d4") + "=rbp");
    }
}

/// Loads, then unloads, in one turn: the piece just loaded may leave
/// again, onto another square next to its knight.
#[test]
fn load_then_unload_in_one_turn() {
    for seat in 0..4 {
        let p = scene(seat, &["d4"], "d4=k", &[(0, 'R', "c3")]);
        let q = play(&p, &cargo_move(seat, &["c3", "d4"], ""));
        let unload = cargo_move(seat, &["d4", "e5"], "r");
        assert!(moves(&q).contains(&unload), "seat {seat}: {:?}", moves(&q));
        let r = play(&q, &unload);
        assert_eq!(r.turn(), s(seat), "seat {seat}");
        assert_eq!(at(&r, seat, "e5"), Some((seat as u8, 'r')));
        assert_eq!(carried(&r, seat), "d4=k");
        assert!(
            cargo_entry(&r, seat).ends_with(";unloading"),
            "{}",
            r.to_fen()
        );
        let end = play(&r, "0000");
        assert_eq!(end.turn(), s(after(seat, 1)), "seat {seat}");
        assert_eq!(at(&end, seat, "e5"), Some((seat as u8, 'r')));
    }
}

/// The end step: inside a turn of loads and unloads the moves are the
/// loads and unloads left and `0000`, no piece move ("instead of
/// moving") and no burn ("instead of moving or loading"); outside one,
/// `0000` is no move while there are others.
#[test]
fn a_turn_of_loads_and_unloads_ends_with_its_end_step() {
    for seat in 0..4 {
        let p = scene(seat, &["d4", "g1"], "d4=kr/g1=p", &[(0, 'P', "c3")]);
        assert!(!moves(&p).contains(&"0000".to_string()), "seat {seat}");
        assert!(legal(&p, seat, "d4f5"), "a knight leap, before");
        assert!(moves(&p).contains(&cargo_move(seat, &["g1"], "")), "a burn");
        let q = play(&p, &cargo_move(seat, &["c3", "d4"], ""));
        let all = moves(&q);
        assert!(all.contains(&"0000".to_string()), "seat {seat}: {all:?}");
        assert!(
            all.iter().all(|m| m == "0000" || m.starts_with("cargo@")),
            "seat {seat}: {all:?}"
        );
        assert!(!all.contains(&cargo_move(seat, &["g1"], "")), "no burn");
        assert!(!all.contains(&cargo_move(seat, &["d4"], "")), "no burn");
        // An unload from either knight, still.
        let g1_out: Vec<&String> = all.iter().filter(|m| m.ends_with("=p")).collect();
        assert!(!g1_out.is_empty(), "seat {seat}: {all:?}");
        // The end step is public, and the record shows it as made.
        let end = "0000".parse::<UciMove>().unwrap().to_move(&q).unwrap();
        assert!(q.move_seen_by(end, Some(s(after(seat, 1)))));
        let r = q.play(end).unwrap();
        assert_eq!(r.turn(), s(after(seat, 1)));
        assert!(!cargo_entry(&r, seat).contains(';'), "{}", r.to_fen());
    }
}

/// The guard that keeps a turn finite: once a piece was unloaded this
/// turn, nothing boards (not the piece just unloaded, nor another); a
/// turn of cargo steps alone always reaches its end, each piece in or out
/// at most once.
#[test]
fn nothing_boards_after_an_unload_so_every_turn_ends() {
    for seat in 0..4 {
        let p = scene(seat, &["d4"], "d4=kb", &[(0, 'R', "c3")]);
        let q = play(&p, &cargo_move(seat, &["d4", "e5"], "b"));
        let all = moves(&q);
        for load in [
            cargo_move(seat, &["e5", "d4"], ""),
            cargo_move(seat, &["c3", "d4"], ""),
        ] {
            assert!(!all.contains(&load), "seat {seat}: {load} in {all:?}");
        }
        assert!(all.contains(&cargo_move(seat, &["d4", "e3"], "k")));
        // Random cargo steps only: the turn ends within loads for the
        // room left and unloads for what is inside.
        let start = scene(
            seat,
            &["d4", "g1"],
            "d4=kb/g1=p",
            &[(0, 'R', "c3"), (0, 'P', "f2"), (0, 'B', "h2")],
        );
        let mut rng = Rng::new(0x10ad + seat as u64);
        for _ in 0..40 {
            let mut p = start.clone();
            let mut steps = 0;
            loop {
                let cargo: Vec<String> = moves(&p)
                    .into_iter()
                    .filter(|m| m.starts_with("cargo@") && m.len() > "cargo@a1".len())
                    .collect();
                if cargo.is_empty() {
                    break;
                }
                p = play(&p, &cargo[rng.below(cargo.len())]);
                assert_eq!(p.turn(), s(seat));
                steps += 1;
            }
            // At most the 7 pieces the knights may hold in and out.
            assert!(steps <= 14, "seat {seat}: {steps} steps");
            assert_eq!(moves(&p), ["0000"], "seat {seat}: {}", p.to_fen());
        }
    }
}

/// FEN4 carries the step of a turn of loads and unloads and reads it
/// back; only the seat to move may be in one, and a knight holds
/// something after a load.
#[test]
fn fen4_carries_a_turn_of_loads_and_unloads() {
    for seat in 0..4 {
        let p = scene(seat, &["d4"], "d4=k", &[(0, 'R', "c3"), (0, 'P', "e3")]);
        let q = play(&p, &cargo_move(seat, &["c3", "d4"], ""));
        let r = play(&q, &cargo_move(seat, &["d4", "c3"], "r"));
        for x in [&q, &r] {
            let back = Pos::from_fen(x.variant(), &x.to_fen()).unwrap();
            assert_eq!((back.hash(), &back), (x.hash(), x), "{}", x.to_fen());
            assert_eq!(moves(&back), moves(x));
            // Another seat's view keeps the step: loads are public.
            let view = x.seen_by(Some(s(after(seat, 1))));
            assert_eq!(
                cargo_entry(&view, seat).split(';').nth(1),
                cargo_entry(x, seat).split(';').nth(1)
            );
        }
        assert_ne!(q, p, "the step is state");
        let text = q.to_fen();
        let entry = cargo_entry(&q, seat);
        let (cargo, _) = entry.split_once(';').unwrap();
        for (bad, says) in [
            (format!("{cargo};flying"), "'loading' or 'unloading'"),
            ("-;loading".to_string(), "carries something"),
        ] {
            let e = Pos::from_fen(q.variant(), &text.replacen(&entry, &bad, 1))
                .expect_err(&bad)
                .to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
        // Not the seat to move: no such turn.
        let other = scene_to_move(seat, 1, &["d4"], "d4=k", &[(0, 'R', "c3")]);
        let text = other.to_fen().replacen(
            &format!("'{}=k'", turned(seat, "d4")),
            &format!("'{}=k;loading'", turned(seat, "d4")),
            1,
        );
        let e = Pos::from_fen(other.variant(), &text)
            .expect_err(&text)
            .to_string();
        assert!(e.contains("is not to move"), "{e}");
    }
}

/// Bad input inside and outside a turn of loads and unloads is refused
/// and changes nothing: the end step outside one, a load after an
/// unload, a burn or a piece move inside one.
#[test]
fn bad_steps_of_a_turn_of_loads_and_unloads_are_refused() {
    for seat in 0..4 {
        let p = scene(seat, &["d4"], "d4=kb", &[(0, 'R', "c3")]);
        let before = p.clone();
        let e = "0000".parse::<UciMove>().unwrap().to_move(&p);
        assert!(e.is_err(), "seat {seat}: the end step outside a cargo turn");
        assert_eq!(p, before);
        let q = play(&p, &cargo_move(seat, &["d4", "e5"], "b"));
        let before = q.clone();
        for text in [
            cargo_move(seat, &["c3", "d4"], ""),
            cargo_move(seat, &["d4"], ""),
            mv(seat, "d4f5"),
            mv(seat, "c3c8"),
        ] {
            let m = text.parse::<UciMove>().unwrap();
            assert!(m.to_move(&q).is_err(), "seat {seat}: {text}");
        }
        assert_eq!(q, before);
    }
}

/// A game's record with a turn of several loads and unloads and its end
/// step: PGN4 (and each move's text) reads back to the same game.
#[test]
fn the_record_of_a_turn_of_loads_and_unloads_reads_back() {
    let v = tetrarch_rules::AnyVariant::builtin("european-ffa")
        .unwrap()
        .with_lineup("mycenae,default,default,default")
        .unwrap();
    let mut g = tetrarch_rules::AnyGame::new(&v);
    for m in [
        "cargo@b1c1=kbp",
        "cargo@b1b2=p",
        "cargo@c1c2=r",
        "0000",
        "b7c7",
        "g7g6",
        "g4f4",
        "cargo@b2b1",
        "cargo@b1a2=k",
        "0000",
    ] {
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    let seen = g.moves_seen_by(Some(Seat(1)));
    assert_eq!(&seen[1..4], ["cargo@b1b2=p", "cargo@c1c2=r", "0000"]);
    let record = g.record(&[]);
    let format = tetrarch_rules::family::RecordFormat::for_file(None, &record, Some(&v)).unwrap();
    let read: Vec<_> = format
        .read(&record, Some(&v))
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("{e}\n{record}"));
    assert_eq!(read[0].game.moves(), g.moves());
    assert_eq!(read[0].game.position_text(), g.position_text());
}

/// Cargo lost to a turn-end power is lost before the turn passes: Russia's
/// winter takes Mycenae's idle loaded knight, Mycenae (to move next) is
/// left its king alone and loses it by the lone-piece rule, as the
/// position's text says it would (found by the random games: the cargo was
/// settled only after the next turn began, the lone king kept).
#[test]
fn cargo_lost_at_a_turn_end_is_gone_before_the_next_turn() {
    let v = tetrarch_rules::Variant::builtin("european-ffa")
        .unwrap()
        .with_lineup("transylvania,russia,aztecs,mycenae", &[])
        .unwrap();
    let text = "B-0,0,1,0-0,0,0,0-0,0,0,0-0,0,0,0-2-{'commanders':('','','r',''),'turns':(2,2,2,2),'idle':('a4','','','h7'),'cargo':('','','','h7=pp')}-1,bK,6/7,gH/8/3,bP,4/rP,1,bP,5/4,gK,3/rV,7/8";
    let p = pos(&v, text);
    let q = play(&p, "d5e5");
    assert_eq!(at(&q, 0, "h7"), None, "winter took the knight");
    assert_eq!(carried(&q, 3), "");
    assert!(q.alive_seats() & (1 << 3) == 0, "{}", q.to_fen());
    assert_eq!(Pos::from_fen(&v, &q.to_fen()).unwrap(), q);
}
