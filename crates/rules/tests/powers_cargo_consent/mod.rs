//! Other players' pieces in Mycenae's knights: "Other players' pieces only
//! with their owner's consent, and they unload only on their owner's
//! turn." A standing consent per other seat, given or withdrawn as its
//! turn (`consent@b1`, `withdraw-consent@b1`, on Mycenae's first knight);
//! one foreign piece at a time, alone in a knight, never a royal piece nor
//! one proof against powers; unloaded by its owner as its turn
//! (`cargo@f4e4=p`); lost with its knight; public in every view. Mycenae
//! in each of the four corners, the consenting seat the next one.

use super::*;
use tetrarch_rules::MoveKind;
use tetrarch_rules::family::GamePosition;
use tetrarch_rules::family::view::ConsentView;

/// The consenting seat's colour letter, for Mycenae in `seat`.
fn guest_letter(seat: usize) -> char {
    SEATS[after(seat, 1)]
}

/// `p` with `letters` consenting to Mycenae's (in `seat`) knights.
fn consenting(p: &Pos, seat: usize, letters: &str) -> Pos {
    let mut entries = ["''".to_string(), "''".into(), "''".into(), "''".into()];
    entries[seat] = format!("'{letters}'");
    let text = p
        .to_fen()
        .replacen('{', &format!("{{'consent':({}),", entries.join(",")), 1);
    pos(p.variant(), &text)
}

/// Mycenae in `seat` with knights on d4 (its king inside) and f4, the next
/// seat consenting, seat offset `turn` to move, and `pieces`; `passenger`
/// (a kind letter) rides in f4 when given.
fn guest_scene(
    seat: usize,
    turn: usize,
    passenger: Option<char>,
    pieces: &[(usize, char, &str)],
) -> Pos {
    let cargo = match passenger {
        Some(k) => format!("d4=k/f4={}{}", guest_letter(seat), k.to_ascii_uppercase()),
        None => "d4=k".to_string(),
    };
    let p = scene_to_move(seat, turn, &["d4", "f4"], &cargo, pieces);
    consenting(&p, seat, &guest_letter(seat).to_string())
}

/// The first of Mycenae's two knights (d4, f4) in board order.
fn first_knight(p: &Pos, seat: usize) -> String {
    turned(seat, in_board_order(p, seat, ["d4", "f4"])[0])
}

#[test]
fn consent_is_given_and_withdrawn_as_a_turn_of_the_other_seat() {
    for seat in 0..4 {
        let guest = after(seat, 1);
        let p = scene_to_move(seat, 1, &["d4", "f4"], "d4=k", &[]);
        let first = first_knight(&p, seat);
        let consent = format!("consent@{first}");
        assert_eq!(
            with_prefix(&p, "consent@"),
            vec![consent.clone()],
            "seat {seat}"
        );
        assert!(with_prefix(&p, "withdraw-consent@").is_empty());
        assert!(!p.consents(s(seat), s(guest)));
        let q = play(&p, &consent);
        assert!(q.consents(s(seat), s(guest)), "seat {seat}");
        assert_eq!(q.turn(), s(after(seat, 2)), "a consent is a turn");
        // The next seat's is its own to give.
        assert!(!q.consents(s(seat), s(after(seat, 2))));
        assert_eq!(with_prefix(&q, "consent@"), vec![consent.clone()]);
        // Its turn again: withdrawal, not consent, is offered.
        let r = guest_scene(seat, 1, None, &[]);
        let withdraw = format!("withdraw-consent@{first}");
        assert_eq!(with_prefix(&r, "withdraw-consent@"), vec![withdraw.clone()]);
        assert!(with_prefix(&r, "consent@").is_empty());
        let w = play(&r, &withdraw);
        assert!(!w.consents(s(seat), s(guest)), "seat {seat}");
        assert_eq!(w.turn(), s(after(seat, 2)));
        // Mycenae gives itself none.
        let m = scene(seat, &["d4", "f4"], "d4=k", &[]);
        assert!(
            moves(&m).iter().all(|x| !x.contains("consent")),
            "seat {seat}"
        );
    }
}

/// The consents `p`'s board lists, the same in every seat's view and the
/// spectator's (they are public).
fn consents_shown(p: &Pos) -> Vec<ConsentView> {
    let shown = GamePosition::board_view(p, None).consents;
    for viewer in (0..4).map(s) {
        assert_eq!(
            GamePosition::board_view(p, Some(viewer)).consents,
            shown,
            "seat {}'s view",
            viewer.0
        );
    }
    shown
}

#[test]
fn the_board_lists_a_standing_consent_in_every_view() {
    for seat in 0..4 {
        let guest = after(seat, 1);
        let p = scene_to_move(seat, 1, &["d4", "f4"], "d4=k", &[]);
        assert_eq!(consents_shown(&p), [], "seat {seat}: none given yet");
        let first = first_knight(&p, seat);
        let q = play(&p, &format!("consent@{first}"));
        let given = vec![ConsentView {
            seat: seat as u8,
            from: vec![guest as u8],
        }];
        assert_eq!(consents_shown(&q), given, "seat {seat}");
        // A second seat's consent joins the first, in seat order.
        let third = after(seat, 2);
        let r = play(&q, &format!("consent@{first}"));
        let mut from = vec![guest as u8, third as u8];
        from.sort();
        assert_eq!(
            consents_shown(&r),
            [ConsentView {
                seat: seat as u8,
                from
            }],
            "seat {seat}"
        );
        // Withdrawn, it is gone from every view.
        let w = guest_scene(seat, 1, None, &[]);
        assert_eq!(consents_shown(&w), given, "seat {seat}");
        let x = play(&w, &format!("withdraw-consent@{first}"));
        assert_eq!(consents_shown(&x), [], "seat {seat}: withdrawn");
    }
}

#[test]
fn no_foreign_piece_loads_without_its_owners_consent() {
    for seat in 0..4 {
        let pieces = [(1, 'P', "e5"), (1, 'R', "g3"), (2, 'B', "g5")];
        let p = scene(seat, &["d4", "f4"], "d4=k", &pieces);
        let f4 = turned(seat, "f4");
        let into_f4: Vec<String> = with_prefix(&p, "cargo@")
            .into_iter()
            .filter(|m| m.len() == "cargo@e5f4".len() && m.ends_with(&f4))
            .collect();
        assert!(into_f4.is_empty(), "seat {seat}: {into_f4:?}");
        // With the next seat's consent: its pieces, into the empty knight
        // only (d4 holds Mycenae's own cargo); not the third seat's.
        let q = consenting(&p, seat, &guest_letter(seat).to_string());
        let loads: Vec<String> = with_prefix(&q, "cargo@")
            .into_iter()
            .filter(|m| m.len() == "cargo@e5f4".len() && !m.ends_with(&turned(seat, "d4")))
            .collect();
        let want = [
            cargo_move(seat, &["e5", "f4"], ""),
            cargo_move(seat, &["g3", "f4"], ""),
        ];
        let want: Vec<&str> = want.iter().map(String::as_str).collect();
        assert_eq!(loads, sorted(&want), "seat {seat}");
        assert!(!moves(&q).contains(&cargo_move(seat, &["e5", "d4"], "")));
        let r = play(&q, &cargo_move(seat, &["e5", "f4"], ""));
        assert_eq!(at(&r, seat, "e5"), None);
        let (cell, piece) = r.passenger_of(s(seat)).expect("a passenger");
        assert_eq!(r.variant().geometry.square(cell).to_string(), f4);
        assert_eq!(piece.seat, s(after(seat, 1)));
        assert_eq!(r.turn(), s(seat), "a load: the turn goes on");
    }
}

#[test]
fn a_foreign_piece_rides_alone_and_never_a_royal_or_proof_one() {
    for seat in 0..4 {
        // Loaded, the passenger's knight takes nothing more, and no second
        // foreign piece boards anywhere.
        let pieces = [
            (1, 'P', "e5"),
            (1, 'N', "e3"),
            (0, 'P', "g3"),
            (1, 'B', "c3"),
        ];
        let p = guest_scene(seat, 0, None, &pieces);
        let q = play(&p, &cargo_move(seat, &["e5", "f4"], ""));
        let loads = with_prefix(&q, "cargo@");
        for bad in [["e3", "f4"], ["g3", "f4"], ["c3", "d4"], ["e3", "d4"]] {
            assert!(
                !loads.contains(&cargo_move(seat, &bad, "")),
                "seat {seat} {bad:?}: {loads:?}"
            );
        }
        // Two knights of Mycenae's own loaded: no room for a foreign one.
        let p = scene(seat, &["d4", "f4", "b4"], "d4=k/f4=p", &[(1, 'P', "c5")]);
        let p = consenting(&p, seat, &guest_letter(seat).to_string());
        assert!(
            !moves(&p).contains(&cargo_move(seat, &["c5", "b4"], "")),
            "seat {seat}"
        );
        // A royal piece: the consenting seat's second king beside f4.
        let p = guest_scene(seat, 0, None, &[(1, 'K', "g4")]);
        assert!(
            !moves(&p).contains(&cargo_move(seat, &["g4", "f4"], "")),
            "seat {seat}"
        );
    }
    // A piece proof against powers (Egypt's, all of them).
    let v = lineup("mycenae,egypt,default,default");
    let text = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-\
                {'turns':(2,2,2,2),'cargo':('d4=k','','',''),'consent':('b','','','')}-\
                bY,6,yK/8/8/4,bP,3/3,rH,1,rH,2/8/8/7,gK";
    let p = pos(&v, text);
    assert!(p.consents(s(0), s(1)));
    assert!(
        !moves(&p).contains(&"cargo@e5f4".to_string()),
        "{:?}",
        moves(&p)
    );
}

#[test]
fn only_its_owner_unloads_it_on_its_turn_around_the_knight() {
    for seat in 0..4 {
        // Mycenae cannot unload it (nor load into its knight); it may burn.
        let p = guest_scene(seat, 0, Some('p'), &[(0, 'P', "g3")]);
        let from_f4: Vec<String> = with_prefix(&p, &format!("cargo@{}", turned(seat, "f4")));
        assert_eq!(from_f4, [cargo_move(seat, &["f4"], "")], "seat {seat}");
        assert!(!moves(&p).contains(&cargo_move(seat, &["g3", "f4"], "")));
        // The owner: onto each empty square around the knight.
        let p = guest_scene(seat, 1, Some('p'), &[(2, 'P', "g3")]);
        let unloads: Vec<String> = with_prefix(&p, &format!("cargo@{}", turned(seat, "f4")));
        let want: Vec<String> = ["e3", "e4", "e5", "f3", "f5", "g4", "g5"]
            .iter()
            .map(|sq| cargo_move(seat, &["f4", sq], "p"))
            .collect();
        let want: Vec<&str> = want.iter().map(String::as_str).collect();
        assert_eq!(unloads, sorted(&want), "seat {seat}");
        let q = play(&p, &cargo_move(seat, &["f4", "e4"], "p"));
        assert_eq!(at(&q, seat, "e4"), Some((after(seat, 1) as u8, 'p')));
        assert_eq!(q.passenger_of(s(seat)), None);
        assert_eq!(q.turn(), s(after(seat, 2)), "an unload is the owner's turn");
        // The third seat has none of it.
        let p = guest_scene(seat, 2, Some('p'), &[]);
        assert!(with_prefix(&p, &format!("cargo@{}", turned(seat, "f4"))).is_empty());
        // A pawn never where its own pawns promote: the owner's pawns
        // promote on the h-file of Mycenae's corner.
        let p = scene_to_move(
            seat,
            1,
            &["d4", "g4"],
            &format!("d4=k/g4={}P", guest_letter(seat)),
            &[],
        );
        let p = consenting(&p, seat, &guest_letter(seat).to_string());
        let unloads = with_prefix(&p, &format!("cargo@{}", turned(seat, "g4")));
        let want: Vec<String> = ["f3", "f4", "f5", "g3", "g5"]
            .iter()
            .map(|sq| cargo_move(seat, &["g4", sq], "p"))
            .collect();
        let want: Vec<&str> = want.iter().map(String::as_str).collect();
        assert_eq!(unloads, sorted(&want), "seat {seat}");
    }
}

#[test]
fn a_passenger_goes_with_its_knight_captured_or_burnt() {
    for seat in 0..4 {
        let p = guest_scene(seat, 0, Some('r'), &[]);
        let q = play(&p, &cargo_move(seat, &["f4"], ""));
        assert_eq!(q.passenger_of(s(seat)), None, "seat {seat}");
        assert_eq!(at(&q, seat, "f4"), None);
        assert!(!q.to_fen().contains(&format!("={}R", guest_letter(seat))));
        // Captured by the third seat's rook from f8.
        let p = guest_scene(seat, 2, Some('r'), &[(2, 'R', "f8")]);
        let q = play(&p, &mv_from(seat, "f8", "f4"));
        assert_eq!(q.passenger_of(s(seat)), None, "seat {seat}");
        assert_eq!(at(&q, seat, "f4"), Some((after(seat, 2) as u8, 'r')));
        // A knight that moves takes it along.
        let p = guest_scene(seat, 0, Some('r'), &[]);
        let q = play(&p, &mv_from(seat, "f4", "g6"));
        let (cell, _) = q.passenger_of(s(seat)).expect("still riding");
        assert_eq!(
            q.variant().geometry.square(cell).to_string(),
            turned(seat, "g6")
        );
    }
}

/// A piece move written for the a1 corner.
fn mv_from(seat: usize, from: &str, to: &str) -> String {
    format!("{}{}", turned(seat, from), turned(seat, to))
}

#[test]
fn fen4_carries_consent_and_passenger_and_every_view_shows_them() {
    for seat in 0..4 {
        let p = guest_scene(seat, 0, Some('b'), &[]);
        let text = p.to_fen();
        let mut consent = ["", "", "", ""].map(String::from);
        consent[seat] = guest_letter(seat).to_string();
        let want = format!("'consent':('{}')", consent.join("','"));
        assert!(text.contains(&want), "{text}");
        let entry = cargo_entry(&p, seat);
        assert!(
            entry.contains(&format!("{}={}B", turned(seat, "f4"), guest_letter(seat))),
            "{entry}"
        );
        let back = Pos::from_fen(p.variant(), &text).unwrap();
        assert_eq!((back.hash(), &back), (p.hash(), &p), "{text}");
        for viewer in (0..4).map(|o| Some(s(o))).chain([None]) {
            let view = p.seen_by(viewer);
            assert_eq!(
                view.passenger_of(s(seat)),
                p.passenger_of(s(seat)),
                "{viewer:?}"
            );
            assert!(view.consents(s(seat), s(after(seat, 1))));
            let back = Pos::from_fen(p.variant(), &view.to_fen()).unwrap();
            assert_eq!(back, view, "{}", view.to_fen());
        }
        // The twin that no other seat tells apart keeps the passenger
        // (the king moves to the third knight, not into the passenger's).
        let cargo = format!("d4=k/f4={}B", guest_letter(seat));
        let p = scene(seat, &["d4", "f4", "b5"], &cargo, &[]);
        let p = consenting(&p, seat, &guest_letter(seat).to_string());
        let twin = p.cargo_elsewhere(s(seat)).expect("a twin");
        assert_eq!(twin.passenger_of(s(seat)), p.passenger_of(s(seat)));
        assert_eq!(carried(&twin, seat), "b5=k", "seat {seat}");
        for viewer in (1..4).map(|k| Some(s(after(seat, k)))).chain([None]) {
            assert_eq!(p.seen_by(viewer).to_fen(), twin.seen_by(viewer).to_fen());
        }
    }
}

#[test]
fn bad_consents_and_unloads_are_refused_and_change_nothing() {
    for seat in 0..4 {
        let first = first_knight(&guest_scene(seat, 0, None, &[]), seat);
        // Mycenae consenting to itself.
        let p = guest_scene(seat, 0, Some('p'), &[]);
        let before = p.clone();
        for text in [
            format!("consent@{first}"),
            format!("withdraw-consent@{first}"),
        ] {
            assert!(
                text.parse::<UciMove>().unwrap().to_move(&p).is_err(),
                "{text}"
            );
        }
        let cell = p.variant().geometry.cell(first.parse().unwrap()).unwrap();
        assert!(
            p.play(Move::new(cell, cell, MoveKind::Consent(true)))
                .is_err()
        );
        // An unload by a seat that does not own the passenger.
        let q = guest_scene(seat, 2, Some('p'), &[]);
        let text = cargo_move(seat, &["f4", "e4"], "p");
        assert!(
            text.parse::<UciMove>().unwrap().to_move(&q).is_err(),
            "{text}"
        );
        let f4 = p
            .variant()
            .geometry
            .cell(turned(seat, "f4").parse().unwrap())
            .unwrap();
        let e4 = p
            .variant()
            .geometry
            .cell(turned(seat, "e4").parse().unwrap())
            .unwrap();
        assert!(q.play(Move::new(f4, e4, MoveKind::Disembark)).is_err());
        assert!(p.play(Move::new(f4, e4, MoveKind::Disembark)).is_err());
        assert_eq!(p, before);
    }
    // Malformed entries.
    let p = guest_scene(0, 0, Some('p'), &[]);
    let good = p.to_fen();
    for (from, to, says) in [
        (
            "'consent':('b','','','')",
            "'consent':('x','','','')",
            "no colour letter",
        ),
        (
            "'consent':('b','','','')",
            "'consent':('r','','','')",
            "no colour letter",
        ),
        (
            "'consent':('b','','','')",
            "'consent':('bb','','','')",
            "twice",
        ),
        (
            "'consent':('b','','','')",
            "'consent':('','r','','')",
            "seat 2 has no cargo",
        ),
        ("f4=bP", "f4=xP", "no other seat's colour letter"),
        ("f4=bP", "f4=rP", "no other seat's colour letter"),
        ("f4=bP", "f4=bK", "no piece that may ride"),
        ("f4=bP", "d4=bP", "rides alone"),
        ("f4=bP", "f4=bP/f4=bR", "at most 2"),
    ] {
        assert!(good.contains(from), "{good}");
        let e = Pos::from_fen(p.variant(), &good.replacen(from, to, 1))
            .expect_err(to)
            .to_string();
        assert!(e.contains(says), "{to}: {e}");
    }
}

#[test]
fn consent_steps_read_and_write_in_every_notation() {
    for seat in 0..4 {
        let p = guest_scene(seat, 1, Some('p'), &[]);
        let first = first_knight(&p, seat);
        for text in [
            format!("withdraw-consent@{first}"),
            cargo_move(seat, &["f4", "e4"], "p"),
        ] {
            let m = text.parse::<UciMove>().unwrap().to_move(&p).unwrap();
            assert_eq!(UciMove::from_move(&p, m).to_string(), text);
            let pgn4 = tetrarch_rules::notation::pgn4::move_text(&p, m);
            let back = pgn4
                .parse::<tetrarch_rules::notation::pgn4::Pgn4Move>()
                .unwrap();
            assert_eq!(back.to_move(&p).unwrap(), m, "{pgn4}");
            assert_eq!(Move::from_bits(m.to_bits()).kind(), m.kind());
        }
    }
}
