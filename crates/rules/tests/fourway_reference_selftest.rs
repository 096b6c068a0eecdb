//! Self-tests of the 4-way chess reference (`tests/fourway_reference`): one
//! hand-made position or more per rule sentence of `docs/rules.md`, and the
//! reference perft of the three start positions.

use crate::fourway_reference;

use fourway_reference::{Ref, Rules, START_4PC_FEN4, START_FEN4, from_pieces, parse_fen4};

const ALL: [Rules; 3] = [Rules::Teams, Rules::Original, Rules::Ffa];

/// A position from a piece list (see `from_pieces`).
fn setup(turn: char, castle: (&str, &str), extras: &str, pieces: &[&str]) -> Ref {
    from_pieces(turn, castle, extras, pieces)
}

const NO_CASTLING: (&str, &str) = ("0,0,0,0", "0,0,0,0");

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn set(moves: &[&str]) -> Vec<String> {
    sorted(moves.iter().map(|s| s.to_string()).collect())
}

fn moves(p: &Ref, rules: Rules) -> Vec<String> {
    sorted(p.legal_moves(rules))
}

fn has(p: &Ref, rules: Rules, mv: &str) -> bool {
    p.legal_moves(rules).iter().any(|m| m == mv)
}

/// Plays a sequence of moves.
fn line(p: &Ref, rules: Rules, mvs: &[&str]) -> Ref {
    mvs.iter().fold(p.clone(), |p, m| p.play(rules, m))
}

// ----- board, start, FEN4 ---------------------------------------------------

#[test]
fn start_position_matches_the_piece_list_and_round_trips() {
    let start = Ref::start();
    assert_eq!(start.fen4(), START_FEN4);
    assert_eq!(parse_fen4(START_FEN4).unwrap(), start);
    // The piece list of docs/rules.md, square by square.
    let expect = [
        ("d1", "rR"),
        ("e1", "rN"),
        ("f1", "rB"),
        ("g1", "rQ"),
        ("h1", "rK"),
        ("i1", "rB"),
        ("j1", "rN"),
        ("k1", "rR"),
        ("a4", "bR"),
        ("a5", "bN"),
        ("a6", "bB"),
        ("a7", "bQ"),
        ("a8", "bK"),
        ("a9", "bB"),
        ("a10", "bN"),
        ("a11", "bR"),
        ("d14", "yR"),
        ("e14", "yN"),
        ("f14", "yB"),
        ("g14", "yK"),
        ("h14", "yQ"),
        ("i14", "yB"),
        ("j14", "yN"),
        ("k14", "yR"),
        ("n4", "gR"),
        ("n5", "gN"),
        ("n6", "gB"),
        ("n7", "gK"),
        ("n8", "gQ"),
        ("n9", "gB"),
        ("n10", "gN"),
        ("n11", "gR"),
    ];
    for (sq, piece) in expect {
        assert_eq!(start.piece_at(sq).as_deref(), Some(piece), "{sq}");
    }
    for x in "defghijk".chars() {
        assert_eq!(start.piece_at(&format!("{x}2")).as_deref(), Some("rP"));
        assert_eq!(start.piece_at(&format!("{x}13")).as_deref(), Some("yP"));
    }
    for y in 4..=11 {
        assert_eq!(start.piece_at(&format!("b{y}")).as_deref(), Some("bP"));
        assert_eq!(start.piece_at(&format!("m{y}")).as_deref(), Some("gP"));
    }
    // All queens on light squares; a1 = (0, 0) is light, so light squares
    // have an even (file + rank) in 0-based coordinates.
    for (sq, file, rank) in [("g1", 6, 0), ("a7", 0, 6), ("h14", 7, 13), ("n8", 13, 7)] {
        assert_eq!((file + rank) % 2, 0, "{sq}");
    }
}

#[test]
fn old_numeric_style_is_read() {
    let old = "R-0,0,0,0-1,1,1,1-1,1,1,1-0,0,0,0-0-\
3,yR,yN,yB,yK,yQ,yB,yN,yR,3/3,yP,yP,yP,yP,yP,yP,yP,yP,3/14/\
bR,bP,10,gP,gR/bN,bP,10,gP,gN/bB,bP,10,gP,gB/bK,bP,10,gP,gQ/bQ,bP,10,gP,gK/\
bB,bP,10,gP,gB/bN,bP,10,gP,gN/bR,bP,10,gP,gR/14/\
3,rP,rP,rP,rP,rP,rP,rP,rP,3/3,rR,rN,rB,rQ,rK,rB,rN,rR,3";
    assert_eq!(parse_fen4(old).unwrap().fen4(), START_FEN4);
}

#[test]
fn fen4_header_fields() {
    // Points are read and written as zero; stale castling flags are dropped;
    // other extras keys are ignored.
    let p = setup(
        'B',
        ("1,1,1,1", "1,1,1,1"),
        "{'pawnsBaseRank':3,'enPassant':('','','',''),'zombieImmunity':(true,false,false,false)}",
        &[
            "h1:rK", "k1:rR", "a9:bK", "a11:bR", "g14:yK", "d14:yR", "k14:yR", "n7:gK",
        ],
    );
    assert_eq!(
        p.fen4(),
        "B-0,0,0,0-1,0,1,0-0,0,1,0-0,0,0,0-0-x,x,x,yR,2,yK,3,yR,x,x,x/x,x,x,8,x,x,x/\
x,x,x,8,x,x,x/bR,13/14/bK,13/14/13,gK/14/14/14/x,x,x,8,x,x,x/x,x,x,8,x,x,x/x,x,x,4,rK,2,rR,x,x,x"
    );
    // The eliminated flags must agree with the board; dead pieces are refused.
    let bad = START_FEN4.replacen("R-0,0,0,0", "R-0,1,0,0", 1);
    assert!(parse_fen4(&bad).is_err());
    let dead = START_FEN4.replacen("bR,bP,10", "dR,bP,10", 1);
    assert!(parse_fen4(&dead).unwrap_err().contains("dead"));
    let points = START_FEN4.replacen("-0,0,0,0-0-", "-12,3,0,40-7-", 1);
    let p = parse_fen4(&points).unwrap();
    assert_eq!(p.halfmove(), 7);
    assert!(p.fen4().contains("-0,0,0,0-7-"));
}

#[test]
fn red_has_twenty_moves_at_the_start() {
    let expect = set(&[
        "d2d3", "d2d4", "e2e3", "e2e4", "f2f3", "f2f4", "g2g3", "g2g4", "h2h3", "h2h4", "i2i3",
        "i2i4", "j2j3", "j2j4", "k2k3", "k2k4", "e1d3", "e1f3", "j1i3", "j1k3",
    ]);
    for rules in ALL {
        assert_eq!(moves(&Ref::start(), rules), expect, "{rules:?}");
        assert_eq!(Ref::start().outcome(rules), None);
    }
}

#[test]
fn every_seat_has_twenty_moves_and_the_turn_goes_clockwise() {
    for rules in ALL {
        let p = line(&Ref::start(), rules, &["h2h3"]);
        assert!(p.fen4().starts_with("B-"));
        assert_eq!(p.legal_moves(rules).len(), 20);
        assert!(has(&p, rules, "b8d8") && has(&p, rules, "a10c11"));
        let p = line(&p, rules, &["b8d8"]);
        assert!(p.fen4().starts_with("Y-"));
        assert!(has(&p, rules, "h13h11") && has(&p, rules, "e14f12"));
        let p = line(&p, rules, &["h13h11"]);
        assert!(p.fen4().starts_with("G-"));
        assert!(has(&p, rules, "m7k7") && has(&p, rules, "n5l4"));
        let p = line(&p, rules, &["n5l4"]);
        assert!(p.fen4().starts_with("R-"));
        assert_eq!(p.halfmove(), 1);
    }
}

// ----- common rules -----------------------------------------------------------

const KINGS: [&str; 4] = ["h1:rK", "a8:bK", "g14:yK", "n7:gK"];

fn with_kings<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut v: Vec<&'a str> = KINGS.to_vec();
    v.extend_from_slice(extra);
    v
}

#[test]
fn en_passant_by_a_later_seat() {
    // Red e2-e4 skips e3; Blue (d2) and Green (f4) may take, Yellow (d4)
    // only in free-for-all.
    let p = setup(
        'R',
        NO_CASTLING,
        "",
        &with_kings(&["e2:rP", "d2:bP", "d4:yP", "f4:gP"]),
    );
    for rules in ALL {
        let q = p.play(rules, "e2e4");
        assert!(
            q.fen4().contains("-0-{'enPassant':('e3:e4','','','')}-"),
            "{}",
            q.fen4()
        );
        assert!(has(&q, rules, "d2e3"), "{rules:?}");
        let q = q.play(rules, "a8a9");
        assert_eq!(has(&q, rules, "d4e3"), rules == Rules::Ffa, "{rules:?}");
        let q = q.play(rules, "g14g13");
        assert!(has(&q, rules, "f4e3"), "{rules:?}");
        let taken = q.play(rules, "f4e3");
        assert_eq!(taken.piece_at("e4"), None);
        assert_eq!(taken.piece_at("e3").as_deref(), Some("gP"));
        assert!(!taken.fen4().contains("enPassant"));
        // Not taken: the entry goes when Red moves again.
        let q = q.play(rules, "n7n6");
        assert!(q.fen4().contains("enPassant"));
        let q = q.play(rules, "h1h2");
        assert!(!q.fen4().contains("enPassant"), "{}", q.fen4());
    }
}

#[test]
fn en_passant_entry_goes_when_its_skipped_square_fills() {
    let p = setup('R', NO_CASTLING, "", &with_kings(&["e2:rP", "c4:bN"]));
    let q = line(&p, Rules::Teams, &["e2e4", "c4e3"]);
    assert!(!q.fen4().contains("enPassant"));
}

#[test]
fn promotion_only_to_lost_kinds() {
    let full = [
        "d1:rR", "e1:rN", "f1:rB", "g1:rQ", "i1:rB", "j1:rN", "k1:rR", "e13:rP",
    ];
    for rules in ALL {
        // Nothing lost: the pawn arrives and stays a pawn.
        let p = setup('R', NO_CASTLING, "", &with_kings(&full));
        assert!(has(&p, rules, "e13e14"));
        assert!(
            !p.legal_moves(rules)
                .iter()
                .any(|m| m.starts_with("e13e14") && m.len() == 7)
        );
        let q = p.play(rules, "e13e14");
        assert_eq!(q.piece_at("e14").as_deref(), Some("rP"));
        assert_eq!(q.halfmove(), 0);
        // A knight and the queen lost: exactly those two.
        let p = setup(
            'R',
            NO_CASTLING,
            "",
            &with_kings(&["d1:rR", "f1:rB", "i1:rB", "j1:rN", "k1:rR", "e13:rP"]),
        );
        let promos: Vec<String> = sorted(
            p.legal_moves(rules)
                .into_iter()
                .filter(|m| m.starts_with("e13"))
                .collect(),
        );
        assert_eq!(promos, set(&["e13e14n", "e13e14q"]), "{rules:?}");
        let q = p.play(rules, "e13e14q");
        assert_eq!(q.piece_at("e14").as_deref(), Some("rQ"));
        // Once refilled, a kind is no longer lost.
        let q = line(&q, rules, &["a8a7", "g14g13", "n7n8"]);
        assert!(!q.legal_moves(rules).iter().any(|m| m.ends_with('q')));
    }
}

#[test]
fn promotion_on_the_first_rank_of_a_side_seat_and_later() {
    // A red pawn that reached file a (Blue's first rank) with nothing lost
    // stays a pawn; once a rook is lost its next step promotes.
    let full = [
        "d1:rR", "e1:rN", "f1:rB", "g1:rQ", "i1:rB", "j1:rN", "k1:rR",
    ];
    let mut pieces = full.to_vec();
    pieces.extend(["b4:rP", "a5:gN"]);
    let pieces = with_kings(&pieces);
    for rules in ALL {
        // Green is an opponent of Red in every variant.
        let p = setup('R', NO_CASTLING, "", &pieces);
        assert!(has(&p, rules, "b4a5"));
        let q = p.play(rules, "b4a5");
        assert_eq!(q.piece_at("a5").as_deref(), Some("rP"));
        // Red loses the k1 rook to a Blue knight, then a5-a6 promotes.
        let q = setup(
            'R',
            NO_CASTLING,
            "",
            &with_kings(&[
                "d1:rR", "e1:rN", "f1:rB", "g1:rQ", "i1:rB", "j1:rN", "a5:rP",
            ]),
        );
        let promos: Vec<String> = sorted(
            q.legal_moves(rules)
                .into_iter()
                .filter(|m| m.starts_with("a5"))
                .collect(),
        );
        assert_eq!(promos, set(&["a5a6r"]), "{rules:?}");
    }
}

#[test]
fn a_pawn_may_take_a_king_on_the_last_rank_with_nothing_lost() {
    // Blue's king stands on g14 (Yellow's on a8): f13xg14 is a pawn capture
    // onto the last rank with nothing lost, so it is allowed and the pawn
    // stays a pawn.
    let pieces = [
        "d1:rR", "e1:rN", "f1:rB", "g1:rQ", "h1:rK", "i1:rB", "j1:rN", "k1:rR", "f13:rP", "g14:bK",
        "a8:yK", "n7:gK",
    ];
    for rules in [Rules::Teams, Rules::Ffa] {
        let p = setup('R', NO_CASTLING, "", &pieces);
        let q = p.play(rules, "f13g14");
        assert_eq!(q.piece_at("g14").as_deref(), Some("rP"));
        // Blue, with nothing left on the board, is passed over.
        assert!(q.fen4().starts_with("Y-0,1,0,0-"), "{}", q.fen4());
        assert_eq!(q.outcome(rules), None);
    }
}

#[test]
fn partner_pawn_swap() {
    let p = setup('R', NO_CASTLING, "", &with_kings(&["e7:rP", "e8:yP"]));
    for rules in [Rules::Teams, Rules::Original] {
        assert!(has(&p, rules, "e7e8"), "{rules:?}");
        let q = p.play(rules, "e7e8");
        assert_eq!(q.piece_at("e8").as_deref(), Some("rP"));
        assert_eq!(q.piece_at("e7").as_deref(), Some("yP"));
        assert!(!q.fen4().contains("enPassant"));
        // Yellow's pawn may step instead on Yellow's turn.
        let y = setup('Y', NO_CASTLING, "", &with_kings(&["e7:rP", "e8:yP"]));
        assert!(has(&y, rules, "e8e7"));
        let q = y.play(rules, "e8e7");
        assert_eq!(q.piece_at("e8").as_deref(), Some("rP"));
        assert_eq!(q.piece_at("e7").as_deref(), Some("yP"));
    }
    // Not in free-for-all: the pawn is simply blocked.
    assert!(!has(&p, Rules::Ffa, "e7e8"));
    assert!(
        !p.legal_moves(Rules::Ffa)
            .iter()
            .any(|m| m.starts_with("e7"))
    );
    // Swaps give a half-move clock reset (a pawn move).
    let p = setup(
        'R',
        NO_CASTLING,
        "",
        &with_kings(&["e7:rP", "e8:yP", "d5:rN"]),
    );
    let q = line(&p, Rules::Teams, &["d5c7", "a8a9", "g14g13", "n7n6"]);
    assert_eq!(q.halfmove(), 4);
    assert_eq!(q.play(Rules::Teams, "e7e8").halfmove(), 0);
}

#[test]
fn swap_never_promotes() {
    // A red pawn on a6 (Blue's first rank) faces a yellow pawn on a7; Red
    // has lost a rook, yet the swap onto a7 does not promote.
    let p = setup(
        'R',
        NO_CASTLING,
        "",
        &with_kings(&[
            "d1:rR", "e1:rN", "f1:rB", "g1:rQ", "i1:rB", "j1:rN", "a6:rP", "a7:yP",
        ]),
    );
    let from_a6: Vec<String> = sorted(
        p.legal_moves(Rules::Teams)
            .into_iter()
            .filter(|m| m.starts_with("a6"))
            .collect(),
    );
    assert_eq!(from_a6, set(&["a6a7"]));
}

#[test]
fn no_swap_by_or_with_a_frozen_army() {
    // Yellow frozen (kingless): Red may not push its pawn back (reading 1).
    let p = setup(
        'R',
        NO_CASTLING,
        "",
        &["h1:rK", "a8:bK", "n7:gK", "e7:rP", "e8:yP", "d4:yN"],
    );
    assert!(!has(&p, Rules::Teams, "e7e8"));
    // Red frozen: Red's moves are captures and a pass only.
    let p = setup(
        'R',
        NO_CASTLING,
        "",
        &["a8:bK", "g14:yK", "n7:gK", "e7:rP", "e8:yP", "h1:rR"],
    );
    assert_eq!(moves(&p, Rules::Teams), set(&["0000"]));
}

#[test]
fn castling() {
    // Red may castle both ways; a Blue rook on i8 watches i1 (the square
    // the king crosses going kingside).
    let base = ["h1:rK", "d1:rR", "k1:rR", "a8:bK", "g14:yK", "n7:gK"];
    let mut through = base.to_vec();
    through.push("i8:bR");
    let mut out_of = base.to_vec();
    out_of.push("h8:bR");
    let castle = ("1,0,0,0", "1,0,0,0");
    for rules in ALL {
        let p = setup('R', castle, "", &base);
        let q = p.play(rules, "h1j1");
        assert_eq!(q.piece_at("j1").as_deref(), Some("rK"));
        assert_eq!(q.piece_at("i1").as_deref(), Some("rR"));
        assert!(q.fen4().starts_with("B-0,0,0,0-0,0,0,0-0,0,0,0-"));
        let q = p.play(rules, "h1f1");
        assert_eq!(q.piece_at("f1").as_deref(), Some("rK"));
        assert_eq!(q.piece_at("g1").as_deref(), Some("rR"));
        // Moving a rook drops only that side's flag.
        let q = p.play(rules, "k1k5");
        assert!(q.fen4().starts_with("B-0,0,0,0-0,0,0,0-1,0,0,0-"));

        let p = setup('R', castle, "", &through);
        assert_eq!(
            has(&p, rules, "h1j1"),
            rules != Rules::Original,
            "{rules:?}"
        );
        assert!(has(&p, rules, "h1f1"));
        let p = setup('R', castle, "", &out_of);
        assert_eq!(
            has(&p, rules, "h1j1"),
            rules != Rules::Original,
            "{rules:?}"
        );
        assert_eq!(
            has(&p, rules, "h1f1"),
            rules != Rules::Original,
            "{rules:?}"
        );
    }
    // Blue, Yellow and Green castle along their own back ranks.
    let p = setup(
        'B',
        ("0,1,1,1", "0,1,1,1"),
        "",
        &[
            "h1:rK", "a8:bK", "a4:bR", "a11:bR", "g14:yK", "d14:yR", "k14:yR", "n7:gK", "n4:gR",
            "n11:gR",
        ],
    );
    let q = p.play(Rules::Teams, "a8a10");
    assert_eq!(q.piece_at("a9").as_deref(), Some("bR"));
    let q = p.play(Rules::Teams, "a8a6");
    assert_eq!(q.piece_at("a7").as_deref(), Some("bR"));
    let q = line(&p, Rules::Teams, &["a8a10", "g14e14"]);
    assert_eq!(q.piece_at("f14").as_deref(), Some("yR"));
    let q = line(&p, Rules::Teams, &["a8a10", "g14i14", "n7n9"]);
    assert_eq!(q.piece_at("h14").as_deref(), Some("yR"));
    assert_eq!(q.piece_at("n8").as_deref(), Some("gR"));
    let q = line(&p, Rules::Teams, &["a8a10", "g14i14", "n7n5"]);
    assert_eq!(q.piece_at("n6").as_deref(), Some("gR"));
}

/// chess.com's current start (`4PC`): Blue's king on a7 castles with the
/// rook on a4 kingside (the nearer one: king to a5, rook to a6) and with
/// the rook on a11 queenside (king to a9, rook to a8); Green's king on n8
/// with n11 kingside (n10, rook n9) and n4 queenside (n6, rook n7).
#[test]
fn castling_from_the_current_start() {
    let start = Ref::start_4pc();
    assert_eq!(start.fen4(), START_4PC_FEN4);
    assert_eq!(parse_fen4(START_4PC_FEN4).unwrap(), start);
    assert_eq!(start.piece_at("a7").as_deref(), Some("bK"));
    assert_eq!(start.piece_at("n8").as_deref(), Some("gK"));
    let p = setup(
        'B',
        ("0,1,0,1", "0,1,0,1"),
        "",
        &[
            "h1:rK", "a7:bK", "a4:bR", "a11:bR", "g14:yK", "n8:gK", "n4:gR", "n11:gR",
        ],
    );
    for rules in ALL {
        let q = p.play(rules, "a7a5");
        assert_eq!(q.piece_at("a5").as_deref(), Some("bK"), "{rules:?}");
        assert_eq!(q.piece_at("a6").as_deref(), Some("bR"), "{rules:?}");
        let q = p.play(rules, "a7a9");
        assert_eq!(q.piece_at("a9").as_deref(), Some("bK"), "{rules:?}");
        assert_eq!(q.piece_at("a8").as_deref(), Some("bR"), "{rules:?}");
        assert!(
            q.fen4().starts_with("Y-0,0,0,0-0,0,0,1-0,0,0,1-"),
            "{rules:?}"
        );
        let q = line(&p, rules, &["a7a5", "g14g13", "n8n10"]);
        assert_eq!(q.piece_at("n9").as_deref(), Some("gR"), "{rules:?}");
        let q = line(&p, rules, &["a7a5", "g14g13", "n8n6"]);
        assert_eq!(q.piece_at("n7").as_deref(), Some("gR"), "{rules:?}");
    }
}

/// Perft from the current start. Under check rules Red's f-pawn leaving f2
/// pins Blue's b6 pawn to its king on a7 (the queen's diagonal g1-a7), so
/// depth 2 is 400 - 1 (d2-d4 blocks b4-d4) - 2 - 2 = 395; chess.com-rules
/// engines agree on 20, 395, 7,800.
#[test]
fn perft_from_the_current_start() {
    let start = Ref::start_4pc();
    let counts: Vec<u64> = (1..=3).map(|d| start.perft(Rules::Original, d)).collect();
    assert_eq!(counts, [20, 395, 7800]);
    // Without check nothing is pinned: the older start's counts.
    let counts: Vec<u64> = (1..=3).map(|d| start.perft(Rules::Teams, d)).collect();
    assert_eq!(counts, [20, 399, 7960]);
}

// ----- Regicide: frozen armies, passes, wins ------------------------------------

#[test]
fn frozen_army_only_captures_or_passes() {
    // Blue has no king: its rook and pawn may only capture; it may pass.
    let pieces = [
        "h1:rK", "g14:yK", "n7:gK", "e5:bR", "c6:bP", "e9:rN", "d7:yP", "d5:gN",
    ];
    let p = setup('B', NO_CASTLING, "", &pieces);
    assert_eq!(moves(&p, Rules::Teams), set(&["e5e9", "c6d7", "0000"]));
    assert_eq!(
        moves(&p, Rules::Ffa),
        set(&["e5e9", "c6d7", "c6d5", "e5d5", "0000"])
    );
    let q = p.play(Rules::Teams, "0000");
    assert!(q.fen4().starts_with("Y-0,1,0,0-"));
    assert_eq!(q.halfmove(), 1);
    // A frozen pawn takes en passant too.
    let p = setup(
        'R',
        NO_CASTLING,
        "",
        &["h1:rK", "g14:yK", "n7:gK", "f2:rP", "e4:bP"],
    );
    let q = line(&p, Rules::Teams, &["f2f4"]);
    assert_eq!(moves(&q, Rules::Teams), set(&["e4f3", "0000"]));
    let q = line(&q, Rules::Teams, &["e4f3"]);
    assert_eq!(q.piece_at("f4"), None);
}

#[test]
fn a_seat_with_a_king_and_no_move_passes() {
    // Red's king on d1 is boxed in by its own pawns and Yellow knights.
    let p = setup(
        'R',
        NO_CASTLING,
        "",
        &[
            "d1:rK", "d2:rP", "e2:rP", "d3:yN", "e3:yN", "e1:yN", "a8:bK", "g14:yK", "n7:gK",
        ],
    );
    assert_eq!(moves(&p, Rules::Teams), set(&["0000"]));
    // Free-for-all: the knights are enemies.
    assert!(has(&p, Rules::Ffa, "d1e1"));
    assert!(!has(&p, Rules::Ffa, "0000"));
    // Original rules: stalemate draws the game.
    assert_eq!(moves(&p, Rules::Original), Vec::<String>::new());
    assert_eq!(
        p.outcome(Rules::Original).as_deref(),
        Some("draw:stalemate")
    );
}

#[test]
fn regicide_team_win() {
    // Blue is frozen already; Red takes Green's king.
    let p = setup(
        'R',
        NO_CASTLING,
        "",
        &["h1:rK", "g14:yK", "n7:gK", "h7:rQ", "b5:bP"],
    );
    assert_eq!(p.outcome(Rules::Teams), None);
    let q = p.play(Rules::Teams, "h7n7");
    assert_eq!(q.outcome(Rules::Teams).as_deref(), Some("win:0"));
    assert!(q.legal_moves(Rules::Teams).is_empty());
    assert!(q.fen4().starts_with("B-0,1,0,1-"));
    // The other team: Yellow frozen, Blue takes Red's king.
    let p = setup(
        'B',
        NO_CASTLING,
        "",
        &["h1:rK", "a8:bK", "n7:gK", "h7:bQ", "d13:yP"],
    );
    let q = p.play(Rules::Teams, "h7h1");
    assert_eq!(q.outcome(Rules::Teams).as_deref(), Some("win:1"));
}

#[test]
fn regicide_king_capture_freezes_and_play_goes_on() {
    let p = setup(
        'R',
        NO_CASTLING,
        "",
        &with_kings(&["a9:rQ", "b4:bP", "a7:bR"]),
    );
    for rules in [Rules::Teams, Rules::Ffa] {
        let q = p.play(rules, "a9a8");
        assert_eq!(q.outcome(rules), None);
        assert!(q.fen4().starts_with("B-0,1,0,0-"));
        // Blue is frozen: the rook takes the queen (or, in free-for-all,
        // Green's king along rank 7), the pawn cannot move.
        let expect = if rules == Rules::Ffa {
            set(&["a7a8", "a7n7", "0000"])
        } else {
            set(&["a7a8", "0000"])
        };
        assert_eq!(moves(&q, rules), expect);
    }
}

#[test]
fn free_for_all_last_king_wins() {
    let p = setup(
        'R',
        NO_CASTLING,
        "",
        &["h1:rK", "a8:bK", "a9:rQ", "e5:yP", "f6:gN"],
    );
    assert_eq!(p.outcome(Rules::Ffa), None);
    let q = p.play(Rules::Ffa, "a9a8");
    assert_eq!(q.outcome(Rules::Ffa).as_deref(), Some("win:0"));
    assert!(q.legal_moves(Rules::Ffa).is_empty());
    // In Teams a kingless partner does not lose the game for Red.
    assert_eq!(p.outcome(Rules::Teams), None);
    // No king at all (set-up only).
    let p = setup('R', NO_CASTLING, "", &["e5:yP", "f6:gN"]);
    assert_eq!(p.outcome(Rules::Ffa).as_deref(), Some("draw:nokings"));
    // A frozen army may take a king: with three kings left play goes on,
    // with two the capture decides.
    let p = setup(
        'B',
        NO_CASTLING,
        "",
        &["h1:rK", "g14:yK", "n7:gK", "e13:bN"],
    );
    assert_eq!(moves(&p, Rules::Ffa), set(&["e13g14", "0000"]));
    assert_eq!(p.play(Rules::Ffa, "e13g14").outcome(Rules::Ffa), None);
    let p = setup('B', NO_CASTLING, "", &["h1:rK", "g14:yK", "e13:bN"]);
    let q = p.play(Rules::Ffa, "e13g14");
    assert_eq!(q.outcome(Rules::Ffa).as_deref(), Some("win:0"));
}

// ----- Original rules ------------------------------------------------------------

#[test]
fn original_no_move_into_check_but_partner_may_be_exposed() {
    // Red's rook on h5 is pinned against its king by Blue's queen on h8.
    let p = setup(
        'R',
        NO_CASTLING,
        "",
        &["h1:rK", "h5:rR", "h8:bQ", "a8:bK", "g14:yK", "n7:gK"],
    );
    let mv = p.legal_moves(Rules::Original);
    assert!(
        mv.iter()
            .filter(|m| m.starts_with("h5"))
            .all(|m| m.starts_with("h5h"))
    );
    assert!(has(&p, Rules::Original, "h5h8"));
    assert!(!has(&p, Rules::Original, "h5a5"));
    // Regicide: the pin means nothing.
    assert!(has(&p, Rules::Teams, "h5a5"));
    // Blue may leave Green's king (its partner) attacked by Yellow.
    let p = setup(
        'B',
        NO_CASTLING,
        "",
        &["h1:rK", "a8:bK", "g14:yK", "n11:yR", "n9:bB", "n7:gK"],
    );
    assert!(has(&p, Rules::Original, "n9m8"));
}

#[test]
fn original_removal_on_mate_at_the_players_turn_and_combined_turns() {
    // Green's king on n4 is mated by Yellow's rooks (m10, n10) with Red to
    // move; Green is removed only when its turn comes.
    let p = setup(
        'R',
        NO_CASTLING,
        "",
        &[
            "h1:rK", "a8:bK", "g14:yK", "m10:yR", "n10:yR", "n4:gK", "k8:gP",
        ],
    );
    let rules = Rules::Original;
    let q = line(&p, rules, &["h1h2", "a8a9"]);
    assert!(q.fen4().starts_with("Y-0,0,0,0-"));
    assert_eq!(q.piece_at("n4").as_deref(), Some("gK"));
    let q = q.play(rules, "g14g13");
    // Green's turn came: Green is out, its pieces are gone, and Red (the
    // opponent after Green) has its own turn before the armies combine.
    assert!(q.fen4().starts_with("R-0,0,0,1-"), "{}", q.fen4());
    assert_eq!(q.piece_at("n4"), None);
    assert_eq!(q.piece_at("k8"), None);
    assert_eq!(q.halfmove(), 3);
    assert!(q.legal_moves(rules).iter().all(|m| m.starts_with("h2")));
    let q = q.play(rules, "h2h3");
    assert!(q.fen4().starts_with("B-"));
    let q = q.play(rules, "a9a8");
    // The combined army (Red + Yellow) moves, written with Yellow's letter.
    assert!(q.fen4().starts_with("Y-0,0,0,1-"), "{}", q.fen4());
    let mv = q.legal_moves(rules);
    assert!(mv.iter().any(|m| m.starts_with("h3")), "{mv:?}");
    assert!(mv.iter().any(|m| m.starts_with("g13")));
    assert!(mv.iter().any(|m| m.starts_with("m10")));
    // A Red move of the combined army, then Blue, then the army again.
    let q = q.play(rules, "h3h4");
    assert!(q.fen4().starts_with("B-"));
    let q = q.play(rules, "a8a7");
    assert!(q.fen4().starts_with("Y-"));
    let q = q.play(rules, "g13g12");
    assert!(q.fen4().starts_with("B-"));
    assert_eq!(q.outcome(rules), None);
}

#[test]
fn original_king_capture_removes_at_once() {
    // Blue's bishop shields Green's king from Yellow's rook; Blue moves it
    // (legal: only Blue's own king counts), Yellow takes the king.
    let p = setup(
        'B',
        NO_CASTLING,
        "",
        &[
            "h1:rK", "a8:bK", "g14:yK", "n11:yR", "n9:bB", "n7:gK", "m5:gP",
        ],
    );
    let rules = Rules::Original;
    let q = line(&p, rules, &["n9m10", "n11n7"]);
    assert!(q.fen4().starts_with("R-0,0,0,1-"), "{}", q.fen4());
    assert_eq!(q.piece_at("m5"), None);
    assert_eq!(q.piece_at("n7").as_deref(), Some("yR"));
    // Reading 3: Red has its own turn, then Blue, then the combined army.
    assert!(q.legal_moves(rules).iter().all(|m| m.starts_with("h1")));
    let q = line(&q, rules, &["h1h2", "a8a9"]);
    assert!(q.fen4().starts_with("Y-"));
    assert!(has(&q, rules, "h2h3") && has(&q, rules, "n7n8"));
}

#[test]
fn original_king_capture_that_lifts_the_check() {
    // Reading 2: Yellow, checked by Green's rook on h11, may take Green's
    // king on n4 with the bishop: Green is out at once, rook and all.
    let p = setup(
        'Y',
        NO_CASTLING,
        "",
        &["h14:yK", "h11:gR", "n4:gK", "k7:yB", "h1:rK", "a8:bK"],
    );
    let rules = Rules::Original;
    assert!(has(&p, rules, "k7n4"));
    assert!(!has(&p, rules, "k7l6"));
    let info = p.move_info(rules);
    let m = info.iter().find(|m| m.text == "k7n4").unwrap();
    assert!(m.king_capture && m.legal_by_removal);
    let q = p.play(rules, "k7n4");
    assert!(q.fen4().starts_with("R-0,0,0,1-"), "{}", q.fen4());
    assert_eq!(q.piece_at("h11"), None);
}

#[test]
fn original_combined_army_must_keep_both_kings_safe() {
    // Green out; Red + Yellow combined (letter Y). Yellow's pawn on e13
    // shields its king on d14 from Blue's bishop on h10: it may not move,
    // Red's king may, and Red's rook may take the bishop.
    let p = setup(
        'Y',
        NO_CASTLING,
        "",
        &["h1:rK", "a8:bK", "h10:bB", "d14:yK", "e13:yP", "h9:rR"],
    );
    let rules = Rules::Original;
    let mv = p.legal_moves(rules);
    assert!(!mv.iter().any(|m| m.starts_with("e13")), "{mv:?}");
    assert!(mv.contains(&"h9h10".to_string()));
    assert!(mv.contains(&"h1h2".to_string()));
    // In Teams the same pawn may move.
    assert!(has(&p, Rules::Teams, "e13e12"));
}

#[test]
fn original_win_by_mating_the_lone_player() {
    // Green is out; Blue, to move, is mated on a4 by Yellow's rook on b10
    // and Red's rook on a10.
    let p = setup(
        'B',
        NO_CASTLING,
        "",
        &["h1:rK", "a4:bK", "g14:yK", "b10:yR", "a10:rR"],
    );
    let rules = Rules::Original;
    assert!(p.legal_moves(rules).is_empty());
    assert_eq!(p.outcome(rules).as_deref(), Some("win:0"));
    assert_eq!(p.perft(rules, 1), 0);
    // And by mating the lone player in play: the combined army (letter Y)
    // brings Red's rook to a10; Blue, next, is mated and out.
    let p = setup(
        'Y',
        NO_CASTLING,
        "",
        &["h1:rK", "a4:bK", "g14:yK", "b11:yR", "e10:rR"],
    );
    let q = p.play(Rules::Original, "e10a10");
    assert_eq!(q.outcome(Rules::Original).as_deref(), Some("win:0"));
    assert!(q.fen4().contains("-0,1,0,1-"), "{}", q.fen4());
}

#[test]
fn original_combined_army_without_moves() {
    // Reading 4. Blue is out; Green is the lone player; Red + Yellow move
    // as one army (letter R). Yellow's king on d14 is mated by Green's rooks
    // on d5 and e5 and no Red move helps: Yellow is removed and Red plays
    // this turn alone.
    let p = setup(
        'R',
        NO_CASTLING,
        "",
        &["h1:rK", "d14:yK", "d5:gR", "e5:gR", "n7:gK", "k13:yP"],
    );
    let rules = Rules::Original;
    let q = p.settled(rules);
    assert!(
        q.fen4().starts_with("R-0,1,1,0-0,0,0,0-0,0,0,0-0,0,0,0-0-"),
        "{}",
        q.fen4()
    );
    assert_eq!(q.piece_at("k13"), None);
    assert_eq!(
        moves(&p, rules),
        set(&["h1g1", "h1i1", "h1g2", "h1h2", "h1i2"])
    );
    let q = p.play(rules, "h1h2");
    assert!(q.fen4().starts_with("G-"));
    // Both armies mated at once: the lone player's team wins.
    let p = setup(
        'R',
        NO_CASTLING,
        "",
        &["h1:rK", "g2:gQ", "d14:yK", "d5:gR", "e5:gR", "n7:gK"],
    );
    assert_eq!(p.outcome(rules).as_deref(), Some("win:1"));
}

// ----- perft ---------------------------------------------------------------------

#[test]
fn start_perft() {
    for rules in ALL {
        let start = Ref::start();
        let counts: Vec<u64> = (1..=4).map(|d| start.perft(rules, d)).collect();
        println!("reference perft {rules:?}: {counts:?}");
        // Nothing can be captured, checked or attacked within four plies,
        // so the three rule sets agree and only blocked double steps cut
        // the product of 20s:
        // - depth 1: Red's 16 pawn moves and 4 knight moves;
        // - depth 2: Red d2-d4 blocks Blue's b4-d4: 19 + 19 * 20 = 399;
        // - depth 3: Blue b11-d11 blocks Yellow's d13-d11: after d2-d4
        //   18 * 20 + 19, after each other Red move 19 * 20 + 19:
        //   379 + 19 * 399 = 7960;
        // - depth 4: Red k2-k4 and Yellow k13-k11 each block one of Green's
        //   double steps (m4-k4, m11-k11): 20 * 7960 minus one per line
        //   through k2-k4 (399) and one per line through k13-k11 (399).
        assert_eq!(counts, [20, 399, 7960, 20 * 7960 - 399 - 399], "{rules:?}");
    }
}
