//! A deliberately simple, independent reference for European Chess (base
//! game, default army), written from `../shared/rules/european-chess.txt`
//! and `docs/rules.md` with no code of the kernel: pieces in an 8 x 8
//! array, moves as coordinates, every rule spelled out. The differential
//! tests compare it with the kernel move by move.
//!
//! For line-ups of nations (tests/nations.rs) it also takes any start
//! position, pawn kinds of other letters (moving as the default pawn) with
//! their own promotion choices, the amazon `w` (queen and knight), and two
//! powers, written again from the facts file's words: the Netherlands'
//! trade and Gaul's fear ([`RefPower`]).

/// A piece: the army it started in (0 red a1, 1 blue a8, 2 yellow h8,
/// 3 green h1) and its letter (`p n b r k`, `w`, or a pawn letter of
/// [`Ref::pawns`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub army: usize,
    pub kind: char,
}

/// A seat's power, as the facts file words it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefPower {
    None,
    /// "When a Dutch piece moves orthogonally next to an enemy piece, the
    /// two pieces swap owners. If several enemy pieces qualify, you choose
    /// one. Kings are never swapped, and there is no swapping on your
    /// first turn."
    Trade,
    /// "After your move you may push any number of other players' pieces
    /// that stand on the same rank or file as the piece you moved, are the
    /// same type as that piece, have nothing between them and it. Each is
    /// pushed 2 squares directly away. It stops early at a piece, but not
    /// at the edge: a piece pushed off the board is removed."
    Push,
    /// "At the end of each of your turns, pick one non-royal piece of
    /// yours that did not move this turn. Until the start of your next
    /// turn only royal pieces can capture it."
    Shelter,
    /// "An opponent may capture a Swiss piece only if at least one of
    /// these is true: the Swiss have already captured one of that
    /// opponent's pieces; that opponent has already captured or lost at
    /// least 3 pieces; that opponent is in check."
    Neutral,
}

const ORTHOGONAL: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// A position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ref {
    /// `board[file][rank]`, both from 0.
    pub board: [[Option<Piece>; 8]; 8],
    /// Per army, the seat that commands it.
    pub commander: [usize; 4],
    /// Per seat, its turns taken (up to 2).
    pub turns: [usize; 4],
    pub turn: usize,
    /// Per seat, its team (the seat itself in the free-for-all).
    pub team: [usize; 4],
    /// The pawn letters and what each promotes to.
    pub pawns: Vec<(char, Vec<char>)>,
    /// Per seat, its nation's power.
    pub powers: [RefPower; 4],
    /// Per army, the letter of the pawns it started with (whose choices
    /// its pawns promote to).
    pub army_pawns: [char; 4],
    /// Per seat, the square of the piece it sheltered on its last turn.
    pub sheltered: [Option<(i32, i32)>; 4],
    /// Per neutral seat and other seat: what that seat captured or lost,
    /// up to 3; 3 as soon as the neutral seat took one of its pieces.
    pub neutral: [[u8; 4]; 4],
}

/// The default army's pawn: `p`, promoting to a rook, bishop or knight.
pub fn default_pawns() -> Vec<(char, Vec<char>)> {
    vec![('p', vec!['r', 'b', 'n'])]
}

/// Which way an army's pawns go.
fn forward(army: usize) -> (i32, i32) {
    [(0, 1), (1, 0), (0, -1), (-1, 0)][army]
}

fn on_board(f: i32, r: i32) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

/// `f` and `r` from 0 as UCI text.
pub fn square(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

impl Ref {
    /// What the pawn `p` promotes to (`None` if it is no pawn): its army's
    /// choices, where a pawn joined another army by a trade; else its
    /// letter's.
    fn promotions(&self, p: Piece) -> Option<&[char]> {
        let (_, own) = self.pawns.iter().find(|(l, _)| *l == p.kind)?;
        let army = self.army_pawns[p.army];
        match self.pawns.iter().find(|(l, _)| *l == army) {
            Some((_, choices)) if army != p.kind => Some(choices.as_slice()),
            _ => Some(own.as_slice()),
        }
    }

    fn at(&self, f: i32, r: i32) -> Option<Piece> {
        self.board[f as usize][r as usize]
    }

    /// Whether seat `seat` has its king (in its own army: kings are never made).
    pub fn alive(&self, seat: usize) -> bool {
        self.pieces()
            .any(|(_, _, p)| p.army == seat && p.kind == 'k')
    }

    fn pieces(&self) -> impl Iterator<Item = (i32, i32, Piece)> + '_ {
        (0..8).flat_map(move |f| (0..8).filter_map(move |r| self.at(f, r).map(|p| (f, r, p))))
    }

    /// Whether the game is over: at most one team has a seat in.
    pub fn over(&self) -> bool {
        let mut teams: Vec<usize> = (0..4)
            .filter(|&s| self.alive(s))
            .map(|s| self.team[s])
            .collect();
        teams.dedup();
        teams.sort();
        teams.dedup();
        teams.len() <= 1
    }

    /// Whether piece `p` belongs to a seat on `seat`'s team.
    fn friendly(&self, p: Piece, seat: usize) -> bool {
        self.team[self.commander[p.army]] == self.team[seat]
    }

    /// Squares the piece on (f, r) attacks (captures on, if an enemy stood there).
    fn attacks(&self, f: i32, r: i32, p: Piece) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        let leaps: &[(i32, i32)] = match p.kind {
            'n' | 'w' => &[
                (1, 2),
                (2, 1),
                (-1, 2),
                (-2, 1),
                (1, -2),
                (2, -1),
                (-1, -2),
                (-2, -1),
            ],
            'k' => &[
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
            ],
            _ => &[],
        };
        for &(df, dr) in leaps {
            if on_board(f + df, r + dr) {
                out.push((f + df, r + dr));
            }
        }
        let rays: &[(i32, i32)] = match p.kind {
            'r' => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
            'b' => &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
            'w' => &[
                (1, 0),
                (-1, 0),
                (0, 1),
                (0, -1),
                (1, 1),
                (1, -1),
                (-1, 1),
                (-1, -1),
            ],
            _ => &[],
        };
        for &(df, dr) in rays {
            let (mut x, mut y) = (f + df, r + dr);
            while on_board(x, y) {
                out.push((x, y));
                if self.at(x, y).is_some() {
                    break;
                }
                x += df;
                y += dr;
            }
        }
        if self.promotions(p).is_some() {
            let (df, dr) = forward(p.army);
            // Diagonally forward: forward plus one step to either side.
            for side in [-1, 1] {
                let (x, y) = (f + df + side * dr.abs(), r + dr + side * df.abs());
                if on_board(x, y) {
                    out.push((x, y));
                }
            }
        }
        out
    }

    /// Whether (f, r) is on the army's far edge.
    fn far_edge(army: usize, f: i32, r: i32) -> bool {
        match army {
            0 => r == 7,
            1 => f == 7,
            2 => r == 0,
            _ => f == 0,
        }
    }

    /// Whether (f, r) is on the army's second row.
    fn second_row(army: usize, f: i32, r: i32) -> bool {
        match army {
            0 => r == 1,
            1 => f == 1,
            2 => r == 6,
            _ => f == 6,
        }
    }

    /// Moves by movement alone of the seat to move, as UCI text.
    fn pseudo(&self) -> Vec<String> {
        let us = self.turn;
        let mut out = Vec::new();
        for (f, r, p) in self.pieces() {
            if self.commander[p.army] != us {
                continue;
            }
            let promotions = self.promotions(p);
            let mut add = |x: i32, y: i32| {
                let base = format!("{}{}", square(f, r), square(x, y));
                if let Some(choices) = promotions.filter(|_| Ref::far_edge(p.army, x, y)) {
                    for k in choices {
                        out.push(format!("{base}{k}"));
                    }
                } else {
                    out.push(base);
                }
            };
            if promotions.is_some() {
                let (df, dr) = forward(p.army);
                let (x, y) = (f + df, r + dr);
                if on_board(x, y) && self.at(x, y).is_none() {
                    add(x, y);
                    let (x2, y2) = (x + df, y + dr);
                    if Ref::second_row(p.army, f, r)
                        && on_board(x2, y2)
                        && self.at(x2, y2).is_none()
                    {
                        add(x2, y2);
                    }
                }
                for (x, y) in self.attacks(f, r, p) {
                    if self.at(x, y).is_some_and(|q| !self.friendly(q, us)) {
                        add(x, y);
                    }
                }
                continue;
            }
            for (x, y) in self.attacks(f, r, p) {
                if self.at(x, y).is_none_or(|q| !self.friendly(q, us)) {
                    add(x, y);
                }
            }
        }
        out
    }

    /// Whether a piece commanded by `seat` attacks the king of a seat not on its team.
    fn checks_an_enemy(&self, seat: usize) -> bool {
        let kings: Vec<(i32, i32)> = self
            .pieces()
            .filter(|(_, _, p)| p.kind == 'k' && self.team[p.army] != self.team[seat])
            .map(|(f, r, _)| (f, r))
            .collect();
        self.pieces()
            .filter(|(_, _, p)| self.commander[p.army] == seat)
            .any(|(f, r, p)| self.attacks(f, r, p).iter().any(|sq| kings.contains(sq)))
    }

    /// The legal moves, sorted; `0000` (a pass) when there is none.
    pub fn legal(&self) -> Vec<String> {
        if self.over() {
            return Vec::new();
        }
        let us = self.turn;
        let mut moves: Vec<String> = self
            .pseudo()
            .into_iter()
            .filter(|m| !self.sheltered_from(m) && !self.neutral_bars(m))
            .flat_map(|m| self.with_power(m))
            .filter(|m| self.turns[us] >= 2 || !self.board_after(m).checks_an_enemy(us))
            .collect();
        if moves.is_empty() {
            moves.push("0000".into());
        }
        moves.sort();
        moves
    }

    fn parse(m: &str) -> ((i32, i32), (i32, i32), Option<char>) {
        let b = m.split('@').next().expect("a move").as_bytes();
        let sq = |i: usize| ((b[i] - b'a') as i32, (b[i + 1] - b'1') as i32);
        (sq(0), sq(2), b.get(4).map(|&c| c as char))
    }

    /// The squares after a move's `@`.
    fn chosen(m: &str) -> Vec<(i32, i32)> {
        let Some((_, cells)) = m.split_once('@') else {
            return Vec::new();
        };
        let b = cells.as_bytes();
        (0..b.len() / 2)
            .map(|i| ((b[2 * i] - b'a') as i32, (b[2 * i + 1] - b'1') as i32))
            .collect()
    }

    /// Whether `m` captures a piece another seat sheltered, with a piece
    /// that is not a king.
    fn sheltered_from(&self, m: &str) -> bool {
        if m == "0000" {
            return false;
        }
        let us = self.turn;
        let ((f, r), (x, y), _) = Ref::parse(m);
        let Some(victim) = self.at(x, y) else {
            return false;
        };
        let by_king = self.at(f, r).is_some_and(|p| p.kind == 'k');
        (0..4).any(|s| {
            s != us
                && self.team[s] != self.team[us]
                && self.sheltered[s] == Some((x, y))
                && self.commander[victim.army] == s
                && !by_king
        })
    }

    /// Whether `m` captures a piece of a neutral player the mover has not
    /// earned the right to capture.
    fn neutral_bars(&self, m: &str) -> bool {
        if m == "0000" {
            return false;
        }
        let us = self.turn;
        let ((_, _), (x, y), _) = Ref::parse(m);
        let Some(victim) = self.at(x, y) else {
            return false;
        };
        let s = self.commander[victim.army];
        s != us
            && self.powers[s] == RefPower::Neutral
            && self.commander[s] == s
            && self.team[s] != self.team[us]
            && self.neutral[s][us] < 3
            && !self.in_check(us)
    }

    /// Whether a king of army `seat` is attacked by a piece of another team.
    fn in_check(&self, seat: usize) -> bool {
        let kings: Vec<(i32, i32)> = self
            .pieces()
            .filter(|(_, _, p)| p.kind == 'k' && p.army == seat)
            .map(|(f, r, _)| (f, r))
            .collect();
        self.pieces()
            .filter(|(_, _, p)| self.team[self.commander[p.army]] != self.team[seat])
            .any(|(f, r, p)| self.attacks(f, r, p).iter().any(|sq| kings.contains(sq)))
    }

    /// A piece of `loser` left the board, taken by `capturer` (or pushed
    /// off): every neutral player still in counts it.
    fn count_loss(&mut self, capturer: Option<usize>, loser: usize) {
        for s in 0..4 {
            if self.powers[s] != RefPower::Neutral || self.commander[s] != s {
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

    /// The forms of the piece move `m` the mover's power gives it.
    fn with_power(&self, m: String) -> Vec<String> {
        let us = self.turn;
        if m == "0000" {
            return vec![m];
        }
        let ((f, r), (x, y), _) = Ref::parse(&m);
        let after = self.board_after(&m);
        let mover = after.at(x, y).expect("the mover");
        match self.powers[us] {
            RefPower::None | RefPower::Neutral => vec![m],
            RefPower::Shelter => {
                let picks: Vec<String> = after
                    .pieces()
                    .filter(|&(a, b, q)| {
                        after.commander[q.army] == us && q.kind != 'k' && (a, b) != (x, y)
                    })
                    .map(|(a, b, _)| format!("{m}@{}", square(a, b)))
                    .collect();
                if picks.is_empty() { vec![m] } else { picks }
            }
            RefPower::Trade => {
                if self.turns[us] == 0 || self.at(f, r).is_some_and(|p| p.kind == 'k') {
                    return vec![m];
                }
                let swaps: Vec<String> = ORTHOGONAL
                    .iter()
                    .map(|&(df, dr)| (x + df, y + dr))
                    .filter(|&(a, b)| on_board(a, b))
                    .filter(|&(a, b)| {
                        after
                            .at(a, b)
                            .is_some_and(|q| q.kind != 'k' && !after.friendly(q, us))
                    })
                    .map(|(a, b)| format!("{m}@{}", square(a, b)))
                    .collect();
                if swaps.is_empty() { vec![m] } else { swaps }
            }
            RefPower::Push => {
                let mut targets = Vec::new();
                for (df, dr) in ORTHOGONAL {
                    let (mut a, mut b) = (x + df, y + dr);
                    while on_board(a, b) && after.at(a, b).is_none() {
                        a += df;
                        b += dr;
                    }
                    if on_board(a, b)
                        && after
                            .at(a, b)
                            .is_some_and(|q| q.kind == mover.kind && after.commander[q.army] != us)
                    {
                        targets.push((a, b));
                    }
                }
                // Written in board order: rank by rank, then file.
                targets.sort_by_key(|&(a, b)| (b, a));
                (0..1usize << targets.len())
                    .map(|set| {
                        let names: String = (0..targets.len())
                            .filter(|i| set & (1 << i) != 0)
                            .map(|i| square(targets[i].0, targets[i].1))
                            .collect();
                        if names.is_empty() {
                            m.clone()
                        } else {
                            format!("{m}@{names}")
                        }
                    })
                    .collect()
            }
        }
    }

    /// A pawn of `p.army` standing on its far edge becomes its first choice.
    fn settled(&self, p: Piece, f: i32, r: i32) -> Piece {
        match self.promotions(p) {
            Some(choices) if Ref::far_edge(p.army, f, r) => Piece {
                army: p.army,
                kind: choices[0],
            },
            _ => p,
        }
    }

    /// The position after `m`, its power's effect included, but for the
    /// turn: a player whose last royal piece goes, captured or pushed off,
    /// is out at once, and all they command is the mover's.
    fn board_after(&self, m: &str) -> Ref {
        let mut next = self.clone();
        let ((f, r), (x, y), promo) = Ref::parse(m);
        let p = next.board[f as usize][r as usize].take().expect("a piece");
        if let Some(victim) = self.at(x, y) {
            next.count_loss(Some(self.turn), self.commander[victim.army]);
        }
        next.board[x as usize][y as usize] = Some(Piece {
            army: p.army,
            kind: promo.unwrap_or(p.kind),
        });
        next.take_over_kingless(self);
        for (a, b) in Ref::chosen(m) {
            match self.powers[self.turn] {
                RefPower::Trade => {
                    let ours = next.at(x, y).expect("the mover");
                    let theirs = next.at(a, b).expect("a piece to trade with");
                    let ours_now = Piece {
                        army: theirs.army,
                        kind: ours.kind,
                    };
                    let theirs_now = Piece {
                        army: ours.army,
                        kind: theirs.kind,
                    };
                    next.board[x as usize][y as usize] = Some(next.settled(ours_now, x, y));
                    next.board[a as usize][b as usize] = Some(next.settled(theirs_now, a, b));
                }
                RefPower::Push => next.push(a, b, ((a - x).signum(), (b - y).signum())),
                RefPower::Shelter => {}
                RefPower::None | RefPower::Neutral => panic!("a choice without a power: {m}"),
            }
        }
        next.take_over_kingless(self);
        next
    }

    /// Every army whose king `before` had and this position has not: its
    /// player's armies are the mover's.
    fn take_over_kingless(&mut self, before: &Ref) {
        for army in 0..4 {
            let king = |p: &Ref| p.pieces().any(|(_, _, q)| q.army == army && q.kind == 'k');
            if king(before) && !king(self) && self.commander[army] != before.turn {
                let loser = self.commander[army];
                for a in 0..4 {
                    if self.commander[a] == loser {
                        self.commander[a] = before.turn;
                    }
                }
            }
        }
    }

    /// Push the piece on (f, r) two squares by `(df, dr)`.
    fn push(&mut self, f: i32, r: i32, (df, dr): (i32, i32)) {
        let p = self.board[f as usize][r as usize]
            .take()
            .expect("a piece to push");
        let (mut a, mut b) = (f, r);
        for _ in 0..2 {
            if !on_board(a + df, b + dr) {
                // Off the board: removed, a loss to its player.
                self.count_loss(None, self.commander[p.army]);
                return;
            }
            if self.at(a + df, b + dr).is_some() {
                break;
            }
            a += df;
            b += dr;
        }
        self.board[a as usize][b as usize] = Some(self.settled(p, a, b));
    }

    /// Play a legal move.
    pub fn play(&self, m: &str) -> Ref {
        let us = self.turn;
        let mut next = if m == "0000" {
            self.clone()
        } else {
            self.board_after(m)
        };
        if self.powers[us] == RefPower::Shelter {
            next.sheltered[us] = Ref::chosen(m).first().copied();
        }
        next.turns[us] = (next.turns[us] + 1).min(2);
        next.pass_turn();
        next
    }

    /// The turn goes clockwise to the next seat with a king; a seat that
    /// starts its turn with one piece loses it and is out.
    fn pass_turn(&mut self) {
        loop {
            if self.over() {
                return;
            }
            let from = self.turn;
            if let Some(n) = (1..=4).map(|i| (from + i) % 4).find(|&s| self.alive(s)) {
                self.turn = n;
            }
            let mine: Vec<(i32, i32)> = self
                .pieces()
                .filter(|(_, _, p)| self.commander[p.army] == self.turn)
                .map(|(f, r, _)| (f, r))
                .collect();
            if mine.len() != 1 || self.over() {
                return;
            }
            self.board[mine[0].0 as usize][mine[0].1 as usize] = None;
        }
    }

    /// Number of leaf positions `depth` plies ahead.
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}
