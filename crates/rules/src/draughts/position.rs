//! A draughts position: each seat's pieces and the kings over the dark
//! cells, the seat to move, the seats still in, the clocks; copy-make, the
//! turn passing on (a seat without a move is out), the hash.

use super::moves::Move;
use super::variant::{DraughtsVariant, NONE};
use crate::moves::MoveList;
use crate::piece::{MAX_SEATS, Seat};
use std::marker::PhantomData;
use std::mem::ManuallyDrop;

/// The state a move changes: plain data, copied by copy-make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    /// Each seat's pieces, men and kings.
    pub seats: [u128; MAX_SEATS],
    /// The kings of every seat.
    pub kings: u128,
    /// The seat to move.
    pub turn: u8,
    /// Seats still in, a bit each.
    pub alive: u8,
    /// Plies since the last capture, man move or player going out.
    pub quiet: u16,
    /// Move number: 1 at the start, up by one when the turn goes round.
    pub fullmove: u32,
    pub hash: u64,
}

/// A position of a draughts variant.
pub struct Position {
    pub(crate) variant: DraughtsVariant,
    pub(crate) board: Board,
}

impl Clone for Position {
    fn clone(&self) -> Position {
        Position {
            variant: self.variant.clone(),
            board: self.board,
        }
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_text())
    }
}

impl PartialEq for Position {
    /// The same for repetition: variant, pieces, seat to move, seats in.
    fn eq(&self, other: &Position) -> bool {
        let (a, b) = (&self.board, &other.board);
        self.variant == other.variant
            && a.seats == b.seats
            && a.kings == b.kings
            && a.turn == b.turn
            && a.alive == b.alive
    }
}
impl Eq for Position {}

/// The cells of a bit set, lowest first.
#[inline(always)]
pub(crate) fn cells(mut set: u128) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let c = set.trailing_zeros() as u8;
        set &= set - 1;
        Some(c)
    })
}

#[inline(always)]
pub(crate) fn bit(cell: u8) -> u128 {
    1u128 << (cell & 127)
}

/// All four diagonals, for kings.
const ALL_DIRS: [u8; 4] = [0, 1, 2, 3];

/// A position copied for copy-make: it shares the original's tables
/// without counting the reference (see [`Position::child`]).
pub struct Child<'a> {
    pos: ManuallyDrop<Position>,
    _parent: PhantomData<&'a Position>,
}

impl std::ops::Deref for Child<'_> {
    type Target = Position;
    #[inline(always)]
    fn deref(&self) -> &Position {
        &self.pos
    }
}

impl Child<'_> {
    /// Play a legal move (or the pass).
    #[inline(always)]
    pub fn play_unchecked(&mut self, m: Move) {
        self.pos.play_unchecked(m);
    }
}

impl Position {
    /// The start position of `variant`.
    pub fn start(variant: &DraughtsVariant) -> Position {
        let t = variant.0.clone();
        let n = t.seat_count();
        let mut board = Board {
            seats: [0; MAX_SEATS],
            kings: 0,
            turn: 0,
            alive: (1u8 << n) - 1,
            quiet: 0,
            fullmove: 1,
            hash: 0,
        };
        board.seats[..n as usize].copy_from_slice(&t.start[..n as usize]);
        let mut pos = Position {
            variant: variant.clone(),
            board,
        };
        pos.board.hash = pos.compute_hash();
        pos
    }

    /// The variant.
    pub fn variant(&self) -> &DraughtsVariant {
        &self.variant
    }

    /// A copy to play a move on, sharing the tables without counting them.
    #[inline(always)]
    #[allow(unsafe_code)] // a copy that shares the original's `Arc` without counting it
    pub fn child(&self) -> Child<'_> {
        Child {
            // SAFETY: the bitwise copy's `Arc` is never dropped (it is in a
            // `ManuallyDrop`) and never handed out by value (only `&Position`
            // through `Deref`; `clone` of it counts a new reference); the
            // borrow of `self` for `'_` keeps the original, and with it the
            // tables, alive while the copy exists.
            pos: ManuallyDrop::new(unsafe { std::ptr::read(self) }),
            _parent: PhantomData,
        }
    }

    /// The seat to move.
    #[inline(always)]
    pub fn turn(&self) -> Seat {
        Seat(self.board.turn)
    }
    /// Seats still in, a bit each.
    #[inline(always)]
    pub fn alive(&self) -> u8 {
        self.board.alive
    }
    /// The pieces of `seat`.
    #[inline(always)]
    pub fn pieces(&self, seat: Seat) -> u128 {
        self.board.seats[seat.idx() & (MAX_SEATS - 1)]
    }
    /// The kings of every seat.
    #[inline(always)]
    pub fn kings(&self) -> u128 {
        self.board.kings
    }
    /// Every piece.
    #[inline(always)]
    pub fn occupied(&self) -> u128 {
        let s = &self.board.seats;
        s[0] | s[1] | s[2] | s[3]
    }
    /// Plies since the last capture, man move or player going out.
    pub fn quiet_plies(&self) -> u16 {
        self.board.quiet
    }
    /// The move number.
    pub fn fullmove(&self) -> u32 {
        self.board.fullmove
    }
    /// The hash key.
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.board.hash
    }
    /// The owner of the piece on `cell`, if any.
    pub fn owner(&self, cell: u8) -> Option<Seat> {
        (0..MAX_SEATS)
            .find(|&s| self.board.seats[s] & bit(cell) != 0)
            .map(|s| Seat(s as u8))
    }

    pub(crate) fn compute_hash(&self) -> u64 {
        let t = &self.variant.0;
        let b = &self.board;
        let mut h = t.turn_keys[b.turn as usize];
        for s in 0..t.seat_count() as usize {
            for c in cells(b.seats[s]) {
                h ^= t.keys[s][usize::from(b.kings & bit(c) != 0)][c as usize];
            }
            if b.alive & (1 << s) == 0 {
                h ^= t.out_keys[s];
            }
        }
        h
    }

    /// Put (or take away) a piece, keeping the hash.
    #[inline(always)]
    fn toggle(&mut self, seat: usize, king: bool, cell: u8) {
        let t = &*self.variant.0;
        self.board.seats[seat] ^= bit(cell);
        if king {
            self.board.kings ^= bit(cell);
        }
        self.board.hash ^= t.keys[seat][usize::from(king)][(cell & 127) as usize];
    }

    /// The legal moves, into `list` (cleared first): every capture path if
    /// any capture exists (capturing is compulsory), else every step. None
    /// once a single seat is left.
    pub fn legal_moves_into(&self, list: &mut MoveList<Move>) {
        list.clear();
        if self.board.alive.count_ones() <= 1 {
            return;
        }
        let us = self.board.turn as usize;
        let own = self.board.seats[us];
        let occ = self.occupied();
        let enemy = occ & !own;
        for from in cells(own) {
            let king = self.board.kings & bit(from) != 0;
            let cap = Capture {
                king,
                occ: occ & !bit(from),
                enemy,
                us,
            };
            self.jumps(&cap, from, 0, Move::capture_start(from), list);
        }
        if !list.is_empty() {
            return;
        }
        let t = &*self.variant.0;
        for from in cells(own) {
            let king = self.board.kings & bit(from) != 0;
            let dirs: &[u8] = if king { &ALL_DIRS } else { &t.men_dirs[us] };
            for &d in dirs {
                let to = t.step[(from & 127) as usize][d as usize];
                if to != NONE && occ & bit(to) == 0 {
                    let crown = !king && t.crown[us] & bit(to) != 0;
                    list.push(Move::step(from, to, d, crown));
                }
            }
        }
    }

    /// Extend capture `so_far`, standing on `at` having taken `taken`: push
    /// every complete path. Whether any jump was possible from `at`.
    fn jumps(
        &self,
        cap: &Capture,
        at: u8,
        taken: u128,
        so_far: Move,
        list: &mut MoveList<Move>,
    ) -> bool {
        let t = &*self.variant.0;
        let dirs: &[u8] = if cap.king {
            &ALL_DIRS
        } else {
            &t.men_dirs[cap.us]
        };
        let mut any = false;
        for &d in dirs {
            let over = t.step[(at & 127) as usize][d as usize];
            let land = t.jump[(at & 127) as usize][d as usize];
            // Jumped pieces stay on the board (blocking) until the move
            // ends, and none is jumped twice.
            if land == NONE || cap.enemy & !taken & bit(over) == 0 || cap.occ & bit(land) != 0 {
                continue;
            }
            any = true;
            let path = so_far.jumped(d, land);
            if !cap.king && t.crown[cap.us] & bit(land) != 0 {
                // Crowned: the move ends here, even with jumps left.
                list.push(path.crowned());
            } else if !self.jumps(cap, land, taken | bit(over), path, list) {
                list.push(path);
            }
        }
        any
    }

    /// Whether the side to move is out (the game is over: it went out
    /// when its turn came).
    #[inline(always)]
    pub fn side_to_move_out(&self) -> bool {
        self.board.alive & (1 << self.board.turn) == 0
    }

    /// Whether the side to move must capture (has any capture).
    #[inline]
    pub fn must_capture(&self) -> bool {
        self.can_capture(self.board.turn as usize)
    }

    fn can_capture(&self, us: usize) -> bool {
        let t = &*self.variant.0;
        let own = self.board.seats[us];
        let occ = self.occupied();
        let enemy = occ & !own;
        cells(own).any(|from| {
            let king = self.board.kings & bit(from) != 0;
            let dirs: &[u8] = if king { &ALL_DIRS } else { &t.men_dirs[us] };
            dirs.iter().any(|&d| {
                let land = t.jump[(from & 127) as usize][d as usize];
                let over = t.step[(from & 127) as usize][d as usize];
                land != NONE && enemy & bit(over) != 0 && occ & bit(land) == 0
            })
        })
    }

    /// Whether `seat` has a legal move.
    fn has_move(&self, seat: usize) -> bool {
        let t = &*self.variant.0;
        let own = self.board.seats[seat];
        let occ = self.occupied();
        let steps = cells(own).any(|from| {
            let king = self.board.kings & bit(from) != 0;
            let dirs: &[u8] = if king { &ALL_DIRS } else { &t.men_dirs[seat] };
            dirs.iter().any(|&d| {
                let to = t.step[(from & 127) as usize][d as usize];
                to != NONE && occ & bit(to) == 0
            })
        });
        steps || self.can_capture(seat)
    }

    /// Play a legal move (or the pass): pieces, crowning, the seat to move.
    pub fn play_unchecked(&mut self, m: Move) {
        if !m.is_pass() {
            self.move_piece(m);
        }
        self.pass_turn();
    }

    fn move_piece(&mut self, m: Move) {
        let us = self.board.turn as usize;
        let king = self.board.kings & bit(m.from()) != 0;
        self.toggle(us, king, m.from());
        if m.is_capture() {
            let mut at = m.from();
            for i in 0..m.legs() {
                let d = m.dir(i) as usize;
                let over = self.variant.0.step[(at & 127) as usize][d];
                at = self.variant.0.jump[(at & 127) as usize][d];
                let victim = self.owner(over).expect("a capture jumps a piece");
                let victim_king = self.board.kings & bit(over) != 0;
                self.toggle(victim.idx(), victim_king, over);
            }
        }
        self.toggle(us, king || m.is_crowning(), m.to());
        if m.is_capture() || !king {
            self.board.quiet = 0;
        } else {
            self.board.quiet = self.board.quiet.saturating_add(1);
        }
    }

    /// The turn goes to the next seat still in; a seat with no legal move
    /// when its turn comes is out and its pieces leave the board. It stops
    /// when one seat is left, the turn with the seat that went out last (so
    /// a search sees the side to move has lost, as in a two-player game).
    pub(crate) fn pass_turn(&mut self) {
        let n = self.variant.0.seat_count();
        loop {
            if self.board.alive.count_ones() <= 1 {
                return;
            }
            let mut s = self.board.turn;
            loop {
                let next = Seat(s).next(n).0;
                if next <= s {
                    self.board.fullmove += 1;
                }
                s = next;
                if self.board.alive & (1 << s) != 0 {
                    break;
                }
            }
            self.set_turn(s);
            if self.has_move(s as usize) {
                return;
            }
            self.eliminate(s as usize);
        }
    }

    fn set_turn(&mut self, s: u8) {
        let t = &*self.variant.0;
        self.board.hash ^= t.turn_keys[self.board.turn as usize] ^ t.turn_keys[s as usize];
        self.board.turn = s;
    }

    /// `seat` is out: its pieces leave the board.
    pub(crate) fn eliminate(&mut self, seat: usize) {
        for c in cells(self.board.seats[seat]) {
            let king = self.board.kings & bit(c) != 0;
            self.toggle(seat, king, c);
        }
        self.board.alive &= !(1 << seat);
        self.board.hash ^= self.variant.0.out_keys[seat];
        self.board.quiet = 0;
    }

    /// Take `seat` out without a move (it resigned or ran out of time);
    /// on its turn, the turn passes on.
    pub fn retire(&mut self, seat: Seat) {
        if self.board.alive & (1 << seat.0) == 0 {
            return;
        }
        self.eliminate(seat.idx());
        if self.board.turn == seat.0 {
            self.pass_turn();
        }
    }

    /// The side to move's turn as it comes: out if it has no legal move
    /// (a position text whose side to move cannot move).
    pub(crate) fn settle_turn(&mut self) {
        let s = self.board.turn as usize;
        if self.board.alive.count_ones() > 1
            && (self.board.alive & (1 << s) == 0 || !self.has_move(s))
        {
            if self.board.alive & (1 << s) != 0 {
                self.eliminate(s);
            }
            self.pass_turn();
        }
    }
}

/// What stays fixed while one piece's capture paths are searched.
struct Capture {
    king: bool,
    /// Every piece but the capturer (its start cell is empty while it jumps).
    occ: u128,
    enemy: u128,
    us: usize,
}
