//! A deliberately simple, independent reference for European Chess,
//! written from `../shared/rules/european-chess.txt`, the facts file
//! (`european-chess-nations.md`) and the decisions of `docs/rules.md` and
//! `docs/nations.md`, with no code of the kernel: pieces in an 8 x 8
//! array, moves as UCI text, every rule and power spelled out the long
//! way (a move is tried on a copy of the whole position). The
//! differential tests compare it with the kernel move by move.
//!
//! It plays the base game and every shipped nation (issues 13 and 14) with its power
//! ([`nations`]), and the test fixtures of `tests/data/nations`. Only
//! `read` (turning a kernel position into a reference one) uses the kernel.

mod cargo;
mod deploy;
mod dice;
mod effects;
mod fear;
mod ferocity;
mod insanity;
pub mod kinds;
mod letters;
pub mod lightning;
mod militia;
pub mod nations;
mod powers;
pub mod read;
mod secrecy;
mod stealth;
mod trenches;
mod wall;

pub use kinds::RefKind;
pub use nations::{Rect, RefNation, nation_of};

use kinds::{Does, Go};
use std::rc::Rc;

/// A square, `(file, rank)` from 0.
pub type Sq = (i32, i32);

/// A piece: the army it started in (0 red a1, 1 blue a8, 2 yellow h8,
/// 3 green h1) and its letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub army: usize,
    pub kind: char,
}

/// The four nations of a game, their kinds, and each seat's promotions.
#[derive(Debug, PartialEq, Eq)]
pub struct Lineup {
    pub nations: [RefNation; 4],
    pub kinds: Vec<RefKind>,
    /// Per seat, what its pawns promote to (a nation that promotes to the
    /// kinds on the board at the start has them listed here).
    pub promotions: [Vec<char>; 4],
}

impl Lineup {
    /// The line-up of these nations; `None` if the reference does not
    /// play one of them.
    pub fn new(ids: [&str; 4]) -> Option<Lineup> {
        let nations = [0, 1, 2, 3].map(|s| nation_of(ids[s]));
        if nations.iter().any(Option::is_none) {
            return None;
        }
        let (nations, kinds) = letters::settle(nations.map(Option::unwrap), kinds::base());
        let kind = |l: char| kinds.iter().find(|k| k.letter == l).expect("a kind");
        // Egypt: "any piece type that has been on the board", at the start,
        // pawns and royal pieces excepted, special pieces as plain ones.
        let mut on_board = Vec::new();
        for n in &nations {
            for l in n.setup.chars() {
                let k = kind(l);
                let l = k.plain.unwrap_or(l);
                if !k.pawn && !k.royal && !on_board.contains(&l) {
                    on_board.push(l);
                }
            }
        }
        let promotions = [0, 1, 2, 3].map(|s| {
            if nations[s].promotions.is_empty() {
                on_board.clone()
            } else {
                nations[s].promotions.clone()
            }
        });
        Some(Lineup {
            nations,
            kinds,
            promotions,
        })
    }
}

/// A position.
#[derive(Clone, PartialEq, Eq)]
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
    pub lineup: Rc<Lineup>,
    /// Per seat, the square of the piece it sheltered on its last turn.
    pub sheltered: [Option<Sq>; 4],
    /// Per neutral seat and other seat: what that seat captured or lost,
    /// up to 3; 3 as soon as the neutral seat took one of its pieces.
    pub neutral: [[u8; 4]; 4],
    /// Per seat, its powers (bits by index) used on its last turn.
    pub used: [u8; 4],
    /// Per seat, its once-per-game powers used up.
    pub spent: [u8; 4],
    /// Per seat with `no-revenge`, the square of the piece its pieces may
    /// not capture on its next turn.
    pub barred: [Option<Sq>; 4],
    /// The pieces that have stood idle since a `destroy-idle` turn ended,
    /// a bit per square (`file + 8 * rank`).
    pub idle: u64,
    /// Per seat with a bomb: its turns since it last chose a block (up to
    /// one less than its `every`), and the block it armed, by its
    /// lower-left square.
    pub bomb: [(u8, Option<Sq>); 4],
    /// Per seat and power, its uses of a power with uses per game (once
    /// per game or more).
    pub uses: [[u8; 4]; 4],
    /// The Barbarians' pieces that captured and may not move yet, a bit
    /// per square (`file + 8 * rank`).
    pub frozen: u64,
    /// Per seat with ferocity, the squares of its capturers that cannot be
    /// captured, by the turn of the capture: its last turn first.
    pub fierce: [Vec<Option<Sq>>; 4],
    /// The American Colonies' militia that die at their commander's next
    /// turn end, a bit per square (`file + 8 * rank`).
    pub militia_old: u64,
    /// Per seat with trenches, the squares of the pawns it moved on its
    /// last three turns, its last first (`None`: no pawn, or one gone).
    pub trench_moves: [[Option<Sq>; 3]; 4],
    /// Per seat, the pieces it still holds in reserve (`deploy`), by letter.
    pub left: [Vec<char>; 4],
    /// Per seat with a wall: whether it fell for good.
    pub wall_down: [bool; 4],
    /// Whether the seat to move's turn goes on after its move (fear).
    pub continuing: bool,
    /// Per seat with an assassination, where its turn's stands.
    pub dice: [dice::Dice; 4],
    /// Per seat with stealth, the turns in a row its knight is hidden.
    pub hidden: [u8; 4],
    /// Whether the seat to move hid its knight at this turn's start.
    pub hid_now: bool,
    /// Per seat with insanity, where its turn stands.
    pub insanity: [insanity::Insanity; 4],
    /// Per seat with a cargo, what its knights carry (`None`: not packed).
    pub cargo: [cargo::Cargo; 4],
    /// Per seat with secrecy, its deal, turns and window.
    pub secret: [secrecy::Secrecy; 4],
    /// Per seat, the armies whose checks it announced, a bit each.
    pub declared: [u8; 4],
    /// Lightning: whether nations change with ordinary captures.
    pub lightning: bool,
    /// Lightning: the seats whose draws are due, the next first.
    pub draws: Vec<usize>,
    /// Where the seat to move's turn of loads and unloads is.
    pub cargo_turn: cargo::CargoTurn,
    /// Per seat with a cargo, the seats that consent to its knights
    /// carrying their pieces, a bit each.
    pub consent: [u8; 4],
    /// Per seat with a cargo, another seat's piece riding alone in one of
    /// its knights: the knight's square and the piece.
    pub passenger: [Option<(Sq, Piece)>; 4],
}

/// Which way an army's pawns go.
fn forward(army: usize) -> Sq {
    [(0, 1), (1, 0), (0, -1), (-1, 0)][army]
}

fn on_board((f, r): Sq) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

fn add((f, r): Sq, (df, dr): Sq, times: i32) -> Sq {
    (f + df * times, r + dr * times)
}

/// A square as UCI text.
pub fn square((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// The square as the seat sees it from its corner, as if it sat at a1
/// (the facts file's rotation table, turned back).
pub fn to_frame(seat: usize, (f, r): Sq) -> Sq {
    match seat {
        0 => (f, r),
        1 => (7 - r, f),
        2 => (7 - f, 7 - r),
        _ => (r, 7 - f),
    }
}

fn in_rect(((f0, r0), (f1, r1)): Rect, (f, r): Sq) -> bool {
    (f0..=f1).contains(&f) && (r0..=r1).contains(&r)
}

/// Whether `sq` lies in the area written for the a1 corner, turned to `seat`'s.
pub fn in_area(seat: usize, area: Rect, sq: Sq) -> bool {
    in_rect(area, to_frame(seat, sq))
}

/// The step `(side, forward)` of the army's frame on the board.
fn on_board_step(army: usize, (s, f): Sq) -> Sq {
    let (fx, fy) = forward(army);
    (s * fy + f * fx, -s * fx + f * fy)
}

/// A move as text, split: the squares before `@` and the cells after.
pub struct Parsed {
    pub from: Sq,
    pub to: Sq,
    pub promo: Option<char>,
    pub chosen: Vec<Sq>,
}

/// The squares of `"a1b2c3"`.
pub fn squares(text: &str) -> Vec<Sq> {
    let b = text.as_bytes();
    (0..b.len() / 2)
        .map(|i| ((b[2 * i] - b'a') as i32, (b[2 * i + 1] - b'1') as i32))
        .collect()
}

/// A piece move (`e2e4`, `e7e8q`, `d4d5@e5d7`).
pub fn parse(m: &str) -> Parsed {
    let (head, cells) = m.split_once('@').unwrap_or((m, ""));
    let sq = squares(&head[..4]);
    Parsed {
        from: sq[0],
        to: sq[1],
        promo: head[4..].chars().next(),
        chosen: squares(cells),
    }
}

impl Ref {
    /// A position of the line-up with nothing on the board, red to move.
    pub fn empty(lineup: Lineup, team: [usize; 4]) -> Ref {
        let fierce = [0, 1, 2, 3].map(|s| {
            let turns = lineup.nations[s].powers.iter().find_map(|p| match p {
                powers::RefPower::Ferocity { turns, .. } => Some(*turns),
                _ => None,
            });
            vec![None; turns.unwrap_or(0)]
        });
        let left = [0, 1, 2, 3].map(|s| {
            lineup.nations[s]
                .powers
                .iter()
                .find_map(|p| match p {
                    powers::RefPower::Deploy { reserve, .. } => Some(reserve.clone()),
                    _ => None,
                })
                .unwrap_or_default()
        });
        Ref {
            board: [[None; 8]; 8],
            commander: [0, 1, 2, 3],
            turns: [0; 4],
            turn: 0,
            team,
            lineup: Rc::new(lineup),
            sheltered: [None; 4],
            neutral: [[0; 4]; 4],
            used: [0; 4],
            spent: [0; 4],
            barred: [None; 4],
            idle: 0,
            bomb: [(0, None); 4],
            uses: [[0; 4]; 4],
            frozen: 0,
            fierce,
            militia_old: 0,
            trench_moves: [[None; 3]; 4],
            left,
            wall_down: [false; 4],
            continuing: false,
            dice: Default::default(),
            hidden: [0; 4],
            hid_now: false,
            insanity: Default::default(),
            cargo: Default::default(),
            secret: Default::default(),
            declared: [0; 4],
            lightning: false,
            draws: Vec::new(),
            cargo_turn: Default::default(),
            consent: [0; 4],
            passenger: [None; 4],
        }
    }

    pub fn at(&self, (f, r): Sq) -> Option<Piece> {
        self.board[f as usize][r as usize]
    }

    fn set(&mut self, (f, r): Sq, p: Option<Piece>) {
        self.board[f as usize][r as usize] = p;
    }

    pub fn kind(&self, letter: char) -> &RefKind {
        self.lineup
            .kinds
            .iter()
            .find(|k| k.letter == letter)
            .unwrap_or_else(|| panic!("no kind '{letter}' in the line-up"))
    }

    /// The pieces in board order (rank by rank, then file), the order in
    /// which powers that doom several pieces at once take them.
    pub fn pieces(&self) -> impl Iterator<Item = (Sq, Piece)> + '_ {
        (0..8).flat_map(move |r| (0..8).filter_map(move |f| self.at((f, r)).map(|p| ((f, r), p))))
    }

    /// The royal pieces of the army.
    fn royals(&self, army: usize) -> usize {
        self.pieces()
            .filter(|(_, p)| p.army == army && self.kind(p.kind).royal)
            .count()
    }

    /// Whether `p` counts as royal: a royal kind, its army's last.
    pub fn counts_as_royal(&self, p: Piece) -> bool {
        self.kind(p.kind).royal && self.royals(p.army) == 1
    }

    /// Whether `seat` is in: its army holds a royal piece, or its royal
    /// piece waits in reserve (`deploy.rs`).
    pub fn alive(&self, seat: usize) -> bool {
        self.royals(seat) > 0
            || self.in_by_reserve(seat)
            || self.in_by_cargo(seat)
            || self.holds_stand_in(seat)
    }

    /// Whether the seat's army holds a stand-in: in a view, an unknown
    /// piece that may be its King card.
    fn holds_stand_in(&self, seat: usize) -> bool {
        self.pieces()
            .any(|(_, p)| p.army == seat && self.is_stand_in(p.kind))
    }

    /// Whether the game is over: at most one team has a seat in.
    pub fn over(&self) -> bool {
        let mut teams: Vec<usize> = (0..4)
            .filter(|&s| self.alive(s))
            .map(|s| self.team[s])
            .collect();
        teams.sort();
        teams.dedup();
        teams.len() <= 1
    }

    /// The seat that commands the piece.
    pub fn owner(&self, p: Piece) -> usize {
        self.commander[p.army]
    }

    /// Whether piece `p` belongs to a seat on `seat`'s team.
    fn friendly(&self, p: Piece, seat: usize) -> bool {
        self.team[self.owner(p)] == self.team[seat]
    }

    /// Whether the piece is proof against other nations' powers: a kind
    /// so marked, or commanded by a nation so marked.
    fn immune(&self, p: Piece) -> bool {
        self.kind(p.kind).immune || self.lineup.nations[self.owner(p)].immune
    }

    /// The squares the piece on `from` reaches, with what it may do there.
    fn reach(&self, from: Sq, p: Piece) -> Vec<(Sq, Does)> {
        self.reach_as(from, p, p.kind)
    }

    /// The squares the piece on `from` reaches moving as a `kind` of its
    /// army would (North Korea's insanity), walls judged for the piece.
    fn reach_as(&self, from: Sq, p: Piece, kind: char) -> Vec<(Sq, Does)> {
        let mut out = Vec::new();
        let second_row = to_frame(p.army, from).1 == 1;
        for a in &self.kind(kind).atoms {
            if a.initial && !second_row {
                continue;
            }
            let step = on_board_step(p.army, a.step);
            match a.go {
                Go::Slide(max) => {
                    let mut k = 1;
                    let mut sq = add(from, step, 1);
                    while on_board(sq) && (max == 0 || k <= max) {
                        // A wall stops a slide as a piece does.
                        if self.wall_stops(p, &[add(from, step, k - 1), sq], false) {
                            break;
                        }
                        out.push((sq, a.does));
                        if self.at(sq).is_some() {
                            break;
                        }
                        k += 1;
                        sq = add(from, step, k);
                    }
                }
                go => {
                    let target = add(from, step, a.times);
                    let between = (1..a.times).map(|k| add(from, step, k));
                    let passes = match go {
                        Go::Lame => between
                            .into_iter()
                            .all(|s| on_board(s) && self.at(s).is_none()),
                        Go::Jump => between
                            .into_iter()
                            .all(|s| on_board(s) && self.at(s).is_some()),
                        _ => true,
                    };
                    // A leap of more than one square jumps a wall; a step
                    // and a lame leap pass every square on their way.
                    let unit = a.times == 1 && step.0.abs() <= 1 && step.1.abs() <= 1;
                    let jump = !unit && go != Go::Lame;
                    let walled = self.wall_stops(p, &wall::path(from, target), jump);
                    if on_board(target) && passes && !walled {
                        out.push((target, a.does));
                    }
                }
            }
        }
        out
    }

    /// Squares the piece on `from` attacks (captures on, if an enemy stood there).
    fn attacks(&self, from: Sq, p: Piece) -> Vec<Sq> {
        self.reach(from, p)
            .into_iter()
            .filter(|&(_, d)| d != Does::Move)
            .map(|(sq, _)| sq)
            .collect()
    }

    /// Whether a piece `seat` commands attacks a piece of another team's
    /// seat that counts as royal.
    fn checks_an_enemy(&self, seat: usize) -> bool {
        let royals: Vec<Sq> = self
            .pieces()
            .filter(|&(_, p)| self.team[p.army] != self.team[seat] && self.counts_as_royal(p))
            .map(|(sq, _)| sq)
            .collect();
        self.pieces()
            .filter(|&(_, p)| self.owner(p) == seat)
            .any(|(sq, p)| self.attacks(sq, p).iter().any(|a| royals.contains(a)))
    }

    /// Whether a piece of `seat`'s army that counts as royal is attacked
    /// by a piece a seat of another team commands ("in check").
    fn in_check(&self, seat: usize) -> bool {
        let royals: Vec<Sq> = self
            .pieces()
            .filter(|&(_, p)| p.army == seat && self.counts_as_royal(p))
            .map(|(sq, _)| sq)
            .collect();
        self.pieces()
            .filter(|&(_, p)| self.team[self.owner(p)] != self.team[seat])
            .any(|(sq, p)| self.attacks(sq, p).iter().any(|a| royals.contains(a)))
    }

    /// Whether the pawn's army promotes on `sq`.
    fn promotes_on(&self, p: Piece, sq: Sq) -> bool {
        let areas = &self.lineup.nations[p.army].promotion_areas;
        if areas.is_empty() {
            to_frame(p.army, sq).1 == 7
        } else {
            areas.iter().any(|&a| in_area(p.army, a, sq))
        }
    }

    /// What the pawn `p` may promote to now: its army's choices (those of
    /// its commander where its own hold a royal kind its nation no longer
    /// commands), each within its nation's limit for the player.
    fn promotions(&self, p: Piece) -> Vec<char> {
        let owner = self.owner(p);
        let mut from = p.army;
        let own = &self.lineup.promotions[p.army];
        if owner != p.army && own.iter().any(|&l| self.kind(l).royal) {
            from = owner;
        }
        let limits = &self.lineup.nations[from].limits;
        self.lineup.promotions[from]
            .iter()
            .copied()
            .filter(|&l| {
                limits.iter().all(|&(k, n)| {
                    k != l
                        || self
                            .pieces()
                            .filter(|&(_, q)| q.kind == l && self.owner(q) == owner)
                            .count()
                            < n
                })
            })
            .collect()
    }

    /// A pawn on a square where its army promotes becomes its first choice.
    fn settled(&self, p: Piece, sq: Sq) -> Piece {
        if !self.kind(p.kind).pawn || !self.promotes_on(p, sq) {
            return p;
        }
        match self.promotions(p).first() {
            Some(&kind) => Piece { army: p.army, kind },
            None => p,
        }
    }

    /// Piece moves (from, to) of the seat to move by movement alone,
    /// Ancient Greece's area leaps included, each once.
    fn piece_moves(&self) -> Vec<(Sq, Sq)> {
        let us = self.turn;
        let mut out = Vec::new();
        for (from, p) in self.pieces() {
            if self.owner(p) != us || self.stands_frozen(from) {
                continue;
            }
            let mut reach = self.reach(from, p);
            reach.extend(self.area_leaps(from, p));
            for (to, does) in reach {
                let ok = match self.at(to) {
                    None => does != Does::Capture && !self.militia_leaves(from, to),
                    Some(q) => does != Does::Move && !self.friendly(q, us),
                };
                if ok && !out.contains(&(from, to)) {
                    out.push((from, to));
                }
            }
        }
        out
    }

    /// Whether the seat to move may take the piece on `to` with the piece
    /// on `from`: neither a power guard nor a bar forbids it.
    fn may_capture(&self, from: Sq, to: Sq) -> bool {
        let Some(victim) = self.at(to) else {
            return true;
        };
        let capturer = self.at(from).expect("a capturer");
        !self.sheltered_from(capturer, to, victim)
            && !self.neutral_bars(victim)
            && !self.revenge_bars(capturer, to)
            && !self.too_far_to_capture(from, to, victim)
            && !self.fierce_guards(to)
            && !self.dug_in(to)
            && !self.trench_bars(from)
            && !self.deploy_guards(victim)
    }

    /// The piece moves of the seat to move as text, with promotions and
    /// the forms its power's choices give them.
    fn piece_move_texts(&self) -> Vec<String> {
        self.move_texts(self.piece_moves())
    }

    /// The texts of the piece moves `pairs` (from, to) the seat to move
    /// may make: captures no power bars, with promotions and the forms its
    /// power's choices give them.
    fn move_texts(&self, pairs: Vec<(Sq, Sq)>) -> Vec<String> {
        let mut out = Vec::new();
        for (from, to) in pairs {
            if !self.may_capture(from, to) || self.leap_barred(from, to) {
                continue;
            }
            let p = self.at(from).expect("a mover");
            let base = format!("{}{}", square(from), square(to));
            let promotes = self.kind(p.kind).pawn
                && self.promotes_on(p, to)
                && !self.capture_power_decides(from, to);
            // With no choice left (a British pawn under another British
            // player, whose ministers are royal), the pawn moves there
            // and stays a pawn, as on the four-player board.
            let choices = if promotes {
                self.promotions(p)
            } else {
                Vec::new()
            };
            let forms = if choices.is_empty() {
                vec![base]
            } else {
                choices.iter().map(|k| format!("{base}{k}")).collect()
            };
            for m in forms {
                out.extend(self.with_choices(m));
            }
        }
        out
    }

    /// The legal moves with the position each leads to (before the turn
    /// passes); a pass when there is none.
    fn legal_parts(&self) -> Vec<(String, Ref)> {
        if self.over() {
            return Vec::new();
        }
        let us = self.turn;
        if self.continuing {
            return self.extra_moves();
        }
        if self.cargo_turn != cargo::CargoTurn::None {
            return self.cargo_turn_moves();
        }
        if let Some(moves) = self.insane_moves() {
            return moves;
        }
        let mut moves: Vec<(String, Ref)> = Vec::new();
        for m in self
            .piece_move_texts()
            .into_iter()
            .chain(self.move_texts(self.bluff_pairs()))
            .chain(self.power_moves())
            .chain(self.deployments())
        {
            if self.secrecy_bars(&m) {
                continue;
            }
            let after = self.part(&m);
            if self.turns[us] < 2 && after.checks_an_enemy(us) {
                continue;
            }
            moves.push((m, after));
        }
        if moves.is_empty() {
            moves.push(("0000".into(), self.clone()));
        }
        moves
    }

    /// The legal moves, sorted; `0000` (a pass) when there is none. Two
    /// moves of two parts that give the same turn are one move, written
    /// as [`Ref::canonical`] picks.
    pub fn legal(&self) -> Vec<String> {
        let mut moves: Vec<String> = self
            .legal_groups()
            .into_iter()
            .map(|g| g[0].clone())
            .collect();
        moves.sort();
        moves
    }

    /// The legal moves, each as the texts that give the same turn (one
    /// text but for moves of two parts).
    pub fn legal_groups(&self) -> Vec<Vec<String>> {
        // Lightning's draws due: the deck's faces are the moves.
        if let Some(faces) = self.draw_faces().filter(|_| !self.over()) {
            return faces.into_iter().map(|m| vec![m]).collect();
        }
        // A knight or cards hidden from the mover: it moves by its view.
        if !self.over() && !self.sees_all(self.turn) {
            return self.view_of(self.turn).legal_groups();
        }
        // A roll due: the die's faces are the moves.
        if self.roll_due() && !self.over() {
            return (1..=6).map(|f| vec![format!("roll={f}")]).collect();
        }
        // The packing of an army inside its knights, before anything else.
        if let Some(packings) = self.packings().filter(|_| !self.over()) {
            return packings.into_iter().map(|m| vec![m]).collect();
        }
        // Insanity's pick: the pieces named are the moves.
        if let Some(picks) = self.insanity_picks().filter(|_| !self.over()) {
            return picks.into_iter().map(|m| vec![m]).collect();
        }
        // The Soviet Union's deal begins its first turn.
        if let Some(steps) = self.deal_steps().filter(|_| !self.over()) {
            return steps.into_iter().map(|m| vec![m]).collect();
        }
        let picks = if self.over() {
            Vec::new()
        } else {
            let mut steps = self.picks();
            steps.extend(self.hides());
            steps
        };
        // A challenge of another seat's last move may begin any step, but
        // one inside a turn of loads and unloads (only they and its end).
        let challenges = if self.over() || self.cargo_turn != cargo::CargoTurn::None {
            Vec::new()
        } else {
            self.challenges()
        };
        // Turns are the same when they leave the same position, before
        // the next seat's turn begins (whose powers may make two turns
        // alike that were not).
        let mut groups: Vec<(Vec<String>, Ref)> = Vec::new();
        for (m, after) in self.legal_parts() {
            match groups
                .iter_mut()
                .find(|(g, r)| powers::is_two_part(&g[0]) && powers::is_two_part(&m) && *r == after)
            {
                Some((g, _)) => g.push(m),
                None => groups.push((vec![m], after)),
            }
        }
        // A pick begins a turn of several steps: the opening rule judges
        // the move that ends it. With a pick or a challenge, no pass but
        // the one that may always end a turn going on.
        let goes_on = || self.continuing || self.insane_moves().is_some();
        if !picks.is_empty() || (!challenges.is_empty() && !goes_on()) {
            groups.retain(|(g, _)| g[0] != "0000");
        }
        // A consent, an unload of a piece riding in another seat's knight:
        // a turn of their own, beside the pass.
        let guests = if self.over()
            || self.cargo_turn != cargo::CargoTurn::None
            || self.continuing
            || self.insane_moves().is_some()
        {
            Vec::new()
        } else {
            self.guest_steps()
        };
        groups
            .into_iter()
            .map(|(mut g, _)| {
                g.sort();
                g
            })
            .chain(picks.into_iter().map(|m| vec![m]))
            .chain(challenges.into_iter().map(|m| vec![m]))
            .chain(guests.into_iter().map(|m| vec![m]))
            .collect()
    }

    /// Play a legal move.
    pub fn play(&self, m: &str) -> Ref {
        if !self.draws.is_empty() && m.starts_with("roll=") {
            return self.draw(m);
        }
        if self.is_deal_step(m) {
            return self.deal_step(m);
        }
        if m.starts_with("challenge@") {
            // A bluff caught: the challenger plays on. A legal move: the
            // challenger's turn is over, as by a pass.
            return match self.challenge(m) {
                secrecy::Challenged::Caught(next) => next,
                secrecy::Challenged::Legal(turned) => turned.play("0000"),
            };
        }
        if self.is_insanity_step(m) {
            return self.insanity_step(m);
        }
        if Ref::is_dice_step(m) {
            // A roll may destroy a card whose window is open, a knight
            // with cargo.
            let mut next = self.dice_step(m);
            next.settle_secrecy();
            next.settle_cargo(self.turn);
            return next;
        }
        if m.starts_with("stealth@") {
            return self.hide();
        }
        if let Some(turned) = self.consent_step(m) {
            return turned.play("0000");
        }
        let guest = self.is_guest_unload(m);
        if m.starts_with("cargo@") && self.cargo[self.turn].is_none() && !guest {
            return self.pack(m);
        }
        let mut after = if m == "0000" {
            self.clone()
        } else if let Some((from, at)) = self.intercepted(m) {
            self.intercept(from, at)
        } else {
            let mut after = self.take_unseen_put(m).part(m);
            self.reveal_capturer(m, &mut after);
            after
        };
        after.settle_stealth();
        after.settle_cargo(self.turn);
        // A seat taken over has its cards turned at once.
        after.settle_secrecy();
        if self.has_fear(self.turn) && self.fear_goes_on(m, &mut after) {
            return after;
        }
        if self.cargo[self.turn].is_some() && !guest && self.cargo_goes_on(m, &mut after) {
            return after;
        }
        if self.has_insanity(self.turn) && self.insanity_goes_on(m, &mut after) {
            return after;
        }
        self.end_turn(m, after)
    }

    /// The turn `m` made, which led to `after`, ends: the powers' state
    /// across turns, the turn passes clockwise to the next seat in, a seat
    /// that starts its turn with one piece loses it, and the new seat's
    /// turn-start powers act.
    fn end_turn(&self, m: &str, mut next: Ref) -> Ref {
        let us = self.turn;
        self.end_secret_turn(m, &mut next);
        next.dice[us] = dice::Dice::Idle;
        next.end_stealth_turn(us);
        next.insanity[us] = insanity::Insanity::Fresh;
        next.note_turn_powers(self, m);
        next.end_militia_turn(self, m);
        next.end_trench_turn(self, m);
        let watch_idle = next.idle_watched();
        if watch_idle {
            next.clear_idle_since(self);
            next.end_idle_turn(us);
        }
        next.end_fierce_turn(self, m);
        // Cargo lost to a turn-end power is lost before the turn passes.
        next.settle_cargo(us);
        let before = next.clone();
        next.turns[us] = (next.turns[us] + 1).min(2);
        next.settle_secrecy();
        next.announce(us);
        next.pass_turn();
        // Lightning: the draws come before the next turn begins.
        next.call_draws(self.capture_draws(m));
        if next.draws.is_empty() {
            next.start_turns();
        }
        next.settle_after(&before, watch_idle);
        next
    }

    /// The seat to move begins its turn: its turn-start powers. A bomb
    /// among its own pieces may leave the seat with one: it loses it then,
    /// and the next seat begins.
    fn start_turns(&mut self) {
        while !self.over() {
            self.start_turn_powers();
            let mine: Vec<Sq> = self
                .pieces()
                .filter(|&(_, p)| self.owner(p) == self.turn)
                .map(|(sq, _)| sq)
                .collect();
            if mine.len() != 1 || self.holds_reserve(self.turn) || self.holds_cargo(self.turn) {
                break;
            }
            self.set(mine[0], None);
            self.pass_turn();
        }
    }

    /// After the turn passed (and began): the marks of pieces changed
    /// since `before` go, walls fall, hidden and carried pieces and cards
    /// settle.
    fn settle_after(&mut self, before: &Ref, watch_idle: bool) {
        if watch_idle {
            self.clear_idle_since(before);
        }
        self.fierce_changes(before);
        self.militia_marks_follow(before, None);
        self.trench_changes(before, None);
        self.settle_walls();
        self.settle_stealth();
        let turn = self.turn;
        self.settle_cargo(turn);
        self.settle_secrecy();
    }

    /// The turn goes clockwise to the next seat in; a seat that starts its
    /// turn with one piece loses it and is out.
    fn pass_turn(&mut self) {
        loop {
            if self.over() {
                return;
            }
            let from = self.turn;
            if let Some(n) = (1..=4).map(|i| (from + i) % 4).find(|&s| self.alive(s)) {
                self.turn = n;
            }
            let mine: Vec<Sq> = self
                .pieces()
                .filter(|&(_, p)| self.owner(p) == self.turn)
                .map(|(sq, _)| sq)
                .collect();
            // Pieces in reserve are the seat's units too.
            if mine.len() != 1
                || self.over()
                || self.holds_reserve(self.turn)
                || self.holds_cargo(self.turn)
            {
                return;
            }
            self.set(mine[0], None);
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

/// Compact: the board rank by rank from the eighth, then the state.
impl std::fmt::Debug for Ref {
    fn fmt(&self, out: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for r in (0..8).rev() {
            let row: String = (0..8)
                .map(|f| match self.at((f, r)) {
                    None => " .".to_string(),
                    Some(p) => format!("{}{}", p.army, p.kind),
                })
                .collect();
            writeln!(out, "{row}")?;
        }
        let idle: Vec<String> = (0..64)
            .filter(|i| self.idle & (1 << i) != 0)
            .map(|i| square((i % 8, i / 8)))
            .collect();
        write!(
            out,
            "turn {} commander {:?} turns {:?} sheltered {:?} neutral {:?} used {:?} spent {:?} barred {:?} idle {idle:?} bomb {:?} uses {:?} frozen {:x} fierce {:?} militia {:x} trenches {:?} left {:?} wall down {:?} continuing {} dice {:?} hidden {:?} hid now {} insanity {:?} cargo {:?} secret {:?} declared {:?} draws {:?} cargo turn {:?} consent {:?} passenger {:?}",
            self.turn,
            self.commander,
            self.turns,
            self.sheltered,
            self.neutral,
            self.used,
            self.spent,
            self.barred,
            self.bomb,
            self.uses,
            self.frozen,
            self.fierce,
            self.militia_old,
            self.trench_moves,
            self.left,
            self.wall_down,
            self.continuing,
            self.dice,
            self.hidden,
            self.hid_now,
            self.insanity,
            self.cargo,
            self.secret,
            self.declared,
            self.draws,
            self.cargo_turn,
            self.consent,
            self.passenger
        )
    }
}
