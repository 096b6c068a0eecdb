//! Checks that a position set up from outside (FEN, an editor) could occur
//! in a game of its variant.

use super::Position;
use crate::attacks::HasSliders;
use crate::piece::{Kind, Seat};
use crate::variant::CastleLanding;

/// A position that cannot occur in a game of its variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A seat has no royal piece, or more than the variant allows.
    #[error("{seat} has {count} royal pieces ({name}); it must have exactly one")]
    RoyalCount {
        /// Seat name.
        seat: String,
        /// How many it has.
        count: u32,
        /// Royal kind name.
        name: String,
    },
    /// A pawn on its own first rank or on the rank where it must have promoted.
    #[error("{seat} pawn on {square}, where no pawn can stand")]
    PawnOnEdgeRank {
        /// Seat name.
        seat: String,
        /// Square name.
        square: String,
    },
    /// The seat that just moved left its royal piece attacked.
    #[error("{seat} is in check but it is not {seat}'s turn")]
    OpponentInCheck {
        /// Seat name.
        seat: String,
    },
    /// A castling right without a king and rook in place.
    #[error(
        "castling right for the rook on {square} has no unmoved king and rook on the back rank"
    )]
    CastlingRight {
        /// Square name.
        square: String,
    },
    /// A piece where it could never move again (a pawn on the last rank).
    #[error("{seat} {piece} on {square} could never move")]
    Stranded {
        /// Seat name.
        seat: String,
        /// Piece name.
        piece: String,
        /// Square name.
        square: String,
    },
    /// Two unpromoted pawns of one side on one file, where the variant forbids it.
    #[error("{seat} has two pawns on the file of {square}")]
    TwoPawnsOnFile {
        /// Seat name.
        seat: String,
        /// Square name of one of them.
        square: String,
    },
    /// More pieces of a kind (on the board, promoted or not, and in hand) than the game has.
    #[error("{count} {piece}s on the board and in hand; the game has only {max}")]
    TooMany {
        /// Piece name.
        piece: String,
        /// How many there are.
        count: u32,
        /// How many the start position has.
        max: u32,
    },
    /// An en passant cell that no pawn just skipped.
    #[error("en passant square {square} is not behind a pawn that just made a double step")]
    EnPassant {
        /// Square name.
        square: String,
    },
}

impl<B: HasSliders> Position<B> {
    /// Check the position against the variant's rules of setup.
    pub fn validate(&self) -> Result<(), SetupError> {
        let r = &*self.rules;
        let v = &r.variant;
        let geo = &v.geometry;
        for s in 0..r.seats() {
            let seat = Seat(s);
            let seat_name = v.seats[s as usize].name.clone();
            // Seats may lose their royal piece and play on (regicide) or be out.
            let may_lack = r.multi;
            if (v.rules.check || r.multi) && r.royal_kinds != 0 {
                let count = self.royals(seat).count();
                // Where armies change hands a nation may field several
                // (Britain's ministers): only the last counts as royal.
                if (count > 1 && !r.transfers) || (count == 0 && !may_lack) {
                    let name = v.pieces[r.royal_kinds.trailing_zeros() as usize]
                        .name
                        .clone();
                    return Err(SetupError::RoyalCount {
                        seat: seat_name,
                        count,
                        name,
                    });
                }
            }
            if v.rules.drops {
                self.validate_drop_setup(seat)?;
                continue;
            }
            let mut pawns = r.pawn_kinds;
            while pawns != 0 {
                let k = Kind(pawns.trailing_zeros() as u8);
                pawns &= pawns - 1;
                // Where promotion needs a lost piece, a pawn may wait on a promotion square.
                let zone = if v.rules.promote_to_lost {
                    crate::bitboard::Bitboard::EMPTY
                } else {
                    r.promotion_zone[s as usize]
                };
                // European Chess nations start pawns on their own first row
                // (facts 2A: Sparta, Macedonia, the Mongols, Conquistadors),
                // so where armies change hands only the promotion zone is refused.
                let back = if v.rules.checkmate == crate::variant::MateRule::Transfers {
                    crate::bitboard::Bitboard::EMPTY
                } else {
                    r.back_rank[s as usize]
                };
                let bad = self.pieces(seat, k) & (back | zone);
                if let Some(c) = bad.iter().next() {
                    return Err(SetupError::PawnOnEdgeRank {
                        seat: seat_name,
                        square: geo.square(c).to_string(),
                    });
                }
            }
        }
        if let Some(c) = &v.rules.castling {
            // Castling onto fixed landing files (chess) keeps rights only on
            // the cells where the start position has them. Fischer random,
            // and a king that steps towards its rook (four-player chess,
            // played from chess.com's two starts with the king on either
            // of two cells), take them from where king and rook stand.
            let from_start = !v.rules.chess960 && matches!(c.landing, CastleLanding::Files { .. });
            let start = from_start
                .then(|| Position::<B>::from_fen_unchecked(v, &v.start_fen).ok())
                .flatten();
            for rook in self.marks.iter() {
                let owner = self.piece_at(rook).map(|p| p.seat);
                let ok = owner.is_some_and(|seat| {
                    let back = r.back_rank[seat.idx()];
                    let king = self.pieces(seat, c.king) & back;
                    let at_start = start.as_ref().is_none_or(|s| {
                        s.pieces(seat, c.rook).has(rook)
                            && !king.is_empty()
                            && s.pieces(seat, c.king).has(king.lsb())
                    });
                    self.pieces(seat, c.rook).has(rook)
                        && back.has(rook)
                        && king.count() == 1
                        && at_start
                });
                if !ok {
                    return Err(SetupError::CastlingRight {
                        square: geo.square(rook).to_string(),
                    });
                }
            }
        }
        if v.rules.drops {
            self.validate_piece_counts()?;
        }
        if v.rules.check && r.seats() == 2 {
            let other = self.turn.next(2);
            if self.royal_attacked(other) {
                return Err(SetupError::OpponentInCheck {
                    seat: v.seats[other.idx()].name.clone(),
                });
            }
        }
        Ok(())
    }

    /// An en passant cell must be empty, with an enemy pawn just beyond it
    /// and the cell the pawn came from empty.
    pub(crate) fn check_en_passant(&self) -> Result<(), SetupError> {
        let v = &self.rules.variant;
        let geo = &v.geometry;
        let victim = self.piece_at(self.ep_victim);
        let occ = self.occupied();
        // The origin lies as far behind the skipped cell as the pawn lies beyond it.
        let (e, p) = (geo.square(self.ep), geo.square(self.ep_victim));
        let origin = geo.offset(
            self.ep,
            e.file() as i32 - p.file() as i32,
            e.rank() as i32 - p.rank() as i32,
        );
        let ok = !occ.has(self.ep)
            && origin.is_some_and(|o| !occ.has(o))
            && victim.is_some_and(|p| v.pieces[p.kind.idx()].pawn && p.seat != self.turn);
        if ok {
            Ok(())
        } else {
            Err(SetupError::EnPassant {
                square: geo.square(self.ep).to_string(),
            })
        }
    }

    /// In drop variants pieces may stand anywhere they can still move from,
    /// with at most one unpromoted pawn per file where the variant says so
    /// and its pawns cannot change file.
    fn validate_drop_setup(&self, seat: Seat) -> Result<(), SetupError> {
        let r = &*self.rules;
        let v = &r.variant;
        let name = || v.seats[seat.idx()].name.clone();
        for k in 0..r.kinds {
            let kind = Kind(k as u8);
            let mine = self.pieces(seat, kind);
            if let Some(c) = (mine & !r.moves(seat, kind).drop_cells).iter().next() {
                return Err(SetupError::Stranded {
                    seat: name(),
                    piece: v.pieces[k].name.clone(),
                    square: v.geometry.square(c).to_string(),
                });
            }
            // Two pawns on a file are unreachable only for pawns that keep
            // their file (shogi's); a pawn that steps sideways (a variant
            // file's `AW`) may double up, and the rule then only bars drops.
            let keeps_file = v.pieces[k].movement.steps.iter().all(|s| s.dx == 0);
            if v.rules.one_pawn_per_file && r.pawn_kinds & (1 << k) != 0 && keeps_file {
                for c in mine.iter() {
                    if (r.forward_line(seat, c) & mine).several() {
                        return Err(SetupError::TwoPawnsOnFile {
                            seat: name(),
                            square: v.geometry.square(c).to_string(),
                        });
                    }
                }
            }
        }
        Ok(())
    }

    /// No more pieces of a kind than the start position has, counting
    /// promoted pieces as their unpromoted kind and pieces in hand.
    fn validate_piece_counts(&self) -> Result<(), SetupError> {
        let r = &*self.rules;
        let v = &r.variant;
        let Ok(start) = Position::<B>::from_fen_unchecked(v, &v.start_fen) else {
            return Ok(());
        };
        let count = |p: &Position<B>, base: usize| -> u32 {
            (0..r.kinds)
                .filter(|&k| v.pieces[k].demoted.idx() == base)
                .map(|k| p.by_kind[k].count())
                .sum::<u32>()
                + (0..r.seats() as usize)
                    .map(|s| u32::from(p.hand(Seat(s as u8), Kind(base as u8))))
                    .sum::<u32>()
        };
        for base in (0..r.kinds).filter(|&k| !v.pieces[k].promoted) {
            let (count, max) = (count(self, base), count(&start, base));
            if count > max {
                return Err(SetupError::TooMany {
                    piece: v.pieces[base].name.clone(),
                    count,
                    max,
                });
            }
        }
        Ok(())
    }
}
