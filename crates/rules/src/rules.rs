//! A variant compiled for one bitboard width: every table move generation
//! reads, built once and shared by all positions of that variant.

use crate::attacks::{Attacks, CellTable, HasSliders, leap_table};
use crate::piece::{Kind, MAX_KINDS, MAX_SEATS, Seat};
use crate::square::Square;
use crate::variant::Variant;

/// A step that is neither a plain leap nor a full line ride: a ride of
/// limited range, a partial ride, or a lame or initial-only leap.
#[derive(Debug, Clone)]
pub struct ExtraStep {
    /// `next[cell]`: the cell one unit step on, or `NONE`.
    pub next: CellTable<u8>,
    /// `prev[cell]`: the cell one unit step back, or `NONE`.
    pub prev: CellTable<u8>,
    /// Unit steps at most; 0 for unlimited.
    pub range: u8,
    /// Lands only after exactly `range` steps over empty cells (lame leap).
    pub exact: bool,
    /// May end on an empty cell.
    pub moves: bool,
    /// May capture.
    pub captures: bool,
    /// Only from the kind's initial cells.
    pub initial: bool,
}

/// No cell.
pub const NONE: u8 = u8::MAX;

impl ExtraStep {
    /// Where this step leads from `from` given occupancy `occ`: the empty
    /// cells it may land on, and the first occupied cell on its path if it
    /// could land there (a capture, when that piece is an enemy's).
    #[inline]
    pub fn reach<B: crate::bitboard::Bitboard>(&self, from: u8, occ: B) -> (B, Option<u8>) {
        let mut empty = B::EMPTY;
        let mut c = from;
        let mut n = 0u8;
        loop {
            c = self.next[c];
            n += 1;
            if c == NONE || (self.range != 0 && n > self.range) {
                return (empty, None);
            }
            let lands = !self.exact || n == self.range;
            if occ.has(c) {
                return (empty, lands.then_some(c));
            }
            if lands {
                empty |= B::bit(c);
            }
        }
    }
}

fn step_table(geo: &crate::geometry::Geometry, dx: i8, dy: i8) -> CellTable<u8> {
    CellTable::from_fn(|c| {
        if (c as usize) < geo.cells() && geo.is_playable(c) {
            geo.offset(c, dx as i32, dy as i32).unwrap_or(NONE)
        } else {
            NONE
        }
    })
}

/// Mode bits of a line ride.
pub const MOVE: u8 = 1;
/// Mode bit: the ride may capture.
pub const CAPTURE: u8 = 2;

/// How one kind moves for one seat, in board terms.
#[derive(Debug)]
pub struct KindMoves<B> {
    /// Plain leaps onto empty cells.
    pub quiet: CellTable<B>,
    /// Plain leaps that capture.
    pub capture: CellTable<B>,
    /// Cells from which this piece captures the indexed cell by a plain leap.
    pub capture_from: CellTable<B>,
    /// Mode of its unlimited orthogonal ride in all four directions, or 0.
    pub orth: u8,
    /// Mode of its unlimited diagonal ride in all four directions, or 0.
    pub diag: u8,
    /// Every other step.
    pub extra: Vec<ExtraStep>,
    /// Cells where initial-only steps apply.
    pub initial_cells: B,
    /// Whether `quiet` or `capture` has any leap, so riders skip the lookup.
    pub leaps: bool,
    /// The same moves as whole-board shifts, for kinds that only leap
    /// (pawns, knights): all pieces of the kind move at once.
    pub shifts: Option<Shifts<B>>,
    /// Cells where a piece of this kind may be dropped: those from which it
    /// has at least one move on an empty board.
    pub drop_cells: B,
}

/// A kind's leaps as bitboard shifts.
#[derive(Debug)]
pub struct Shifts<B> {
    /// One entry per plain leap.
    pub steps: Vec<ShiftStep<B>>,
    /// A lame initial double step (a pawn's), if the kind has one.
    pub double: Option<ShiftStep<B>>,
}

/// One leap as a shift of the cell index by `delta`.
#[derive(Debug)]
pub struct ShiftStep<B> {
    /// Cell index difference of the leap (of one unit, for a double step).
    pub delta: i32,
    /// Cells whose leap stays on the board (for a double step: initial
    /// cells whose two unit steps stay on the board).
    pub src: B,
    /// May end on an empty cell.
    pub moves: bool,
    /// May capture.
    pub captures: bool,
}

/// A variant compiled for bitboards of type `B`.
#[derive(Debug)]
pub struct Rules<B: HasSliders> {
    /// The variant's data.
    pub variant: Variant,
    /// Line attacks of its geometry.
    pub attacks: Attacks<B>,
    /// Indexed by `seat * MAX_KINDS + kind`; unused slots hold empty tables.
    moves: Box<[KindMoves<B>; MAX_SEATS * MAX_KINDS]>,
    /// Number of piece kinds.
    pub kinds: usize,
    /// Kinds with an orthogonal capturing ride.
    pub orth_kinds: u16,
    /// Kinds with a diagonal capturing ride.
    pub diag_kinds: u16,
    /// Kinds with capturing plain leaps.
    pub leap_kinds: u16,
    /// Kinds with capturing extra steps.
    pub extra_kinds: u16,
    /// Royal kinds.
    pub royal_kinds: u16,
    /// Pawn kinds.
    pub pawn_kinds: u16,
    /// Per seat: the cells where its pawns promote.
    pub promotion_zone: [B; MAX_SEATS],
    /// Per seat: its first rank.
    pub back_rank: [B; MAX_SEATS],
    /// Legal moves can be found by pins and check masks instead of trying
    /// each move: only line rides and plain leaps capture, royals only leap.
    pub pin_legality: bool,
    /// Kinds that promote.
    pub promoting_kinds: u16,
    /// Per seat: the cells in line with each cell along the seat's forward
    /// axis (a file for seats moving north or south), for the pawn-file drop rule.
    pub forward_lines: [CellTable<B>; 2],
    /// Per seat and wing (low files, high files): king and rook landing cells.
    pub castle_landing: [[(u8, u8); 2]; MAX_SEATS],
    /// Per seat: the seats not on its team, as a bit set.
    pub enemy_seats: [u8; MAX_SEATS],
    /// Per seat and kind: how many the start position has (promotion to
    /// lost pieces compares the board with these).
    pub start_counts: [[u8; MAX_KINDS]; MAX_SEATS],
    /// More than two seats: en passant entries per seat, turn order with
    /// frozen, removed and combined armies.
    pub multi: bool,
    /// The variant keeps per-seat counters or actions.
    pub seat_state: bool,
    /// Per seat: cells from which a promoting kind's leap reaches the
    /// promotion zone (only those pawns need the lost-piece count).
    pub promotion_approach: [B; MAX_SEATS],
    /// Per seat: the partner seats whose pawns face its own (they may swap).
    pub swap_partners: [u8; MAX_SEATS],
    /// Squares the king moves when castling by steps (four-player chess), or
    /// 0 where `castle_landing` gives fixed cells.
    pub castle_steps: u8,
    /// Per set of seats that still have a royal piece: whether at most one
    /// team is left, so the game is decided.
    pub decided: [bool; 1 << MAX_SEATS],
    /// Per seat: the cell one step forward of each cell, or `NONE`.
    pub ahead: [CellTable<u8>; MAX_SEATS],
}

impl<B: HasSliders> Rules<B> {
    /// Compile `variant`. Prefer [`Rules::of`], which compiles once.
    pub fn new(variant: Variant) -> Rules<B> {
        let geo = variant.geometry.clone();
        assert!(geo.cells() <= B::CELLS, "board needs a wider bitboard");
        let attacks = Attacks::new(&geo);
        let nk = variant.pieces.len();
        let seats = variant.seat_count();
        let mut moves: Vec<KindMoves<B>> = Vec::new();
        let (mut orth_kinds, mut diag_kinds, mut leap_kinds, mut extra_kinds) = (0u16, 0, 0, 0);
        let (mut royal_kinds, mut pawn_kinds) = (0u16, 0u16);
        let mut pin_legality = variant.rules.check;
        let cells_where = |f: &dyn Fn(Square) -> bool| {
            geo.playable_cells()
                .filter(|&c| f(geo.square(c)))
                .fold(B::EMPTY, |b, c| b | B::bit(c))
        };
        for s in 0..seats {
            let seat = Seat(s);
            let fwd = variant.seats[s as usize].forward;
            for (k, info) in variant.pieces.iter().enumerate() {
                let bit = 1u16 << k;
                let steps: Vec<_> = info
                    .movement
                    .steps
                    .iter()
                    .map(|st| {
                        let (dx, dy) = fwd.orient(st.dx, st.dy);
                        crate::betza::Step { dx, dy, ..*st }
                    })
                    .collect();
                let ride_mode = |diagonal: bool| -> u8 {
                    let dirs: Vec<_> = steps
                        .iter()
                        .filter(|st| st.is_line_ride() && ((st.dx != 0 && st.dy != 0) == diagonal))
                        .collect();
                    if dirs.len() == 4 { MOVE | CAPTURE } else { 0 }
                };
                let (orth, diag) = (ride_mode(false), ride_mode(true));
                let in_rides = |st: &crate::betza::Step| {
                    st.is_line_ride()
                        && if st.dx != 0 && st.dy != 0 {
                            diag != 0
                        } else {
                            orth != 0
                        }
                };
                let leaps = |want: fn(&crate::betza::Step) -> bool| -> Vec<(i32, i32)> {
                    steps
                        .iter()
                        .filter(|st| st.is_plain_leap() && want(st))
                        .map(|st| (st.dx as i32, st.dy as i32))
                        .collect()
                };
                let quiet_offsets = leaps(|st| st.moves);
                let capture_offsets = leaps(|st| st.captures);
                let reverse: Vec<_> = capture_offsets.iter().map(|&(x, y)| (-x, -y)).collect();
                let extra: Vec<ExtraStep> = steps
                    .iter()
                    .filter(|st| !st.is_plain_leap() && !in_rides(st))
                    .map(|st| ExtraStep {
                        next: step_table(&geo, st.dx, st.dy),
                        prev: step_table(&geo, -st.dx, -st.dy),
                        range: st.range,
                        exact: st.lame,
                        moves: st.moves,
                        captures: st.captures,
                        initial: st.initial,
                    })
                    .collect();
                if orth & CAPTURE != 0 {
                    orth_kinds |= bit;
                }
                if diag & CAPTURE != 0 {
                    diag_kinds |= bit;
                }
                if !capture_offsets.is_empty() {
                    leap_kinds |= bit;
                }
                if extra.iter().any(|e| e.captures) {
                    extra_kinds |= bit;
                    pin_legality = false;
                }
                if info.royal {
                    royal_kinds |= bit;
                    if orth != 0 || diag != 0 || !extra.is_empty() {
                        pin_legality = false;
                    }
                }
                if info.pawn {
                    pawn_kinds |= bit;
                }
                let initial_cells = cells_where(&|sq| {
                    info.initial_ranks
                        .contains(&(variant.relative_rank(seat, sq) + 1))
                });
                let lands = |c: u8, dx: i8, dy: i8, n: i32| {
                    geo.offset(c, dx as i32 * n, dy as i32 * n).is_some()
                };
                let doubles: Vec<_> = extra
                    .iter()
                    .zip(
                        steps
                            .iter()
                            .filter(|st| !st.is_plain_leap() && !in_rides(st)),
                    )
                    .filter(|(e, _)| e.initial && e.exact && e.range == 2 && e.moves && !e.captures)
                    .collect();
                let shiftable = orth == 0
                    && diag == 0
                    && !info.royal
                    && doubles.len() == extra.len()
                    && doubles.len() <= 1
                    // A shift per leap direction beats a lookup per piece only for
                    // kinds with few directions and many pieces: pawns, not knights.
                    && steps.iter().filter(|st| st.is_plain_leap()).count() <= 4;
                let shifts = shiftable.then(|| Shifts {
                    steps: steps
                        .iter()
                        .filter(|st| st.is_plain_leap())
                        .map(|st| ShiftStep {
                            delta: st.dy as i32 * geo.width() as i32 + st.dx as i32,
                            src: cells_where(&|sq| {
                                lands(geo.cell(sq).expect("playable"), st.dx, st.dy, 1)
                            }),
                            moves: st.moves,
                            captures: st.captures,
                        })
                        .collect(),
                    double: doubles.first().map(|(_, st)| ShiftStep {
                        delta: st.dy as i32 * geo.width() as i32 + st.dx as i32,
                        src: initial_cells
                            & cells_where(&|sq| {
                                let c = geo.cell(sq).expect("playable");
                                lands(c, st.dx, st.dy, 1) && lands(c, st.dx, st.dy, 2)
                            }),
                        moves: true,
                        captures: false,
                    }),
                });
                moves.push(KindMoves {
                    quiet: leap_table(&geo, &quiet_offsets),
                    capture: leap_table(&geo, &capture_offsets),
                    capture_from: leap_table(&geo, &reverse),
                    orth,
                    diag,
                    extra,
                    initial_cells,
                    leaps: !quiet_offsets.is_empty() || !capture_offsets.is_empty(),
                    shifts,
                    drop_cells: cells_where(&|sq| {
                        let c = geo.cell(sq).expect("playable");
                        steps
                            .iter()
                            .any(|st| !st.initial && lands(c, st.dx, st.dy, 1))
                    }),
                });
            }
        }
        let empty = || KindMoves {
            quiet: leap_table(&geo, &[]),
            capture: leap_table(&geo, &[]),
            capture_from: leap_table(&geo, &[]),
            orth: 0,
            diag: 0,
            extra: Vec::new(),
            initial_cells: B::EMPTY,
            leaps: false,
            shifts: None,
            drop_cells: B::EMPTY,
        };
        let mut slots: Vec<KindMoves<B>> = (0..MAX_SEATS * MAX_KINDS).map(|_| empty()).collect();
        for (i, km) in moves.into_iter().enumerate() {
            slots[(i / nk) * MAX_KINDS + i % nk] = km;
        }
        let moves: Box<[KindMoves<B>; MAX_SEATS * MAX_KINDS]> = slots
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("one slot per seat and kind"));
        let mut promotion_zone = [B::EMPTY; MAX_SEATS];
        let mut back_rank = [B::EMPTY; MAX_SEATS];
        let mut enemy_seats = [0u8; MAX_SEATS];
        for s in 0..seats {
            let seat = Seat(s);
            let depth = variant.depth(seat);
            let zone = variant.rules.promotion_ranks;
            promotion_zone[s as usize] =
                cells_where(&|sq| variant.relative_rank(seat, sq) >= depth - zone);
            back_rank[s as usize] = cells_where(&|sq| variant.relative_rank(seat, sq) == 0);
            enemy_seats[s as usize] = (0..seats)
                .filter(|&o| !variant.allied(seat, Seat(o)))
                .fold(0, |m, o| m | 1 << o);
        }
        if variant.rules.promote_on_enemy_back_ranks {
            for s in 0..seats as usize {
                for o in (0..seats as usize).filter(|&o| enemy_seats[s] & 1 << o != 0) {
                    promotion_zone[s] |= back_rank[o];
                }
            }
        }
        let start_counts = crate::notation::fen4::start_counts(&variant);
        let mut promotion_approach = [B::EMPTY; MAX_SEATS];
        for (s, approach) in promotion_approach
            .iter_mut()
            .enumerate()
            .take(seats as usize)
        {
            for k in (0..nk).filter(|&k| !variant.pieces[k].promotions.is_empty()) {
                let km = &moves[s * MAX_KINDS + k];
                let zone = promotion_zone[s];
                let by_extra = |c: u8| {
                    km.extra.iter().any(|e| {
                        let mut at = c;
                        (0..if e.range == 0 { 16 } else { e.range }).any(|_| {
                            at = if at == NONE { NONE } else { e.next[at] };
                            at != NONE && zone.has(at)
                        })
                    })
                };
                *approach |= geo
                    .playable_cells()
                    .filter(|&c| !((km.quiet[c] | km.capture[c]) & zone).is_empty() || by_extra(c))
                    .fold(B::EMPTY, |b, c| b | B::bit(c));
            }
        }
        let mut castle_landing = [[(NONE, NONE); 2]; MAX_SEATS];
        if let Some(c) = &variant.rules.castling
            && let crate::variant::CastleLanding::Files {
                king: king_files,
                rook: rook_files,
            } = c.landing
        {
            for s in 0..seats as usize {
                let back = back_rank[s];
                for (wing, landing) in castle_landing[s].iter_mut().enumerate() {
                    // The landing files count along the back rank from the low end.
                    let along = |f: u8| {
                        back.iter().find(|&cell| {
                            let sq = geo.square(cell);
                            match variant.seats[s].forward {
                                crate::variant::Forward::North | crate::variant::Forward::South => {
                                    sq.file() == f
                                }
                                _ => sq.rank() == f,
                            }
                        })
                    };
                    if let (Some(k), Some(r)) = (along(king_files[wing]), along(rook_files[wing])) {
                        *landing = (k, r);
                    }
                }
            }
        }
        let promoting_kinds = variant
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.promotions.is_empty())
            .fold(0u16, |m, (k, _)| m | 1 << k);
        let line = |vertical: bool| {
            CellTable::from_fn(|c| {
                if (c as usize) >= geo.cells() || !geo.is_playable(c) {
                    return B::EMPTY;
                }
                let here = geo.square(c);
                cells_where(&|sq| {
                    if vertical {
                        sq.file() == here.file()
                    } else {
                        sq.rank() == here.rank()
                    }
                })
            })
        };
        let forward_lines = [line(true), line(false)];
        let mut swap_partners = [0u8; MAX_SEATS];
        if variant.rules.partner_pawn_swap {
            for s in 0..seats as usize {
                let back = variant.seats[s].forward.orient(0, -1);
                for o in (0..seats as usize).filter(|&o| o != s && enemy_seats[s] & (1 << o) == 0) {
                    if variant.seats[o].forward.orient(0, 1) == back {
                        swap_partners[s] |= 1 << o;
                    }
                }
            }
        }
        let decided = std::array::from_fn(|alive: usize| {
            let mut teams = 0;
            let mut seen = 0usize;
            for s in (0..seats as usize).filter(|&s| alive & (1 << s) != 0) {
                if seen & (1 << s) == 0 {
                    teams += 1;
                    seen |= ((1 << seats) - 1) & !(enemy_seats[s] as usize);
                }
            }
            teams <= 1
        });
        let castle_steps = match variant.rules.castling.as_ref().map(|c| c.landing) {
            Some(crate::variant::CastleLanding::KingSteps(n)) => n,
            _ => 0,
        };
        let ahead = std::array::from_fn(|s| match variant.seats.get(s) {
            Some(info) => {
                let (dx, dy) = info.forward.orient(0, 1);
                step_table(&geo, dx, dy)
            }
            None => CellTable::from_fn(|_| NONE),
        });
        Rules {
            ahead,
            castle_steps,
            swap_partners,
            decided,
            promotion_approach,
            enemy_seats,
            start_counts,
            multi: seats > 2,
            seat_state: !variant.seat_rules.is_empty(),
            promoting_kinds,
            forward_lines,
            castle_landing,
            variant,
            attacks,
            moves,
            kinds: nk,
            orth_kinds,
            diag_kinds,
            leap_kinds,
            extra_kinds,
            royal_kinds,
            pawn_kinds,
            promotion_zone,
            back_rank,
            pin_legality,
        }
    }

    /// Cells in line with `cell` along `seat`'s forward axis.
    #[inline(always)]
    pub fn forward_line(&self, seat: Seat, cell: u8) -> B {
        use crate::variant::Forward;
        match self.variant.seats[seat.idx()].forward {
            Forward::North | Forward::South => self.forward_lines[0][cell],
            Forward::East | Forward::West => self.forward_lines[1][cell],
        }
    }

    /// How `kind` moves for `seat`.
    #[inline(always)]
    pub fn moves(&self, seat: Seat, kind: Kind) -> &KindMoves<B> {
        &self.moves[(seat.idx() * MAX_KINDS + kind.idx()) & (MAX_SEATS * MAX_KINDS - 1)]
    }

    /// Cells a kind's unlimited line rides reach from `from` given `occ`,
    /// the first blocker of each line included.
    #[inline(always)]
    pub fn ride(&self, km: &KindMoves<B>, from: u8, occ: B) -> B {
        let mut t = B::EMPTY;
        if km.orth != 0 {
            t |= self.attacks.rook(from, occ);
        }
        if km.diag != 0 {
            t |= self.attacks.bishop(from, occ);
        }
        t
    }

    /// Number of seats.
    #[inline(always)]
    pub fn seats(&self) -> u8 {
        self.variant.seats.len() as u8
    }
}
