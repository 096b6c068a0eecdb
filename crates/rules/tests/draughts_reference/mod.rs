//! A deliberately simple draughts generator, written from the rules text
//! alone (docs/rules.md, "4-Way Checkers"), sharing no code or tables with
//! the kernel: pieces in a map from (file, rank), moves found by walking
//! coordinates, the turn passed on by trying every seat's moves. Slow and
//! plain, so that it can be read against the rules sentence by sentence.

#![allow(dead_code)]

use std::collections::BTreeMap;

/// A board shape and its seats, as a variant file says.
#[derive(Clone, Debug)]
pub struct Shape {
    pub width: i32,
    pub height: i32,
    pub corners: i32,
    /// Parity of file + rank of the dark cells.
    pub dark: i32,
    /// Each seat's forward direction and its letter.
    pub seats: Vec<((i32, i32), char)>,
    pub rows: i32,
}

impl Shape {
    pub fn fourway() -> Shape {
        Shape {
            width: 14,
            height: 14,
            corners: 3,
            dark: 1,
            seats: vec![((0, 1), 'R'), ((1, 0), 'B'), ((0, -1), 'Y'), ((-1, 0), 'G')],
            rows: 3,
        }
    }
    pub fn english() -> Shape {
        Shape {
            width: 8,
            height: 8,
            corners: 0,
            dark: 0,
            seats: vec![((0, 1), 'B'), ((0, -1), 'W')],
            rows: 3,
        }
    }

    /// Whether (f, r) is a dark cell of the board.
    pub fn dark_cell(&self, f: i32, r: i32) -> bool {
        let inside = f >= 0 && r >= 0 && f < self.width && r < self.height;
        let edge = |x: i32, n: i32| x < self.corners || x >= n - self.corners;
        let cut = self.corners > 0 && edge(f, self.width) && edge(r, self.height);
        inside && !cut && (f + r) % 2 == self.dark
    }

    /// Whether a man of `seat` on (f, r) stands on its far side's back row.
    pub fn crowning(&self, seat: usize, f: i32, r: i32) -> bool {
        match self.seats[seat].0 {
            (0, 1) => r == self.height - 1,
            (0, -1) => r == 0,
            (1, 0) => f == self.width - 1,
            _ => f == 0,
        }
    }

    /// Whether (f, r) is in the first `rows` rows from `seat`'s own side.
    fn home(&self, seat: usize, f: i32, r: i32) -> bool {
        match self.seats[seat].0 {
            (0, 1) => r < self.rows,
            (0, -1) => r >= self.height - self.rows,
            (1, 0) => f < self.rows,
            _ => f >= self.width - self.rows,
        }
    }

    pub fn dark_cells(&self) -> Vec<(i32, i32)> {
        let mut v = Vec::new();
        for r in 0..self.height {
            for f in 0..self.width {
                if self.dark_cell(f, r) {
                    v.push((f, r));
                }
            }
        }
        v
    }
}

/// A piece: its seat and whether it is a king.
pub type Piece = (usize, bool);

#[derive(Clone, Debug)]
pub struct RefPos {
    pub shape: Shape,
    pub pieces: BTreeMap<(i32, i32), Piece>,
    pub turn: usize,
    pub alive: Vec<bool>,
}

/// A move: the start cell, the landing cells, whether it captures.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct RefMove {
    pub path: Vec<(i32, i32)>,
    pub capture: bool,
}

pub fn name(c: (i32, i32)) -> String {
    format!("{}{}", (b'a' + c.0 as u8) as char, c.1 + 1)
}

impl RefMove {
    pub fn text(&self) -> String {
        let sep = if self.capture { "x" } else { "-" };
        self.path
            .iter()
            .map(|&c| name(c))
            .collect::<Vec<_>>()
            .join(sep)
    }
}

const DIAGONALS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

impl RefPos {
    pub fn start(shape: &Shape) -> RefPos {
        let mut pieces = BTreeMap::new();
        for (f, r) in shape.dark_cells() {
            for s in 0..shape.seats.len() {
                if shape.home(s, f, r) {
                    pieces.insert((f, r), (s, false));
                }
            }
        }
        RefPos {
            shape: shape.clone(),
            pieces,
            turn: 0,
            alive: vec![true; shape.seats.len()],
        }
    }

    /// The directions a piece moves in: a man only forward (away from its
    /// own side), a king all four.
    fn directions(&self, piece: Piece) -> Vec<(i32, i32)> {
        let (fx, fy) = self.shape.seats[piece.0].0;
        DIAGONALS
            .iter()
            .copied()
            .filter(|&(dx, dy)| piece.1 || dx * fx + dy * fy > 0)
            .collect()
    }

    /// Every capture of the piece on `from`, continued while it can jump.
    fn captures_from(&self, from: (i32, i32)) -> Vec<RefMove> {
        let piece = self.pieces[&from];
        let mut out = Vec::new();
        self.extend(from, piece, vec![from], &mut Vec::new(), &mut out);
        out
    }

    fn extend(
        &self,
        from: (i32, i32),
        piece: Piece,
        path: Vec<(i32, i32)>,
        jumped: &mut Vec<(i32, i32)>,
        out: &mut Vec<RefMove>,
    ) {
        let at = *path.last().unwrap();
        let mut jumped_any = false;
        for (dx, dy) in self.directions(piece) {
            let over = (at.0 + dx, at.1 + dy);
            let land = (at.0 + 2 * dx, at.1 + 2 * dy);
            if !self.shape.dark_cell(land.0, land.1) {
                continue;
            }
            // The jumped piece is another player's, not jumped before.
            let Some(&(owner, _)) = self.pieces.get(&over) else {
                continue;
            };
            if owner == piece.0 || jumped.contains(&over) {
                continue;
            }
            // The landing cell is empty (the mover's start cell is: it left
            // it; jumped pieces are still there).
            if land != from && self.pieces.contains_key(&land) {
                continue;
            }
            jumped_any = true;
            let mut longer = path.clone();
            longer.push(land);
            jumped.push(over);
            if !piece.1 && self.shape.crowning(piece.0, land.0, land.1) {
                out.push(RefMove {
                    path: longer,
                    capture: true,
                });
            } else {
                let before = out.len();
                self.extend(from, piece, longer.clone(), jumped, out);
                if out.len() == before && !self.can_jump_on(from, piece, &longer, jumped) {
                    out.push(RefMove {
                        path: longer,
                        capture: true,
                    });
                }
            }
            jumped.pop();
        }
        let _ = jumped_any;
    }

    /// Whether a capture standing at the end of `path` has a further jump.
    fn can_jump_on(
        &self,
        from: (i32, i32),
        piece: Piece,
        path: &[(i32, i32)],
        jumped: &[(i32, i32)],
    ) -> bool {
        let at = *path.last().unwrap();
        self.directions(piece).into_iter().any(|(dx, dy)| {
            let over = (at.0 + dx, at.1 + dy);
            let land = (at.0 + 2 * dx, at.1 + 2 * dy);
            self.shape.dark_cell(land.0, land.1)
                && self.pieces.get(&over).is_some_and(|p| p.0 != piece.0)
                && !jumped.contains(&over)
                && (land == from || !self.pieces.contains_key(&land))
        })
    }

    /// The legal moves of `seat`: its captures if it has any, else its steps.
    pub fn moves_of(&self, seat: usize) -> Vec<RefMove> {
        let own: Vec<((i32, i32), Piece)> = self
            .pieces
            .iter()
            .filter(|(_, p)| p.0 == seat)
            .map(|(&c, &p)| (c, p))
            .collect();
        let mut captures = Vec::new();
        for &(c, _) in &own {
            captures.extend(self.captures_from(c));
        }
        if !captures.is_empty() {
            captures.sort();
            return captures;
        }
        let mut steps = Vec::new();
        for (c, p) in own {
            for (dx, dy) in self.directions(p) {
                let to = (c.0 + dx, c.1 + dy);
                if self.shape.dark_cell(to.0, to.1) && !self.pieces.contains_key(&to) {
                    steps.push(RefMove {
                        path: vec![c, to],
                        capture: false,
                    });
                }
            }
        }
        steps.sort();
        steps
    }

    pub fn alive_count(&self) -> usize {
        self.alive.iter().filter(|&&a| a).count()
    }

    /// The legal moves of the side to move; none when one player is left.
    pub fn moves(&self) -> Vec<RefMove> {
        if self.alive_count() <= 1 {
            return Vec::new();
        }
        self.moves_of(self.turn)
    }

    /// Seat `s` is out: its pieces leave the board.
    fn out(&mut self, s: usize) {
        self.alive[s] = false;
        self.pieces.retain(|_, p| p.0 != s);
    }

    /// The turn comes to the next seat still in; a seat with no legal move
    /// then is out, and the turn goes on.
    pub fn pass_turn(&mut self) {
        let n = self.shape.seats.len();
        while self.alive_count() > 1 {
            let mut s = self.turn;
            loop {
                s = (s + 1) % n;
                if self.alive[s] {
                    break;
                }
            }
            self.turn = s;
            if !self.moves_of(s).is_empty() {
                return;
            }
            self.out(s);
        }
        // Once one seat is left, the turn stays with the seat that went out
        // last: the side to move has lost.
    }

    /// The side to move's turn as it comes (a set-up position).
    pub fn settle(&mut self) {
        if self.alive_count() > 1 && self.moves_of(self.turn).is_empty() {
            self.out(self.turn);
            self.pass_turn();
        }
    }

    pub fn play(&self, m: &RefMove) -> RefPos {
        let mut next = self.clone();
        let from = m.path[0];
        let mut piece = next.pieces.remove(&from).unwrap();
        if m.capture {
            for w in m.path.windows(2) {
                let over = ((w[0].0 + w[1].0) / 2, (w[0].1 + w[1].1) / 2);
                next.pieces.remove(&over).unwrap();
            }
        }
        let to = *m.path.last().unwrap();
        if self.shape.crowning(piece.0, to.0, to.1) {
            piece.1 = true;
        }
        next.pieces.insert(to, piece);
        next.pass_turn();
        next
    }

    /// The position text of docs/rules.md, without the counters.
    pub fn text(&self) -> String {
        let mut out = String::new();
        out.push(self.shape.seats[self.turn].1);
        for (s, &(_, letter)) in self.shape.seats.iter().enumerate() {
            out.push(':');
            out.push(letter);
            if !self.alive[s] {
                out.push('-');
                continue;
            }
            let mut cells: Vec<(&(i32, i32), &Piece)> =
                self.pieces.iter().filter(|(_, p)| p.0 == s).collect();
            cells.sort_by_key(|(c, _)| (c.1, c.0));
            let names: Vec<String> = cells
                .iter()
                .map(|(c, p)| format!("{}{}", if p.1 { "K" } else { "" }, name(**c)))
                .collect();
            out.push_str(&names.join(","));
        }
        out
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}
