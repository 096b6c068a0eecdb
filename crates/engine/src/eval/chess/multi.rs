//! The evaluation of more than two seats: each seat's own terms, in two
//! passes (material and placement, then the terms of attacks), so that
//! quiescence may stand pat on the first ([`LAZY_MARGIN`]).

pub use super::threats::THREAT_PCT;
use super::{Eval, PAWN, PHASE_MAX, king_pressure};
use tetrarch_rules::{HasSliders, Kind, MAX_SEATS, Position, Seat};

/// Default bonus of a seat that still has its royal piece, in games of more than
/// two seats (a seat without one is frozen or out).
pub const ROYAL_ALIVE: i32 = 1500;
/// Percent of its value a piece of a seat without a royal piece keeps: a
/// frozen army only captures (or passes) and never moves otherwise.
pub const FROZEN_PCT: i32 = 25;
/// Where the variant scores points, what one is worth in a seat's term: a
/// pawn, as the points tables value a pawn at one. The points decide the
/// game, so a capture counts twice (the material and its points) and a
/// mate's or stalemate's bonus draws the search to it.
pub const POINT: i32 = PAWN;
/// Capture the Flag: what an enemy flag held by a piece a seat commands is
/// worth to that seat (a flag is the way to win; taking a holder takes it).
pub const FLAG_HELD: i32 = 300;
/// Capture the Flag: per king step closer to the seat's home square, what
/// an enemy flag it holds gains while its royal piece keeps its own flag
/// (the condition of the win).
pub const FLAG_STEP: i32 = 25;

impl Eval {
    /// Games of more than two seats: each seat's own terms (material,
    /// piece-square, mobility, attacks on the royal zones of its enemies,
    /// [`ROYAL_ALIVE`]), tapered, from that seat's point of view. The search
    /// combines them per team (or against the root seat in a free-for-all).
    /// A seat without a royal piece counts only its material, at
    /// [`FROZEN_PCT`] percent; a removed seat has no pieces and counts 0;
    /// where points are scored, a seat out of play counts its points only.
    /// Where armies change hands, a seat counts every army it commands.
    /// A seat other than the side to move loses a share of its worst piece
    /// under a threat it cannot answer (`threats.rs`; not in a free-for-all
    /// with check or where armies change hands).
    pub fn seat_terms<B: HasSliders>(&self, pos: &Position<B>) -> [i32; MAX_SEATS] {
        let mut parts = self.base_parts(pos);
        self.add_attacks(pos, &mut parts);
        parts.taper()
    }

    /// [`Eval::seat_terms`] without the terms that need each piece's
    /// attacks (mobility, attacks on royal zones, pawn shields): material,
    /// piece-square terms, [`ROYAL_ALIVE`], frozen armies and points, at
    /// about a quarter of the cost.
    pub fn seat_base_terms<B: HasSliders>(&self, pos: &Position<B>) -> [i32; MAX_SEATS] {
        self.base_parts(pos).taper()
    }

    /// The seat terms, or the base terms ([`Eval::seat_base_terms`]) alone
    /// when `cut` holds for them; `true` with the full terms. The full
    /// terms are those of [`Eval::seat_terms`]: the second pass adds the
    /// attack terms to the first's sums before tapering.
    pub fn seat_terms_unless<B: HasSliders>(
        &self,
        pos: &Position<B>,
        cut: impl FnOnce(&[i32; MAX_SEATS]) -> bool,
    ) -> ([i32; MAX_SEATS], bool) {
        let mut parts = self.base_parts(pos);
        let base = parts.taper();
        if cut(&base) {
            return (base, false);
        }
        self.add_attacks(pos, &mut parts);
        (parts.taper(), true)
    }

    /// The first pass of the seat terms: each army's material and
    /// placement sums, frozen armies and points.
    fn base_parts<B: HasSliders>(&self, pos: &Position<B>) -> Parts {
        let phase = (self.phase_material(pos) * PHASE_MAX / self.start_phase).min(PHASE_MAX);
        let seats = pos.rules().seats() as usize;
        let alive = pos.alive_seats();
        // Where points are scored, a player out (grey, or a king walking)
        // has nothing on the board worth playing for: its points alone.
        let playing = if self.greys {
            pos.active_seats()
        } else {
            u8::MAX
        };
        let mut parts = Parts {
            phase,
            seats,
            ..Parts::default()
        };
        for s in 0..seats {
            let army = Seat(s as u8);
            if playing & (1 << s) == 0 {
                continue;
            }
            // Where armies change hands, a taken-over army plays on for the
            // seat that commands it, and counts for that seat.
            let commander = pos.commander_of(army);
            if alive & (1 << s) == 0 && commander == army {
                let mut m = 0;
                for k in 0..self.kinds {
                    m += pos.pieces(army, Kind(k as u8)).count() as i32 * self.values[k];
                }
                parts.frozen[s] = Some(m * self.w.frozen_pct / 100);
                continue;
            }
            let (mut smg, mut seg) = self.seat_base(pos, army);
            if commander == army {
                (smg, seg) = (smg + self.w.royal_alive, seg + self.w.royal_alive);
            }
            parts.sums[s] = Some((commander, smg, seg));
        }
        if self.scoring {
            for s in 0..seats {
                parts.points[s] = i32::from(pos.points(Seat(s as u8))) * POINT;
            }
        }
        if self.flags {
            add_flags(pos, &mut parts.points, [self.w.flag_held, self.w.flag_step]);
        }
        parts
    }

    /// The second pass: each scored army's attack terms, against the royal
    /// zones of the seats its commander plays against.
    fn add_attacks<B: HasSliders>(&self, pos: &Position<B>, parts: &mut Parts) {
        let occ = pos.occupied();
        let zones = self.royal_zones(pos, occ);
        let mut reach = [B::EMPTY; MAX_SEATS];
        for s in 0..parts.seats {
            let Some((commander, smg, seg)) = &mut parts.sums[s] else {
                continue;
            };
            let mut enemy_zone = B::EMPTY;
            for (o, z) in zones.iter().enumerate().take(parts.seats) {
                if !pos.allied(*commander, Seat(o as u8)) {
                    enemy_zone |= *z;
                }
            }
            let (amg, aeg, r) = self.seat_attacks(pos, Seat(s as u8), occ, zones[s], enemy_zone);
            *smg += amg;
            *seg += aeg;
            reach[s] = r;
        }
        if self.threats {
            self.add_threats(pos, parts, occ, &zones, reach);
        }
    }

    /// One seat's material and piece-square terms (board, hands, spare
    /// royals): [`Eval::seat_score`] without the terms of attacks.
    fn seat_base<B: HasSliders>(&self, pos: &Position<B>, seat: Seat) -> (i32, i32) {
        let s = seat.idx();
        let (mut smg, mut seg) = (0i32, 0i32);
        for k in 0..self.kinds {
            let kind = Kind(k as u8);
            let table = &self.pst[s * 16 + k];
            for c in pos.pieces(seat, kind).iter() {
                let (a, b) = table[c as usize];
                smg += a as i32 + self.values[k];
                seg += b as i32 + self.values[k];
            }
            // Only variants with drops keep hands.
            if self.drops {
                let n = pos.hand(seat, kind) as i32;
                smg += n * self.hand_values[k];
                seg += n * self.hand_values[k];
            }
        }
        if let Some(spare) = &self.spare_royals {
            let value = self.spare_royal_values(pos, seat, spare);
            smg += value;
            seg += value;
        }
        (smg, seg)
    }

    /// One seat's attack terms: [`Eval::seat_score`] without material and
    /// placement (mobility, attacks on `enemy_zone`, pawns shielding
    /// `own_zone`, pieces in hand that can be dropped at the enemy), and
    /// the cells its pieces other than pawns and royals reach.
    fn seat_attacks<B: HasSliders>(
        &self,
        pos: &Position<B>,
        seat: Seat,
        occ: B,
        own_zone: B,
        enemy_zone: B,
    ) -> (i32, i32, B) {
        let own = pos.seat_pieces(seat);
        let mut all = B::EMPTY;
        let (mut smg, mut seg) = (0i32, 0i32);
        let (mut units, mut attackers) = (0i32, 0i32);
        for k in 0..self.kinds {
            let kind = Kind(k as u8);
            if self.pawn & (1 << k) != 0 {
                // Pawns next to their own royal shield it.
                smg += self.w.pawn_shield * (pos.pieces(seat, kind) & own_zone).count() as i32;
            }
            if (self.royal | self.pawn) & (1 << k) != 0 {
                continue;
            }
            for c in pos.pieces(seat, kind).iter() {
                let att = pos.rules().piece_reach(seat, kind, c, occ);
                all |= att;
                let mobility = self.w.mobility * (att & !own).count() as i32;
                smg += mobility;
                seg += mobility;
                let hit = att & enemy_zone;
                if !hit.is_empty() {
                    units += hit.count() as i32;
                    attackers += 1;
                }
            }
            if self.drops {
                let n = pos.hand(seat, kind) as i32;
                units += 2 * n;
                attackers += n;
            }
        }
        smg += king_pressure(units, attackers, self.w.king_pressure_pct);
        (smg, seg, all)
    }
}

/// Capture the Flag: to the seat commanding each holder of an enemy flag,
/// `held` ([`FLAG_HELD`] by default), and while that seat's royal piece
/// holds its own flag, `step` ([`FLAG_STEP`]) per king step the holder has
/// come towards the seat's home square (the win is an enemy flag there).
fn add_flags<B: HasSliders>(
    pos: &Position<B>,
    terms: &mut [i32; MAX_SEATS],
    [held, step]: [i32; 2],
) {
    let seats = pos.rules().seats();
    let geo = &pos.variant().geometry;
    let reach = geo.width().max(geo.height()) as i32 - 1;
    for f in 0..seats {
        let Some(holder) = pos
            .flag_holder(Seat(f))
            .and_then(|c| pos.piece_at(c).map(|p| (c, p)))
        else {
            continue;
        };
        let seat = pos.commander_of(holder.1.seat);
        if pos.allied(seat, Seat(f)) {
            continue;
        }
        let own_kept = pos
            .flag_holder(seat)
            .is_some_and(|c| pos.royals(seat).has(c));
        let mut term = held;
        if let (true, Some(home)) = (own_kept, pos.flag_home(seat)) {
            let (a, b) = (geo.square(holder.0), geo.square(home));
            let steps = (a.file() as i32 - b.file() as i32)
                .abs()
                .max((a.rank() as i32 - b.rank() as i32).abs());
            term += step * (reach - steps);
        }
        terms[seat.idx()] += term;
    }
}

/// The seat terms of more than two seats between their passes: per army
/// scored in full, its commander and untapered sums; frozen armies and
/// points as they count.
#[derive(Default)]
pub(super) struct Parts {
    phase: i32,
    pub(super) seats: usize,
    pub(super) sums: [Option<(Seat, i32, i32)>; MAX_SEATS],
    frozen: [Option<i32>; MAX_SEATS],
    points: [i32; MAX_SEATS],
}

impl Parts {
    /// Each seat's terms: its armies' sums tapered by the phase, in seat
    /// order (a frozen army's value is its seat's as it comes), and points.
    fn taper(&self) -> [i32; MAX_SEATS] {
        let mut out = [0i32; MAX_SEATS];
        for s in 0..self.seats {
            if let Some(m) = self.frozen[s] {
                out[s] = m;
            } else if let Some((commander, mg, eg)) = self.sums[s] {
                out[commander.idx()] +=
                    (mg * self.phase + eg * (PHASE_MAX - self.phase)) / PHASE_MAX;
            }
        }
        for (t, p) in out.iter_mut().zip(self.points) {
            *t += p;
        }
        out
    }
}

/// How far above beta a side's [`Eval::seat_base_terms`] must be for the
/// search to stand pat on it without the full evaluation: a bound on what
/// mobility, attacks on royals and pawn shields usually add for the other
/// side; checked by fixed-node matches (`docs/architecture.md`).
pub const LAZY_MARGIN: i32 = 300;
