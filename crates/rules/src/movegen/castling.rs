//! Castling: king and rook cells come from the position's rights and the
//! variant's landing files, so chess and chess960 share this code.

use super::Sink;
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::position::Position;

impl<B: HasSliders> Position<B> {
    /// Castling moves of the side to move, which must not be in check when
    /// the variant has check. With `final_test`, the king's landing cell is
    /// tested too; otherwise the caller tries the move. `attacked(cell, occ)`
    /// says whether an enemy attacks a cell given an occupancy.
    // Inlined into `generate` (see there).
    #[inline(always)]
    pub(super) fn generate_castling<S: Sink<B>>(
        &self,
        sink: &mut S,
        final_test: bool,
        attacked: impl Fn(u8, B) -> bool,
    ) {
        let r = &*self.rules;
        let Some(c) = &r.variant.rules.castling else {
            return;
        };
        let us = self.turn;
        let rooks = self.marks & self.pieces(us, c.rook);
        if rooks.is_empty() {
            return;
        }
        let kings = self.pieces(us, c.king) & r.back_rank[us.idx()];
        if kings.is_empty() || kings.several() {
            return;
        }
        let king = kings.lsb();
        let occ = self.occupied();
        let check = r.variant.rules.check;
        // Where king and rook land side by side, their two paths cover
        // every cell between them, and until castling is near something
        // stands there: one look from the king settles most positions
        // (a rook off the king's lines has no cell between).
        let rooks = if r.castle_paths_span {
            rooks & (r.attacks.rook(king, occ) | !r.attacks.rook_open(king))
        } else {
            rooks
        };
        for rook in rooks.iter() {
            // Every right fits: the FEN readers keep no other.
            let (kd, rd) = self.castle_targets(king, rook);
            let rest = occ ^ B::bit(king) ^ B::bit(rook);
            let king_path = r.attacks.between(king, kd) | B::bit(kd);
            let rook_path = r.attacks.between(rook, rd) | B::bit(rd);
            if !((king_path | rook_path) & rest).is_empty() {
                continue;
            }
            if check {
                let passes = king_path & !B::bit(kd) & !B::bit(king);
                if passes.iter().any(|p| attacked(p, occ)) {
                    continue;
                }
                let after = rest | B::bit(kd) | B::bit(rd);
                if final_test && attacked(kd, after) {
                    continue;
                }
            }
            sink.one(Move::new(king, rook, MoveKind::Castle));
        }
    }
}
