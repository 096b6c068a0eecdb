//! Moves as packed `u32`s, and a fixed-capacity move list that never allocates.

use crate::piece::Kind;
use std::fmt;
use std::mem::MaybeUninit;

/// What a move does beyond going from one cell to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A step, leap or ride, capturing whatever stands on the target.
    Normal,
    /// A pawn move that turns the pawn into `Kind`.
    Promotion(Kind),
    /// A piece of `Kind` from the hand onto an empty cell (`from == to`).
    Drop(Kind),
    /// Castling; `to` is the rook's cell, the landing cells come from the variant.
    Castle,
    /// A pawn capturing en passant; `to` is the cell it lands on.
    EnPassant,
    /// The player passes (a frozen army with nothing to capture).
    Pass,
    /// A pawn steps onto its partner's facing pawn, which takes its place.
    Swap,
    /// The variant's action of this index: the turn is spent without moving
    /// a piece (see [`crate::variant::SeatRules`]).
    Action(u8),
    /// The power of this index of the mover's nation (European Chess): a
    /// turn spent on something other than a piece move, acting on `from`
    /// and `to`, and on the cells of [`Move::payload`] where the power
    /// needs more (see `crate::power`).
    Power(u8),
    /// A roll of a die (`roll=4`): a chance step, played by no seat, its
    /// face 1 to 127 (see [`crate::family::GamePosition::chance`]).
    Roll(u8),
    /// A challenge of the Soviet Union's last move (`challenge@c3`, the
    /// cell of the piece that moved; `from == to`): its card is turned
    /// over (see `crate::power` `secrecy`).
    Challenge,
    /// Another seat's consent for Mycenae's knights to carry its pieces
    /// (`consent@b1`), `false` its withdrawal (`withdraw-consent@b1`):
    /// `from == to` the first knight in board order of the seat that
    /// carries, which names that seat; a turn of the consenting seat
    /// (see `crate::power` `cargo`).
    Consent(bool),
    /// The owner's unload of its piece riding in another seat's knight
    /// (`cargo@d4e5=p`): `from` the knight, `to` the empty cell it lands
    /// on; a turn of the owner (see `crate::power` `cargo`).
    Disembark,
}

/// A move between cell indices of one variant's board.
///
/// ```
/// use tetrarch_rules::{Kind, Move, MoveKind};
/// let m = Move::new(12, 28, MoveKind::Normal);
/// assert_eq!((m.from(), m.to(), m.kind()), (12, 28, MoveKind::Normal));
/// let p = Move::new(52, 60, MoveKind::Promotion(Kind(4)));
/// assert_eq!(p.kind(), MoveKind::Promotion(Kind(4)));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(u32);

const NORMAL: u32 = 0;
const PROMOTION: u32 = 1;
const DROP: u32 = 2;
const CASTLE: u32 = 3;
const EN_PASSANT: u32 = 4;
const PASS: u32 = 5;
const SWAP: u32 = 6;
const ACTION: u32 = 7;
/// Tags from here on are power moves, the power's index added: the
/// 12 argument bits stay free for the power's own payload.
const POWER: u32 = 8;
/// Powers a move can name (the tag's last values).
const POWERS: u32 = 8;
/// A roll shares the action tag, with the argument's top bit set (a
/// variant has far fewer than 128 actions).
const ROLL: u32 = 0x80;
/// A challenge shares the action tag too, with the argument's next bit.
const CHALLENGE: u32 = 0x40;
/// So do a guest's steps with another seat's cargo (a consent, its
/// withdrawal, an unload), above the 8 bits an action's index reads, the
/// step in the low bits.
const GUEST: u32 = 0x100;
const WITHDRAW: u32 = 0;
const CONSENT: u32 = 1;
const DISEMBARK: u32 = 2;

impl Move {
    /// Pack a move.
    #[inline(always)]
    pub const fn new(from: u8, to: u8, kind: MoveKind) -> Move {
        let (tag, arg) = match kind {
            MoveKind::Normal => (NORMAL, 0),
            // The kind in the top four bits, under it room for a choice.
            MoveKind::Promotion(k) => (PROMOTION, (k.0 as u32) << 8),
            MoveKind::Drop(k) => (DROP, k.0 as u32),
            MoveKind::Castle => (CASTLE, 0),
            MoveKind::EnPassant => (EN_PASSANT, 0),
            MoveKind::Pass => (PASS, 0),
            MoveKind::Swap => (SWAP, 0),
            MoveKind::Action(a) => (ACTION, a as u32),
            MoveKind::Power(p) => (POWER + (p as u32 % POWERS), 0),
            MoveKind::Roll(face) => (ACTION, ROLL | (face as u32 & 0x7f)),
            MoveKind::Challenge => (ACTION, CHALLENGE),
            MoveKind::Consent(given) => (ACTION, GUEST | if given { CONSENT } else { WITHDRAW }),
            MoveKind::Disembark => (ACTION, GUEST | DISEMBARK),
        };
        Move(from as u32 | (to as u32) << 8 | tag << 16 | arg << 20)
    }
    /// Origin cell (the target cell for drops and passes).
    #[inline(always)]
    pub const fn from(self) -> u8 {
        self.0 as u8
    }
    /// Target cell.
    #[inline(always)]
    pub const fn to(self) -> u8 {
        (self.0 >> 8) as u8
    }
    /// What the move does.
    #[inline(always)]
    pub const fn kind(self) -> MoveKind {
        let arg = Kind((self.0 >> 20) as u8);
        match (self.0 >> 16) & 15 {
            PROMOTION => MoveKind::Promotion(Kind((self.0 >> 28) as u8)),
            DROP => MoveKind::Drop(arg),
            CASTLE => MoveKind::Castle,
            EN_PASSANT => MoveKind::EnPassant,
            PASS => MoveKind::Pass,
            SWAP => MoveKind::Swap,
            ACTION if (self.0 >> 20) & GUEST != 0 => match (self.0 >> 20) & 3 {
                DISEMBARK => MoveKind::Disembark,
                step => MoveKind::Consent(step == CONSENT),
            },
            ACTION if arg.0 as u32 & ROLL != 0 => MoveKind::Roll(arg.0 & 0x7f),
            ACTION if arg.0 as u32 & CHALLENGE != 0 => MoveKind::Challenge,
            ACTION => MoveKind::Action(arg.0),
            POWER.. => MoveKind::Power(((self.0 >> 16) & 15) as u8 - POWER as u8),
            _ => MoveKind::Normal,
        }
    }
    /// A power move of power `index` on `from` and `to` that carries
    /// `payload` (12 bits: two more cells of an 8 x 8 board, for example).
    ///
    /// ```
    /// use tetrarch_rules::{Move, MoveKind};
    /// let m = Move::power(1, 2, 3, 0xabc);
    /// assert_eq!((m.from(), m.to(), m.kind(), m.payload()), (1, 2, MoveKind::Power(3), 0xabc));
    /// ```
    #[inline]
    pub const fn power(from: u8, to: u8, index: u8, payload: u16) -> Move {
        let m = Move::new(from, to, MoveKind::Power(index));
        Move(m.0 | ((payload as u32) & 0xfff) << 20)
    }
    /// This move with a cell its mover's nation chooses for its power:
    /// the piece Jerusalem protects after the move, the enemy piece the
    /// Dutch piece trades places of owner with. Only plain moves and
    /// promotions choose (a power move's payload holds its own cells);
    /// the cell is below 255.
    ///
    /// ```
    /// use tetrarch_rules::{Kind, Move, MoveKind};
    /// let m = Move::new(12, 20, MoveKind::Promotion(Kind(15))).with_chosen(63);
    /// assert_eq!((m.kind(), m.chosen()), (MoveKind::Promotion(Kind(15)), Some(63)));
    /// assert_eq!(Move::new(12, 20, MoveKind::Normal).chosen(), None);
    /// assert_ne!(m, Move::new(12, 20, MoveKind::Promotion(Kind(15))));
    /// ```
    #[inline]
    pub const fn with_chosen(self, cell: u8) -> Move {
        self.with_choice(cell.wrapping_add(1))
    }
    /// The cell chosen with the move ([`Move::with_chosen`]), if any.
    #[inline]
    pub const fn chosen(self) -> Option<u8> {
        self.choice().checked_sub(1)
    }
    /// This move with `choice`, a byte its mover's power reads (a cell
    /// plus one, [`Move::with_chosen`]; Gaul's pushes, one bit per
    /// direction); 0 is no choice. Only plain moves and promotions carry
    /// one (bits 20 to 27; a promotion's kind sits above them): other
    /// moves are returned as they are.
    #[inline]
    pub const fn with_choice(self, choice: u8) -> Move {
        match (self.0 >> 16) & 15 {
            NORMAL | PROMOTION => Move(self.0 & !(0xff << 20) | (choice as u32) << 20),
            _ => self,
        }
    }
    /// The byte chosen with the move ([`Move::with_choice`]); 0 for none.
    #[inline]
    pub const fn choice(self) -> u8 {
        match (self.0 >> 16) & 15 {
            NORMAL | PROMOTION => (self.0 >> 20) as u8,
            _ => 0,
        }
    }
    /// The move without its chosen cell.
    #[inline]
    pub const fn unchosen(self) -> Move {
        self.with_choice(0)
    }
    /// A power move's payload ([`Move::power`]); 0 for other moves.
    #[inline]
    pub const fn payload(self) -> u16 {
        if (self.0 >> 16) & 15 >= POWER {
            (self.0 >> 20) as u16
        } else {
            0
        }
    }
    /// The move packed in 32 bits (for tables such as a transposition
    /// table); [`Move::from_bits`] unpacks it.
    ///
    /// ```
    /// use tetrarch_rules::{Kind, Move, MoveKind};
    /// let m = Move::new(52, 60, MoveKind::Promotion(Kind(4)));
    /// assert_eq!(Move::from_bits(m.to_bits()), m);
    /// ```
    #[inline(always)]
    pub const fn to_bits(self) -> u32 {
        self.0
    }
    /// A move from [`Move::to_bits`]. Any bits decode to some move, which
    /// need not be legal anywhere: check it against generated moves.
    #[inline(always)]
    pub const fn from_bits(bits: u32) -> Move {
        Move(bits)
    }
    /// The promotion kind, if any.
    #[inline]
    pub const fn promotion(self) -> Option<Kind> {
        match self.kind() {
            MoveKind::Promotion(k) => Some(k),
            _ => None,
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({}->{} {:?}", self.from(), self.to(), self.kind())?;
        match self.choice() {
            0 => f.write_str(")"),
            c => write!(f, " choosing {c})"),
        }
    }
}

/// Moves a [`MoveList`] holds on the stack; a position with more (a large
/// drop variant can have over a thousand) moves the list to the heap.
pub const MAX_MOVES: usize = 1024;

/// A list of moves, on the stack up to [`MAX_MOVES`], on the heap beyond:
/// no move is ever dropped, and no common position allocates. Its stack
/// slots start uninitialised: zeroing 4 KiB at every node of a search costs
/// more than generating the moves.
///
/// ```
/// use tetrarch_rules::{MAX_MOVES, Move, MoveKind, MoveList};
/// let mut list = MoveList::new();
/// list.push(Move::new(1, 2, MoveKind::Normal));
/// assert_eq!(list.len(), 1);
/// assert_eq!(list[0].to(), 2);
/// for i in 0..2 * MAX_MOVES {
///     list.push(Move::new(0, (i % 200) as u8, MoveKind::Normal));
/// }
/// assert_eq!(list.len(), 2 * MAX_MOVES + 1);
/// assert_eq!(list[MAX_MOVES + 7].to(), ((MAX_MOVES + 6) % 200) as u8);
/// ```
pub struct MoveList<M: Copy = Move> {
    moves: [MaybeUninit<M>; MAX_MOVES],
    len: usize,
    /// Every move, once there are more than the stack holds.
    spilled: Option<Vec<M>>,
}

impl<M: Copy> Clone for MoveList<M> {
    fn clone(&self) -> MoveList<M> {
        let mut list = MoveList::new();
        for &m in self.iter() {
            list.push(m);
        }
        list
    }
}

impl<M: Copy> MoveList<M> {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList<M> {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
            len: 0,
            spilled: None,
        }
    }
    /// Append a move.
    #[inline(always)]
    pub fn push(&mut self, m: M) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = MaybeUninit::new(m);
            self.len += 1;
        } else {
            self.push_spilled(m);
        }
    }
    #[cold]
    #[inline(never)]
    fn push_spilled(&mut self, m: M) {
        if self.spilled.is_none() {
            let mut all = Vec::with_capacity(2 * MAX_MOVES);
            all.extend_from_slice(self.inline());
            self.spilled = Some(all);
        }
        self.spilled.as_mut().expect("spilled above").push(m);
        self.len += 1;
    }
    /// Remove every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
        self.spilled = None;
    }
    /// Keep the first `len` moves.
    pub fn truncate(&mut self, len: usize) {
        if len < self.len {
            self.len = len;
            if let Some(all) = &mut self.spilled {
                all.truncate(len);
            }
        }
    }
    /// Keep only the moves for which `f` is true.
    pub fn retain(&mut self, mut f: impl FnMut(M) -> bool) {
        let mut w = 0;
        for r in 0..self.len {
            let m = self[r];
            if f(m) {
                self[w] = m;
                w += 1;
            }
        }
        self.truncate(w);
    }
    #[inline(always)]
    #[allow(unsafe_code)] // slots left uninitialised: zeroing them costs more than the moves
    fn inline(&self) -> &[M] {
        let n = self.len.min(MAX_MOVES);
        // SAFETY: the first `min(len, MAX_MOVES)` slots were written by
        // `push`, and `MaybeUninit<M>` has the layout of `M`.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<M>(), n) }
    }
}

impl<M: Copy> Default for MoveList<M> {
    fn default() -> Self {
        MoveList::new()
    }
}

impl<M: Copy> std::ops::Deref for MoveList<M> {
    type Target = [M];
    #[inline(always)]
    fn deref(&self) -> &[M] {
        match &self.spilled {
            None => self.inline(),
            Some(all) => all,
        }
    }
}

impl<M: Copy> std::ops::DerefMut for MoveList<M> {
    #[inline(always)]
    #[allow(unsafe_code)] // as `MoveList::inline`
    fn deref_mut(&mut self) -> &mut [M] {
        match &mut self.spilled {
            None => {
                // SAFETY: as in `inline`; without a spill `len <= MAX_MOVES`.
                unsafe {
                    std::slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<M>(), self.len)
                }
            }
            Some(all) => all,
        }
    }
}

impl<M: Copy + fmt::Debug> fmt::Debug for MoveList<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
