//! The rules of chess, sentence by sentence, as written in
//! `shared/rules/chess.txt` (KNSB rulebook): for each one, a position where
//! that rule decides something and the assertion that fails if the kernel
//! breaks it. Section headings follow the rule text.

use crate::common;

use common::{Pos, chess, find, is_legal, play, pos, uci_moves, uci_set};
use tetrarch_rules::SetupError;
use tetrarch_rules::game::Game;
use tetrarch_rules::notation::fen::{FenError, FenField};
use tetrarch_rules::{Bitboard, DrawReason, MoveKind, Outcome, Seat, WinReason, perft};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The legal moves of the piece on `from`, as sorted UCI strings.
fn moves_from(p: &Pos, from: &str) -> Vec<String> {
    let mut v: Vec<String> = uci_moves(p)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect();
    v.sort();
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn castling_field(p: &Pos) -> String {
    p.to_fen().split(' ').nth(2).unwrap().to_string()
}

fn setup_error(fen: &str) -> SetupError {
    match Pos::from_fen(chess(), fen) {
        Err(FenError::Setup(e)) => e,
        other => panic!("{fen}: expected a setup error, got {other:?}"),
    }
}

fn syntax_field(fen: &str) -> (FenField, String) {
    match Pos::from_fen(chess(), fen) {
        Err(e @ FenError::Syntax { field, .. }) => (field, e.to_string()),
        other => panic!("{fen}: expected a syntax error, got {other:?}"),
    }
}

// ---------------------------------------------------------------- Setup

/// "The white pieces stand on the bottom row ... rook, knight, bishop,
/// queen, king, bishop, knight, rook. The pawns go on the row in front of
/// them. Black sets up the same way opposite. White begins."
#[test]
fn start_position() {
    let p = Pos::start(chess());
    assert_eq!(p.to_fen(), START);
    assert_eq!(p.turn(), Seat(0));
    assert_eq!(uci_set(&p).len(), 20);
}

/// "The bottom-left square is dark, and each queen stands on a square of her
/// own colour": a1 dark (file + rank even), d1 light, d8 dark.
#[test]
fn board_colours_and_queens() {
    let geo = &chess().geometry;
    let dark = |sq: &str| {
        let s: tetrarch_rules::Square = sq.parse().unwrap();
        geo.cell(s).is_some() && (s.file() + s.rank()).is_multiple_of(2)
    };
    assert!(dark("a1") && !dark("h1") && dark("h8"));
    let p = Pos::start(chess());
    let fen = p.to_fen();
    let back_white = fen.split(['/', ' ']).nth(7).unwrap();
    let back_black = fen.split('/').next().unwrap();
    assert_eq!(back_white.find('Q'), Some(3));
    assert_eq!(back_black.find('q'), Some(3));
    assert!(!dark("d1"), "white queen on a light square");
    assert!(dark("d8"), "black queen on a dark square");
}

/// "Skipping a turn is not allowed."
#[test]
fn no_passing() {
    let p = Pos::start(chess());
    assert!(p.legal_moves().iter().all(|m| m.kind() != MoveKind::Pass));
    assert!(!is_legal(&p, "0000"));
    // Even when every move is bad (zugzwang), there is no pass.
    let z = pos("8/8/8/8/8/1k6/p7/K7 w - - 0 1");
    assert!(!is_legal(&z, "0000"));
}

// ------------------------------------------ Rules that apply to every piece

/// "You may not move to a square that is already occupied by one of your own pieces."
#[test]
fn cannot_capture_own_piece() {
    let p = Pos::start(chess());
    for &m in p.legal_moves().iter() {
        let own = p.seat_pieces(p.turn());
        assert!(!own.has(m.to()), "{m:?} lands on an own piece");
    }
    assert!(!is_legal(&p, "a1a2"));
    assert!(!is_legal(&p, "d1e1"));
    assert!(!is_legal(&p, "b1d2"));
    // A rook next to its own pawn: it stops before it.
    let r = pos("4k3/8/8/8/R1P5/8/8/4K3 w - - 0 1");
    assert!(is_legal(&r, "a4b4"));
    assert!(!is_legal(&r, "a4c4"));
    assert!(!is_legal(&r, "a4d4"));
}

/// "You may move to a square occupied by an opponent's piece: that piece
/// then comes off the board."
#[test]
fn capture_removes_the_piece() {
    let p = pos("4k3/8/8/3p4/8/4N3/8/4K3 w - - 7 20");
    let after = play(&p, "e3d5");
    assert_eq!(after.to_fen(), "4k3/8/8/3N4/8/8/8/4K3 b - - 0 20");
    // A rook takes the first enemy piece on its line, not the one behind it.
    let r = pos("4k3/8/8/8/R2pp3/8/8/4K3 w - - 0 1");
    assert!(is_legal(&r, "a4d4"));
    assert!(!is_legal(&r, "a4e4"));
}

/// "Only the knight can jump over other pieces": at the start only knights
/// and pawns move; sliders stop at the first piece.
#[test]
fn only_the_knight_jumps() {
    let p = Pos::start(chess());
    let movers: std::collections::BTreeSet<String> =
        uci_moves(&p).iter().map(|m| m[..2].to_string()).collect();
    let expected: std::collections::BTreeSet<String> =
        ["a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2", "b1", "g1"]
            .iter()
            .map(|s| s.to_string())
            .collect();
    assert_eq!(movers, expected);
    assert_eq!(moves_from(&p, "b1"), sorted(&["b1a3", "b1c3"]));
    // Over an enemy piece too: the bishop stops at (capturing) c3.
    let b = pos("4k3/8/8/8/8/2p5/8/B3K3 w - - 0 1");
    assert_eq!(moves_from(&b, "a1"), sorted(&["a1b2", "a1c3"]));
    let q = pos("4k3/8/8/8/8/8/1p6/Q3K3 w - - 0 1");
    assert_eq!(
        moves_from(&q, "a1"),
        sorted(&[
            "a1a2", "a1a3", "a1a4", "a1a5", "a1a6", "a1a7", "a1a8", "a1b1", "a1c1", "a1d1", "a1b2"
        ])
    );
    // A surrounded knight still leaps.
    let n = pos("4k3/8/8/2ppp3/2pNp3/2ppp3/8/4K3 w - - 0 1");
    assert_eq!(moves_from(&n, "d4").len(), 8);
}

// ------------------------------------------------- How the pieces move

/// "King: any direction, one square at a time."
#[test]
fn king_steps_one_square() {
    let p = pos("k7/8/8/8/3K4/8/8/8 w - - 0 1");
    assert_eq!(
        moves_from(&p, "d4"),
        sorted(&[
            "d4c3", "d4c4", "d4c5", "d4d3", "d4d5", "d4e3", "d4e4", "d4e5"
        ])
    );
}

/// "Never onto a square where it would be in check": a rook's file, a
/// protected pawn, and the square behind the king on the checking line.
#[test]
fn king_cannot_move_into_check() {
    let p = pos("k7/8/8/8/3K4/8/8/4r3 w - - 0 1");
    assert_eq!(
        moves_from(&p, "d4"),
        sorted(&["d4c3", "d4c4", "d4c5", "d4d3", "d4d5"])
    );
    // Taking a protected pawn is moving into check.
    let q = pos("k7/8/8/8/3K1p2/4p3/8/8 w - - 0 1");
    assert!(!is_legal(&q, "d4e3"));
    assert!(is_legal(&q, "d4e4"));
    // Stepping back along the line of a checking rook stays in check.
    let r = pos("k7/8/8/8/8/8/8/r3K3 w - - 0 1");
    assert_eq!(moves_from(&r, "e1"), sorted(&["e1d2", "e1e2", "e1f2"]));
}

/// "... so never next to the enemy king either."
#[test]
fn kings_never_touch() {
    let p = pos("8/8/8/3k4/8/3K4/8/8 w - - 0 1");
    assert_eq!(
        moves_from(&p, "d3"),
        sorted(&["d3c2", "d3c3", "d3d2", "d3e2", "d3e3"])
    );
    // Not even to capture a piece the enemy king guards.
    let q = pos("8/8/8/3k4/3p4/3K4/8/8 w - - 0 1");
    assert!(!is_legal(&q, "d3d4"));
}

/// "Queen: any direction, as far as she likes."
#[test]
fn queen_moves() {
    let p = pos("k7/8/8/8/3Q4/8/8/7K w - - 0 1");
    assert_eq!(moves_from(&p, "d4").len(), 27);
    assert!(is_legal(&p, "d4a7") && is_legal(&p, "d4h8") && is_legal(&p, "d4d8"));
    assert!(!is_legal(&p, "d4e6"));
}

/// "Rook: in straight lines only, as far as it likes."
#[test]
fn rook_moves() {
    let p = pos("k7/8/8/8/3R4/8/8/7K w - - 0 1");
    assert_eq!(moves_from(&p, "d4").len(), 14);
    assert!(is_legal(&p, "d4d8") && is_legal(&p, "d4a4") && is_legal(&p, "d4h4"));
    assert!(!is_legal(&p, "d4e5"));
}

/// "Bishop: diagonally only, as far as it likes."
#[test]
fn bishop_moves() {
    let p = pos("k7/8/8/8/3B4/8/8/7K w - - 0 1");
    assert_eq!(moves_from(&p, "d4").len(), 13);
    assert!(is_legal(&p, "d4a1") && is_legal(&p, "d4h8") && is_legal(&p, "d4g1"));
    assert!(!is_legal(&p, "d4d5"));
}

/// "It stays on the same colour for the whole game": every bishop move of a
/// long random game keeps the square colour.
#[test]
fn bishop_keeps_its_colour() {
    let mut rng = common::Rng::new(42);
    let mut bishop_moves = 0;
    for _ in 0..50 {
        let mut p = Pos::start(chess());
        for _ in 0..150 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            for &m in moves.iter() {
                let piece = p.piece_at(m.from()).unwrap();
                if chess().piece(piece.kind).name == "bishop" {
                    let geo = &chess().geometry;
                    let (a, b) = (geo.square(m.from()), geo.square(m.to()));
                    assert_eq!((a.file() + a.rank()) % 2, (b.file() + b.rank()) % 2);
                    bishop_moves += 1;
                }
            }
            p.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    assert!(bishop_moves > 1000);
}

/// "Knight: one square diagonally and one square straight, in an L-shape."
#[test]
fn knight_moves() {
    let p = pos("k7/8/8/8/3N4/8/8/7K w - - 0 1");
    assert_eq!(
        moves_from(&p, "d4"),
        sorted(&[
            "d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4e6", "d4f3", "d4f5"
        ])
    );
    let corner = pos("k7/8/8/8/8/8/8/N6K w - - 0 1");
    assert_eq!(moves_from(&corner, "a1"), sorted(&["a1b3", "a1c2"]));
}

/// "Pawn: one or two squares forward on its first move, then one square per turn."
#[test]
fn pawn_pushes() {
    let p = pos("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    assert_eq!(moves_from(&p, "e2"), sorted(&["e2e3", "e2e4"]));
    let after = play(&p, "e2e3 e8d8");
    assert_eq!(moves_from(&after, "e3"), sorted(&["e3e4"]));
    // A pawn that reached its third rank in two steps has no double step.
    let later = play(&p, "e2e3 e8d8 e3e4 d8e8");
    assert_eq!(moves_from(&later, "e4"), sorted(&["e4e5"]));
    // Black pawns go down, double only from the seventh rank.
    let b = pos("4k3/3p4/8/8/8/4p3/8/K7 b - - 0 1");
    assert_eq!(moves_from(&b, "d7"), sorted(&["d7d5", "d7d6"]));
    assert_eq!(moves_from(&b, "e3"), sorted(&["e3e2"]));
}

/// The double step does not jump: a piece on either square stops it.
#[test]
fn pawn_double_step_is_blocked() {
    let near = pos("4k3/8/8/8/8/4n3/4P3/4K3 w - - 0 1");
    assert_eq!(moves_from(&near, "e2"), Vec::<String>::new());
    let far = pos("4k3/8/8/8/4n3/8/4P3/4K3 w - - 0 1");
    assert_eq!(moves_from(&far, "e2"), sorted(&["e2e3"]));
    let own = pos("4k3/8/8/8/8/4N3/4P3/4K3 w - - 0 1");
    assert_eq!(moves_from(&own, "e2"), Vec::<String>::new());
}

/// "It captures diagonally forwards": not straight ahead, not backwards,
/// not sideways, and it cannot move diagonally without capturing.
#[test]
fn pawn_captures_diagonally_forward() {
    let p = pos("4k3/8/8/3ppp2/3pPp2/3p1p2/8/4K3 w - - 0 1");
    assert_eq!(moves_from(&p, "e4"), sorted(&["e4d5", "e4f5"]));
    let empty = pos("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(moves_from(&empty, "e4"), sorted(&["e4e5"]));
    let black = pos("4k3/8/8/3PpP2/3PPP2/8/8/4K3 b - - 0 1");
    assert_eq!(moves_from(&black, "e5"), sorted(&["e5d4", "e5f4"]));
}

// ------------------------------------------------- How the game ends

/// "If you attack the king, it is in check and your opponent has to escape
/// from it": every legal move leaves the king safe.
#[test]
fn check_must_be_escaped() {
    let p = pos("4k3/8/8/8/1b6/8/8/RN2K2R w KQ - 0 1");
    assert!(p.in_check());
    assert_eq!(p.checkers().count(), 1);
    // Move the king (not along the diagonal, not castling) or block.
    assert_eq!(
        uci_set(&p),
        sorted(&["b1c3", "b1d2", "e1d1", "e1e2", "e1f1", "e1f2"])
    );
    for &m in p.legal_moves().iter() {
        let after = p.play(m).unwrap();
        assert!(
            !after.royal_attacked(Seat(0)),
            "{m:?} leaves the king attacked"
        );
    }
    // A piece pinned to the king may not leave the line.
    let pinned = pos("4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1");
    assert!(!pinned.in_check());
    assert_eq!(moves_from(&pinned, "d2"), Vec::<String>::new());
    // Double check: only the king may move.
    let double = pos("4k3/8/8/8/1b6/8/8/3NK2r w - - 0 1");
    assert_eq!(double.checkers().count(), 2);
    assert!(uci_moves(&double).iter().all(|m| m.starts_with("e1")));
    assert_eq!(uci_set(&double), sorted(&["e1e2", "e1f2"]));
}

/// "If that is impossible, it is checkmate and you have won."
#[test]
fn checkmate_wins() {
    let fool = play(&Pos::start(chess()), "f2f3 e7e5 g2g4 d8h4");
    assert!(fool.in_check());
    assert_eq!(fool.count_legal_moves(), 0);
    assert_eq!(
        fool.outcome(),
        Some(Outcome::Win {
            winner: Seat(1),
            reason: WinReason::Checkmate
        })
    );
    let back_rank = play(&pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), "a1a8");
    assert_eq!(
        back_rank.outcome(),
        Some(Outcome::Win {
            winner: Seat(0),
            reason: WinReason::Checkmate
        })
    );
    // Check with an escape is no mate.
    let escape = play(&pos("6k1/5pp1/8/8/8/8/8/R5K1 w - - 0 1"), "a1a8");
    assert!(escape.in_check());
    assert_eq!(escape.outcome(), None);
}

/// "A game can also end in a draw: by stalemate, when the player to move is
/// not in check but has no legal move at all."
#[test]
fn stalemate_draws() {
    let p = pos("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    assert!(!p.in_check());
    assert_eq!(p.count_legal_moves(), 0);
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    // Reached by a move: the queen's last move stalemates.
    let q = play(&pos("7k/8/6K1/8/8/8/8/5Q2 w - - 0 1"), "f1f7");
    assert_eq!(q.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
    // A pawn that cannot move and a king that cannot move: still stalemate.
    let pawn = pos("k7/P7/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(pawn.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
}

/// "... when too few pieces are left to deliver mate": a dead position,
/// where no sequence of legal moves can end in mate.
#[test]
fn insufficient_material_draws() {
    let dead = Some(Outcome::Draw(DrawReason::InsufficientMaterial));
    for fen in [
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",     // K v K
        "8/8/8/4k3/8/8/8/2B1K3 w - - 0 1",   // KB v K
        "8/8/8/4k3/8/8/8/1N2K3 b - - 0 1",   // KN v K
        "8/8/8/2b1k3/8/8/8/2B1K3 w - - 0 1", // KB v KB, both bishops on dark squares
        "8/8/8/4k3/2b5/8/8/4KB2 w - - 0 1",  // KB v KB, both on light squares
        "8/8/7B/4k3/8/8/8/2B1K3 w - - 0 1",  // KBB v K, bishops on one colour
    ] {
        let p = pos(fen);
        assert!(p.is_insufficient_material(), "{fen}");
        assert_eq!(p.outcome(), dead, "{fen}");
    }
}

/// Material that can still mate with the opponent's help is not a dead
/// position, so play goes on. KNN v K follows the dead-position definition
/// (FIDE 5.2.2, KNSB): mate is possible if the lone king walks into it, so
/// it is not drawn (shakmaty agrees).
#[test]
fn mate_possible_is_not_insufficient() {
    for fen in [
        "8/8/8/4k3/8/8/8/2b1KB2 w - - 0 1",  // KB v KB, opposite colours
        "8/8/8/4k3/8/8/8/1N2KN2 w - - 0 1",  // KNN v K
        "8/8/8/4k3/8/8/8/1N2Kb2 w - - 0 1",  // KN v KB
        "8/8/8/4k1n1/8/8/8/1N2K3 w - - 0 1", // KN v KN
        "8/8/8/4k3/8/8/8/1BN1K3 w - - 0 1",  // KBN v K
        "8/8/8/4k3/8/8/4P3/4K3 w - - 0 1",   // KP v K
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",    // KR v K
        "8/8/8/4k3/8/8/8/3QK3 w - - 0 1",    // KQ v K
        "8/8/8/4k3/8/8/8/1BB1K3 w - - 0 1",  // KBB v K, both colours
    ] {
        let p = pos(fen);
        assert!(!p.is_insufficient_material(), "{fen}");
        assert_eq!(p.outcome(), None, "{fen}");
    }
    // A capture that leaves bare kings ends the game at once.
    let p = play(&pos("4k3/8/8/8/8/3r4/3K4/8 w - - 0 1"), "d2d3");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw(DrawReason::InsufficientMaterial))
    );
}

/// "... or when fifty moves have passed without a pawn being moved and
/// without a piece being captured": at exactly 100 half-moves.
#[test]
fn fifty_move_rule() {
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w - - 98 80");
    assert_eq!(p.outcome(), None);
    let p99 = play(&p, "a1a2");
    assert_eq!(p99.halfmoves(), 99);
    assert_eq!(p99.outcome(), None);
    let p100 = play(&p99, "e8d8");
    assert_eq!(p100.halfmoves(), 100);
    assert_eq!(p100.outcome(), Some(Outcome::Draw(DrawReason::FiftyMoves)));
    // A pawn move or a capture on the 100th half-move resets the count.
    let pawn = play(&pos("4k3/8/8/8/8/8/P7/4K3 w - - 99 80"), "a2a3");
    assert_eq!(pawn.halfmoves(), 0);
    assert_eq!(pawn.outcome(), None);
    let capture = play(&pos("4k3/8/8/8/8/8/p7/R3K3 w - - 99 80"), "a1a2");
    assert_eq!(capture.halfmoves(), 0);
    assert_eq!(capture.outcome(), None);
    // Castling is neither: the count goes on.
    let castle = play(&pos("4k3/8/8/8/8/8/8/R3K3 w Q - 99 80"), "e1c1");
    assert_eq!(castle.halfmoves(), 100);
    assert_eq!(
        castle.outcome(),
        Some(Outcome::Draw(DrawReason::FiftyMoves))
    );
}

/// Mate given on the 100th half-move wins: checkmate comes first.
#[test]
fn mate_on_the_hundredth_half_move_wins() {
    let p = play(&pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80"), "a1a8");
    assert_eq!(p.halfmoves(), 100);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Seat(0),
            reason: WinReason::Checkmate
        })
    );
    // A stalemate on that move is a stalemate.
    let s = play(&pos("7k/8/6K1/8/8/8/8/5Q2 w - - 99 80"), "f1f7");
    assert_eq!(s.outcome(), Some(Outcome::Draw(DrawReason::Stalemate)));
}

// --------------------------------------------------- Castling

const CASTLE: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";

/// "Move your king two squares sideways and bring the rook from the corner
/// straight over it, next to the king. Castling kingside moves the rook two
/// squares, castling queenside three."
#[test]
fn castling_moves_king_and_rook() {
    let p = pos(CASTLE);
    let short = play(&p, "e1g1");
    assert_eq!(
        short.to_fen(),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1"
    );
    let long = play(&p, "e1c1");
    assert_eq!(
        long.to_fen(),
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1"
    );
    let black_short = play(&p, "a2a3 e8g8");
    assert_eq!(
        black_short.to_fen(),
        "r4rk1/pppppppp/8/8/8/P7/1PPPPPPP/R3K2R w KQ - 1 2"
    );
    let black_long = play(&p, "a2a3 e8c8");
    assert_eq!(
        black_long.to_fen(),
        "2kr3r/pppppppp/8/8/8/P7/1PPPPPPP/R3K2R w KQ - 1 2"
    );
    // King takes rook is read as castling too.
    assert_eq!(play(&p, "e1h1"), short);
    // Castling is "the only move in which you move two pieces at once":
    // a castle move is never a plain king move.
    let m = find(&p, "e1g1");
    assert_eq!(m.kind(), MoveKind::Castle);
}

/// "... the king is not in check."
#[test]
fn no_castling_out_of_check() {
    let p = pos("4k3/8/8/8/1b6/8/8/R3K2R w KQ - 0 1");
    assert!(p.in_check());
    assert!(!is_legal(&p, "e1g1"));
    assert!(!is_legal(&p, "e1c1"));
    // The same position without the check allows both.
    let q = pos("4k3/7b/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(is_legal(&q, "e1g1") && is_legal(&q, "e1c1"));
}

/// "... does not pass over a square where it would be in check." Only the
/// king's path counts: an attacked b1 or rook does not stop long castling.
#[test]
fn no_castling_through_check() {
    let f1 = pos("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!is_legal(&f1, "e1g1"));
    assert!(is_legal(&f1, "e1c1"));
    let d1 = pos("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!is_legal(&d1, "e1c1"));
    assert!(is_legal(&d1, "e1g1"));
    let b1 = pos("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(is_legal(&b1, "e1c1"));
    let rook_attacked = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(is_legal(&rook_attacked, "e1c1") && is_legal(&rook_attacked, "e1g1"));
    // Attacked by a pawn or a knight counts as well.
    let pawn = pos("4k3/8/8/8/8/8/4p3/R3K2R w KQ - 0 1");
    assert!(!is_legal(&pawn, "e1c1") && !is_legal(&pawn, "e1g1"));
    let knight = pos("4k3/8/8/8/8/8/3n4/R3K2R w KQ - 0 1");
    assert!(!is_legal(&knight, "e1g1"), "f1 attacked by the d2 knight");
    assert!(is_legal(&knight, "e1c1"), "only b1 is attacked");
    let landing = pos("4k3/8/8/8/8/8/4n3/R3K2R w KQ - 0 1");
    assert!(!is_legal(&landing, "e1g1") && !is_legal(&landing, "e1c1"));
}

/// "... is not in check afterwards."
#[test]
fn no_castling_into_check() {
    let g1 = pos("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!is_legal(&g1, "e1g1"));
    assert!(is_legal(&g1, "e1c1"));
    let c1 = pos("2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert!(!is_legal(&c1, "e1c1"));
    assert!(is_legal(&c1, "e1g1"));
    // Attacked along the rank the rook leaves: the h8 queen x-rays g1? No,
    // the rook lands on f1, so a queen on a1's rank must be looked at after.
    let rank = pos("4k3/8/8/8/8/8/8/q3K2R w K - 0 1");
    assert!(!rank.in_check() || !is_legal(&rank, "e1g1"));
}

/// "... king and rook have not moved yet": play the moves and come back.
#[test]
fn no_castling_after_king_or_rook_moved() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let king = play(&p, "e1f1 e8f8 f1e1 f8e8");
    assert_eq!(
        king.to_fen().split(' ').next(),
        p.to_fen().split(' ').next()
    );
    assert_eq!(castling_field(&king), "-");
    assert!(!is_legal(&king, "e1g1") && !is_legal(&king, "e1c1"));
    let rook = play(&p, "h1h2 a8a7 h2h1 a7a8");
    assert_eq!(castling_field(&rook), "Qk");
    assert!(!is_legal(&rook, "e1g1"));
    assert!(is_legal(&rook, "e1c1"));
    let black = play(&rook, "h1h2");
    assert!(!is_legal(&black, "e8c8"));
    assert!(is_legal(&black, "e8g8"));
    assert_ne!(
        king.hash(),
        p.hash(),
        "castling rights are part of the position"
    );
}

/// "... there are no pieces in between": next to the king, next to the
/// rook (b1), of either colour.
#[test]
fn no_castling_through_pieces() {
    let start = Pos::start(chess());
    assert!(!is_legal(&start, "e1g1") && !is_legal(&start, "e1c1"));
    let b1 = pos("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
    assert!(!is_legal(&b1, "e1c1"));
    assert!(is_legal(&b1, "e1g1"));
    let g1 = pos("4k3/8/8/8/8/8/8/R3K1nR w KQ - 0 1");
    assert!(!is_legal(&g1, "e1g1"));
    let d1 = pos("4k3/8/8/8/8/8/8/R2QK2R w KQ - 0 1");
    assert!(!is_legal(&d1, "e1c1"));
}

/// A captured rook takes its castling right with it.
#[test]
fn capturing_the_rook_removes_the_right() {
    let p = pos("4k3/8/8/8/8/6n1/8/R3K2R b KQ - 0 1");
    let after = play(&p, "g3h1");
    assert_eq!(castling_field(&after), "Q");
    assert!(is_legal(&after, "e1c1"));
    // A new rook on h1 has no right either.
    let back = pos("4k3/8/8/8/8/8/7R/R3K3 w Q - 0 1");
    let r = play(&back, "h2h1 e8d8");
    assert!(!is_legal(&r, "e1g1"));
}

/// After castling, neither rook keeps a right: the position equals the one
/// read from its FEN, hash included, and the rook's old corner carries no
/// right a later piece could pick up.
#[test]
fn castling_clears_the_castled_rooks_right() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let short = play(&p, "e1g1");
    let read = pos("r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    assert!(short == read, "castling rooks differ after e1g1");
    assert_eq!(short.hash(), read.hash());
    assert_eq!(short.castling_rooks(), read.castling_rooks());
    // A black piece on h1 later must not show up as a right.
    let q = play(
        &pos("r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1"),
        "e1g1 a8d8 h2c7 d8a8 a1a4 h7h1",
    );
    assert_eq!(castling_field(&q), "k");
    // And a white rook back on h1 cannot "castle" from g1.
    let r = play(
        &pos("r3k2r/7p/8/8/8/8/8/R3K2R w KQkq - 0 1"),
        "e1g1 a8b8 f1f3 b8a8 f3h3 a8b8 h3h1 b8a8",
    );
    assert!(
        r.legal_moves().iter().all(|m| m.kind() != MoveKind::Castle),
        "{:?}",
        uci_moves(&r)
    );
}

// --------------------------------------------------- Promotion

/// "When a pawn reaches the far side, it turns into a queen, rook, bishop
/// or knight, whichever you choose" — not a king, not a pawn, and not
/// nothing.
#[test]
fn promotion_choices() {
    let p = pos("3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        moves_from(&p, "e7"),
        sorted(&[
            "e7d8b", "e7d8n", "e7d8q", "e7d8r", "e7e8b", "e7e8n", "e7e8q", "e7e8r"
        ])
    );
    for bad in ["e7e8", "e7e8k", "e7e8p", "e7d8", "e7d8k"] {
        assert!(!is_legal(&p, bad), "{bad}");
    }
    for (m, fen) in [
        ("e7e8q", "3rQ2k/8/8/8/8/8/8/4K3 b - - 0 1"),
        ("e7e8r", "3rR2k/8/8/8/8/8/8/4K3 b - - 0 1"),
        ("e7e8b", "3rB2k/8/8/8/8/8/8/4K3 b - - 0 1"),
        ("e7e8n", "3rN2k/8/8/8/8/8/8/4K3 b - - 0 1"),
        ("e7d8q", "3Q3k/8/8/8/8/8/8/4K3 b - - 0 1"),
    ] {
        assert_eq!(play(&p, m).to_fen(), fen, "{m}");
    }
    // Black promotes on the first rank.
    let b = pos("4k3/8/8/8/8/8/p7/4K3 b - - 0 1");
    assert_eq!(
        moves_from(&b, "a2"),
        sorted(&["a2a1b", "a2a1n", "a2a1q", "a2a1r"])
    );
    assert_eq!(play(&b, "a2a1n").to_fen(), "4k3/8/8/8/8/8/8/n3K3 w - - 0 2");
}

/// Promotion is what decides: knight promotion gives mate, queen does not.
#[test]
fn underpromotion_can_mate() {
    let p = pos("8/5P1k/6pp/8/8/8/8/K7 w - - 0 1");
    let n = play(&p, "f7f8n");
    assert!(n.in_check());
    let q = play(&p, "f7f8q");
    assert!(!q.in_check());
}

/// "A pawn on the last rank must promote": a FEN with one is refused.
#[test]
fn pawn_on_the_last_rank_is_impossible() {
    for (fen, square) in [
        ("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "h8"),
        ("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "a1"),
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "a1"),
        ("p3k3/8/8/8/8/8/8/4K3 w - - 0 1", "a8"),
    ] {
        match setup_error(fen) {
            SetupError::PawnOnEdgeRank { square: s, .. } => assert_eq!(s, square, "{fen}"),
            e => panic!("{fen}: {e}"),
        }
    }
}

// --------------------------------------------------- En passant

/// "If a pawn moves two squares from its starting position and so comes to
/// stand directly beside an enemy pawn, that pawn may ... capture it."
#[test]
fn en_passant_capture() {
    let p = play(&pos("4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1"), "d2d4");
    assert!(is_legal(&p, "e4d3"));
    let m = find(&p, "e4d3");
    assert_eq!(m.kind(), MoveKind::EnPassant);
    let after = p.play(m).unwrap();
    assert_eq!(after.to_fen(), "4k3/8/8/8/8/3p4/8/4K3 w - - 0 2");
    // White takes en passant too.
    let w = play(&pos("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1"), "d7d5");
    assert_eq!(play(&w, "e5d6").to_fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    // A single step does not allow it, nor does a pawn that was not beside.
    let single = play(&pos("4k3/8/8/8/4p3/3P4/8/4K3 w - - 0 1"), "d3d4");
    assert!(!is_legal(&single, "e4d3"));
    // Only pawns capture en passant: a knight going to d3 takes nothing.
    let knight = play(&pos("4k3/8/8/8/1n6/8/3P4/4K3 w - - 0 1"), "d2d4");
    let after = play(&knight, "b4d3");
    assert_eq!(after.to_fen(), "4k3/8/8/8/3P4/3n4/8/4K3 w - - 1 2");
}

/// "This can only be done on the very next move."
#[test]
fn en_passant_only_on_the_next_move() {
    let p = play(&pos("4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1"), "d2d4");
    assert!(is_legal(&p, "e4d3"));
    let later = play(&p, "e8d8 e1d1");
    assert!(!is_legal(&later, "e4d3"));
    assert_eq!(later.ep_cell(), None);
}

/// An en passant capture that takes both pawns off the king's rank,
/// exposing it to a rook or queen, is illegal; the other moves stay legal.
#[test]
fn en_passant_may_not_expose_the_king() {
    let p = play(&pos("8/8/8/8/k3p2Q/8/3P4/3K4 w - - 0 1"), "d2d4");
    assert!(!p.in_check());
    assert!(!is_legal(&p, "e4d3"));
    assert!(is_legal(&p, "e4e3"));
    // Pinned diagonally: the capturing pawn may not leave the bishop's line...
    let diag = pos("k7/8/8/8/3Pp3/8/8/4K2B b - d3 0 1");
    assert!(!is_legal(&diag, "e4d3"));
    assert!(!is_legal(&diag, "e4e3"));
    // ... unless the capture square is on that line too.
    let along = pos("8/7B/8/8/3Pp3/8/8/1k2K3 b - d3 0 1");
    assert!(is_legal(&along, "e4d3"));
    assert!(!is_legal(&along, "e4e3"));
    // En passant that removes a checking pawn is legal.
    let check = pos("8/8/8/2k5/2pP4/8/8/4K3 b - d3 0 1");
    assert!(check.in_check());
    assert!(is_legal(&check, "c4d3"));
}

// ------------------------------------- Impossible positions and bad FEN

/// Positions that cannot occur are refused with a typed error, never a panic.
#[test]
fn impossible_positions_are_refused() {
    assert!(matches!(
        setup_error("8/8/8/8/8/8/8/K7 w - - 0 1"),
        SetupError::RoyalCount { count: 0, .. }
    ));
    assert!(matches!(
        setup_error("k7/8/8/8/8/8/8/KK6 w - - 0 1"),
        SetupError::RoyalCount { count: 2, .. }
    ));
    assert!(matches!(
        setup_error("kk6/8/8/8/8/8/8/K7 w - - 0 1"),
        SetupError::RoyalCount { count: 2, .. }
    ));
    // The side not to move is in check.
    match setup_error("k7/8/8/8/8/8/8/R3K3 w - - 0 1") {
        SetupError::OpponentInCheck { seat } => assert_eq!(seat, "black"),
        e => panic!("{e}"),
    }
    assert!(Pos::from_fen(chess(), "k7/8/8/8/8/8/8/R3K3 b - - 0 1").is_ok());
    // En passant squares with no pawn that just made a double step.
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
        "4k3/8/8/4p3/8/8/8/4K3 w - e3 0 1",
        "4k3/8/4n3/4p3/8/8/8/4K3 w - e6 0 1",
    ] {
        assert!(
            matches!(
                Pos::from_fen(chess(), fen),
                Err(FenError::Setup(SetupError::EnPassant { .. })
                    | FenError::Syntax {
                        field: FenField::EnPassant,
                        ..
                    })
            ),
            "{fen}: {:?}",
            Pos::from_fen(chess(), fen)
        );
    }
    assert!(Pos::from_fen(chess(), "4k3/8/8/4p3/8/8/8/4K3 w - e6 0 1").is_ok());
}

/// The pawn that "just" made the double step came from its start square,
/// so that square is empty too (shakmaty refuses this FEN as well).
#[test]
fn en_passant_with_an_occupied_start_square_is_refused() {
    let fen = "4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1";
    assert!(
        matches!(
            Pos::from_fen(chess(), fen),
            Err(FenError::Setup(SetupError::EnPassant { .. }))
        ),
        "{fen}: {:?}",
        Pos::from_fen(chess(), fen)
    );
}

/// Castling rights without the king and rook on their squares.
#[test]
fn bad_castling_rights_are_refused() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",     // no rook
        "4k3/8/8/8/8/8/4K3/7R w K - 0 1",    // king off the back rank
        "4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1",   // no kingside rook
        "4k3/8/8/8/8/8/8/R3K2R w KQk - 0 1", // black has no rook
        "4k3/8/8/8/8/8/8/R3K2R w KK - 0 1",  // repeated
        "4k3/8/8/8/8/8/8/R3K2R w KX - 0 1",  // not a right
    ] {
        match Pos::from_fen(chess(), fen) {
            Err(FenError::Syntax { field, .. }) => assert_eq!(field, FenField::Castling, "{fen}"),
            Err(FenError::Setup(SetupError::CastlingRight { .. })) => {}
            other => panic!("{fen}: {other:?}"),
        }
    }
}

/// Malformed FEN: the error names the field, and its text says so.
#[test]
fn malformed_fen_names_the_field() {
    let cases: [(&str, FenField); 10] = [
        ("", FenField::Record),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
            FenField::Record,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
            FenField::Board,
        ),
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            FenField::Board,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            FenField::Board,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            FenField::Turn,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",
            FenField::Castling,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
            FenField::EnPassant,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            FenField::Halfmove,
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
            FenField::Fullmove,
        ),
    ];
    for (fen, field) in cases {
        let (got, text) = syntax_field(fen);
        assert_eq!(got, field, "{fen}: {text}");
        assert!(text.contains(&format!("{field} field")), "{fen}: {text}");
    }
    assert_eq!(
        syntax_field("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1").1,
        "invalid FEN, side to move field, character 45: 'x' names no seat (w or b)"
    );
    let (_, castling) = syntax_field("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1");
    assert!(
        castling.starts_with("invalid FEN, castling field, character 50:"),
        "{castling}"
    );
    let (_, halfmove) = syntax_field("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1");
    assert!(
        halfmove.starts_with("invalid FEN, half-move clock field"),
        "{halfmove}"
    );
    let (_, board) = syntax_field("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1");
    assert_eq!(
        board,
        "invalid FEN, board field, character 43: 'X' is not a piece of chess"
    );
    let e = Pos::from_fen(chess(), "k7/8/8/8/8/8/8/R3K3 w - - 0 1").unwrap_err();
    assert_eq!(
        e.to_string(),
        "impossible position: black is in check but it is not black's turn"
    );
}

/// Perft of the rule positions, as an extra guard: the values come from
/// counting by hand (small trees) or from the positions' known totals.
#[test]
fn small_trees() {
    // K+R v K: 10 rook moves, 5 king moves, castling.
    let p = pos("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(perft(&p, 1), 10 + 5 + 1);
    // Promotion corner: 4 promotions + 3 king moves.
    let q = pos("7k/P7/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(perft(&q, 1), 4 + 3);
}

// --------------------------------------------------- Repetition

/// A game from `fen` after the UCI moves of `line`.
fn game(fen: &str, line: &str) -> Game<u64> {
    let mut g = Game::new(pos(fen));
    for text in line.split_whitespace() {
        let m = find(g.position(), text);
        g.play(m).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    g
}

/// "... when the same position occurs three times."
#[test]
fn threefold_repetition_draws() {
    let shuffle = "g1f3 g8f6 f3g1 f6g8";
    let twice = game(START, shuffle);
    assert_eq!(twice.repetitions(), 2);
    assert_eq!(twice.outcome(), None);
    let thrice = game(START, &format!("{shuffle} {shuffle}"));
    assert_eq!(thrice.repetitions(), 3);
    assert_eq!(
        thrice.outcome(),
        Some(Outcome::Draw(DrawReason::Repetition))
    );
    // The game is over: no further move.
    let mut over = thrice.clone();
    assert!(over.play(find(thrice.position(), "g1f3")).is_err());
    // Positions other than the start count too: after 1. e4 the shuffle
    // repeats the position with White to move.
    let e4 = game(START, "e2e4 g8f6 g1f3 f6g8 f3g1 g8f6 g1f3 f6g8 f3g1");
    assert_eq!(e4.repetitions(), 3);
    assert_eq!(e4.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

/// Same pieces but different castling rights are different positions.
#[test]
fn repetition_needs_the_same_castling_rights() {
    let kings = "e1e2 e8e7 e2e1 e7e8";
    let g = game(START, &format!("e2e4 e7e5 {kings} {kings}"));
    // After 1. e4 e5 the rights were KQkq; now they are gone: twice, not three times.
    assert_eq!(g.repetitions(), 2);
    assert_eq!(g.outcome(), None);
    // The kings on e2 and e7 without rights: after the first cycle, the
    // second, and now the third time.
    let g3 = game(START, &format!("e2e4 e7e5 {kings} {kings} e1e2 e8e7"));
    assert_eq!(g3.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

/// Same pieces but a possible en passant capture is a different position.
#[test]
fn repetition_needs_the_same_en_passant_possibility() {
    let fen = "4k3/8/8/8/4p3/8/3P4/4K3 w - - 0 1";
    let kings = "e8d8 e1e2 d8e8 e2e1";
    let g = game(fen, &format!("d2d4 {kings} {kings}"));
    assert_eq!(g.repetitions(), 2, "after d4 black could take en passant");
    assert_eq!(g.outcome(), None);
    let g3 = game(fen, &format!("d2d4 {kings} {kings} e8d8"));
    assert_eq!(g3.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

/// FIDE 9.2.2: positions are the same when "the possible moves of all the
/// pieces of both players are the same". After d4 here the en passant
/// capture exd3 is illegal (it would open the fourth rank to the queen), so
/// the position after d4 is the same as the two that follow.
#[test]
fn repetition_ignores_an_illegal_en_passant() {
    let fen = "8/8/8/8/k3p2Q/8/3P4/3K4 w - - 0 1";
    let kings = "a4a3 d1e1 a3a4 e1d1";
    let first = game(fen, "d2d4");
    assert!(!is_legal(first.position(), "e4d3"));
    let g = game(fen, &format!("d2d4 {kings} {kings}"));
    assert_eq!(g.repetitions(), 3);
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

/// "... when the players agree a draw between them."
#[test]
fn draw_by_agreement() {
    let mut g = game(START, "e2e4");
    g.offer_draw(Seat(1)).unwrap();
    assert!(g.accept_draw(Seat(1)).is_err(), "not one's own offer");
    g.accept_draw(Seat(0)).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
}
