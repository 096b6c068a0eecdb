//! A variant compiled for one bitboard width: every table move generation
//! reads, built once and shared by all positions of that variant.

use crate::attacks::{Attacks, CellTable, HasSliders, leap_table};
use crate::hand::HandKinds;
use crate::piece::{Kind, MAX_KINDS, MAX_SEATS, Seat};
use crate::square::Square;
use crate::variant::{CastleLanding, Castling, Forward, TeamOut, Variant};
use std::sync::Arc;

/// One unit step from every cell, in one direction: the cell it leads to,
/// or the cell itself where it leaves the board. A step never leads a cell
/// to itself, so no cell index (all 256 are cells on a 16 x 16 board) has
/// to double as a "no cell" marker.
#[derive(Debug, Clone)]
pub struct StepTable(CellTable<u8>);

impl StepTable {
    /// The step `(dx, dy)` on `geo`.
    fn new(geo: &crate::geometry::Geometry, dx: i8, dy: i8) -> StepTable {
        StepTable(CellTable::from_fn(|c| {
            if (c as usize) < geo.cells() && geo.is_playable(c) {
                geo.offset(c, dx as i32, dy as i32).unwrap_or(c)
            } else {
                c
            }
        }))
    }

    /// The cell one step on from `cell`, if it is on the board.
    #[inline(always)]
    pub fn from(&self, cell: u8) -> Option<u8> {
        let n = self.0[cell];
        (n != cell).then_some(n)
    }
}

/// A step that is neither a plain leap nor a full line ride: a ride of
/// limited range, a partial ride, or a lame or initial-only leap.
#[derive(Debug, Clone)]
pub struct ExtraStep {
    /// One unit step on.
    pub next: StepTable,
    /// One unit step back.
    pub prev: StepTable,
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
    /// Lands only after exactly `range` steps, every cell passed occupied
    /// (a leap that must jump, Betza `j`).
    pub hop: bool,
}

/// No cell, for en passant fields (a skipped cell lies between two others
/// on a line, so it is never cell 255, a corner).
pub const NONE: u8 = u8::MAX;

impl ExtraStep {
    /// Where this step leads from `from` given occupancy `occ`: the empty
    /// cells it may land on, and the first occupied cell on its path if it
    /// could land there (a capture, when that piece is an enemy's).
    #[inline]
    pub fn reach<B: crate::bitboard::Bitboard>(&self, from: u8, occ: B) -> (B, Option<u8>) {
        if self.hop {
            return self.hop_reach(from, occ);
        }
        let mut empty = B::EMPTY;
        let mut c = from;
        let mut n = 0u8;
        loop {
            let Some(next) = self.next.from(c) else {
                return (empty, None);
            };
            c = next;
            n += 1;
            if self.range != 0 && n > self.range {
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

    /// [`ExtraStep::reach`] of a leap that must jump: over occupied cells
    /// only, onto the cell `range` steps on.
    fn hop_reach<B: crate::bitboard::Bitboard>(&self, from: u8, occ: B) -> (B, Option<u8>) {
        let mut c = from;
        for n in 1..=self.range {
            let Some(next) = self.next.from(c) else {
                return (B::EMPTY, None);
            };
            c = next;
            if n < self.range && !occ.has(c) {
                return (B::EMPTY, None);
            }
        }
        if occ.has(c) {
            (B::EMPTY, Some(c))
        } else {
            (B::bit(c), None)
        }
    }

    /// The cell a piece on `cell`'s side of this step would leap from to
    /// land on `cell` by a jump over occupied cells, if every cell between
    /// is occupied.
    pub fn hop_origin<B: crate::bitboard::Bitboard>(&self, cell: u8, occ: B) -> Option<u8> {
        let mut c = cell;
        for n in 1..=self.range {
            c = self.prev.from(c)?;
            if n < self.range && !occ.has(c) {
                return None;
            }
        }
        Some(c)
    }
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
    pub(crate) variant: Variant,
    /// Line attacks of its geometry.
    pub(crate) attacks: Arc<Attacks<B>>,
    /// Indexed by `seat * MAX_KINDS + kind`; unused slots hold empty tables.
    moves: Arc<[KindMoves<B>; MAX_SEATS * MAX_KINDS]>,
    /// Number of piece kinds.
    pub(crate) kinds: usize,
    /// The kinds a hand holds, and their slots in `Position::hands`.
    pub(crate) hand_kinds: HandKinds,
    /// Kinds with an orthogonal capturing ride.
    pub(crate) orth_kinds: u16,
    /// Kinds with a diagonal capturing ride.
    pub(crate) diag_kinds: u16,
    /// Kinds with capturing plain leaps.
    pub(crate) leap_kinds: u16,
    /// Per cell: where a leap of any kind and seat that lands there starts.
    /// Most cells have no leaper there, which one test tells.
    pub(crate) leap_reach: CellTable<B>,
    /// Kinds with capturing extra steps.
    pub(crate) extra_kinds: u16,
    /// Royal kinds.
    pub(crate) royal_kinds: u16,
    /// Pawn kinds.
    pub(crate) pawn_kinds: u16,
    /// Per seat: the cells where its pawns promote.
    pub(crate) promotion_zone: [B; MAX_SEATS],
    /// Per seat: its first rank.
    pub(crate) back_rank: [B; MAX_SEATS],
    /// Legal moves can be found by pins and check masks instead of trying
    /// each move: only line rides and plain leaps capture, royals only leap.
    pub(crate) pin_legality: bool,
    /// Kinds that promote.
    pub(crate) promoting_kinds: u16,
    /// Per seat: the cells in line with each cell along the seat's forward
    /// axis (a file for seats moving north or south), for the pawn-file drop rule.
    pub(crate) forward_lines: [CellTable<B>; 2],
    /// Per seat and wing (low files, high files): king and rook landing cells.
    pub(crate) castle_landing: [[(u8, u8); 2]; MAX_SEATS],
    /// Per seat: the seats not on its team, as a bit set.
    pub(crate) enemy_seats: [u8; MAX_SEATS],
    /// Per seat and kind: how many the start position has (promotion to
    /// lost pieces compares the board with these).
    pub(crate) start_counts: [[u8; MAX_KINDS]; MAX_SEATS],
    /// Per seat and kind: the count of pieces of the kind the seat holds
    /// from which its pawns no longer promote to it; 0 for no limit.
    pub(crate) promotion_limits: [[u8; MAX_KINDS]; MAX_SEATS],
    /// The seats with a promotion limit, as a bit set.
    pub(crate) limited_seats: u8,
    /// The seats whose power bars taking back a capturer (`no-revenge`),
    /// as a bit set: every move of a line-up watches their pieces.
    pub(crate) revenge_seats: u8,
    /// The seats whose pieces are captured only by opponents who earned
    /// it (`neutral`), as a bit set: every capture of a line-up is counted
    /// for them.
    pub(crate) neutral_seats: u8,
    /// The seats whose nation shelters a piece (`shelter`), as a bit set.
    pub(crate) shelter_seats: u8,
    /// The seats whose nation's kinds are captured only from near enough
    /// (`capture-range`), as a bit set.
    pub(crate) range_seats: u8,
    /// The seats whose power destroys idle pieces (`destroy-idle`): every
    /// turn of a line-up watches which pieces stand still.
    pub(crate) idle_seats: u8,
    /// The seats whose capturers stand still and guarded
    /// (`freeze-capturer`), as a bit set: every turn of a line-up keeps
    /// their per-piece marks (`Position::plane`).
    pub(crate) freeze_seats: u8,
    /// The line-up's militia (`power/militia.rs`): their kinds (none
    /// without the power) and per army the area they keep to.
    pub(crate) militia: crate::power::MilitiaRules<B>,
    /// The seats whose pawns dig in (`trenches`), as a bit set: every turn
    /// of a line-up keeps their moved pawns' cells.
    pub(crate) trench_seats: u8,
    /// The seats whose army starts in reserve (`deploy`), as a bit set:
    /// they are in the game by their reserve too, and their drops deploy.
    pub(crate) deploy_seats: u8,
    /// The seats whose nation raises a wall (`wall`), as a bit set: moves
    /// and attacks of a line-up with one are checked against it.
    pub(crate) wall_seats: u8,
    /// The seats whose turn goes on after their move while they move
    /// again for sacrifices (`fear`), as a bit set.
    pub(crate) fear_seats: u8,
    /// The seats that roll dice (`assassinate`, `insanity`), as a bit
    /// set: a turn of theirs may be several steps, a roll among them.
    pub(crate) dice_seats: u8,
    /// The seats that hide a piece (`stealth`), as a bit set: where one
    /// hides, the others move by their view and their moves are resolved.
    pub(crate) stealth_seats: u8,
    /// The seats whose army rides inside knights (`cargo`), as a bit set:
    /// they are in the game by a king inside a knight too, and what their
    /// knights carry is hidden from the others.
    pub(crate) cargo_seats: u8,
    /// The seats whose pieces are face-down cards (`secrecy`), a bit set:
    /// where one is, the others move by their views, and the seat bluffs.
    pub(crate) secret_seats: u8,
    /// The seats whose dice are `insanity`'s, as a bit set (among
    /// `dice_seats`).
    pub(crate) insanity_seats: u8,
    /// More than two seats: en passant entries per seat, turn order with
    /// frozen, removed and combined armies.
    pub(crate) multi: bool,
    /// Armies change hands (`checkmate = "transfers"`): the seat to move
    /// commands every army it has taken (`movegen/armies.rs`).
    pub(crate) transfers: bool,
    /// The variant keeps per-seat counters or actions.
    pub(crate) seat_state: bool,
    /// The variant scores points (`[points]`): moves are played and games
    /// end through `position/points.rs`.
    pub(crate) scoring: bool,
    /// King of the Hill (`[points] hill`): the cells that score at the
    /// start of each turn (empty elsewhere), and the total that wins.
    pub(crate) hill: B,
    pub(crate) hill_wins_at: i16,
    /// European Chess with Checks (`escape_check`).
    pub(crate) escape_check: bool,
    /// European Chess with Lightning: an ordinary capture calls for draws
    /// from the deck (`position/lightning.rs`).
    pub(crate) lightning: bool,
    /// With Lightning: per seat, the deck index of the nation it plays in
    /// this line-up.
    pub(crate) lightning_cards: [u8; MAX_SEATS],
    /// Capture the Flag: the enemy flags a team brings home to win (0: no
    /// flags), and per seat its home, the corner its royal piece starts
    /// on (`NONE` without flags).
    pub(crate) flags_to_win: u8,
    /// The kinds that keep a seat in the game: its royal kinds, or with
    /// flags (where kings are taken like other pieces) every kind.
    pub(crate) alive_kinds: u16,
    pub(crate) flag_home: [u8; MAX_SEATS],
    /// Per seat: cells from which a promoting kind's leap reaches the
    /// promotion zone (only those pawns need the lost-piece count).
    pub(crate) promotion_approach: [B; MAX_SEATS],
    /// Per seat: the partner seats whose pawns face its own (they may swap).
    pub(crate) swap_partners: [u8; MAX_SEATS],
    /// Squares the king moves when castling by steps (four-player chess), or
    /// 0 where `castle_landing` gives fixed cells.
    pub(crate) castle_steps: u8,
    /// Whether king and rook always land side by side, so the king's and
    /// the rook's paths together cover every cell between them: castling
    /// is then refused at once while one of those cells is taken.
    pub(crate) castle_paths_span: bool,
    /// Per seat: the kinds that only ride lines (rook, bishop, queen: no
    /// leap, no other step, no promotion), whose moves are one lookup each.
    /// Move generation asks it per kind and node: read from the movement
    /// tables, the test took about 2% of chess perft's instructions.
    pub(crate) pure_riders: [u16; MAX_SEATS],
    /// Per set of seats that still have a royal piece: whether at most one
    /// team is left, so the game is decided.
    pub(crate) decided: [bool; 1 << MAX_SEATS],
    /// Per set of seats that still have a royal piece: the seats of the
    /// teams still in (see `TeamOut`).
    pub(crate) standing: [u8; 1 << MAX_SEATS],
    /// Per seat: one step forward from each cell.
    pub(crate) ahead: [StepTable; MAX_SEATS],
    /// Per seat: its nation's powers (a line-up's; empty otherwise).
    pub(crate) powers: [Vec<crate::power::Power<B>>; MAX_SEATS],
    /// Indexed by `seat * MAX_KINDS + kind`: what the kind promotes to in
    /// that seat's army (a line-up's nations differ; otherwise the kind's
    /// own `promotions`).
    promotions: Box<[Vec<Kind>; MAX_SEATS * MAX_KINDS]>,
}

/// Which kinds do what, gathered while compiling their moves.
#[derive(Default)]
struct KindSets {
    orth: u16,
    diag: u16,
    leap: u16,
    extra: u16,
    royal: u16,
    pawn: u16,
    /// False once a kind captures by an extra step or a royal rides.
    pin_legality: bool,
}

/// The compile of one variant: the geometry's helpers shared by the steps.
struct Compiler<'a, B> {
    variant: &'a Variant,
    geo: &'a crate::geometry::Geometry,
    _width: std::marker::PhantomData<B>,
}

impl<B: HasSliders> Compiler<'_, B> {
    /// The playable cells whose square satisfies `f`.
    fn cells_where(&self, f: impl Fn(Square) -> bool) -> B {
        self.geo
            .playable_cells()
            .filter(|&c| f(self.geo.square(c)))
            .fold(B::EMPTY, |b, c| b | B::bit(c))
    }

    /// Whether `n` steps of `(dx, dy)` from `c` stay on the board.
    fn lands(&self, c: u8, dx: i8, dy: i8, n: i32) -> bool {
        self.geo.offset(c, dx as i32 * n, dy as i32 * n).is_some()
    }

    /// How kind `k` moves for `seat`, its membership recorded in `sets`.
    fn kind_moves(&self, seat: Seat, k: usize, sets: &mut KindSets) -> KindMoves<B> {
        let (variant, geo) = (self.variant, self.geo);
        let info = &variant.pieces[k];
        let bit = 1u16 << k;
        let fwd = variant.seats[seat.idx()].forward;
        let steps: Vec<_> = info
            .movement
            .steps
            .iter()
            .map(|st| {
                let (dx, dy) = fwd.orient(st.dx, st.dy);
                crate::betza::Step { dx, dy, ..*st }
            })
            .collect();
        // A ride in all four directions of a kind uses the slider tables.
        let ride_mode = |diagonal: bool| -> u8 {
            let dirs = steps
                .iter()
                .filter(|st| st.is_line_ride() && ((st.dx != 0 && st.dy != 0) == diagonal))
                .count();
            if dirs == 4 { MOVE | CAPTURE } else { 0 }
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
        let extra_steps: Vec<_> = steps
            .iter()
            .filter(|st| !st.is_plain_leap() && !in_rides(st))
            .collect();
        let extra: Vec<ExtraStep> = extra_steps
            .iter()
            .map(|st| ExtraStep {
                next: StepTable::new(geo, st.dx, st.dy),
                prev: StepTable::new(geo, -st.dx, -st.dy),
                range: st.range,
                exact: st.lame,
                moves: st.moves,
                captures: st.captures,
                initial: st.initial,
                hop: st.hop,
            })
            .collect();
        if orth & CAPTURE != 0 {
            sets.orth |= bit;
        }
        if diag & CAPTURE != 0 {
            sets.diag |= bit;
        }
        if !capture_offsets.is_empty() {
            sets.leap |= bit;
        }
        if extra.iter().any(|e| e.captures) {
            sets.extra |= bit;
            sets.pin_legality = false;
        }
        if info.royal {
            sets.royal |= bit;
            if orth != 0 || diag != 0 || !extra.is_empty() {
                sets.pin_legality = false;
            }
        }
        if info.pawn {
            sets.pawn |= bit;
        }
        let initial_cells = self.cells_where(|sq| {
            info.initial_ranks
                .contains(&(variant.relative_rank(seat, sq) + 1))
        });
        let doubles: Vec<_> = extra
            .iter()
            .zip(&extra_steps)
            .filter(|(e, _)| e.initial && e.exact && e.range == 2 && e.moves && !e.captures)
            .map(|(_, st)| *st)
            .collect();
        let shiftable = orth == 0
            && diag == 0
            && !info.royal
            && doubles.len() == extra.len()
            && doubles.len() <= 1
            // A shift per leap direction beats a lookup per piece only for
            // kinds with few directions and many pieces: pawns, not knights.
            && steps.iter().filter(|st| st.is_plain_leap()).count() <= 4;
        let shifts =
            shiftable.then(|| self.shifts(&steps, doubles.first().copied(), initial_cells));
        KindMoves {
            quiet: leap_table(geo, &quiet_offsets),
            capture: leap_table(geo, &capture_offsets),
            capture_from: leap_table(geo, &reverse),
            orth,
            diag,
            extra,
            initial_cells,
            leaps: !quiet_offsets.is_empty() || !capture_offsets.is_empty(),
            shifts,
            drop_cells: self.cells_where(|sq| {
                let c = geo.cell(sq).expect("playable");
                steps
                    .iter()
                    .any(|st| !st.initial && self.lands(c, st.dx, st.dy, 1))
            }),
        }
    }

    /// A leaping kind's moves as whole-board shifts.
    fn shifts(
        &self,
        steps: &[crate::betza::Step],
        double: Option<&crate::betza::Step>,
        initial_cells: B,
    ) -> Shifts<B> {
        let geo = self.geo;
        let delta = |st: &crate::betza::Step| st.dy as i32 * geo.width() as i32 + st.dx as i32;
        Shifts {
            steps: steps
                .iter()
                .filter(|st| st.is_plain_leap())
                .map(|st| ShiftStep {
                    delta: delta(st),
                    src: self.cells_where(|sq| {
                        self.lands(geo.cell(sq).expect("playable"), st.dx, st.dy, 1)
                    }),
                    moves: st.moves,
                    captures: st.captures,
                })
                .collect(),
            double: double.map(|st| ShiftStep {
                delta: delta(st),
                src: initial_cells
                    & self.cells_where(|sq| {
                        let c = geo.cell(sq).expect("playable");
                        self.lands(c, st.dx, st.dy, 1) && self.lands(c, st.dx, st.dy, 2)
                    }),
                moves: true,
                captures: false,
            }),
        }
    }

    /// Every kind's moves for every seat, one slot per seat and kind.
    fn all_moves(&self, sets: &mut KindSets) -> Box<[KindMoves<B>; MAX_SEATS * MAX_KINDS]> {
        let nk = self.variant.pieces.len();
        let seats = self.variant.seat_count() as usize;
        let slots: Vec<KindMoves<B>> = (0..MAX_SEATS * MAX_KINDS)
            .map(|i| {
                let (s, k) = (i / MAX_KINDS, i % MAX_KINDS);
                if s < seats && k < nk {
                    self.kind_moves(Seat(s as u8), k, sets)
                } else {
                    self.no_moves()
                }
            })
            .collect();
        slots
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("one slot per seat and kind"))
    }

    /// The moves of an unused slot.
    fn no_moves(&self) -> KindMoves<B> {
        KindMoves {
            quiet: leap_table(self.geo, &[]),
            capture: leap_table(self.geo, &[]),
            capture_from: leap_table(self.geo, &[]),
            orth: 0,
            diag: 0,
            extra: Vec::new(),
            initial_cells: B::EMPTY,
            leaps: false,
            shifts: None,
            drop_cells: B::EMPTY,
        }
    }

    /// Per seat: the promotion zone, the first rank and the enemy seats.
    fn zones(&self) -> ([B; MAX_SEATS], [B; MAX_SEATS], [u8; MAX_SEATS]) {
        let variant = self.variant;
        let seats = variant.seat_count();
        let mut promotion_zone = [B::EMPTY; MAX_SEATS];
        let mut back_rank = [B::EMPTY; MAX_SEATS];
        let mut enemy_seats = [0u8; MAX_SEATS];
        for s in 0..seats {
            let seat = Seat(s);
            // The check refuses zones deeper than the board; saturate anyway,
            // for variants changed after loading.
            let first = variant
                .depth(seat)
                .saturating_sub(variant.rules.promotion_ranks);
            promotion_zone[s as usize] = match variant.seat_promotion_areas.get(s as usize) {
                Some(areas) if !areas.is_empty() => {
                    let (fwd, size) = (variant.seats[s as usize].forward, variant.geometry.width());
                    areas
                        .iter()
                        .fold(B::EMPTY, |b, a| b | a.cells::<B>(fwd, size))
                }
                _ => self.cells_where(|sq| variant.relative_rank(seat, sq) >= first),
            };
            back_rank[s as usize] = self.cells_where(|sq| variant.relative_rank(seat, sq) == 0);
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
        (promotion_zone, back_rank, enemy_seats)
    }

    /// Per seat: cells from which a promoting kind's move reaches the zone.
    fn promotion_approach(
        &self,
        moves: &[KindMoves<B>; MAX_SEATS * MAX_KINDS],
        promotion_zone: &[B; MAX_SEATS],
    ) -> [B; MAX_SEATS] {
        let variant = self.variant;
        let mut approach = [B::EMPTY; MAX_SEATS];
        for (s, approach) in approach
            .iter_mut()
            .enumerate()
            .take(variant.seat_count() as usize)
        {
            let zone = promotion_zone[s];
            for k in (0..variant.pieces.len()).filter(|&k| !variant.pieces[k].promotions.is_empty())
            {
                let km = &moves[s * MAX_KINDS + k];
                let by_extra = |c: u8| {
                    km.extra.iter().any(|e| {
                        let mut at = Some(c);
                        (0..if e.range == 0 { 16 } else { e.range }).any(|_| {
                            at = at.and_then(|a| e.next.from(a));
                            at.is_some_and(|a| zone.has(a))
                        })
                    })
                };
                *approach |= self
                    .geo
                    .playable_cells()
                    .filter(|&c| !((km.quiet[c] | km.capture[c]) & zone).is_empty() || by_extra(c))
                    .fold(B::EMPTY, |b, c| b | B::bit(c));
            }
        }
        approach
    }

    /// Per seat and wing: the king's and rook's landing cells, for castling
    /// to fixed files (`NONE` where a seat's first rank lacks the file).
    fn castle_landing(&self, back_rank: &[B; MAX_SEATS]) -> [[(u8, u8); 2]; MAX_SEATS] {
        let variant = self.variant;
        let mut castle_landing = [[(NONE, NONE); 2]; MAX_SEATS];
        let Some(Castling {
            landing: CastleLanding::Files { king, rook },
            ..
        }) = &variant.rules.castling
        else {
            return castle_landing;
        };
        for (s, landings) in castle_landing
            .iter_mut()
            .enumerate()
            .take(variant.seat_count() as usize)
        {
            // The landing files count along the back rank from the low end.
            let along = |f: u8| {
                back_rank[s].iter().find(|&cell| {
                    let sq = self.geo.square(cell);
                    match variant.seats[s].forward {
                        Forward::North | Forward::South => sq.file() == f,
                        Forward::East | Forward::West => sq.rank() == f,
                    }
                })
            };
            for (wing, landing) in landings.iter_mut().enumerate() {
                if let (Some(k), Some(r)) = (along(king[wing]), along(rook[wing])) {
                    *landing = (k, r);
                }
            }
        }
        castle_landing
    }

    /// The cells of each file (index 0) and each rank (index 1) through a cell.
    fn forward_lines(&self) -> [CellTable<B>; 2] {
        let line = |vertical: bool| {
            CellTable::from_fn(|c| {
                if (c as usize) >= self.geo.cells() || !self.geo.is_playable(c) {
                    return B::EMPTY;
                }
                let here = self.geo.square(c);
                self.cells_where(|sq| {
                    if vertical {
                        sq.file() == here.file()
                    } else {
                        sq.rank() == here.rank()
                    }
                })
            })
        };
        [line(true), line(false)]
    }

    /// Per seat: the partners whose pawns face its own.
    fn swap_partners(&self, enemy_seats: &[u8; MAX_SEATS]) -> [u8; MAX_SEATS] {
        let variant = self.variant;
        let seats = variant.seat_count() as usize;
        let mut swap_partners = [0u8; MAX_SEATS];
        if variant.rules.partner_pawn_swap {
            for (s, partners) in swap_partners.iter_mut().enumerate().take(seats) {
                let back = variant.seats[s].forward.orient(0, -1);
                for o in (0..seats).filter(|&o| o != s && enemy_seats[s] & (1 << o) == 0) {
                    if variant.seats[o].forward.orient(0, 1) == back {
                        *partners |= 1 << o;
                    }
                }
            }
        }
        swap_partners
    }

    /// Per set of seats with a royal left: the seats of the teams still in.
    /// A team is in while one of its seats has a royal piece, or, where
    /// one seat going out takes the team out, while all of them have.
    fn standing(&self, enemy_seats: &[u8; MAX_SEATS]) -> [u8; 1 << MAX_SEATS] {
        let seats = self.variant.seat_count() as usize;
        let all = (1usize << seats) - 1;
        let one_seat = self.variant.rules.team_out == TeamOut::OneSeat;
        std::array::from_fn(|alive: usize| {
            (0..seats).fold(0u8, |standing, s| {
                let team = all & !(enemy_seats[s] as usize);
                let is_in = if one_seat {
                    alive & team == team
                } else {
                    alive & team != 0
                };
                if is_in {
                    standing | team as u8
                } else {
                    standing
                }
            })
        })
    }

    /// Per seat and kind: what the kind promotes to in that seat's army.
    fn promotions(&self) -> Box<[Vec<Kind>; MAX_SEATS * MAX_KINDS]> {
        let v = self.variant;
        Box::new(std::array::from_fn(|i| {
            let (seat, kind) = (i / MAX_KINDS, i % MAX_KINDS);
            let own = v.pieces.get(kind).map(|p| &p.promotions);
            match (own, v.seat_promotions.get(seat)) {
                (Some(own), Some(nation)) if !own.is_empty() => nation.clone(),
                (Some(own), _) => own.clone(),
                (None, _) => Vec::new(),
            }
        }))
    }

    /// Per seat: its nation's powers, turned to its corner.
    fn powers(&self) -> [Vec<crate::power::Power<B>>; MAX_SEATS] {
        let v = self.variant;
        let size = v.geometry.width();
        std::array::from_fn(|s| match (v.powers.get(s), v.seats.get(s)) {
            (Some(specs), Some(seat)) => {
                let renames = v.seat_letters.get(s).map_or(&[][..], Vec::as_slice);
                specs
                    .iter()
                    .map(|p| {
                        crate::power::Power::compile(p, seat.forward, size, &v.pieces, renames)
                    })
                    .collect()
            }
            _ => Vec::new(),
        })
    }

    /// Per set of seats with a royal left: whether at most one team remains.
    fn decided(
        &self,
        standing: &[u8; 1 << MAX_SEATS],
        enemy_seats: &[u8; MAX_SEATS],
    ) -> [bool; 1 << MAX_SEATS] {
        std::array::from_fn(|alive: usize| {
            let left = standing[alive];
            // One team left: its lowest seat's team is all of them.
            left == 0 || {
                let first = left.trailing_zeros() as usize;
                left & enemy_seats[first] == 0
            }
        })
    }

    /// Per seat: one step forward from each cell.
    fn ahead(&self) -> [StepTable; MAX_SEATS] {
        std::array::from_fn(|s| match self.variant.seats.get(s) {
            Some(info) => {
                let (dx, dy) = info.forward.orient(0, 1);
                StepTable::new(self.geo, dx, dy)
            }
            None => StepTable::new(self.geo, 0, 0),
        })
    }
}

/// Per seat, the kinds of [`Rules::pure_riders`], given which kinds promote.
fn pure_riders<B: crate::bitboard::Bitboard>(
    moves: &[KindMoves<B>; MAX_SEATS * MAX_KINDS],
    kinds: usize,
    promoting: u16,
) -> [u16; MAX_SEATS] {
    std::array::from_fn(|seat| {
        (0..kinds)
            .filter(|&k| {
                let km = &moves[seat * MAX_KINDS + k];
                !km.leaps && km.extra.is_empty() && km.shifts.is_none() && promoting & (1 << k) == 0
            })
            .fold(0u16, |set, k| set | 1 << k)
    })
}

/// Per cell, the union of the capture tables of the kinds of `leaps` in
/// every seat (unused seats' tables are empty).
fn leap_reach<B: crate::bitboard::Bitboard>(
    moves: &[KindMoves<B>; MAX_SEATS * MAX_KINDS],
    leaps: u16,
) -> CellTable<B> {
    CellTable::from_fn(|c| {
        moves
            .iter()
            .enumerate()
            .filter(|(i, _)| leaps & (1 << (i % MAX_KINDS)) != 0)
            .fold(B::EMPTY, |b, (_, km)| b | km.capture_from[c])
    })
}

impl<B: HasSliders> Rules<B> {
    /// These rules with `other`'s line attacks and move tables, which are
    /// the same where the geometry, seats and kinds are (the line-ups a
    /// Lightning game's draws make): each line-up then costs only what
    /// its nations change.
    pub(crate) fn sharing_tables(mut self, other: &Rules<B>) -> Rules<B> {
        debug_assert_eq!(self.variant.pieces.len(), other.variant.pieces.len());
        self.attacks = other.attacks.clone();
        self.moves = other.moves.clone();
        self
    }
}

impl<B: HasSliders> Rules<B> {
    /// Compile `variant`. Prefer [`Rules::of`], which compiles once.
    pub fn new(variant: Variant) -> Rules<B> {
        let geo = variant.geometry.clone();
        assert!(B::serves(&geo), "board needs a wider bitboard");
        let c = Compiler::<B> {
            variant: &variant,
            geo: &geo,
            _width: std::marker::PhantomData,
        };
        let mut sets = KindSets {
            pin_legality: variant.rules.check,
            ..KindSets::default()
        };
        let moves = c.all_moves(&mut sets);
        let leap_reach = leap_reach(&moves, sets.leap);
        let (promotion_zone, back_rank, enemy_seats) = c.zones();
        let promotion_approach = c.promotion_approach(&moves, &promotion_zone);
        let castle_landing = c.castle_landing(&back_rank);
        let forward_lines = c.forward_lines();
        let swap_partners = c.swap_partners(&enemy_seats);
        let standing = c.standing(&enemy_seats);
        let decided = c.decided(&standing, &enemy_seats);
        let ahead = c.ahead();
        let promoting_kinds = variant
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| !p.promotions.is_empty())
            .fold(0u16, |m, (k, _)| m | 1 << k);
        let pure_riders = pure_riders(&moves, variant.pieces.len(), promoting_kinds);
        let castle_steps = match variant.rules.castling.as_ref().map(|c| c.landing) {
            Some(CastleLanding::KingSteps(n)) => n,
            _ => 0,
        };
        let castle_paths_span = match variant.rules.castling.as_ref().map(|c| c.landing) {
            Some(CastleLanding::KingSteps(_)) => true,
            Some(CastleLanding::Files { king, rook }) => {
                (0..2).all(|w| king[w].abs_diff(rook[w]) == 1)
            }
            None => false,
        };
        // Castling tests no landing cell while it generates moves: the
        // variant checker puts the landing files on every first rank.
        if castle_steps == 0 && variant.rules.castling.is_some() {
            let seats = variant.seat_count() as usize;
            assert!(
                castle_landing[..seats]
                    .iter()
                    .flatten()
                    .all(|&(k, r)| k != NONE && r != NONE),
                "castling landing files off a first rank: the variant was not checked"
            );
        }
        let start_counts = crate::notation::fen4::start_counts(&variant);
        let powers = c.powers();
        let militia = crate::power::militia_rules(&variant, &powers);
        let mut promotion_limits = [[0u8; MAX_KINDS]; MAX_SEATS];
        for (s, limits) in variant
            .seat_promotion_limits
            .iter()
            .enumerate()
            .take(MAX_SEATS)
        {
            for &(k, n) in limits {
                promotion_limits[s][k.idx()] = n;
            }
        }
        // A royal promotion choice is filtered too: only an army still
        // commanded by its own seat gains a royal piece.
        let royal_choice = |s: usize| {
            variant
                .seat_promotions
                .get(s)
                .is_some_and(|c| c.iter().any(|k| variant.pieces[k.idx()].royal))
        };
        let limited_seats = (0..MAX_SEATS)
            .filter(|&s| promotion_limits[s].iter().any(|&n| n != 0) || royal_choice(s))
            .fold(0u8, |m, s| m | 1 << s);
        Rules {
            attacks: Arc::new(Attacks::new(&geo)),
            ahead,
            castle_steps,
            swap_partners,
            decided,
            standing,
            promotion_approach,
            enemy_seats,
            start_counts,
            promotion_limits,
            limited_seats,
            revenge_seats: seats_with_power(&variant, |p| {
                matches!(p, crate::power::PowerSpec::Revenge(_))
            }),
            neutral_seats: seats_with_power(&variant, |p| {
                matches!(p, crate::power::PowerSpec::Neutral(_))
            }),
            shelter_seats: seats_with_power(&variant, |p| {
                matches!(p, crate::power::PowerSpec::Shelter)
            }),
            range_seats: seats_with_power(&variant, |p| {
                matches!(p, crate::power::PowerSpec::Range(_))
            }),
            idle_seats: seats_with_power(&variant, |p| matches!(p, crate::power::PowerSpec::Idle)),
            freeze_seats: seats_with_power(&variant, |p| {
                matches!(p, crate::power::PowerSpec::Freeze(_))
            }),
            militia,
            trench_seats: seats_with_power(&variant, |p| {
                matches!(p, crate::power::PowerSpec::Trenches)
            }),
            deploy_seats: seats_with_power(&variant, |p| {
                matches!(p, crate::power::PowerSpec::Deploy(_))
            }),
            wall_seats: seats_with_power(&variant, |p| {
                matches!(p, crate::power::PowerSpec::Wall(_))
            }),
            fear_seats: seats_with_power(&variant, |p| matches!(p, crate::power::PowerSpec::Fear)),
            dice_seats: seats_with_power(&variant, |p| {
                matches!(
                    p,
                    crate::power::PowerSpec::Assassinate(_) | crate::power::PowerSpec::Insanity
                )
            }),
            insanity_seats: seats_with_power(&variant, |p| {
                matches!(p, crate::power::PowerSpec::Insanity)
            }),
            stealth_seats: seats_with_power(&variant, |p| {
                matches!(p, crate::power::PowerSpec::Stealth(_))
            }),
            cargo_seats: seats_with_power(&variant, |p| {
                matches!(p, crate::power::PowerSpec::Cargo(_))
            }),
            secret_seats: seats_with_power(&variant, |p| {
                matches!(p, crate::power::PowerSpec::Secrecy(_))
            }),
            multi: variant.seat_count() > 2,
            transfers: variant.rules.checkmate == crate::variant::MateRule::Transfers,
            seat_state: !variant.seat_rules.is_empty(),
            scoring: variant.points.as_ref().is_some_and(|p| p.hill.is_empty()),
            hill: variant
                .points
                .iter()
                .flat_map(|p| p.hill.iter())
                .fold(B::EMPTY, |b, &c| b | B::bit(c)),
            hill_wins_at: variant.points.as_ref().and_then(|p| p.wins_at).unwrap_or(0),
            escape_check: variant.rules.escape_check,
            lightning: variant.rules.lightning,
            lightning_cards: variant.lightning_cards(),
            flags_to_win: variant.rules.flags_to_win,
            flag_home: flag_homes(&variant),
            promoting_kinds,
            forward_lines,
            castle_landing,
            castle_paths_span,
            pure_riders,
            kinds: variant.pieces.len(),
            hand_kinds: if variant.rules.drops {
                HandKinds::of(&variant.pieces)
                    .expect("more kinds in hand than a hand holds: the variant was not checked")
            } else {
                HandKinds::default()
            },
            moves: Arc::from(moves),
            orth_kinds: sets.orth,
            diag_kinds: sets.diag,
            leap_kinds: sets.leap,
            leap_reach,
            extra_kinds: sets.extra,
            royal_kinds: sets.royal,
            alive_kinds: if variant.rules.flags_to_win > 0 {
                ((1u32 << variant.pieces.len()) - 1) as u16
            } else {
                // A view's stand-ins may hide the King card.
                sets.royal | crate::power::stand_in_kinds(&powers)
            },
            pawn_kinds: sets.pawn,
            promotion_zone,
            back_rank,
            pin_legality: sets.pin_legality,
            powers,
            promotions: c.promotions(),
            variant,
        }
    }

    /// Cells in line with `cell` along `seat`'s forward axis.
    #[inline(always)]
    pub(crate) fn forward_line(&self, seat: Seat, cell: u8) -> B {
        use crate::variant::Forward;
        match self.variant.seats[seat.idx()].forward {
            Forward::North | Forward::South => self.forward_lines[0][cell],
            Forward::East | Forward::West => self.forward_lines[1][cell],
        }
    }

    /// What a pawn of `kind` of `seat`'s army promotes to.
    #[inline(always)]
    pub(crate) fn promotion_choices(&self, seat: Seat, kind: Kind) -> &[Kind] {
        &self.promotions[(seat.idx() * MAX_KINDS + kind.idx()) & (MAX_SEATS * MAX_KINDS - 1)]
    }

    /// How `kind` moves for `seat`.
    #[inline(always)]
    pub(crate) fn moves(&self, seat: Seat, kind: Kind) -> &KindMoves<B> {
        &self.moves[(seat.idx() * MAX_KINDS + kind.idx()) & (MAX_SEATS * MAX_KINDS - 1)]
    }

    /// Cells a kind's unlimited line rides reach from `from` given `occ`,
    /// the first blocker of each line included.
    #[inline(always)]
    pub(crate) fn ride(&self, km: &KindMoves<B>, from: u8, occ: B) -> B {
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

    /// The line attacks of the board (rook and bishop lines).
    #[inline(always)]
    pub fn attacks(&self) -> &Attacks<B> {
        &self.attacks
    }

    /// Cells a piece of `kind` and `seat` on `cell` attacks or may move to
    /// with `occ` occupied: its leaps, its rides up to and including the
    /// first blocker, and its limited or lame steps (initial-only steps
    /// left out). What an evaluation counts as mobility and king pressure.
    #[inline]
    pub fn piece_reach(&self, seat: Seat, kind: Kind, cell: u8, occ: B) -> B {
        let km = self.moves(seat, kind);
        let mut reach = self.ride(km, cell, occ);
        if km.leaps {
            reach |= km.capture[cell] | km.quiet[cell];
        }
        for e in km.extra.iter().filter(|e| !e.initial) {
            let (empty, blocker) = e.reach(cell, occ);
            reach |= empty;
            if let Some(c) = blocker {
                reach |= B::bit(c);
            }
        }
        reach
    }

    /// Cells that pieces of `kind` and `seat` standing on `from` capture on
    /// (for pawns: the cells they guard).
    #[inline]
    pub fn capture_cells(&self, seat: Seat, kind: Kind, from: B) -> B {
        let km = self.moves(seat, kind);
        match &km.shifts {
            Some(sh) => sh
                .steps
                .iter()
                .filter(|st| st.captures)
                .fold(B::EMPTY, |acc, st| acc | (from & st.src).shift(st.delta)),
            None => from.iter().fold(B::EMPTY, |acc, c| acc | km.capture[c]),
        }
    }
}

/// The seats of `variant` with a power that `is`, as a bit set.
fn seats_with_power(variant: &Variant, is: impl Fn(&crate::power::PowerSpec) -> bool) -> u8 {
    (0..MAX_SEATS)
        .filter(|&s| variant.powers.get(s).is_some_and(|p| p.iter().any(&is)))
        .fold(0u8, |m, s| m | 1 << s)
}

/// Capture the Flag: each seat's home, the corner of the board behind its
/// left hand (a1 for the seat whose pawns go north, turned as the setups
/// of nations are), where its king starts; `NONE` without flags.
fn flag_homes(variant: &Variant) -> [u8; MAX_SEATS] {
    let mut homes = [NONE; MAX_SEATS];
    let geo = &variant.geometry;
    if variant.rules.flags_to_win == 0 || geo.width() != geo.height() {
        return homes;
    }
    for (s, seat) in variant.seats.iter().enumerate() {
        let (f, r) = crate::variant::rotate(seat.forward, (0, 0), geo.width());
        homes[s] = crate::Square::new(f, r)
            .and_then(|sq| geo.cell(sq))
            .unwrap_or(NONE);
    }
    homes
}
