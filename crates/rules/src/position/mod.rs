//! Positions: where every piece stands, whose turn it is, and the rights and
//! counters the rules need, for any variant at bitboard width `B`.

mod armies;
mod fischer;
mod flags;
mod hill;
mod lightning;
pub(crate) use lightning::KEYS as LIGHTNING_KEYS;
mod make;
mod multi;
mod points;
mod seat_state;
mod setup;
mod turn;

pub use fischer::fischer_back_rank;
pub use make::IllegalMove;
pub use setup::SetupError;

use crate::attacks::HasSliders;
use crate::hand::MAX_HAND_KINDS;
use crate::piece::{HAND_SEATS, Kind, MAX_KINDS, MAX_SEATS, Piece, Seat};
use crate::rules::{NONE, Rules};
use crate::variant::{MAX_SLOTS, Variant};
use crate::zobrist;
use std::marker::PhantomData;
use std::mem::ManuallyDrop;
use std::sync::Arc;

/// A position of one variant.
///
/// ```
/// use tetrarch_rules::{Position, Variant};
/// let pos = Position::<u64>::start(&Variant::builtin("chess").unwrap());
/// assert_eq!(pos.legal_moves().len(), 20);
/// assert!(!pos.in_check());
/// ```
#[derive(Clone)]
pub struct Position<B: HasSliders> {
    /// The compiled variant, shared by every position of it.
    pub(crate) rules: Arc<Rules<B>>,
    pub(crate) by_kind: [B; MAX_KINDS],
    pub(crate) by_seat: [B; MAX_SEATS],
    /// Pieces in hand, per seat and hand slot (`Rules::hand_kinds`; drop
    /// variants have two seats).
    pub(crate) hands: [[u8; MAX_HAND_KINDS]; HAND_SEATS],
    pub(crate) turn: Seat,
    /// Cells of marked pieces, hashed alike: where the variant castles,
    /// the rooks that keep a castling right; in a line-up of nations
    /// (which never castles), the idle pieces a power destroys
    /// (`power/winter.rs`). One field for both keeps the 8 x 8 position
    /// within the size it copies inline (see the test below).
    pub(crate) marks: B,
    /// Cell a pawn just skipped with an initial multi-step, or `NONE`;
    /// kept only while the side to move can legally take there.
    pub(crate) ep: u8,
    /// Cell of that pawn.
    pub(crate) ep_victim: u8,
    /// With more than two seats: per seat, the cell its pawn just skipped
    /// (the pawn stands one step further), or `NONE`; kept until the seat
    /// moves again (see `docs/rules.md`).
    pub(crate) eps: [u8; MAX_SEATS],
    /// Per seat, the variant's counters and action uses (see
    /// [`crate::variant::SeatRules`]); all zero in variants without them.
    pub(crate) slots: [[u8; MAX_SLOTS]; MAX_SEATS],
    /// Where armies change hands: per army (the seat whose pieces they
    /// were at the start), the seat that commands it now; each seat
    /// commands its own army elsewhere (see `position/armies.rs`).
    pub(crate) commander: [u8; MAX_SEATS],
    /// Where the opening rule forbids checks: per seat, the turns it has
    /// taken, up to the rule's count; zero elsewhere.
    pub(crate) turns_taken: [u8; MAX_SEATS],
    /// Where checks must be declared: per seat, the seats whose royal
    /// pieces its last move checked (a bit set of four, packed four bits
    /// a seat: [`Position::declared_of`]); zero elsewhere.
    pub(crate) declared: u16,
    /// Capture the Flag: per seat, the cell of the piece holding its flag,
    /// or `NONE` (gone, or no flags in the variant).
    pub(crate) flags: [u8; MAX_SEATS],
    /// Where the variant scores play: per seat, its points. Like the
    /// clocks they decide no move, so equality and the hash leave them out.
    pub(crate) points: [i16; MAX_SEATS],
    /// Where the variant scores play: the seats that resigned or ran out
    /// of time and stay as dead kings walking (a bit set; hashed).
    pub(crate) walkers: u8,
    /// Where the variant scores play: the seats mated or stalemated, out
    /// of the game with their pieces left on the board, grey: they never
    /// move, attack nothing and score nothing when taken (a bit set; hashed).
    pub(crate) greyed: u8,
    /// Two rare states in one byte, so that the 8 x 8 position copies
    /// inline (see the test below): bit 7, where the variant scores play,
    /// whether the walking kings' steps come from outside (a record being
    /// replayed) instead of the seed, so each walking king takes its turns
    /// like a player (not hashed nor compared: the same for every position
    /// of a game); bits 0 to 5, European Chess with Lightning's draws due
    /// ([`Position::draws`], hashed and compared); zero elsewhere.
    pub(crate) packed: u8,
    /// The game's seed for the walking kings' random moves (not hashed:
    /// it is the same for every position of a game).
    pub(crate) walk_seed: u32,
    pub(crate) halfmoves: u16,
    pub(crate) fullmoves: u16,
    pub(crate) hash: u64,
}

/// Positions are the same when the same game (a variant defined alike,
/// wherever it was read from: [`Variant::same_game`]) has the same pieces
/// on the same cells and in hand, the same seat to move, and the same
/// castling and en passant rights: what the repetition rule and the hash
/// count (FIDE 9.2.2). The clocks are not part of it.
///
/// ```
/// use tetrarch_rules::{Position, Variant};
/// let fen = |clock| format!("4k3/8/8/8/8/8/8/4K2R w K - {clock} 1");
/// let a = Position::<u64>::from_fen(&Variant::builtin("chess").unwrap(), &fen(0)).unwrap();
/// let b = Position::<u64>::from_fen(&Variant::builtin("chess").unwrap(), &fen(9)).unwrap();
/// assert_eq!(a, b);
/// assert_eq!(a.hash(), b.hash());
/// ```
impl<B: HasSliders> PartialEq for Position<B> {
    fn eq(&self, o: &Self) -> bool {
        (Arc::ptr_eq(&self.rules, &o.rules) || self.rules.variant.same_game(&o.rules.variant))
            && self.by_kind == o.by_kind
            && self.by_seat == o.by_seat
            && self.hands == o.hands
            && self.turn == o.turn
            && self.marks == o.marks
            && self.ep == o.ep
            && self.eps == o.eps
            && self.slots == o.slots
            && self.commander == o.commander
            && self.turns_taken == o.turns_taken
            && self.declared == o.declared
            && self.flags == o.flags
            && self.draws() == o.draws()
            && self.walkers == o.walkers
            && self.greyed == o.greyed
            // A hill's points decide the game: there they are compared.
            && (self.rules.hill_wins_at == 0 || self.points == o.points)
    }
}
impl<B: HasSliders> Eq for Position<B> {}

/// The Zobrist key: it covers what equality compares but the variant,
/// so equal positions hash alike.
impl<B: HasSliders> std::hash::Hash for Position<B> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl<B: HasSliders> std::fmt::Debug for Position<B> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

impl<B: HasSliders> std::fmt::Display for Position<B> {
    /// The board as text, top rank first, with the FEN below.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let geo = &self.rules.variant.geometry;
        for r in (0..geo.height()).rev() {
            write!(f, "{:>3} ", r + 1)?;
            for file in 0..geo.width() {
                let sq = crate::Square::new(file, r).expect("on board");
                let c = match geo.cell(sq) {
                    None => ' ',
                    Some(c) => self.piece_at(c).map_or('.', |p| self.piece_char(p)),
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "    ")?;
        for file in 0..geo.width() {
            write!(f, " {}", (b'a' + file) as char)?;
        }
        write!(f, "\n{}", self.to_fen())
    }
}

/// A position made by [`Position::child`]: read it through `Deref`, change
/// it with [`Child::play_unchecked`], keep it with `(*child).clone()`.
pub struct Child<'a, B: HasSliders> {
    pos: ManuallyDrop<Position<B>>,
    _parent: PhantomData<&'a Position<B>>,
}

impl<B: HasSliders> std::ops::Deref for Child<'_, B> {
    type Target = Position<B>;
    #[inline(always)]
    fn deref(&self) -> &Position<B> {
        &self.pos
    }
}

impl<'a, B: HasSliders> Child<'a, B> {
    /// Play a move known to be legal (or pseudo-legal, to test it).
    #[inline(always)]
    pub fn play_unchecked(&mut self, m: crate::Move) {
        self.pos.play_unchecked(m);
    }

    /// The position, to change in place. Crate-private: handing out
    /// `&mut Position` would let a caller swap the borrowed copy with an
    /// owned one.
    #[inline(always)]
    pub(crate) fn get_mut(&mut self) -> &mut Position<B> {
        &mut self.pos
    }

    /// Another copy of the same parent.
    #[inline(always)]
    #[allow(unsafe_code)] // as `Position::child`
    pub fn fork(&self) -> Child<'a, B> {
        Child {
            // SAFETY: as in `Position::child`; the copy borrows the same
            // parent for the same `'a`.
            pos: ManuallyDrop::new(unsafe { std::ptr::read(&*self.pos) }),
            _parent: PhantomData,
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// An empty board of `rules`, first seat to move.
    pub(crate) fn empty(rules: Arc<Rules<B>>) -> Position<B> {
        Position {
            rules,
            by_kind: [B::EMPTY; MAX_KINDS],
            by_seat: [B::EMPTY; MAX_SEATS],
            hands: [[0; MAX_HAND_KINDS]; HAND_SEATS],
            turn: Seat(0),
            marks: B::EMPTY,
            ep: NONE,
            ep_victim: NONE,
            eps: [NONE; MAX_SEATS],
            slots: [[0; MAX_SLOTS]; MAX_SEATS],
            commander: [0, 1, 2, 3],
            turns_taken: [0; MAX_SEATS],
            declared: 0,
            flags: [NONE; MAX_SEATS],
            points: [0; MAX_SEATS],
            walkers: 0,
            greyed: 0,
            packed: 0,
            walk_seed: 0,
            halfmoves: 0,
            fullmoves: 1,
            hash: zobrist::turn(0),
        }
    }

    /// The variant's start position.
    pub fn start(variant: &Variant) -> Position<B> {
        Position::from_fen(variant, &variant.start_fen).unwrap_or_else(|e| {
            panic!(
                "built-in start position of {} is invalid: {e}",
                variant.name
            )
        })
    }

    /// The compiled rules.
    #[inline(always)]
    pub fn rules(&self) -> &Rules<B> {
        &self.rules
    }
    /// The compiled rules, shared.
    pub fn shared_rules(&self) -> &Arc<Rules<B>> {
        &self.rules
    }
    /// The variant.
    #[inline(always)]
    pub fn variant(&self) -> &Variant {
        &self.rules.variant
    }

    /// The rules, borrowed apart from `self`, so that a mutating method
    /// can read the tables while it changes the board.
    ///
    /// # Safety
    /// The result must not outlive `self`, and `self.rules` must not be
    /// replaced while it is in use (nothing replaces it after a position
    /// is made).
    #[inline(always)]
    #[allow(unsafe_code)] // see the safety section
    pub(crate) unsafe fn rules_apart<'r>(&self) -> &'r Rules<B> {
        // SAFETY: `self.rules` keeps the allocation alive; the caller
        // keeps the reference within the life of `self`.
        unsafe { &*Arc::as_ptr(&self.rules) }
    }

    /// A copy of the position for copy-make: it shares the original's
    /// compiled rules without touching their reference count (an atomic
    /// operation per node would cost searches and perft several percent),
    /// so it may not outlive the original.
    ///
    /// ```
    /// use tetrarch_rules::{Position, Variant, notation::uci::UciMove};
    /// let pos = Position::<u64>::start(&Variant::builtin("chess").unwrap());
    /// let mut child = pos.child();
    /// child.play_unchecked("e2e4".parse::<UciMove>().unwrap().to_move(&pos).unwrap());
    /// assert_eq!(child.legal_moves().len(), 20);
    /// let kept: Position<u64> = (*child).clone();
    /// assert_ne!(kept, pos);
    /// ```
    #[inline(always)]
    #[allow(unsafe_code)] // a copy that shares the original's `Arc` without counting it
    pub fn child(&self) -> Child<'_, B> {
        Child {
            // SAFETY: the bitwise copy's `Arc` is never dropped (it is in a
            // `ManuallyDrop`) and never handed out by value; the borrow of
            // `self` for `'_` keeps the original, and with it the rules,
            // alive for as long as the copy exists.
            pos: ManuallyDrop::new(unsafe { std::ptr::read(self) }),
            _parent: PhantomData,
        }
    }
    /// The seat to move.
    #[inline(always)]
    pub fn turn(&self) -> Seat {
        self.turn
    }
    /// Half-moves since the last capture or pawn move.
    pub fn halfmoves(&self) -> u16 {
        self.halfmoves
    }
    /// Move number, starting at 1, counted after the last seat moves.
    pub fn fullmoves(&self) -> u16 {
        self.fullmoves
    }
    /// Zobrist key of the position (pieces, turn, hands, castling, en passant
    /// where a capture is possible).
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// Cells of rooks that keep castling rights.
    pub fn castling_rooks(&self) -> B {
        match self.rules.variant.rules.castling {
            Some(_) => self.marks,
            None => B::EMPTY,
        }
    }
    /// The cell a pawn just skipped, if it may be taken en passant.
    pub fn ep_cell(&self) -> Option<u8> {
        (self.ep != NONE).then_some(self.ep)
    }
    /// All occupied cells.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        // Seats a variant lacks stay empty, so all four can be joined.
        self.by_seat[0] | self.by_seat[1] | self.by_seat[2] | self.by_seat[3]
    }
    /// Cells of `seat`'s pieces.
    #[inline(always)]
    pub fn seat_pieces(&self, seat: Seat) -> B {
        self.by_seat[seat.idx()]
    }
    /// Cells of pieces of `kind`, any seat.
    #[inline(always)]
    pub fn kind_pieces(&self, kind: Kind) -> B {
        self.by_kind[kind.idx()]
    }
    /// Cells of `seat`'s pieces of `kind`.
    #[inline(always)]
    pub fn pieces(&self, seat: Seat, kind: Kind) -> B {
        self.by_kind[kind.idx()] & self.by_seat[seat.idx()]
    }
    /// Pieces of `kind` in `seat`'s hand.
    pub fn hand(&self, seat: Seat, kind: Kind) -> u8 {
        match (self.hands.get(seat.idx()), self.rules.hand_kinds.slot(kind)) {
            (Some(h), Some(slot)) => h[slot],
            _ => 0,
        }
    }
    /// Cells of the royal pieces of `seat`.
    #[inline(always)]
    pub fn royals(&self, seat: Seat) -> B {
        self.union_of(self.rules.royal_kinds) & self.by_seat[seat.idx()]
    }

    /// Union of the pieces of every kind in the `kinds` bit set.
    #[inline(always)]
    pub(crate) fn union_of(&self, mut kinds: u16) -> B {
        let mut b = B::EMPTY;
        while kinds != 0 {
            b |= self.by_kind[kinds.trailing_zeros() as usize];
            kinds &= kinds - 1;
        }
        b
    }

    /// The piece on `cell`.
    #[inline]
    pub fn piece_at(&self, cell: u8) -> Option<Piece> {
        let seat = (0..self.rules.seats()).find(|&s| self.by_seat[s as usize].has(cell))?;
        let kind = (0..self.rules.kinds).find(|&k| self.by_kind[k].has(cell))?;
        Some(Piece {
            seat: Seat(seat),
            kind: Kind(kind as u8),
        })
    }

    /// The kind on an occupied cell (faster than [`Position::piece_at`]).
    #[inline(always)]
    pub(crate) fn kind_at(&self, cell: u8) -> Kind {
        let mut k = 0;
        while k + 1 < self.rules.kinds && !self.by_kind[k].has(cell) {
            k += 1;
        }
        Kind(k as u8)
    }

    /// FEN letter of a piece: uppercase for the first seat.
    pub fn piece_char(&self, p: Piece) -> char {
        let l = self.rules.variant.pieces[p.kind.idx()].letter;
        if p.seat.0 == 0 {
            l.to_ascii_uppercase()
        } else {
            l
        }
    }

    /// Whether `a` and `b` play on the same team (partners, or the same seat).
    #[inline(always)]
    pub fn allied(&self, a: Seat, b: Seat) -> bool {
        self.rules.enemy_seats[a.idx()] & (1 << b.0) == 0
    }

    /// Pieces of every seat not allied with `seat`.
    #[inline(always)]
    pub(crate) fn enemies(&self, seat: Seat) -> B {
        let mut b = B::EMPTY;
        let mut seats = self.rules.enemy_seats[seat.idx()];
        while seats != 0 {
            b |= self.by_seat[seats.trailing_zeros() as usize];
            seats &= seats - 1;
        }
        b
    }

    /// The en passant entries of a game of more than two seats: per seat,
    /// the cell its pawn just skipped.
    pub fn ep_entries(&self) -> [Option<u8>; MAX_SEATS] {
        self.eps.map(|e| (e != NONE).then_some(e))
    }

    /// Pieces of `by` that attack `cell`, given occupancy `occ`.
    #[inline]
    pub fn attackers_to(&self, cell: u8, by: Seat, occ: B) -> B {
        let r = &*self.rules;
        let theirs = self.by_seat[by.idx()];
        let mut att = B::EMPTY;
        let orth = self.union_of(r.orth_kinds) & theirs;
        if !orth.is_empty() {
            att |= r.attacks.rook(cell, occ) & orth;
        }
        let diag = self.union_of(r.diag_kinds) & theirs;
        if !diag.is_empty() {
            att |= r.attacks.bishop(cell, occ) & diag;
        }
        let mut leapers = r.leap_kinds;
        while leapers != 0 {
            let k = leapers.trailing_zeros() as usize;
            leapers &= leapers - 1;
            let mine = self.by_kind[k] & theirs;
            if !mine.is_empty() {
                att |= r.moves(by, Kind(k as u8)).capture_from[cell] & mine;
            }
        }
        let mut extra = r.extra_kinds;
        while extra != 0 {
            let k = extra.trailing_zeros() as usize;
            extra &= extra - 1;
            let mine = self.by_kind[k] & theirs;
            if !mine.is_empty() {
                att |= self.extra_attackers(cell, by, Kind(k as u8), mine, occ);
            }
        }
        if r.wall_seats != 0 && !att.is_empty() {
            // A wall stops some of them (a line-up with Ancient China).
            att = self.unwalled_attackers(att, cell, by, occ);
        }
        att
    }

    /// Pieces in `mine` (of `kind`, seat `by`) that capture on `cell` by an extra step.
    fn extra_attackers(&self, cell: u8, by: Seat, kind: Kind, mine: B, occ: B) -> B {
        let km = self.rules.moves(by, kind);
        let mut att = B::EMPTY;
        for e in km.extra.iter().filter(|e| e.captures) {
            if e.hop {
                let from_ok = |c| !e.initial || km.initial_cells.has(c);
                if let Some(c) = e
                    .hop_origin(cell, occ)
                    .filter(|&c| mine.has(c) && from_ok(c))
                {
                    att |= B::bit(c);
                }
                continue;
            }
            let mut c = cell;
            let mut n = 0u8;
            while let Some(prev) = e.prev.from(c) {
                c = prev;
                n += 1;
                if e.range != 0 && n > e.range {
                    break;
                }
                if occ.has(c) {
                    let lands = !e.exact || n == e.range;
                    let from_ok = !e.initial || km.initial_cells.has(c);
                    if mine.has(c) && lands && from_ok {
                        att |= B::bit(c);
                    }
                    break;
                }
            }
        }
        att
    }

    /// Whether any seat hostile to `seat` attacks `cell` given occupancy `occ`.
    #[inline]
    pub fn attacked_by_enemies(&self, cell: u8, seat: Seat, occ: B) -> bool {
        let r = &*self.rules;
        if r.wall_seats != 0 {
            // Walls stop some attackers: each enemy seat's are looked at.
            return (0..r.seats())
                .filter(|&s| r.enemy_seats[seat.idx()] & (1 << s) != 0)
                .any(|s| !self.attackers_to(cell, Seat(s), occ).is_empty());
        }
        let enemy = self.enemies(seat);
        // Line attacks are the same for every enemy seat: look once, from the cell.
        let orth = self.union_of(r.orth_kinds) & enemy;
        let diag = self.union_of(r.diag_kinds) & enemy;
        if self.line_attacked(cell, orth, diag, occ) {
            return true;
        }
        // Leapers seldom stand near: one test of the cells a leap to `cell`
        // starts from usually settles them (every check test of a move asks).
        let leapers = self.union_of(r.leap_kinds) & enemy;
        if !(r.leap_reach[cell] & leapers).is_empty() && self.leaper_attacks(cell, seat) {
            return true;
        }
        let mut seats = r.enemy_seats[seat.idx()];
        while seats != 0 && r.extra_kinds != 0 {
            let by = Seat(seats.trailing_zeros() as u8);
            seats &= seats - 1;
            let theirs = self.by_seat[by.idx()];
            let mut extra = r.extra_kinds;
            while extra != 0 {
                let k = extra.trailing_zeros() as usize;
                extra &= extra - 1;
                let mine = self.by_kind[k] & theirs;
                if !mine.is_empty()
                    && !self
                        .extra_attackers(cell, by, Kind(k as u8), mine, occ)
                        .is_empty()
                {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a rider of `orth` (orthogonal) or `diag` (diagonal) reaches
    /// `cell` through `occ`. With magic tables, the cell's attacks are one
    /// lookup each; on wider boards a line attack is a gather and scatter
    /// per word, and the few riders on the cell's open lines are cheaper
    /// to look at one by one (four-player perft: 9% of its time went here).
    #[inline(always)]
    pub(crate) fn line_attacked(&self, cell: u8, orth: B, diag: B, occ: B) -> bool {
        if !B::LOOKUP_SLIDERS {
            return self.ridden_to(cell, orth, diag, occ);
        }
        let a = &self.rules.attacks;
        (!orth.is_empty() && !(a.rook(cell, occ) & orth).is_empty())
            || (!diag.is_empty() && !(a.bishop(cell, occ) & diag).is_empty())
    }

    /// Whether a royal piece of `seat` is attacked.
    pub fn royal_attacked(&self, seat: Seat) -> bool {
        let occ = self.occupied();
        self.royals(seat)
            .iter()
            .any(|c| self.attacked_by_live(c, seat, occ))
    }

    /// The seats whose pieces attack nothing: the grey armies and dead
    /// kings walking of a points variant (a bit set; 0 elsewhere).
    #[inline(always)]
    pub(crate) fn silent_seats(&self) -> u8 {
        self.greyed | self.walkers
    }

    /// Whether an enemy of `seat` that is still playing attacks `cell`.
    #[inline]
    pub(crate) fn attacked_by_live(&self, cell: u8, seat: Seat, occ: B) -> bool {
        let silent = self.silent_seats();
        if silent == 0 {
            return self.attacked_by_enemies(cell, seat, occ);
        }
        let seats = self.rules.enemy_seats[seat.idx()] & !silent;
        (0..self.rules.seats())
            .filter(|s| seats & (1 << s) != 0)
            .any(|s| !self.attackers_to(cell, Seat(s), occ).is_empty())
    }

    /// Whether the side to move is in check (always false where the variant has no check).
    pub fn in_check(&self) -> bool {
        self.rules.variant.rules.check && self.royal_attacked(self.turn)
    }

    /// The pieces giving check to the side to move.
    pub fn checkers(&self) -> B {
        let occ = self.occupied();
        let mut b = B::EMPTY;
        for king in self.royals(self.turn).iter() {
            for s in 0..self.rules.seats() {
                if !self.allied(self.turn, Seat(s)) {
                    b |= self.attackers_to(king, Seat(s), occ);
                }
            }
        }
        b
    }

    /// Put a piece on an empty cell, updating the hash.
    #[inline(always)]
    pub(crate) fn put(&mut self, p: Piece, cell: u8) {
        let bit = B::bit(cell);
        self.by_kind[p.kind.idx()] |= bit;
        self.by_seat[p.seat.idx()] |= bit;
        self.hash ^= zobrist::piece(p.seat.idx(), p.kind.idx(), cell);
    }

    /// Take a piece off its cell, updating the hash.
    #[inline(always)]
    pub(crate) fn remove(&mut self, p: Piece, cell: u8) {
        let bit = B::bit(cell);
        self.by_kind[p.kind.idx()] ^= bit;
        self.by_seat[p.seat.idx()] ^= bit;
        self.hash ^= zobrist::piece(p.seat.idx(), p.kind.idx(), cell);
    }

    /// Recompute the hash from scratch (for setup and for checking incremental updates).
    pub fn compute_hash(&self) -> u64 {
        let mut h = zobrist::turn(self.turn.idx());
        for s in 0..self.rules.seats() {
            for k in 0..self.rules.kinds {
                for c in self.pieces(Seat(s), Kind(k as u8)).iter() {
                    h ^= zobrist::piece(s as usize, k, c);
                }
                let n = self.hand(Seat(s), Kind(k as u8));
                if n > 0 {
                    h ^= zobrist::hand(s as usize, k, n);
                }
            }
        }
        for c in self.marks.iter() {
            h ^= zobrist::castle(c);
        }
        if self.rules.freeze_seats != 0 || self.rules.militia.kinds != 0 {
            h ^= self.planes_hash();
        }
        if self.ep != NONE {
            h ^= zobrist::en_passant(self.ep);
        }
        for &e in self.eps.iter().filter(|&&e| e != NONE) {
            h ^= zobrist::en_passant(e);
        }
        for (seat, slots) in self.slots.iter().enumerate() {
            for (slot, &value) in slots.iter().enumerate() {
                h ^= zobrist::slot(seat, slot, value);
            }
        }
        if self.rules.lightning {
            h ^= self.lightning_hash();
        }
        for army in 0..MAX_SEATS {
            h ^= zobrist::commander(army, self.commander[army] as usize);
            h ^= zobrist::turns(army, self.turns_taken[army]);
            h ^= zobrist::declared(army, self.declared_of(army));
            h ^= zobrist::flag(army, self.flags[army]);
            if self.walkers & (1 << army) != 0 {
                h ^= zobrist::walker(army);
            }
            if self.greyed & (1 << army) != 0 {
                h ^= zobrist::greyed(army);
            }
            if self.rules.hill_wins_at > 0 {
                h ^= zobrist::points(army, self.points[army]);
            }
        }
        h
    }

    /// Whether a pawn of the side to move can legally take en passant.
    /// Positions keep an en passant cell only while this holds, so that
    /// positions differing in an untakeable cell compare, hash and print
    /// the same (FIDE 9.2.2).
    pub(crate) fn ep_capturable(&self) -> bool {
        if self.ep == NONE {
            return false;
        }
        let r = &*self.rules;
        let us = self.turn;
        // Most double steps land where no pawn can take: one look at the
        // pawns that could settles them before the victim is looked up.
        let mut takers = r.pawn_kinds;
        let mut any = false;
        while takers != 0 {
            let kind = Kind(takers.trailing_zeros() as u8);
            takers &= takers - 1;
            any |= !(r.moves(us, kind).capture_from[self.ep] & self.pieces(us, kind)).is_empty();
        }
        if !any {
            return false;
        }
        let Some(victim) = self.piece_at(self.ep_victim) else {
            return false;
        };
        let mut pawns = r.pawn_kinds;
        while pawns != 0 {
            let kind = Kind(pawns.trailing_zeros() as u8);
            pawns &= pawns - 1;
            let pawn = Piece { seat: us, kind };
            for from in (r.moves(us, kind).capture_from[self.ep] & self.pieces(us, kind)).iter() {
                let mut child = self.child();
                let after = child.get_mut();
                after.remove(pawn, from);
                after.remove(victim, self.ep_victim);
                after.put(pawn, self.ep);
                if !r.variant.rules.check || !after.royal_attacked(us) {
                    return true;
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::Position;

    /// Search and perft copy a position for every move they try. Up to 256
    /// bytes the compiler copies it with inline stores; one byte more and
    /// each copy is a `memcpy` call, which cost chess search 3% when the
    /// four-player fields first pushed the 8 x 8 position past it. Rarely
    /// used state belongs in a packed field or the hand's slots, not in a
    /// new array per kind (see `docs/architecture.md`, "Position size").
    #[test]
    fn an_8x8_position_copies_inline() {
        assert!(
            std::mem::size_of::<Position<u64>>() <= 256,
            "{} bytes",
            std::mem::size_of::<Position<u64>>()
        );
    }
}
