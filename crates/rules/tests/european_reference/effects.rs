//! What a move does to the position, powers included: the move itself
//! (a piece move, a power's action, two piece moves), its captures and
//! take-overs, what acts where a piece lands, the choices of trade and
//! push, and the powers that act when a turn ends or begins.

use super::powers::{RefPower, action_index};
use super::{Piece, Ref, Sq, in_area, on_board, parse, squares};

const ORTHOGONAL: [Sq; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

fn bit((f, r): Sq) -> u64 {
    1 << (f + 8 * r)
}

fn neighbours(sq: Sq) -> impl Iterator<Item = Sq> {
    ORTHOGONAL
        .iter()
        .map(move |&(df, dr)| (sq.0 + df, sq.1 + dr))
        .filter(|&s| on_board(s))
}

impl Ref {
    /// The position after `m` of the seat to move, the turn not passed.
    pub(super) fn part(&self, m: &str) -> Ref {
        let us = self.turn;
        if super::deploy::is_drop(m) {
            return self.deploy(m);
        }
        if m.starts_with("cargo@") {
            return self.cargo_part(m);
        }
        if m.as_bytes()[1].is_ascii_digit() {
            let p = parse(m);
            let mut next = self.part_piece(p.from, p.to, p.promo);
            next.carry(p.from, p.to);
            next.play_chosen(self, p.to, &p.chosen);
            return next;
        }
        let i = action_index(self.powers(us), m).unwrap_or_else(|| panic!("no power for {m}"));
        let cells = squares(m.split_once('@').expect("cells").1);
        let mut next = self.clone();
        match &self.powers(us)[i] {
            RefPower::Transform { pairs, .. } => {
                let p = self.at(cells[0]).expect("a piece to transform");
                let (_, kind) = pairs.iter().find(|(k, _)| *k == p.kind).expect("a pair");
                next.set(
                    cells[0],
                    Some(Piece {
                        army: p.army,
                        kind: *kind,
                    }),
                );
            }
            RefPower::Place { kind, .. } => {
                next.set(
                    cells[0],
                    Some(Piece {
                        army: us,
                        kind: *kind,
                    }),
                );
            }
            RefPower::Relocate { .. } => {
                let (from, to) = (cells[0], cells[1]);
                let p = self.at(from).expect("a piece to relocate");
                next.set(from, None);
                next.set(to, Some(p));
                next.captured(self, from, to, to);
            }
            RefPower::Shoot { .. } => {
                let (from, to) = (cells[0], cells[1]);
                next.set(to, None);
                next.captured(self, from, to, from);
            }
            RefPower::MoveTwo { .. } | RefPower::MoveAgain { .. } => {
                let mid = self.part_piece(cells[0], cells[1], None);
                next = mid.part_piece(cells[2], cells[3], None);
            }
            RefPower::UPath { .. } => next = self.part_piece(cells[0], cells[1], None),
            RefPower::Revive { homes, .. } => {
                let kind = self
                    .revivable(homes, cells[0])
                    .expect("a piece to take back");
                next.set(cells[0], Some(Piece { army: us, kind }));
            }
            other => panic!("{other:?} is no action"),
        }
        next
    }

    /// The piece on `from` goes to `to` (or, capturing in place, takes
    /// there and stays), with what its capture and its landing do.
    pub(super) fn part_piece(&self, from: Sq, to: Sq, promo: Option<char>) -> Ref {
        let us = self.turn;
        let mut next = self.clone();
        let p = self.at(from).expect("a piece to move");
        let victim = self.at(to);
        let mut landed = to;
        let mut kind = promo.unwrap_or(p.kind);
        if let Some(v) = victim {
            for power in self.powers(us) {
                match power {
                    RefPower::CaptureInPlace => landed = from,
                    RefPower::BecomeCaptured { kinds }
                        if kinds.contains(&p.kind)
                            && !self.kind(v.kind).royal
                            && !(self.kind(v.kind).pawn && self.promotes_on(p, to)) =>
                    {
                        kind = v.kind
                    }
                    _ => {}
                }
            }
        }
        next.set(from, None);
        next.set(to, None);
        next.set(landed, Some(Piece { army: p.army, kind }));
        if landed == to {
            next.land(to);
        }
        next.captured(self, from, to, landed);
        next
    }

    /// What follows a move from `from` to `to` whose piece stands on
    /// `landed`: the no-revenge bars follow it, a capture counts for the
    /// neutral, and a player whose last royal piece went is out.
    fn captured(&mut self, before: &Ref, from: Sq, to: Sq, landed: Sq) {
        let us = before.turn;
        let victim = before.at(to).filter(|_| from != to);
        for s in 0..4 {
            let kinds = self.powers(s).iter().find_map(|p| match p {
                RefPower::NoRevenge { kinds } => Some(kinds.clone()),
                _ => None,
            });
            let Some(kinds) = kinds else {
                continue;
            };
            if self.barred[s] == Some(from) {
                self.barred[s] = Some(landed);
            } else if self.barred[s] == Some(to) && victim.is_some() {
                self.barred[s] = None;
            }
            if let Some(v) = victim
                && before.owner(v) == s
                && s != us
                && kinds.contains(&v.kind)
            {
                self.barred[s] = Some(landed);
            }
        }
        if let Some(v) = victim {
            self.count_loss(Some(us), before.owner(v));
        }
        self.take_over_kingless(before);
    }

    /// The powers that act on the piece that landed on `to`.
    fn land(&mut self, to: Sq) {
        let us = self.turn;
        let p = self.at(to).expect("the piece that landed");
        for power in self.powers(us).to_vec() {
            match power {
                RefPower::BecomeInArea { pairs, area, own } => {
                    let inside = if own {
                        in_area(us, area, to)
                    } else {
                        (0..4).any(|s| s != us && in_area(s, area, to))
                    };
                    if let Some(&(_, kind)) = pairs.iter().find(|(k, _)| *k == p.kind)
                        && inside
                    {
                        self.set(to, Some(Piece { army: p.army, kind }));
                    }
                }
                RefPower::DestroyAttacked { sources } if sources.contains(&p.kind) => {
                    self.destroy_attacked(to, &sources)
                }
                _ => {}
            }
        }
    }

    /// Austria's knights: enemy pieces the piece on `to` attacks that
    /// another source piece attacks too are destroyed.
    fn destroy_attacked(&mut self, to: Sq, sources: &[char]) {
        let us = self.turn;
        let mover = self.at(to).expect("the mover");
        let others: Vec<Sq> = self
            .pieces()
            .filter(|&(sq, q)| sq != to && self.owner(q) == us && sources.contains(&q.kind))
            .flat_map(|(sq, q)| self.attacks(sq, q))
            .collect();
        let doomed: Vec<Sq> = self
            .attacks(to, mover)
            .into_iter()
            .filter(|sq| others.contains(sq))
            .filter(|&sq| self.at(sq).is_some_and(|v| self.destroyable(v, us)))
            .collect();
        for sq in doomed {
            self.destroy(sq);
        }
    }

    /// Whether a power of `seat` may destroy or take over the piece: an
    /// enemy's, not counting as royal, not proof against powers.
    fn destroyable(&self, v: Piece, seat: usize) -> bool {
        !self.friendly(v, seat) && !self.counts_as_royal(v) && !self.immune(v)
    }

    /// The piece on `sq` leaves the board by a power, a loss to its
    /// player; unless it counts as royal now (of two ministers doomed
    /// together, the second is the last).
    fn destroy(&mut self, sq: Sq) {
        let v = self.at(sq).expect("a piece to destroy");
        if self.counts_as_royal(v) {
            return;
        }
        self.set(sq, None);
        self.count_loss(None, self.owner(v));
    }

    /// Every army whose royal pieces `before` had and this position has
    /// not: its player's armies are the mover's.
    fn take_over_kingless(&mut self, before: &Ref) {
        for army in 0..4 {
            if before.royals(army) > 0
                && self.royals(army) == 0
                && self.commander[army] != before.turn
            {
                let loser = self.commander[army];
                for a in 0..4 {
                    if self.commander[a] == loser {
                        self.commander[a] = before.turn;
                    }
                }
            }
        }
    }

    /// The cells a move chose, for the mover's power (the mover on `to`).
    fn play_chosen(&mut self, before: &Ref, to: Sq, cells: &[Sq]) {
        let us = before.turn;
        for &cell in cells {
            if self.powers(us).contains(&RefPower::Trade) {
                let ours = self.at(to).expect("the mover");
                let theirs = self.at(cell).expect("a piece to trade with");
                // "Kings are never swapped": a face-down King card, an
                // unknown piece to the mover, stays.
                if self.kind(theirs.kind).royal {
                    continue;
                }
                let ours_now = Piece {
                    army: theirs.army,
                    kind: ours.kind,
                };
                let theirs_now = Piece {
                    army: ours.army,
                    kind: theirs.kind,
                };
                self.set(to, Some(self.settled(ours_now, to)));
                self.set(cell, Some(self.settled(theirs_now, cell)));
            } else if self.powers(us).contains(&RefPower::Push) {
                self.push(cell, ((cell.0 - to.0).signum(), (cell.1 - to.1).signum()));
            } else if self
                .powers(us)
                .iter()
                .any(|p| matches!(p, RefPower::Militia { .. }))
                && self.at(cell).is_none()
            {
                self.create_militia(us, cell);
            } else if self.has_fear(us) {
                self.sacrifice(cell, us);
            }
        }
        self.take_over_kingless(before);
    }

    /// Push the piece on `sq` two squares by `(df, dr)`.
    fn push(&mut self, sq: Sq, (df, dr): Sq) {
        let p = self.at(sq).expect("a piece to push");
        let mut at = sq;
        for _ in 0..2 {
            let next = (at.0 + df, at.1 + dr);
            if !on_board(next) {
                // Off the board: removed, a loss to its player.
                self.set(sq, None);
                self.count_loss(None, self.owner(p));
                return;
            }
            if self.at(next).is_some() || self.wall_stops(p, &[at, next], false) {
                break;
            }
            at = next;
        }
        // Taken off only now: a queen pushed still keeps its wall up.
        self.set(sq, None);
        self.set(at, Some(self.settled(p, at)));
    }

    /// A piece of `loser` left the board, taken by `capturer` (or by a
    /// power): every neutral player still in counts it.
    pub(super) fn count_loss(&mut self, capturer: Option<usize>, loser: usize) {
        for s in 0..4 {
            if !self.powers(s).contains(&RefPower::Neutral) || self.commander[s] != s {
                continue;
            }
            let counts = &mut self.neutral[s];
            if capturer == Some(s) {
                if loser != s {
                    counts[loser] = 3;
                }
                continue;
            }
            if let Some(c) = capturer {
                counts[c] = (counts[c] + 1).min(3);
            }
            if loser != s && Some(loser) != capturer {
                counts[loser] = (counts[loser] + 1).min(3);
            }
        }
    }

    /// The seat that played `m` from `before` ends its turn: the powers it
    /// used (for "not two turns in a row" and "once per game"), its
    /// knight's leaps, its bar and its sheltered piece.
    pub(super) fn note_turn_powers(&mut self, before: &Ref, m: &str) {
        let us = before.turn;
        let powers = before.powers(us).to_vec();
        if powers.is_empty() {
            return;
        }
        let action = action_index(&powers, m);
        // An owner's unload from another seat's knight moves no piece of
        // its own from a square (`cargo@f4e4=p`).
        let piece_move = m != "0000"
            && action.is_none()
            && !super::deploy::is_drop(m)
            && super::ferocity::is_piece_move(m);
        let moved = piece_move.then(|| parse(m)).map(|p| (p.from, p.to));
        self.used[us] = 0;
        for (i, power) in powers.iter().enumerate() {
            let barring = moved.is_some_and(|(from, to)| before.barred_next_turn(power, from, to));
            // A U path is no rook-type move; the cargo keeps no such mark.
            let acted = action == Some(i)
                && !matches!(power, RefPower::UPath { .. } | RefPower::Cargo { .. });
            if acted || barring {
                self.used[us] |= 1 << i;
                // FEN4's 'spent' names a power with uses per game once
                // per use.
                if matches!(
                    power,
                    RefPower::Revive { .. } | RefPower::MoveTwo { once: true, .. }
                ) {
                    self.uses[us][i] += 1;
                    self.spent[us] |= 1 << i;
                }
            }
            match power {
                RefPower::NoRevenge { .. } => self.barred[us] = None,
                RefPower::Bomb { every, .. } => {
                    let chosen = if piece_move {
                        parse(m).chosen.first().copied()
                    } else {
                        None
                    };
                    let (count, armed) = self.bomb[us];
                    self.bomb[us] = match chosen {
                        Some(block) => (0, Some(block)),
                        None => ((count + 1).min(every - 1), armed),
                    };
                }
                RefPower::Shelter => {
                    self.sheltered[us] = if piece_move {
                        parse(m).chosen.first().copied()
                    } else {
                        None
                    }
                }
                _ => {}
            }
        }
    }

    /// Whether a seat of the line-up destroys idle pieces.
    pub(super) fn idle_watched(&self) -> bool {
        (0..4).any(|s| self.powers(s).contains(&RefPower::DestroyIdle))
    }

    /// No piece that changed since `before`, nor one next to a square a
    /// piece arrived on, has stood idle.
    pub(super) fn clear_idle_since(&mut self, before: &Ref) {
        for f in 0..8 {
            for r in 0..8 {
                let sq = (f, r);
                if before.at(sq) != self.at(sq) {
                    self.idle &= !bit(sq);
                    if self.at(sq).is_some() {
                        for n in neighbours(sq) {
                            self.idle &= !bit(n);
                        }
                    }
                }
            }
        }
    }

    /// Whether a piece stands orthogonally next to `sq`.
    fn has_neighbour(&self, sq: Sq) -> bool {
        neighbours(sq).any(|n| self.at(n).is_some())
    }

    /// Russia's winter, at the end of the seat's turn: the pieces marked
    /// idle and still alone go; those standing alone now are marked.
    pub(super) fn end_idle_turn(&mut self, us: usize) {
        if !self.powers(us).contains(&RefPower::DestroyIdle) {
            return;
        }
        let targets = |r: &Ref| -> Vec<Sq> {
            r.pieces()
                .filter(|&(sq, p)| {
                    r.owner(p) != us
                        && !r.counts_as_royal(p)
                        && !r.immune(p)
                        && !r.has_neighbour(sq)
                })
                .map(|(sq, _)| sq)
                .collect()
        };
        for sq in targets(self) {
            if self.idle & bit(sq) != 0 {
                self.destroy(sq);
            }
        }
        self.idle = targets(self).into_iter().fold(0, |b, sq| b | bit(sq));
    }

    /// The seat's armed block goes off: every piece in it is destroyed,
    /// but those that count as royal and those proof against powers.
    fn blow_up(&mut self, seat: usize) {
        let Some((f, r)) = self.bomb[seat].1.take() else {
            return;
        };
        for sq in [(f, r), (f + 1, r), (f, r + 1), (f + 1, r + 1)] {
            if self.at(sq).is_some_and(|v| !self.immune(v)) {
                self.destroy(sq);
            }
        }
    }

    /// The seat to move begins its turn: enemy pieces next to its source
    /// pieces are destroyed or become its own.
    pub(super) fn start_turn_powers(&mut self) {
        let seat = self.turn;
        for power in self.powers(seat).to_vec() {
            if let RefPower::Bomb { .. } = power {
                self.blow_up(seat);
                continue;
            }
            let (sources, convert) = match power {
                RefPower::DestroyAdjacent { sources } => (sources, false),
                RefPower::ConvertAdjacent { sources } => (sources, true),
                _ => continue,
            };
            let mut victims: Vec<Sq> = self
                .pieces()
                .filter(|&(_, p)| self.owner(p) == seat && sources.contains(&p.kind))
                .flat_map(|(sq, _)| neighbours(sq))
                .filter(|&sq| {
                    // No power takes over a royal kind (Britain's ministers).
                    self.at(sq).is_some_and(|v| {
                        self.destroyable(v, seat) && !(convert && self.kind(v.kind).royal)
                    })
                })
                .collect();
            // Taken in board order: of two ministers doomed together, the
            // later one is the last and stays.
            victims.sort_by_key(|&(f, r)| (r, f));
            victims.dedup();
            for sq in victims {
                if convert {
                    let v = self.at(sq).expect("a piece to convert");
                    let ours = Piece {
                        army: seat,
                        kind: v.kind,
                    };
                    self.set(sq, Some(self.settled(ours, sq)));
                    self.count_loss(None, self.owner(v));
                } else {
                    self.destroy(sq);
                }
            }
        }
    }
}
