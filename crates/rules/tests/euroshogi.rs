//! EuroShogi from its rule text (shared `rules/euroshogi.txt`): one test per
//! rule, each with a position where that rule decides something, plus the
//! perft vectors.

use tetrarch_rules::notation::fen::FenError;
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{Outcome, Position, Seat, Variant, WinReason, perft};

fn variant() -> Variant {
    Variant::builtin("euroshogi").unwrap()
}

fn pos(fen: &str) -> Position<u64> {
    Position::from_fen(&variant(), fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn uci_moves(p: &Position<u64>) -> Vec<String> {
    p.legal_moves()
        .iter()
        .map(|&m| UciMove::from_move(p, m).to_string())
        .collect()
}

fn play(p: &Position<u64>, uci: &str) -> Position<u64> {
    let m = uci
        .parse::<UciMove>()
        .unwrap()
        .to_move(p)
        .unwrap_or_else(|e| panic!("{e}"));
    p.play(m).unwrap()
}

fn perft_lines(max_nodes: u64) -> Vec<(String, u32, u64)> {
    let text = include_str!("data/euroshogi.epd");
    let mut out = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim().to_string();
        for p in parts {
            let mut w = p.split_whitespace();
            let depth: u32 = w.next().unwrap()[1..].parse().unwrap();
            let nodes: u64 = w.next().unwrap().parse().unwrap();
            if nodes <= max_nodes {
                out.push((fen.clone(), depth, nodes));
            }
        }
    }
    out
}

#[test]
fn perft_vectors_up_to_a_million_nodes() {
    let lines = perft_lines(1_000_000);
    assert!(lines.len() >= 10);
    for (fen, depth, nodes) in lines {
        assert_eq!(perft(&pos(&fen), depth), nodes, "{fen} depth {depth}");
    }
}

#[test]
#[ignore = "deep perft: minutes in the test profile"]
fn perft_vectors_full_depth() {
    for (fen, depth, nodes) in perft_lines(u64::MAX) {
        assert_eq!(perft(&pos(&fen), depth), nodes, "{fen} depth {depth}");
    }
}

#[test]
fn start_position_matches_the_rule_text() {
    // White: KD1 GC1 GE1 RG2 BB2 BF1 NB1 NG1, pawns on the 3rd rank; Black mirrored.
    let p = Position::<u64>::start(&variant());
    assert_eq!(
        p.to_fen(),
        "1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1[] w - - 0 1"
    );
    assert_eq!(p.legal_moves().len(), 25);
    // Fairy-Stockfish writes an empty hand as [-] too.
    assert_eq!(
        pos("1nbgkgn1/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/1NGKGBN1[-] w - - 0 1"),
        p
    );
}

#[test]
fn pieces_move_as_the_rules_say() {
    // General: four orthogonal steps and two diagonal-forward steps.
    let g = pos("4k3/8/8/8/3G4/8/8/4K3[] w - - 0 1");
    let from_d4: Vec<_> = uci_moves(&g)
        .into_iter()
        .filter(|m| m.starts_with("d4"))
        .collect();
    assert_eq!(from_d4.len(), 6, "{from_d4:?}");
    assert!(!from_d4.iter().any(|m| m == "d4c3" || m == "d4e3"));
    // Knight: two forward jumps and one step to either side.
    let n = pos("4k3/8/8/8/8/3N4/8/4K3[] w - - 0 1");
    let mut from_d3: Vec<_> = uci_moves(&n)
        .into_iter()
        .filter(|m| m.starts_with("d3"))
        .collect();
    from_d3.sort();
    assert_eq!(from_d3, ["d3c3", "d3c5", "d3e3", "d3e5"]);
    // Black's knight jumps the other way.
    let n = pos("4k3/8/3n4/8/8/8/8/4K3[] b - - 0 1");
    let mut from_d6: Vec<_> = uci_moves(&n)
        .into_iter()
        .filter(|m| m.starts_with("d6"))
        .collect();
    from_d6.sort();
    assert_eq!(from_d6, ["d6c4", "d6c6", "d6e4", "d6e6"]);
    // Promoted rook and bishop also step one square like a king.
    let dragon = pos("4k3/8/8/8/3+R4/8/8/K7[] w - - 0 1");
    assert!(uci_moves(&dragon).contains(&"d4e5".to_string()));
    let horse = pos("4k3/8/8/8/3+B4/8/8/K7[] w - - 0 1");
    assert!(uci_moves(&horse).contains(&"d4d5".to_string()));
}

#[test]
fn promotion_is_forced_entering_leaving_and_within_the_zone() {
    // Entering: a pawn from rank 5 to rank 6 must promote.
    let p = pos("4k3/8/8/P7/8/8/8/4K3[] w - - 0 1");
    let pawn: Vec<_> = uci_moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("a5"))
        .collect();
    assert_eq!(pawn, ["a5a6+"]);
    assert_eq!(
        play(&p, "a5a6+").to_fen(),
        "4k3/8/+P7/8/8/8/8/4K3[] b - - 0 1"
    );
    // Leaving: a rook moving out of the zone promotes.
    let r = pos("4k3/8/R7/8/8/8/8/4K3[] w - - 0 1");
    let rook: Vec<_> = uci_moves(&r)
        .into_iter()
        .filter(|m| m.starts_with("a6"))
        .collect();
    assert!(rook.contains(&"a6a1+".to_string()), "{rook:?}");
    assert!(rook.iter().all(|m| m.ends_with('+')), "{rook:?}");
    // Within: a knight moving inside the zone promotes.
    let n = pos("4k3/8/2N5/8/8/8/8/4K3[] w - - 0 1");
    let knight: Vec<_> = uci_moves(&n)
        .into_iter()
        .filter(|m| m.starts_with("c6"))
        .collect();
    assert!(knight.contains(&"c6d6+".to_string()), "{knight:?}");
    assert!(knight.iter().all(|m| m.ends_with('+')), "{knight:?}");
    // Outside the zone nothing promotes, and generals and kings never do.
    let g = pos("4k3/8/G7/8/8/8/8/4K3[] w - - 0 1");
    assert!(uci_moves(&g).iter().all(|m| !m.ends_with('+')));
    // A king entering the zone stays a king.
    let k = pos("4k3/8/8/3K4/8/8/8/8[P] w - - 0 1");
    assert!(uci_moves(&k).contains(&"d5d6".to_string()));
    assert!(uci_moves(&k).iter().all(|m| !m.ends_with('+')));
}

#[test]
fn a_piece_dropped_in_the_zone_promotes_only_when_it_moves() {
    let p = pos("4k3/8/8/8/8/8/8/4K3[R] w - - 0 1");
    let dropped = play(&p, "R@a7");
    // Only pawn drops reset the fifty-move count.
    assert_eq!(dropped.to_fen(), "4k3/R7/8/8/8/8/8/4K3[] b - - 1 1");
    let next = play(&dropped, "e8d8");
    assert!(uci_moves(&next).contains(&"a7a1+".to_string()));
    assert!(!uci_moves(&next).contains(&"a7a1".to_string()));
}

#[test]
fn captured_pieces_go_to_the_hand_unpromoted() {
    let p = pos("4k3/8/8/8/8/8/1+p6/R3K3[] w - - 0 1");
    let after = play(&p, "a1b1");
    assert!(after.to_fen().starts_with("4k3/8/8/8/8/8/1+p6/1R2K3[] b"));
    let p = pos("4k3/8/8/8/8/8/+p7/R3K3[] w - - 0 1");
    let after = play(&p, "a1a2");
    assert_eq!(after.to_fen(), "4k3/8/8/8/8/8/R7/4K3[P] b - - 0 1");
    // A drop is a whole turn and a pawn drop resets the fifty-move count.
    let with_hand = pos("4k3/8/8/8/8/8/8/4K3[P] w - - 7 30");
    let dropped = play(&with_hand, "P@c4");
    assert_eq!(dropped.to_fen(), "4k3/8/8/8/2P5/8/8/4K3[] b - - 0 30");
}

#[test]
fn pawn_drops_are_refused_on_a_pawn_file_and_on_the_last_rank() {
    let p = pos("4k3/8/8/8/8/2P5/8/4K3[P] w - - 0 1");
    let drops: Vec<_> = uci_moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("P@"))
        .collect();
    assert!(
        !drops.iter().any(|m| m.starts_with("P@c")),
        "pawn on the c-file: {drops:?}"
    );
    assert!(
        !drops.iter().any(|m| m.ends_with('8')),
        "last rank: {drops:?}"
    );
    assert!(drops.contains(&"P@d7".to_string()));
    // 7 files (not c) by 7 ranks (not the 8th), less the king's square.
    assert_eq!(drops.len(), 7 * 7 - 1);
    // A promoted pawn does not block its file.
    let p = pos("4k3/8/8/8/8/2+P5/8/4K3[P] w - - 0 1");
    assert!(uci_moves(&p).contains(&"P@c4".to_string()));
    // Knights may be dropped on the last rank: they can still step sideways.
    let p = pos("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    assert!(uci_moves(&p).contains(&"N@a8".to_string()));
}

#[test]
fn a_pawn_drop_that_mates_is_legal_and_wins() {
    // From the perft file: dropping the pawn on h7 mates.
    let p = pos("7k/p7/4B1G1/8/8/8/8/K7[P] w - - 0 1");
    let mate = play(&p, "P@h7");
    assert_eq!(
        mate.outcome(),
        Some(Outcome::Win {
            winner: Seat(0),
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn check_must_be_answered_and_drops_may_block() {
    let p = pos("4k3/8/8/8/8/8/8/r3K3[G] w - - 0 1");
    assert!(p.in_check());
    let moves = uci_moves(&p);
    assert!(moves.contains(&"G@c1".to_string()));
    assert!(
        !moves
            .iter()
            .any(|m| m.starts_with("G@") && !m.ends_with('1')),
        "{moves:?}"
    );
}

#[test]
fn bare_kings_with_empty_hands_are_dead_but_a_hand_is_not() {
    assert_eq!(
        pos("4k3/8/8/8/8/8/8/4K3[] w - - 0 1").outcome(),
        Some(Outcome::Draw(
            tetrarch_rules::DrawReason::InsufficientMaterial
        ))
    );
    assert_eq!(pos("4k3/8/8/8/8/8/8/4K3[p] w - - 0 1").outcome(), None);
}

#[test]
fn impossible_positions_are_refused_with_a_reason() {
    let bad = [
        ("4k3/8/8/8/8/8/8/4K3[Qx] w - - 0 1", "hand"),
        (
            "4k3/8/8/8/8/8/8/4K3[PPPPPPPPPPPPPPPPP] w - - 0 1",
            "17 pawns on the board and in hand",
        ),
        ("4k3/8/8/8/8/8/8/4K3[12Pppppp] w - - 0 1", "17 pawns"),
        ("4k3/8/8/8/8/8/8/3+KK3[] w - - 0 1", "'+K' is not a piece"),
        ("4k3/8/8/8/8/8/8/+G3K3[] w - - 0 1", "'+G' is not a piece"),
        ("P3k3/8/8/8/8/8/8/4K3[] w - - 0 1", "could never move"),
        ("4k3/8/8/8/8/2P5/2P5/4K3[] w - - 0 1", "two pawns"),
        ("4k3/8/8/8/8/8/8/4K3[K] w - - 0 1", "hand"),
        ("4k3/8/8/8/8/8/8/4K3[3] w - - 0 1", "count without"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1[", "full-move number"),
    ];
    for (fen, why) in bad {
        let err: FenError = Position::<u64>::from_fen(&variant(), fen).unwrap_err();
        assert!(err.to_string().contains(why), "{fen}: {err}");
    }
}

fn game_after(fen: &str, moves: &str) -> tetrarch_rules::game::Game<u64> {
    let mut game = tetrarch_rules::game::Game::new(pos(fen));
    for uci in moves.split_whitespace() {
        let m = uci
            .parse::<UciMove>()
            .unwrap()
            .to_move(game.position())
            .unwrap();
        game.play(m).unwrap_or_else(|e| panic!("{uci}: {e}"));
    }
    game
}

#[test]
fn perpetual_check_loses_for_the_checking_player() {
    // The dragon checks on the 8th and 7th ranks while Black's king shuffles.
    let shuffle = "a7a8 h8h7 a8a7 h7h8 a7a8 h8h7 a8a7";
    let game = game_after("7k/+R7/8/8/8/8/8/4K3[P] w - - 0 1", shuffle);
    assert_eq!(
        game.outcome(),
        None,
        "two occurrences are not yet a repetition"
    );
    let game = game_after(
        "7k/+R7/8/8/8/8/8/4K3[P] w - - 0 1",
        &format!("{shuffle} h7h8"),
    );
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Seat(1),
            reason: WinReason::PerpetualCheck
        })
    );
}

#[test]
fn repetition_without_perpetual_check_draws() {
    let game = game_after(
        "k7/8/8/8/8/8/8/7K[Pp] w - - 0 1",
        "h1g1 a8b8 g1h1 b8a8 h1g1 a8b8 g1h1 b8a8",
    );
    assert_eq!(game.repetitions(), 3);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(tetrarch_rules::DrawReason::Repetition))
    );
    // Two occurrences are not yet a repetition.
    let game = game_after("k7/8/8/8/8/8/8/7K[Pp] w - - 0 1", "h1g1 a8b8 g1h1");
    assert_eq!(game.outcome(), None);
}

#[test]
fn impasse_may_be_claimed_when_both_kings_have_entered() {
    let mut game = game_after("8/8/4K3/8/8/4k3/8/8[Pp] w - - 0 1", "");
    game.claim_impasse(Seat(0)).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw(tetrarch_rules::DrawReason::Impasse))
    );
    // Black's king on the 4th rank has not entered White's side.
    let mut game = game_after("8/8/4K3/8/4k3/8/8/8[Pp] w - - 0 1", "");
    let err = game.claim_impasse(Seat(0)).unwrap_err();
    assert!(err.to_string().contains("promotion zones"), "{err}");
    assert_eq!(game.outcome(), None);
    // Chess has no impasse.
    let mut chess =
        tetrarch_rules::game::Game::<u64>::from_variant(&Variant::builtin("chess").unwrap())
            .unwrap();
    assert!(chess.claim_impasse(Seat(0)).is_err());
}

#[test]
fn move_lists_use_long_algebraic_with_shogi_marks() {
    let game = game_after("4k3/8/8/P7/8/8/8/4K3[R] w - - 0 1", "a5a6+ e8d8 R@a7");
    assert_eq!(game.sans(), ["a5a6+", "e8d8", "R@a7"]);
    // The PGN export reads back move for move.
    let pgn = game.to_pgn(&[("White", "a"), ("Black", "b")]);
    let back = tetrarch_rules::game::Game::<u64>::from_pgn(&pgn, &variant()).unwrap();
    assert_eq!(back.moves(), game.moves());
}
