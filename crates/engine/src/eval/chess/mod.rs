//! The chess kernel's static evaluation, from the side to move's point of
//! view, with every weight derived from the variant's data (movement,
//! geometry, seats), and its capture ordering (`exchange.rs`).
//!
//! - **Material.** Pawns are worth [`PAWN`]. Every other non-royal kind is
//!   valued from its expected mobility on a board where each cell is
//!   occupied with probability 0.3 (a ride continues past a cell with
//!   probability 0.7, the blocking cell counts as a target), averaged over
//!   the playable cells: `value = 51 * m^1.09`, which gives the chess knight
//!   310, bishop 354, rook 497 and queen 904. Royal kinds count nothing,
//!   but where armies change hands only a player's last royal piece is
//!   royal: the others (Britain's ministers) count as pieces of their
//!   mobility, [`Eval::spare_royal_values`].
//! - **Hands.** A piece in hand counts [`HAND_BONUS_PCT`] percent above its
//!   board value (it can go anywhere).
//! - **Piece-square terms**, from geometry: non-pawn pieces get
//!   `5 * (mobility from the cell - average mobility)`; pawns get a bonus
//!   growing with the square of their advance along their seat's forward
//!   direction; royals stay back in the middlegame and centralise in the
//!   endgame.
//! - **Mobility**: 2 centipawns per attacked cell not held by a friend,
//!   for non-pawn, non-royal pieces.
//! - **King safety**: enemy pieces hitting the cells around a royal piece
//!   (and enemy non-pawn pieces in hand, which can be dropped there), a
//!   quadratic penalty; friendly pawns next to the royal a small bonus.
//! - **Two-seat terms** (two seats advancing in opposite directions, with
//!   pawns). A *lane* is a file along the axis of advance; every
//!   offset below comes from the pawn kinds' Betza capture steps:
//!   - *Passed pawns* ([`PASSED`]): no enemy pawn in front on the pawn's
//!     own lane or on the lanes enemy pawns capture across (the adjacent
//!     files in chess, only the own lane for a shogi pawn), and no friendly
//!     pawn in front of it. The bonus grows with the square of the advance
//!     up to the last rank before the promotion zone, bigger in the endgame;
//!     only where pawns promote.
//!   - *Doubled pawns* ([`DOUBLED`]): a pawn with a friendly pawn in front
//!     of it on its lane. *Isolated pawns* ([`ISOLATED`]): no friendly pawn
//!     on the lanes from which pawns defend it (none where pawns capture
//!     straight ahead, so shogi has no such term).
//!   - *Lane riders* (kinds with an unlimited forward ride and no
//!     unlimited diagonal one: the rook, shogi's rook and dragon) on a lane
//!     without pawns ([`OPEN_LANE`]) or with enemy pawns only
//!     ([`HALF_OPEN_LANE`]).
//!   - *Pair* ([`PAIR`]): pieces of a colour-bound kind (every step keeps
//!     `(file + rank) % 2`: the bishop) on both colours.
//!   - *Pawn threats* ([`PAWN_THREAT`]): each non-pawn, non-royal piece an
//!     enemy pawn attacks.
//!
//! Every weight named here is a field of [`Weights`](super::weights::Weights),
//! the constants below being their defaults; a variant may carry tuned
//! weights beside its variant file (`crates/rules/variants/eval/`).
//!
//! The evaluation is tapered: piece-square terms of pawns and royals and
//! king safety blend middlegame and endgame weights by the non-pawn
//! material left (board and hands) relative to the start position.

mod duel;
mod exchange;
mod multi;
mod threats;

pub use duel::{DOUBLED, HALF_OPEN_LANE, ISOLATED, OPEN_LANE, PAIR, PASSED, PAWN_THREAT};
pub use multi::{FLAG_HELD, FLAG_STEP, FROZEN_PCT, LAZY_MARGIN, POINT, ROYAL_ALIVE, THREAT_PCT};

use super::Evaluator;
use super::weights::Weights;
use duel::Duel;
use tetrarch_rules::MAX_SEATS;
use tetrarch_rules::family::FamilyVariant;
use tetrarch_rules::variant::{Forward, MateRule, Variant};
use tetrarch_rules::{HasSliders, Kind, Move, Position, Seat};

/// Value of a pawn in centipawns.
pub const PAWN: i32 = 100;
/// Default of how much more a piece in hand is worth than on the board, in percent.
pub const HAND_BONUS_PCT: i32 = 10;
/// Full phase: all non-pawn material of the start position.
const PHASE_MAX: i32 = 256;
/// Chance that a cell blocks a ride in the mobility model.
const BLOCK: f64 = 0.3;

/// Evaluation tables of one variant, built once.
#[derive(Clone, Debug)]
pub struct Eval {
    kinds: usize,
    /// Board value per kind.
    pub values: [i32; 16],
    /// Hand value per kind.
    pub hand_values: [i32; 16],
    royal: u16,
    pawn: u16,
    /// Where only a player's last royal piece is royal (armies change
    /// hands): per royal kind, what each of its pieces beyond the last is
    /// worth; `None` elsewhere.
    spare_royals: Option<[i32; 16]>,
    /// `pst[seat][kind][cell]`: (middlegame, endgame) bonus.
    pst: Vec<[(i16, i16); 256]>,
    start_phase: i32,
    drops: bool,
    /// The variant scores points ([`POINT`] each).
    scoring: bool,
    /// Players out stay on the board, grey, and count for nothing
    /// (chess.com's scoring; not a hill's, where armies change hands).
    greys: bool,
    /// Capture the Flag: flags held and brought home count
    /// ([`FLAG_HELD`], [`FLAG_STEP`]).
    flags: bool,
    /// Pawn-structure and placement tables of a two-seat variant.
    duel: Option<Box<Duel>>,
    /// The weights the tables were built with, and the terms read from them.
    w: Weights,
    /// Games of more than two seats, but not a free-for-all with check
    /// (not measured) or where armies change hands (-30 Elo in
    /// `european-ffa`, docs/engine.md): threats the side to move cannot
    /// answer count ([`Weights::threat_pct`]).
    threats: bool,
    /// The variant has check (royal pieces are never taken).
    check: bool,
}

/// Expected number of targets of a kind from `(x, y)` for seat 0, in the
/// blocking model described in the module documentation.
fn expected_mobility(v: &Variant, kind: Kind, x: i32, y: i32) -> f64 {
    let geo = &v.geometry;
    let playable = |x: i32, y: i32| {
        x >= 0
            && y >= 0
            && x < geo.width() as i32
            && y < geo.height() as i32
            && tetrarch_rules::Square::new(x as u8, y as u8)
                .and_then(|s| geo.cell(s))
                .is_some()
    };
    let fwd = v.seats[0].forward;
    let mut total = 0.0;
    for st in &v.piece(kind).movement.steps {
        if st.initial || !(st.moves || st.captures) {
            continue;
        }
        let (dx, dy) = fwd.orient(st.dx, st.dy);
        let (dx, dy) = (dx as i32, dy as i32);
        if st.lame {
            // Lands after `range` unit steps over empty cells.
            let n = st.range.max(1) as i32;
            if playable(x + dx * n, y + dy * n) {
                total += (1.0 - BLOCK).powi(n - 1);
            }
            continue;
        }
        let range = if st.range == 0 {
            i32::MAX
        } else {
            st.range as i32
        };
        let mut w = 1.0;
        let (mut cx, mut cy, mut n) = (x + dx, y + dy, 1);
        while n <= range && playable(cx, cy) {
            total += w;
            w *= 1.0 - BLOCK;
            cx += dx;
            cy += dy;
            n += 1;
        }
    }
    total
}

impl Eval {
    /// Build the tables of a variant with its weights
    /// ([`Weights::for_variant`]).
    pub fn new(v: &Variant) -> Eval {
        Eval::with_weights(v, &Weights::for_variant(v))
    }

    /// Build the tables of a variant with weights `w` (checked against the
    /// variant beforehand: values of unknown letters are not used).
    pub fn with_weights(v: &Variant, w: &Weights) -> Eval {
        let geo = &v.geometry;
        let kinds = v.pieces.len();
        let cells: Vec<u8> = geo.playable_cells().collect();
        let mut values = [0i32; 16];
        let mut spare = [0i32; 16];
        let mut hand_values = [0i32; 16];
        let (mut royal, mut pawn) = (0u16, 0u16);
        let mut mob = vec![[0f64; 256]; kinds];
        let mut avg = vec![0f64; kinds];
        for k in 0..kinds {
            let info = &v.pieces[k];
            for &c in &cells {
                let sq = geo.square(c);
                mob[k][c as usize] =
                    expected_mobility(v, Kind(k as u8), sq.file() as i32, sq.rank() as i32);
                avg[k] += mob[k][c as usize];
            }
            avg[k] /= cells.len().max(1) as f64;
            let derived = (51.0 * avg[k].powf(1.09)).round() as i32;
            let given = w.value_of(v, Kind(k as u8));
            if info.royal {
                royal |= 1 << k;
                spare[k] = given.unwrap_or(derived);
            } else if info.pawn {
                pawn |= 1 << k;
                values[k] = given.unwrap_or(PAWN);
            } else {
                values[k] = given.unwrap_or(derived);
            }
            hand_values[k] = values[k] * (100 + w.hand_bonus_pct) / 100;
        }
        stand_in_values(v, &mut values);
        let mut pst = vec![[(0i16, 0i16); 256]; v.seats.len() * 16];
        for s in 0..v.seats.len() {
            let seat = Seat(s as u8);
            let depth = v.depth(seat) as i32;
            for k in 0..kinds {
                let info = &v.pieces[k];
                for &c in &cells {
                    let sq = geo.square(c);
                    let rr = v.relative_rank(seat, sq) as i32;
                    // Mobility from the cell, seen from the seat's own frame.
                    let (fx, fy) =
                        frame(v.seats[s].forward, sq.file() as i32, sq.rank() as i32, geo);
                    let m = own_frame_mobility(&mob[k], v, fx, fy).unwrap_or(mob[k][c as usize]);
                    let central = m - avg[k];
                    let term = if info.royal {
                        (
                            -(w.royal_back * rr) as i16,
                            (central * w.royal_centre as f64).round() as i16,
                        )
                    } else if info.pawn {
                        // Squared advance, full at the far rank.
                        let a = rr * rr * w.pawn_advance / (depth - 1).max(1).pow(2);
                        ((a / 2) as i16, a as i16)
                    } else {
                        let t = (central * w.piece_centre as f64).round() as i16;
                        (t, t)
                    };
                    pst[s * 16 + k][c as usize] = term;
                }
            }
        }
        let mut e = Eval {
            kinds,
            values,
            hand_values,
            royal,
            pawn,
            spare_royals: (v.rules.checkmate == tetrarch_rules::variant::MateRule::Transfers)
                .then_some(spare),
            pst,
            start_phase: 1,
            drops: v.rules.drops,
            scoring: v.points.is_some(),
            greys: v.points.as_ref().is_some_and(|p| p.hill.is_empty()),
            flags: v.rules.flags_to_win > 0,
            duel: Duel::new(v, pawn, royal, w),
            w: w.clone(),
            threats: v.seats.len() > 2
                && !(FamilyVariant::free_for_all(v)
                    && (v.rules.check || v.rules.checkmate == MateRule::Transfers)),
            check: v.rules.check,
        };
        e.start_phase = v.with_width(StartMaterial(&e)).max(1);
        e
    }

    /// Non-pawn, non-royal material of both seats (board and hands).
    pub fn phase_material<B: HasSliders>(&self, pos: &Position<B>) -> i32 {
        let mut total = 0;
        for k in 0..self.kinds {
            if (self.royal | self.pawn) & (1 << k) != 0 {
                continue;
            }
            let kind = Kind(k as u8);
            let mut n = pos.kind_pieces(kind).count() as i32;
            for s in 0..2 {
                n += pos.hand(Seat(s), kind) as i32;
            }
            total += n * self.values[k];
        }
        total
    }

    /// Whether `kind` is royal (a king).
    #[inline]
    pub fn is_royal(&self, kind: Kind) -> bool {
        self.royal & (1 << kind.0) != 0
    }

    /// Whether `seat` has material other than pawns and royals, on the board
    /// or in hand (null-move pruning is unsafe without it).
    pub fn has_pieces<B: HasSliders>(&self, pos: &Position<B>, seat: Seat) -> bool {
        (0..self.kinds).any(|k| {
            (self.royal | self.pawn) & (1 << k) == 0
                && (!pos.pieces(seat, Kind(k as u8)).is_empty()
                    || pos.hand(seat, Kind(k as u8)) > 0)
        })
    }

    /// The kind standing on `cell`, if any.
    #[inline]
    pub fn kind_on<B: HasSliders>(&self, pos: &Position<B>, cell: u8) -> Option<Kind> {
        (0..self.kinds)
            .map(|k| Kind(k as u8))
            .find(|&k| pos.kind_pieces(k).has(cell))
    }

    /// The evaluation in centipawns, positive when the side to move stands better.
    pub fn evaluate<B: HasSliders>(&self, pos: &Position<B>) -> i32 {
        let phase = (self.phase_material(pos) * PHASE_MAX / self.start_phase).min(PHASE_MAX);
        let (mut mg, mut eg) = (0i32, 0i32);
        let rules = pos.rules();
        let occ = pos.occupied();
        let seats = rules.seats().min(2);
        let zones = self.royal_zones(pos, occ);
        for s in 0..seats {
            let seat = Seat(s);
            let sign = if seat == pos.turn() { 1 } else { -1 };
            let (smg, seg) =
                self.seat_score(pos, seat, occ, zones[s as usize], zones[(s ^ 1) as usize]);
            mg += sign * smg;
            eg += sign * seg;
        }
        if let Some(d) = &self.duel {
            let (dmg, deg) = self.duel_terms(pos, d);
            mg += dmg;
            eg += deg;
        }
        (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX + 8
    }
}

/// The middle-game penalty a royal zone takes from `attackers` pieces
/// hitting `units` of its cells: quadratic, smaller for a lone attacker,
/// scaled by `pct` percent.
fn king_pressure(units: i32, attackers: i32, pct: i32) -> i32 {
    let base = if attackers >= 2 {
        let u = units.min(30);
        u * u / 2
    } else if attackers == 1 {
        units * units / 8
    } else {
        0
    };
    base * pct / 100
}

impl Eval {
    /// Per seat, the cells of its royal pieces and the cells they attack.
    fn royal_zones<B: HasSliders>(&self, pos: &Position<B>, occ: B) -> [B; MAX_SEATS] {
        let mut zones = [B::EMPTY; MAX_SEATS];
        for (s, zone) in zones
            .iter_mut()
            .enumerate()
            .take(pos.rules().seats() as usize)
        {
            let seat = Seat(s as u8);
            for c in pos.royals(seat).iter() {
                *zone |= B::bit(c);
                for k in 0..self.kinds {
                    if self.royal & (1 << k) != 0 && pos.kind_pieces(Kind(k as u8)).has(c) {
                        *zone |= pos.rules().piece_reach(seat, Kind(k as u8), c, occ);
                    }
                }
            }
        }
        zones
    }

    /// One seat's middle-game and end-game terms: material, piece-square,
    /// mobility, pieces in hand, pawns shielding `own_zone`, and attacks on
    /// `enemy_zone` (the royal zones of the seats it plays against).
    fn seat_score<B: HasSliders>(
        &self,
        pos: &Position<B>,
        seat: Seat,
        occ: B,
        own_zone: B,
        enemy_zone: B,
    ) -> (i32, i32) {
        let s = seat.idx();
        let own = pos.seat_pieces(seat);
        let (mut smg, mut seg) = (0i32, 0i32);
        let (mut units, mut attackers) = (0i32, 0i32);
        for k in 0..self.kinds {
            let kind = Kind(k as u8);
            let table = &self.pst[s * 16 + k];
            let piece = (self.royal | self.pawn) & (1 << k) == 0;
            for c in pos.pieces(seat, kind).iter() {
                let (a, b) = table[c as usize];
                smg += a as i32 + self.values[k];
                seg += b as i32 + self.values[k];
                if piece {
                    let att = pos.rules().piece_reach(seat, kind, c, occ);
                    let mobility = self.w.mobility * (att & !own).count() as i32;
                    smg += mobility;
                    seg += mobility;
                    let hit = att & enemy_zone;
                    if !hit.is_empty() {
                        units += hit.count() as i32;
                        attackers += 1;
                    }
                }
            }
            if self.pawn & (1 << k) != 0 {
                // Pawns next to their own royal shield it.
                smg += self.w.pawn_shield * (pos.pieces(seat, kind) & own_zone).count() as i32;
            }
            let n = pos.hand(seat, kind) as i32;
            if n > 0 {
                smg += n * self.hand_values[k];
                seg += n * self.hand_values[k];
                if self.drops && piece {
                    units += 2 * n;
                    attackers += n;
                }
            }
        }
        smg += king_pressure(units, attackers, self.w.king_pressure_pct);
        if let Some(spare) = &self.spare_royals {
            let value = self.spare_royal_values(pos, seat, spare);
            smg += value;
            seg += value;
        }
        (smg, seg)
    }

    /// What `seat`'s royal pieces beyond its last are worth as pieces:
    /// all of them but the least valuable one.
    fn spare_royal_values<B: HasSliders>(
        &self,
        pos: &Position<B>,
        seat: Seat,
        spare: &[i32; 16],
    ) -> i32 {
        let royals = pos.royals(seat);
        if !royals.several() {
            return 0;
        }
        let values = royals
            .iter()
            .filter_map(|c| pos.piece_at(c))
            .map(|p| spare[p.kind.idx()]);
        let (sum, least) = values.fold((0, i32::MAX), |(s, m), v| (s + v, m.min(v)));
        sum - least
    }
}

/// The cell coordinates in seat 0's frame for a seat advancing `fwd`.
fn frame(fwd: Forward, x: i32, y: i32, geo: &tetrarch_rules::Geometry) -> (i32, i32) {
    let (w, h) = (geo.width() as i32, geo.height() as i32);
    match fwd {
        Forward::North => (x, y),
        Forward::South => (w - 1 - x, h - 1 - y),
        Forward::East => (h - 1 - y, x),
        Forward::West => (y, w - 1 - x),
    }
}

/// Seat 0's mobility at `(x, y)` if that is a playable cell.
fn own_frame_mobility(mob: &[f64; 256], v: &Variant, x: i32, y: i32) -> Option<f64> {
    let geo = &v.geometry;
    if x < 0 || y < 0 {
        return None;
    }
    let sq = tetrarch_rules::Square::new(x as u8, y as u8)?;
    geo.cell(sq).map(|c| mob[c as usize])
}

/// Start-position material, computed at the variant's width.
struct StartMaterial<'a>(&'a Eval);

impl tetrarch_rules::variant::WithWidth for StartMaterial<'_> {
    type Output = i32;
    fn run<B: HasSliders>(self, v: &Variant) -> i32 {
        self.0.phase_material(&Position::<B>::start(v))
    }
}

impl<B: HasSliders> Evaluator<Position<B>> for Eval {
    fn new(variant: &Variant) -> Eval {
        Eval::new(variant)
    }
    #[inline]
    fn evaluate(&self, pos: &Position<B>) -> i32 {
        Eval::evaluate(self, pos)
    }
    #[inline]
    fn seat_terms(&self, pos: &Position<B>) -> [i32; MAX_SEATS] {
        Eval::seat_terms(self, pos)
    }
    #[inline]
    fn seat_terms_unless(
        &self,
        pos: &Position<B>,
        cut: impl FnOnce(&[i32; MAX_SEATS]) -> bool,
    ) -> ([i32; MAX_SEATS], bool) {
        Eval::seat_terms_unless(self, pos, cut)
    }
    fn sees_threats(&self) -> bool {
        self.threats
    }
    #[inline]
    fn has_pieces(&self, pos: &Position<B>, seat: Seat) -> bool {
        Eval::has_pieces(self, pos, seat)
    }
    #[inline]
    fn capture_key(&self, pos: &Position<B>, m: Move, multi: bool) -> i32 {
        Eval::capture_key(self, pos, m, multi)
    }
    #[inline]
    fn promotion_key(&self, m: Move) -> i32 {
        m.promotion()
            .map_or(0, |k| super::PROMOTION + self.values[k.idx()])
    }
}

/// A stand-in kind (a face-down card others see, `secrecy`) is worth the
/// average of the kinds its deck's cards turn into (a royal card's 0), not
/// what its own moves would make it: so turning a card over, by a
/// challenge, changes the material by nothing on average.
fn stand_in_values(v: &Variant, values: &mut [i32; 16]) {
    let value = |letter: char, values: &[i32; 16]| {
        v.kind_by_letter(letter)
            .map_or(0, |k| values.get(k.idx()).copied().unwrap_or(0))
    };
    for (stand_in, cards) in v.powers.iter().flatten().filter_map(|p| p.stands_for()) {
        let (sum, count) = cards.iter().fold((0i32, 0i32), |(s, n), &(l, c)| {
            (s + value(l, values) * i32::from(c), n + i32::from(c))
        });
        if let Some(k) = v.kind_by_letter(stand_in)
            && count > 0
            && k.idx() < values.len()
        {
            values[k.idx()] = sum / count;
        }
    }
}
