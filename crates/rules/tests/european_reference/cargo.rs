//! Mycenae's Trojan Horse, the long way: "Mycenaean knights cannot capture
//! but can carry other pieces. The army starts hidden inside the knights:
//! 1 king, 1 rook, 2 bishops, 3 pawns, with secret notes saying which
//! knight holds what. Instead of moving, you may load or unload [...]
//! pieces onto or off a knight, to or from any of the 8 adjacent squares.
//! Instead of moving or loading, you may burn a loaded knight: the knight,
//! its cargo and every piece orthogonally next to it are destroyed. If a
//! knight is captured or taken over, its cargo is destroyed. If the king
//! was inside, you are mated." As decided (`docs/nations.md`): the first
//! step packs the army into the first two knights (`cargo@b1c1=kbp`, the
//! first knight's share, the turn going on); one piece per load or unload,
//! after which the turn goes on with more of them and the end (`0000`),
//! loads only before the turn's first unload, no burn nor piece move;
//! own pieces only; all knights together carry no more of a kind than the
//! army started with, and at most two knights are loaded; a pawn is never
//! put where it promotes; a burn spares pieces that count as royal and
//! pieces proof against powers, and is not offered where it would destroy
//! its own king; lost cargo with the king puts the seat out, its armies
//! the seat whose step it was.
//!
//! Other players' pieces: "only with their owner's consent, and they
//! unload only on their owner's turn". A standing consent per other seat,
//! given or withdrawn as that seat's turn (`consent@b1`,
//! `withdraw-consent@b1`, the square of the carrying seat's first knight);
//! with it, one piece of that seat's army at a time boards an empty knight
//! alone (never a royal piece nor one proof against powers); its owner
//! unloads it as its turn (`cargo@d4e5=p`); it goes with its knight.

use super::powers::RefPower;
use super::{Piece, Ref, Sq, add, on_board, square, squares};

const AROUND: [Sq; 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];
const ORTHOGONAL: [Sq; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// What a seat's knights carry: `None` until it packed; then per loaded
/// knight its square and letters, in board order.
pub type Cargo = Option<Vec<(Sq, String)>>;

/// Where the seat to move's turn of loads and unloads is: not in one,
/// after a load (loads, unloads and the end follow), after an unload
/// (unloads and the end).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CargoTurn {
    #[default]
    None,
    Loading,
    Unloading,
}

impl Ref {
    /// The seat's cargo power: the carriers' letter and the start cargo.
    fn cargo_power(&self, seat: usize) -> Option<(char, &str)> {
        self.powers(seat).iter().find_map(|p| match p {
            RefPower::Cargo { kind, cargo } => Some((*kind, cargo.as_str())),
            _ => None,
        })
    }

    /// The cargo kinds' letters, in the order of the start cargo.
    fn cargo_letters(cargo: &str) -> Vec<char> {
        let mut out: Vec<char> = Vec::new();
        for l in cargo.chars() {
            if !out.contains(&l) {
                out.push(l);
            }
        }
        out
    }

    /// The seat's own knights, in board order.
    fn horses(&self, seat: usize, kind: char) -> Vec<Sq> {
        self.pieces()
            .filter(|&(_, p)| p.army == seat && p.kind == kind)
            .map(|(sq, _)| sq)
            .collect()
    }

    /// Whether the seat is in by a king inside a knight (or not packed).
    pub(super) fn in_by_cargo(&self, seat: usize) -> bool {
        let Some((_, start)) = self.cargo_power(seat) else {
            return false;
        };
        let royal = |letters: &str| letters.chars().any(|l| self.kind(l).royal);
        self.commander[seat] == seat
            && match &self.cargo[seat] {
                None => royal(start),
                Some(list) => list.iter().any(|(_, l)| royal(l)),
            }
    }

    /// Whether the seat keeps pieces inside knights (they are its units).
    pub(super) fn holds_cargo(&self, seat: usize) -> bool {
        let own = self.cargo_power(seat).is_some()
            && self.cargo[seat]
                .as_ref()
                .is_none_or(|list| !list.is_empty());
        // A piece riding in another seat's knight is its owner's unit.
        own || self
            .passenger
            .iter()
            .flatten()
            .any(|&(_, p)| self.commander[p.army] == seat)
    }

    /// The packings of the seat to move, while it has not packed: the
    /// share of its first knight, the rest in the second.
    pub(super) fn packings(&self) -> Option<Vec<String>> {
        let us = self.turn;
        let (kind, start) = self.cargo_power(us)?;
        if self.cargo[us].is_some() {
            return None;
        }
        let horses = self.horses(us, kind);
        let (first, second) = match horses[..] {
            [] => return None,
            [one] => {
                return Some(vec![format!(
                    "cargo@{}={start_sorted}",
                    square(one),
                    start_sorted = Self::in_order(start, start)
                )]);
            }
            [a, b, ..] => (a, b),
        };
        let mut shares = vec![String::new()];
        for l in Self::cargo_letters(start) {
            let n = start.chars().filter(|&c| c == l).count();
            shares = shares
                .iter()
                .flat_map(|s| (0..=n).map(move |k| format!("{s}{}", l.to_string().repeat(k))))
                .collect();
        }
        Some(
            shares
                .into_iter()
                .map(|s| {
                    let s = if s.is_empty() { "-".to_string() } else { s };
                    format!("cargo@{}{}={s}", square(first), square(second))
                })
                .collect(),
        )
    }

    /// `letters` sorted in the order of the start cargo's kinds.
    fn in_order(letters: &str, start: &str) -> String {
        Self::cargo_letters(start)
            .into_iter()
            .flat_map(|l| std::iter::repeat_n(l, letters.chars().filter(|&c| c == l).count()))
            .collect()
    }

    /// The packing `m` played: the turn goes on.
    pub(super) fn pack(&self, m: &str) -> Ref {
        let us = self.turn;
        let (_, start) = self.cargo_power(us).expect("a cargo power");
        let (cells, share) = m["cargo@".len()..].split_once('=').expect("a share");
        let sq = squares(cells);
        let share = if share == "-" { "" } else { share };
        let mut rest: String = start.to_string();
        for l in share.chars() {
            let at = rest.find(l).expect("a piece of the cargo");
            rest.remove(at);
        }
        let mut list = vec![(sq[0], share.to_string())];
        if let Some(&second) = sq.get(1) {
            list.push((second, rest));
        }
        let mut next = self.clone();
        next.cargo[us] = Some(list);
        next.tidy_cargo(us);
        next
    }

    /// Loaded knights only, letters in kind order, knights in board order.
    fn tidy_cargo(&mut self, seat: usize) {
        let Some((_, start)) = self.cargo_power(seat) else {
            return;
        };
        let start = start.to_string();
        if let Some(list) = &mut self.cargo[seat] {
            list.retain(|(_, l)| !l.is_empty());
            for (_, l) in list.iter_mut() {
                *l = Self::in_order(l, &start);
            }
            list.sort_by_key(|&((f, r), _)| (r, f));
        }
    }

    /// Inside a turn of loads and unloads: those the seat may still make
    /// (none that leaves an enemy royal piece attacked on its first two
    /// turns), each with the position it leads to, and the end, `0000`.
    pub(super) fn cargo_turn_moves(&self) -> Vec<(String, Ref)> {
        let us = self.turn;
        let mut out: Vec<(String, Ref)> = Vec::new();
        for m in self.cargo_moves() {
            let after = self.part(&m);
            if !(self.turns[us] < 2 && after.checks_an_enemy(us)) {
                out.push((m, after));
            }
        }
        out.push(("0000".into(), self.clone()));
        out
    }

    /// Whether `m` is a load (`cargo@b2b1`) or an unload (`cargo@b1b2=k`):
    /// where the turn is after it.
    fn cargo_step_of(m: &str) -> Option<CargoTurn> {
        let rest = m.strip_prefix("cargo@")?;
        match rest.split_once('=') {
            Some(_) => Some(CargoTurn::Unloading),
            None if rest.len() == 4 => Some(CargoTurn::Loading),
            None => None,
        }
    }

    /// A step `m` of a seat with a cargo, which led to `after`: a load or
    /// an unload leaves the turn with the seat (the marks that follow
    /// pieces follow them); anything else ends it.
    pub(super) fn cargo_goes_on(&self, m: &str, after: &mut Ref) -> bool {
        after.cargo_turn = Self::cargo_step_of(m).unwrap_or_default();
        if after.cargo_turn == CargoTurn::None {
            return false;
        }
        self.step_goes_on(None, after);
        true
    }

    /// The loads, unloads and burns of the seat to move: inside a turn of
    /// them, no burn, and no load after an unload.
    pub(super) fn cargo_moves(&self) -> Vec<String> {
        let us = self.turn;
        let Some((kind, start)) = self.cargo_power(us) else {
            return Vec::new();
        };
        let Some(list) = &self.cargo[us] else {
            return Vec::new();
        };
        if self.commander[us] != us {
            return Vec::new();
        }
        let carried = |l: char| {
            list.iter()
                .map(|(_, c)| c.chars().filter(|&x| x == l).count())
                .sum::<usize>()
        };
        let loads = self.cargo_turn != CargoTurn::Unloading;
        let burns = self.cargo_turn == CargoTurn::None;
        let passenger = self.passenger[us];
        // Two knights loaded at most, the passenger's among them.
        let room = list.len() + usize::from(passenger.is_some()) < 2;
        let mut out = Vec::new();
        for knight in self.horses(us, kind) {
            let held = list
                .iter()
                .find(|(sq, _)| *sq == knight)
                .map(|(_, l)| l.as_str());
            if passenger.is_some_and(|(k, _)| k == knight) {
                // It rides alone; its owner unloads it; it burns.
                if burns && !self.burn_takes_king(list, knight) {
                    out.push(format!("cargo@{}", square(knight)));
                }
                continue;
            }
            if loads && held.is_none() && passenger.is_none() && list.len() < 2 {
                out.extend(self.guest_loads(knight));
            }
            if loads && (held.is_some() || room) {
                for d in AROUND {
                    let from = add(knight, d, 1);
                    if !on_board(from) {
                        continue;
                    }
                    let Some(p) = self.at(from) else {
                        continue;
                    };
                    let n = start.chars().filter(|&c| c == p.kind).count();
                    if p.army == us && n > 0 && carried(p.kind) < n {
                        out.push(format!("cargo@{}{}", square(from), square(knight)));
                    }
                }
            }
            let Some(held) = held else {
                continue;
            };
            for l in Self::cargo_letters(start)
                .into_iter()
                .filter(|&l| held.contains(l))
            {
                for d in AROUND {
                    let to = add(knight, d, 1);
                    let new = Piece { army: us, kind: l };
                    if on_board(to)
                        && self.at(to).is_none()
                        && !(self.kind(l).pawn && self.promotes_on(new, to))
                    {
                        out.push(format!("cargo@{}{}={l}", square(knight), square(to)));
                    }
                }
            }
            if burns && !self.burn_takes_king(list, knight) {
                out.push(format!("cargo@{}", square(knight)));
            }
        }
        out
    }

    /// Whether burning `knight` destroys the king in one of `list`'s
    /// knights (it or one orthogonally next to it).
    fn burn_takes_king(&self, list: &[(Sq, String)], knight: Sq) -> bool {
        let burnt = |sq: Sq| sq == knight || ORTHOGONAL.iter().any(|&d| add(knight, d, 1) == sq);
        list.iter()
            .any(|(sq, l)| burnt(*sq) && l.chars().any(|c| self.kind(c).royal))
    }

    /// The loads of other seats' pieces next to the empty `knight`: with
    /// the consent of the seat commanding them, no royal piece, none proof
    /// against powers.
    fn guest_loads(&self, knight: Sq) -> Vec<String> {
        let us = self.turn;
        let mut out = Vec::new();
        for d in AROUND {
            let from = add(knight, d, 1);
            if !on_board(from) {
                continue;
            }
            let Some(p) = self.at(from) else {
                continue;
            };
            let g = self.commander[p.army];
            if g != us
                && self.commander[g] == g
                && self.consent[us] & (1 << g) != 0
                && !self.kind(p.kind).royal
                && !self.immune(p)
                && !self.is_face_down(p)
            {
                out.push(format!("cargo@{}{}", square(from), square(knight)));
            }
        }
        out
    }

    /// The seat to move's steps with other seats' knights, each a turn:
    /// its consent given or withdrawn (on the first knight of each seat
    /// with a cargo, in the game), the unloads of a piece of an army it
    /// commands (none attacking an enemy royal piece on its first turns).
    pub(super) fn guest_steps(&self) -> Vec<String> {
        let us = self.turn;
        let mut out = Vec::new();
        for g in (0..4).filter(|&g| g != us && self.commander[g] == g) {
            let Some((kind, _)) = self.cargo_power(g) else {
                continue;
            };
            if let Some(&first) = self.horses(g, kind).first() {
                let name = if self.consent[g] & (1 << us) != 0 {
                    "withdraw-consent"
                } else {
                    "consent"
                };
                out.push(format!("{name}@{}", square(first)));
            }
            let Some((knight, p)) = self.passenger[g] else {
                continue;
            };
            if self.commander[p.army] != us {
                continue;
            }
            for d in AROUND {
                let to = add(knight, d, 1);
                if !on_board(to)
                    || self.at(to).is_some()
                    || (self.kind(p.kind).pawn && self.promotes_on(p, to))
                {
                    continue;
                }
                let m = format!("cargo@{}{}={}", square(knight), square(to), p.kind);
                if !(self.turns[us] < 2 && self.part(&m).checks_an_enemy(us)) {
                    out.push(m);
                }
            }
        }
        out
    }

    /// A consent given or withdrawn: the position with it (the turn then
    /// ends as by a pass).
    pub(super) fn consent_step(&self, m: &str) -> Option<Ref> {
        let (name, cell) = m.split_once('@')?;
        let given = match name {
            "consent" => true,
            "withdraw-consent" => false,
            _ => return None,
        };
        let g = self.at(squares(cell)[0]).expect("a knight").army;
        let mut next = self.clone();
        if given {
            next.consent[g] |= 1 << self.turn;
        } else {
            next.consent[g] &= !(1 << self.turn);
        }
        Some(next)
    }

    /// Whether `m` is the seat to move's unload of its piece riding in
    /// another seat's knight.
    pub fn is_guest_unload(&self, m: &str) -> bool {
        let Some(rest) = m.strip_prefix("cargo@") else {
            return false;
        };
        let Some((cells, _)) = rest.split_once('=') else {
            return false;
        };
        let knight = squares(cells)[0];
        self.passenger
            .iter()
            .flatten()
            .any(|&(k, p)| k == knight && self.commander[p.army] == self.turn)
    }

    /// A load, unload or burn played (before the turn passes).
    pub(super) fn cargo_part(&self, m: &str) -> Ref {
        let us = self.turn;
        let mut next = self.clone();
        let (cells, letter) = match m["cargo@".len()..].split_once('=') {
            Some((c, l)) => (c, l.chars().next()),
            None => (&m["cargo@".len()..], None),
        };
        let sq = squares(cells);
        if self.is_guest_unload(m) {
            let g = (0..4)
                .find(|&g| self.passenger[g].is_some_and(|(k, _)| k == sq[0]))
                .expect("a passenger");
            let (_, p) = next.passenger[g].take().expect("a passenger");
            next.set(sq[1], Some(p));
            return next;
        }
        let list = next.cargo[us].as_mut().expect("packed");
        match (sq.len(), letter) {
            (2, None) if self.at(sq[0]).is_some_and(|p| p.army != us) => {
                next.passenger[us] = self.at(sq[0]).map(|p| (sq[1], p));
                next.set(sq[0], None);
            }
            (2, None) => {
                let p = self.at(sq[0]).expect("a piece to load");
                match list.iter_mut().find(|(k, _)| *k == sq[1]) {
                    Some((_, l)) => l.push(p.kind),
                    None => list.push((sq[1], p.kind.to_string())),
                }
                next.set(sq[0], None);
            }
            (2, Some(l)) => {
                let (_, held) = list
                    .iter_mut()
                    .find(|(k, _)| *k == sq[0])
                    .expect("a loaded knight");
                let at = held.find(l).expect("the piece inside");
                held.remove(at);
                next.set(sq[1], Some(Piece { army: us, kind: l }));
            }
            _ => {
                let knight = sq[0];
                list.retain(|(k, _)| *k != knight);
                if next.passenger[us].is_some_and(|(k, _)| k == knight) {
                    next.passenger[us] = None;
                }
                next.set(knight, None);
                for d in ORTHOGONAL {
                    let n = add(knight, d, 1);
                    if !on_board(n) {
                        continue;
                    }
                    if let Some(v) = self.at(n)
                        && !self.counts_as_royal(v)
                        && !self.immune(v)
                    {
                        next.set(n, None);
                        next.count_loss(None, self.owner(v));
                    }
                }
            }
        }
        next.tidy_cargo(us);
        next
    }

    /// A knight of the seat to move that moves from `from` to `to` takes
    /// its cargo along.
    pub(super) fn carry(&mut self, from: Sq, to: Sq) {
        let us = self.turn;
        if let Some(list) = &mut self.cargo[us]
            && let Some(entry) = list.iter_mut().find(|(k, _)| *k == from)
        {
            entry.0 = to;
        }
        if let Some((k, _)) = &mut self.passenger[us]
            && *k == from
        {
            *k = to;
        }
        self.tidy_cargo(us);
    }

    /// After a step of `actor`: a knight gone or no longer its seat's own
    /// loses its cargo; with the king, the seat is out, its armies
    /// `actor`'s. A seat taken over keeps no cargo.
    pub(super) fn settle_cargo(&mut self, actor: usize) {
        for s in 0..4 {
            let Some((kind, start)) = self.cargo_power(s) else {
                continue;
            };
            let start = start.to_string();
            if self.commander[s] != s {
                self.cargo[s] = Some(Vec::new());
                self.consent[s] = 0;
                self.passenger[s] = None;
                continue;
            }
            let horses = self.horses(s, kind);
            // No consent of a seat out; the passenger goes with its knight.
            for g in 0..4 {
                if self.commander[g] != g {
                    self.consent[s] &= !(1 << g);
                }
            }
            if self.passenger[s].is_some_and(|(k, _)| !horses.contains(&k)) {
                self.passenger[s] = None;
            }
            let royal = |l: &str| l.chars().any(|c| self.kind(c).royal);
            let mut lost = false;
            match &self.cargo[s] {
                None if horses.is_empty() => {
                    lost = royal(&start);
                    self.cargo[s] = Some(Vec::new());
                }
                None => {}
                Some(list) => {
                    let (kept, gone): (Vec<_>, Vec<_>) =
                        list.iter().cloned().partition(|(k, _)| horses.contains(k));
                    lost = gone.iter().any(|(_, l)| royal(l));
                    self.cargo[s] = Some(kept);
                }
            }
            if lost && self.royals(s) == 0 {
                for a in 0..4 {
                    if self.commander[a] == s {
                        self.commander[a] = actor;
                    }
                }
                self.cargo[s] = Some(Vec::new());
                self.consent[s] = 0;
                self.passenger[s] = None;
            }
        }
    }

    /// The FEN4 entry of the seat's cargo, read back (`''` not packed,
    /// `-` nothing carried, `b1=kbp/c1=rbpp`; `;loading` or `;unloading`
    /// after it inside a turn of loads and unloads).
    pub(super) fn read_cargo(&mut self, seat: usize, entry: &str) {
        if self.cargo_power(seat).is_none() {
            return;
        }
        let (entry, step) = entry.split_once(';').unwrap_or((entry, ""));
        match step {
            "loading" => self.cargo_turn = CargoTurn::Loading,
            "unloading" => self.cargo_turn = CargoTurn::Unloading,
            _ => {}
        }
        // A foreign passenger: its knight, its owner's colour and its kind
        // in upper case (`d4=yP`).
        let guest = |part: &&str| part.ends_with(|c: char| c.is_ascii_uppercase());
        self.passenger[seat] = entry.split('/').find(guest).map(|part| {
            let (sq, l) = part.split_once('=').expect("square=letters");
            let mut l = l.chars();
            let army = "rbyg".find(l.next().expect("a colour")).expect("a seat");
            let kind = l.next().expect("a kind").to_ascii_lowercase();
            (squares(sq)[0], Piece { army, kind })
        });
        self.cargo[seat] = match entry {
            "" => None,
            "-" => Some(Vec::new()),
            e => Some(
                e.split('/')
                    .filter(|part| !guest(part))
                    .map(|part| {
                        let (sq, l) = part.split_once('=').expect("square=letters");
                        (squares(sq)[0], l.to_string())
                    })
                    .collect(),
            ),
        };
    }
}
