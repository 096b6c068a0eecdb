//! Fischer random (chess960) start positions, numbered 0 to 959 as in the
//! standard scheme, where 518 is the classical setup.

use super::Position;
use crate::attacks::HasSliders;
use crate::notation::fen::FenError;
use crate::variant::Variant;

/// The back rank of start position `n` (0..960), white's pieces from a to h.
///
/// ```
/// use tetrarch_rules::fischer_back_rank;
/// assert_eq!(fischer_back_rank(518).as_deref(), Some("RNBQKBNR"));
/// assert_eq!(fischer_back_rank(0).as_deref(), Some("BBQNNRKR"));
/// assert_eq!(fischer_back_rank(960), None);
/// ```
pub fn fischer_back_rank(n: u16) -> Option<String> {
    if n >= 960 {
        return None;
    }
    let mut rank = [' '; 8];
    let mut n = n as usize;
    rank[2 * (n % 4) + 1] = 'B';
    n /= 4;
    rank[2 * (n % 4)] = 'B';
    n /= 4;
    let place = |rank: &mut [char; 8], mut index: usize, piece: char| {
        for sq in rank.iter_mut().filter(|c| **c == ' ') {
            if index == 0 {
                *sq = piece;
                return;
            }
            index -= 1;
        }
    };
    place(&mut rank, n % 6, 'Q');
    n /= 6;
    const KNIGHTS: [(usize, usize); 10] = [
        (0, 1),
        (0, 2),
        (0, 3),
        (0, 4),
        (1, 2),
        (1, 3),
        (1, 4),
        (2, 3),
        (2, 4),
        (3, 4),
    ];
    let (a, b) = KNIGHTS[n];
    // The second knight's index counts the empty squares left after the first.
    place(&mut rank, a, 'N');
    place(&mut rank, b - 1, 'N');
    for piece in ['R', 'K', 'R'] {
        place(&mut rank, 0, piece);
    }
    Some(rank.iter().collect())
}

impl<B: HasSliders> Position<B> {
    /// Start position number `n` of a variant with Fischer random starts:
    /// its start FEN with both back ranks replaced by position `n`, all
    /// four castling rights kept.
    ///
    /// ```
    /// use tetrarch_rules::{Position, Variant};
    /// let v = Variant::builtin("chess960").unwrap();
    /// let pos = Position::<u64>::fischer_random(&v, 0).unwrap();
    /// assert_eq!(pos.to_fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    /// assert!(Position::<u64>::fischer_random(&v, 960).is_err());
    /// ```
    pub fn fischer_random(variant: &Variant, n: u16) -> Result<Position<B>, FenError> {
        let bad = |reason: String| FenError::Syntax {
            field: crate::notation::fen::FenField::Board,
            at: 1,
            reason,
        };
        let white = fischer_back_rank(n)
            .ok_or_else(|| bad(format!("start position {n} is not 0 to 959")))?;
        if !variant.rules.chess960
            || variant.geometry.width() != 8
            || variant.geometry.height() != 8
        {
            return Err(bad(format!(
                "{} has no Fischer random start positions",
                variant.name
            )));
        }
        let black = white.to_ascii_lowercase();
        let files: Vec<char> = white.chars().collect();
        let king = files.iter().position(|&c| c == 'K').expect("a king");
        let is_rook = |f: &usize| files[*f] == 'R';
        let low = (0..king).find(is_rook).expect("a rook left of the king");
        let high = (king + 1..8)
            .rev()
            .find(is_rook)
            .expect("a rook right of the king");
        let letter = |f: usize| (b'A' + f as u8) as char;
        let castling = format!(
            "{}{}{}{}",
            letter(high),
            letter(low),
            letter(high).to_ascii_lowercase(),
            letter(low).to_ascii_lowercase()
        );
        Position::from_fen(
            variant,
            &format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w {castling} - 0 1"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Bitboard;
    use std::collections::HashSet;

    #[test]
    fn all_960_are_distinct_and_legal_setups() {
        let mut seen = HashSet::new();
        for n in 0..960 {
            let rank = fischer_back_rank(n).unwrap();
            let files: Vec<char> = rank.chars().collect();
            let bishops: Vec<usize> = (0..8).filter(|&f| files[f] == 'B').collect();
            assert_eq!(bishops.len(), 2);
            assert_ne!(bishops[0] % 2, bishops[1] % 2, "{n}: bishops on one colour");
            let rooks: Vec<usize> = (0..8).filter(|&f| files[f] == 'R').collect();
            let king = files.iter().position(|&c| c == 'K').unwrap();
            assert!(
                rooks[0] < king && king < rooks[1],
                "{n}: king not between rooks"
            );
            assert_eq!(files.iter().filter(|&&c| c == 'N').count(), 2);
            assert_eq!(files.iter().filter(|&&c| c == 'Q').count(), 1);
            assert!(seen.insert(rank));
        }
    }

    #[test]
    fn every_start_position_loads() {
        let v = Variant::builtin("chess960").unwrap();
        for n in 0..960 {
            let pos = Position::<u64>::fischer_random(&v, n).unwrap();
            assert_eq!(pos.castling_rooks().count(), 4, "{n}");
            assert!(pos.legal_moves().len() >= 16, "{n}");
        }
        let chess = Variant::builtin("chess").unwrap();
        assert!(Position::<u64>::fischer_random(&chess, 518).is_err());
    }
}
