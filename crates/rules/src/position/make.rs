//! Playing moves: copy-make, with incremental hash updates.

use super::Position;
use crate::attacks::HasSliders;
use crate::moves::{Move, MoveKind};
use crate::piece::{Kind, Piece, Seat};
use crate::rules::NONE;
use crate::zobrist;

/// A move that is not legal in the position it was played in.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {0:?} in {1}")]
pub struct IllegalMove(pub Move, pub String);

impl<B: HasSliders> Position<B> {
    /// The position after a legal move, or an error if `m` is not legal here.
    ///
    /// ```
    /// use tetrarch_rules::{Move, MoveKind, Position, Variant};
    /// let pos = Position::<u64>::start(&Variant::builtin("chess").unwrap());
    /// let e4 = pos.legal_moves().iter().copied().find(|m| m.from() == 12 && m.to() == 28).unwrap();
    /// let after = pos.play(e4).unwrap();
    /// assert_eq!(after.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// assert!(after.play(e4).is_err()); // no white pawn on e2 any more, and not White's turn
    /// ```
    pub fn play(&self, m: Move) -> Result<Position<B>, super::make::IllegalMove> {
        if !self.is_legal(m) {
            return Err(IllegalMove(m, self.to_fen()));
        }
        let mut next = self.clone();
        next.play_unchecked(m);
        Ok(next)
    }

    /// Whether `m` is among the legal moves.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    /// Play a move known to be legal (from [`Position::legal_moves`]); an
    /// illegal move leaves the position unspecified but never unsafe.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        if self.rules.multi {
            return self.play_multi(m);
        }
        // SAFETY: `r` is used only within this call, which never replaces `self.rules`.
        #[allow(unsafe_code)]
        let r = unsafe { self.rules_apart() };
        let us = self.turn;
        let seats = r.seats();
        let ep_victim = self.ep_victim;
        if self.ep != NONE {
            self.hash ^= zobrist::en_passant(self.ep);
            self.ep = NONE;
            self.ep_victim = NONE;
        }
        let (from, to) = (m.from(), m.to());
        let captured = r.seat_state && self.captures(m);
        // Saturating, as the four-player path does: a FEN may start at 65535.
        self.halfmoves = self.halfmoves.saturating_add(1);
        match m.kind() {
            MoveKind::Normal | MoveKind::Promotion(_) => {
                let kind = self.kind_at(from);
                let mover = Piece { seat: us, kind };
                if self.occupied().has(to) {
                    let victim = self.piece_at(to).expect("occupied");
                    self.remove(victim, to);
                    if r.variant.rules.drops {
                        self.add_to_hand(us, r.variant.pieces[victim.kind.idx()].demoted);
                    }
                    self.halfmoves = 0;
                    self.clear_castling(B::bit(to));
                }
                self.remove(mover, from);
                let landing = match m.kind() {
                    MoveKind::Promotion(k) => Piece { seat: us, kind: k },
                    _ => mover,
                };
                self.put(landing, to);
                let info = &r.variant.pieces[kind.idx()];
                if info.pawn {
                    self.halfmoves = 0;
                    if r.variant.rules.en_passant {
                        self.set_ep(us, kind, from, to);
                    }
                }
                self.moved_for_castling(us, kind, from);
            }
            MoveKind::Castle => {
                let c = r.variant.rules.castling.as_ref().expect("variant castles");
                let (king, rook) = (from, to);
                let (kd, rd) = self.castle_targets(king, rook);
                // Clear rights while the rook still stands on its cell.
                self.clear_castling(self.marks & self.by_seat[us.idx()] & r.back_rank[us.idx()]);
                let king_piece = Piece {
                    seat: us,
                    kind: c.king,
                };
                let rook_piece = Piece {
                    seat: us,
                    kind: c.rook,
                };
                self.remove(king_piece, king);
                self.remove(rook_piece, rook);
                self.put(king_piece, kd);
                self.put(rook_piece, rd);
            }
            MoveKind::EnPassant => {
                let kind = self.kind_at(from);
                if let Some(victim) = self.piece_at(ep_victim) {
                    self.remove(victim, ep_victim);
                }
                self.remove(Piece { seat: us, kind }, from);
                self.put(Piece { seat: us, kind }, to);
                self.halfmoves = 0;
            }
            MoveKind::Drop(kind) => {
                let slot = r.hand_kinds.slot(kind).unwrap_or(0);
                let n = &mut self.hands[us.idx()][slot];
                self.hash ^= zobrist::hand(us.idx(), kind.idx(), *n);
                *n = n.saturating_sub(1);
                if *n > 0 {
                    self.hash ^= zobrist::hand(us.idx(), kind.idx(), *n);
                }
                self.put(Piece { seat: us, kind }, to);
                if r.variant.pieces[kind.idx()].pawn {
                    self.halfmoves = 0;
                }
            }
            MoveKind::Pass
            | MoveKind::Swap
            | MoveKind::Action(_)
            | MoveKind::Power(_)
            | MoveKind::Roll(_)
            | MoveKind::Challenge
            | MoveKind::Consent(_)
            | MoveKind::Disembark => {}
        }
        self.hash ^= zobrist::turn(us.idx());
        self.turn = us.next(seats);
        self.hash ^= zobrist::turn(self.turn.idx());
        if self.turn.0 == 0 {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        if self.ep != NONE {
            if self.ep_capturable() {
                self.hash ^= zobrist::en_passant(self.ep);
            } else {
                self.ep = NONE;
                self.ep_victim = NONE;
            }
        }
        if r.seat_state {
            self.update_seat_state(us, m, captured);
        }
    }

    /// Whether `m` takes a piece.
    pub(crate) fn captures(&self, m: Move) -> bool {
        match m.kind() {
            MoveKind::EnPassant => true,
            MoveKind::Normal | MoveKind::Promotion(_) => self.occupied().has(m.to()),
            MoveKind::Power(_) => {
                (m.from() != m.to() && self.occupied().has(m.to()))
                    || self
                        .second_move(m)
                        .is_some_and(|(_, to)| to != m.from() && self.occupied().has(to))
            }
            _ => false,
        }
    }

    /// King and rook landing cells for castling with the rook on `rook`.
    #[inline(always)]
    pub(crate) fn castle_targets(&self, king: u8, rook: u8) -> (u8, u8) {
        let r = &*self.rules;
        if r.castle_steps != 0 {
            // Along the back rank: one cell apart in a rank, `width` apart in a file.
            let width = r.variant.geometry.width() as i32;
            let (k, ro) = (king as i32, rook as i32);
            let unit = if (ro - k).abs() < width { 1 } else { width } * (ro - k).signum();
            let kd = k + unit * r.castle_steps as i32;
            return (kd as u8, (kd - unit) as u8);
        }
        let wing = usize::from(rook > king);
        r.castle_landing[self.turn.idx()][wing]
    }

    /// Whether `seat`'s castling right with the rook on `rook` can be used
    /// from where its kings stand: a king stepping towards a rook
    /// (four-player chess) needs the rook beyond its last step on an
    /// unbroken line. Fixed landing files always fit: the variant checker
    /// puts them on every first rank. Asked where rights are read (FEN,
    /// FEN4), which keep only the rights that fit, so move generation
    /// tests nothing: kings with rights never move and rooks that move
    /// lose theirs.
    pub(crate) fn castle_fits(&self, seat: Seat, rook: u8) -> bool {
        let r = &*self.rules;
        let Some(c) = &r.variant.rules.castling else {
            return false;
        };
        if r.castle_steps == 0 {
            return true;
        }
        // Empty where a hole breaks the line: then no step count fits.
        (self.pieces(seat, c.king) & r.back_rank[seat.idx()])
            .iter()
            .all(|king| {
                usize::from(r.castle_steps) <= r.attacks.between(king, rook).count() as usize
            })
    }

    /// One more piece of `kind` in `seat`'s hand.
    pub(crate) fn add_to_hand(&mut self, seat: Seat, kind: Kind) {
        // Every demoted kind has a slot (`HandKinds::of`).
        let Some(slot) = self.rules.hand_kinds.slot(kind) else {
            return;
        };
        let n = &mut self.hands[seat.idx()][slot];
        if *n > 0 {
            self.hash ^= zobrist::hand(seat.idx(), kind.idx(), *n);
        }
        *n = n.saturating_add(1);
        self.hash ^= zobrist::hand(seat.idx(), kind.idx(), *n);
    }

    /// A piece of `kind` left `from`: a king loses its seat's castling
    /// rights, a rook its own.
    #[inline(always)]
    pub(crate) fn moved_for_castling(&mut self, us: Seat, kind: Kind, from: u8) {
        let r = &*self.rules;
        if let Some(c) = &r.variant.rules.castling {
            if kind == c.king {
                self.clear_castling(self.marks & self.by_seat[us.idx()] & r.back_rank[us.idx()]);
            } else {
                self.clear_castling(B::bit(from));
            }
        }
    }

    pub(crate) fn clear_castling(&mut self, cells: B) {
        let gone = self.marks & cells;
        if !gone.is_empty() {
            for c in gone.iter() {
                self.hash ^= zobrist::castle(c);
            }
            self.marks ^= gone;
        }
    }

    /// After a pawn move, mark the skipped cell if it was an initial multi-step.
    pub(crate) fn set_ep(&mut self, us: Seat, kind: Kind, from: u8, to: u8) {
        let km = self.rules.moves(us, kind);
        for e in km
            .extra
            .iter()
            .filter(|e| e.initial && e.exact && e.range == 2 && e.moves)
        {
            if let Some(mid) = e.next.from(from)
                && e.next.from(mid) == Some(to)
            {
                self.ep = mid;
                self.ep_victim = to;
                return;
            }
        }
    }
}
