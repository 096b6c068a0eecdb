//! The nations' powers as the reference plays them: what each adds to or
//! bars from the moves of the seat to move. What they do to the board is
//! in `effects.rs`.

use super::kinds::{Atom, Does};
use super::nations::Rect;
use super::{Piece, Ref, Sq, in_area, on_board, square, to_frame};

const ORTHOGONAL: [Sq; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// A power, as the facts file words it (section 2A, entry named).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RefPower {
    /// Netherlands: "When a Dutch piece moves orthogonally next to an
    /// enemy piece, the two pieces swap owners. If several enemy pieces
    /// qualify, you choose one. Kings are never swapped, and there is no
    /// swapping on your first turn."
    Trade,
    /// Gaul: "After your move you may push any number of other players'
    /// pieces that stand on the same rank or file as the piece you moved,
    /// are the same type as that piece, have nothing between them and it.
    /// Each is pushed 2 squares directly away. It stops early at a piece,
    /// but not at the edge: a piece pushed off the board is removed."
    Push,
    /// Jerusalem: "At the end of each of your turns, pick one non-royal
    /// piece of yours that did not move this turn. Until the start of your
    /// next turn only royal pieces can capture it."
    Shelter,
    /// Switzerland: "An opponent may capture a Swiss piece only if at
    /// least one of these is true: the Swiss have already captured one of
    /// that opponent's pieces; that opponent has already captured or lost
    /// at least 3 pieces; that opponent is in check."
    Neutral,
    /// Russia: "Any non-Russian, non-royal piece that stays put through
    /// two Russian turns with no piece of any colour orthogonally next to
    /// it is destroyed."
    DestroyIdle,
    /// Ancient Greece: "inside your 2x4: may move like a king; inside your
    /// 3x5 but outside the 2x4: may leap two squares diagonally" (non-pawn
    /// pieces; the first area that holds the piece decides).
    MoveInArea { areas: Vec<(Rect, Vec<Atom>)> },
    /// Ancient Greece: "on the centre 2x2: may capture an orthogonally
    /// adjacent piece without moving".
    Shoot { area: Rect },
    /// Byzantine Empire: "Instead of a normal move, put any one of your
    /// pieces on any empty square of your 2x4. A non-pawn piece that
    /// starts outside your 3x5 may use this to land on an enemy-occupied
    /// square of your 2x4, capturing that piece." Athens: "Bishops may
    /// also jump to any empty square on the board, provided this does not
    /// put an opponent in check. Not two turns in a row."
    Relocate {
        area: Rect,
        capture_from_outside: Option<Rect>,
        kinds: Option<Vec<char>>,
        not_twice: bool,
        no_check: bool,
    },
    /// Austria: "Instead of a normal move, you may move two knights. Not
    /// two turns in a row." Holy Roman Empire: "you may move two rooks,
    /// provided they do not move in the same direction." Sparta: "Once per
    /// game, while in check, you may move both your king and your warrior
    /// in the same turn."
    MoveTwo {
        kinds: (char, char),
        not_twice: bool,
        once: bool,
        in_check: bool,
        not_same_direction: bool,
    },
    /// Austria: "When an Austrian knight moves so that it attacks an enemy
    /// piece already attacked by another Austrian knight, that piece is
    /// destroyed at once."
    DestroyAttacked { sources: Vec<char> },
    /// Holy Roman Empire: "When one of your rooks is captured, your rooks
    /// may not capture the capturing piece on your next turn."
    NoRevenge { kinds: Vec<char> },
    /// Aztecs: "Instead of moving, turn one of your knights into a rook,
    /// or one rook into a knight."
    Transform {
        pairs: Vec<(char, char)>,
        /// Only while the seat's own army holds no piece of the kind a
        /// pair makes, seen or hidden (the Assassins' Guild's one knight).
        only_one: bool,
    },
    /// Britain: "If you move a minister like a knight, no minister may
    /// move like a knight on your next turn."
    NoLeapTwice { kinds: Vec<char> },
    /// Conquistadors: "At the start of your turn, every non-royal enemy
    /// piece orthogonally next to your bishop, knight or king is destroyed."
    DestroyAdjacent { sources: Vec<char> },
    /// Incas: "Whenever a delegate starts your turn orthogonally next to a
    /// non-royal enemy piece, that piece becomes yours."
    ConvertAdjacent { sources: Vec<char> },
    /// Transylvania: "A pawn that captures becomes the type of piece it
    /// captured."
    BecomeCaptured { kinds: Vec<char> },
    /// Medieval Britain: "Your pieces capture without moving: the
    /// capturing piece stays where it was."
    CaptureInPlace,
    /// Huns: "Instead of moving, put a new pawn of yours on an empty
    /// square of your 3x5. Not two turns in a row."
    Place {
        kind: char,
        area: Rect,
        not_twice: bool,
    },
    /// Australia: "A boomerang moves either as a rook, or along a U-shaped
    /// path: slide as far as possible in one orthogonal direction without
    /// capturing; turn 90 degrees; slide without capturing; turn the same
    /// way again; slide as far as possible, and it may capture at the end.
    /// You may not make rook-type moves on two turns in a row." (The
    /// boomerang is the rook; each leg at least one square, the middle one
    /// as long as chosen; a rook-type move is a straight one.)
    UPath {
        kinds: Vec<char>,
        straight_not_twice: bool,
    },
    /// Nuclear Rogue: "Once every three turns, starting on your 3rd turn,
    /// choose at the start of your turn a 2x2 block inside the centre 4x4.
    /// At the start of your next turn everything in that block is
    /// destroyed." (Chosen with the move, by the block's lower-left square;
    /// not required; royal pieces and pieces proof against powers spared.)
    Bomb { area: Rect, every: u8 },
    /// Canada: "Twice per game you may take back one of your pieces lost
    /// earlier." (The rest is cut off; designed: instead of moving, a
    /// non-royal kind the army holds fewer of than it started with comes
    /// back on an empty square where a piece of its kind started.)
    Revive { homes: Vec<(Sq, char)>, uses: u8 },
    /// Papal States: "A bishop that enters another player's 2x4 area
    /// becomes an archbishop." Medieval Japan: "any Japanese piece that
    /// moves into the last 3 rows also gets king moves from then on".
    BecomeInArea {
        pairs: Vec<(char, char)>,
        area: Rect,
        own: bool,
    },
    /// Carthage: the elephant "can only be captured by a piece standing at
    /// most 2 squares away" (counted in king steps; the elephant keeps it
    /// whoever commands it).
    CaptureRange { kinds: Vec<char>, distance: i32 },
    /// Armenia: "Any of your pieces that lands within two squares of an
    /// Armenian king, without checking anyone, may move again that turn.
    /// Once per turn." (the same piece; no part promotes; a king is not
    /// near itself).
    MoveAgain { near: Vec<char>, distance: i32 },
    /// Barbarian Invaders: "A piece of yours that has just captured cannot
    /// move again until one of your pieces ends a turn within 2 squares of
    /// it. Until it moves, or until 3 of your turns have passed, it cannot
    /// be captured." (The piece moved that turn ends within `release` king
    /// steps; the turn of the capture does not count; a piece that changed
    /// in any way, or changed commander, starts anew.)
    Ferocity { release: i32, turns: usize },
    /// American Colonies: "Once per turn, after your move, you may create
    /// a militia piece on an empty square of your 3x5 area. Militia: moves
    /// like a king but captures only diagonally (mKcF). It dies two turns
    /// after it appears. It may leave the 3x5 only when capturing." (Two
    /// turns of its commander: removed as the second ends; chosen with
    /// the move, `d2d3@c3`.)
    Militia { kind: char, area: Rect },
    /// Allied Army: "At the start of your turn, any of your pawns that did
    /// not move on either of your last two turns may "dig in". Until the
    /// start of your next turn they cannot be captured, pushed or pulled.
    /// In exchange they may not capture on that next turn." (Every such
    /// pawn digs in; "that next turn" is the one after.)
    Trenches,
    /// Balkan States: "At the start of your turn, if you have at least 3
    /// pieces, pick any enemy piece inside your 4x4 area and roll a
    /// six-sided die: 1: misfire. If one of your pieces is orthogonally
    /// next to the target, it is destroyed (your choice which). 2: target
    /// destroyed if it is a pawn or knight. 3: destroyed if P, N or B. 4:
    /// destroyed if P, N, B or R. 5: destroyed if it is any non-royal
    /// piece, special pieces included. 6: cut off" (6 as 5; picking is a
    /// choice; a king may be picked; pieces proof against powers not).
    Assassinate { area: Rect, pieces: usize },
    /// Ottoman Empire: "You start with no pieces on the board, only 4
    /// deployment squares. Reserve: 1 king, 2 pawns, 2 bishops, 2 knights,
    /// 1 rook. Each turn, either move a piece or put a reserve piece on an
    /// empty deployment square. With no pieces in play after your first
    /// turn, you lose. Your pieces cannot be captured until the end of
    /// your second turn. Among your first five placements must be the
    /// king and both pawns." (Squares decided: a1, c1, b2, d2.)
    Deploy {
        reserve: Vec<char>,
        squares: Vec<Sq>,
        first: Vec<char>,
        within: usize,
        guarded_turns: usize,
    },
    /// Ancient China: "A wall partly surrounds your 3x5 area. Enemy pieces
    /// may cross it only by jumping. Your queen may never cross the wall.
    /// Once your queen is captured, the wall stops working." (The wall is
    /// the whole border of the 3x5 with the board; it stops slides, steps
    /// and lame leaps, captures and attacks too, of pieces of other teams,
    /// and every move of the seat's queens; a U path and a push stop at it
    /// as at a piece; it falls for good once the army holds no queen, and
    /// with its player.)
    Wall { area: Rect, keeper: char },
    /// France: "After your move you may move again, provided you sacrifice
    /// one of your pieces (it leaves the game). You may repeat this any
    /// number of times in one turn. The extra moves may not give check or
    /// capture a royal piece." (The sacrifice is any piece the seat
    /// commands of no royal kind but the mover, taken off after the move;
    /// "give check": one of its pieces attacks an enemy royal piece after
    /// the extra move; a pass ends the turn.)
    Fear,
    /// The Assassins' Guild: "At the start of your turn you may hide the
    /// knight, for at most 3 turns in a row." (`stealth.rs`.)
    Stealth { turns: usize },
    /// North Korea: "Roll a six-sided die at the start of your turn. On
    /// 1-4 you play normally. On 5-6, roll again: 1-2 lets you move one
    /// piece; 3-4 up to two different pieces; 5-6 up to three. Pick all
    /// the pieces first, then roll once per piece: 1 pawn, 2 knight,
    /// 3 bishop, 4 rook, 5 queen, 6 king. Each piece moves and captures
    /// that way this turn. A piece moving as a king does not become
    /// royal." (`insanity.rs`; the decisions of docs/nations.md.)
    Insanity,
    /// Mycenae: "Mycenaean knights cannot capture but can carry other
    /// pieces. The army starts hidden inside the knights [...]. Instead of
    /// moving, you may load or unload [...]; you may burn a loaded knight."
    /// (`cargo.rs`; the knights are the kind `kind`, the army inside at
    /// the start `cargo`.)
    Cargo { kind: char, cargo: String },
    /// The Soviet Union: "Eight face-down cards sit under your 8 pieces
    /// [...]. Only you may look. [...] On your first three turns you may
    /// not capture anything outside your 3x5. You may move any piece
    /// anywhere. Any player may challenge the move: the card is revealed.
    /// If the move was illegal, you lose the piece. If it was legal, the
    /// challenger misses their next turn. You must announce when you check
    /// a king [...]." (`secrecy.rs`; `stand_in` is what the others see,
    /// `cards` each card's kind and the kind it turns into, in the deal's
    /// order; `area` and `turns` the first turns' limit.)
    Secrecy {
        stand_in: char,
        cards: Vec<(char, char)>,
        area: Rect,
        turns: u8,
    },
}

/// Whether a move's text is a turn of two piece moves.
pub fn is_two_part(m: &str) -> bool {
    m.starts_with("move-two@") || m.starts_with("move-again@")
}

/// The power's name in a move's text, for powers played instead of a move.
fn action_id(p: &RefPower) -> Option<&'static str> {
    Some(match p {
        RefPower::Transform { .. } => "transform",
        RefPower::Place { .. } => "place",
        RefPower::Relocate { .. } => "relocate",
        RefPower::MoveTwo { .. } => "move-two",
        RefPower::Shoot { .. } => "shoot",
        RefPower::MoveAgain { .. } => "move-again",
        RefPower::UPath { .. } => "u-path",
        RefPower::Revive { .. } => "revive",
        RefPower::Cargo { .. } => "cargo",
        _ => return None,
    })
}

/// The index of the power a move's text names, among `powers`.
pub fn action_index(powers: &[RefPower], m: &str) -> Option<usize> {
    let (id, _) = m.split_once('@')?;
    powers.iter().position(|p| action_id(p) == Some(id))
}

impl Ref {
    pub fn powers(&self, seat: usize) -> &[RefPower] {
        &self.lineup.nations[seat].powers
    }

    fn used_last_turn(&self, seat: usize, i: usize) -> bool {
        self.used[seat] & (1 << i) != 0
    }

    /// The pieces the seat commands, with their squares.
    fn commanded(&self, seat: usize) -> Vec<(Sq, Piece)> {
        self.pieces()
            .filter(|&(_, p)| self.owner(p) == seat)
            .collect()
    }

    /// Ancient Greece's leaps for the piece on `from`, in the first of its
    /// commander's areas that holds it.
    pub(super) fn area_leaps(&self, from: Sq, p: Piece) -> Vec<(Sq, Does)> {
        let owner = self.owner(p);
        let mut out = Vec::new();
        if self.kind(p.kind).pawn {
            return out;
        }
        for power in self.powers(owner) {
            let RefPower::MoveInArea { areas } = power else {
                continue;
            };
            if let Some((_, atoms)) = areas.iter().find(|(a, _)| in_area(owner, *a, from)) {
                for a in atoms {
                    let to = (from.0 + a.step.0 * a.times, from.1 + a.step.1 * a.times);
                    let jump = a.times > 1 || a.step.0.abs() > 1 || a.step.1.abs() > 1;
                    if on_board(to) && !self.wall_stops(p, &[from, to], jump) {
                        out.push((to, Does::Both));
                    }
                }
            }
        }
        out
    }

    /// Whether a seat of another team sheltered the piece on `to`, which
    /// only a piece that counts as royal may take.
    pub(super) fn sheltered_from(&self, capturer: Piece, to: Sq, victim: Piece) -> bool {
        let us = self.turn;
        (0..4).any(|s| {
            self.team[s] != self.team[us]
                && self.sheltered[s] == Some(to)
                && self.owner(victim) == s
                && !self.counts_as_royal(capturer)
        })
    }

    /// Whether the victim is a neutral player's the mover has not earned
    /// the right to capture.
    pub(super) fn neutral_bars(&self, victim: Piece) -> bool {
        let us = self.turn;
        let s = self.owner(victim);
        s != us
            && self.powers(s).contains(&RefPower::Neutral)
            && self.commander[s] == s
            && self.team[s] != self.team[us]
            && self.neutral[s][us] < 3
            && !self.in_check(us)
    }

    /// Whether the victim on `to` is of a kind some nation of the line-up
    /// guards from captures by pieces farther than its distance.
    pub(super) fn too_far_to_capture(&self, from: Sq, to: Sq, victim: Piece) -> bool {
        let away = (from.0 - to.0).abs().max((from.1 - to.1).abs());
        self.lineup.nations.iter().any(|n| {
            n.powers.iter().any(|p| match p {
                RefPower::CaptureRange { kinds, distance } => {
                    kinds.contains(&victim.kind) && away > *distance
                }
                _ => false,
            })
        })
    }

    /// Whether the seat to move's pieces of the kinds its rook's capturer
    /// may not be taken by stand barred from taking on `to`.
    pub(super) fn revenge_bars(&self, capturer: Piece, to: Sq) -> bool {
        let us = self.turn;
        self.barred[us] == Some(to)
            && self.powers(us).iter().any(|p| match p {
                RefPower::NoRevenge { kinds } => kinds.contains(&capturer.kind),
                _ => false,
            })
    }

    /// Whether the move is a knight's leap by a kind that made one on the
    /// seat's last turn, or a straight move of a boomerang after one.
    pub(super) fn leap_barred(&self, from: Sq, to: Sq) -> bool {
        let us = self.turn;
        self.powers(us)
            .iter()
            .enumerate()
            .any(|(i, p)| self.used_last_turn(us, i) && self.barred_next_turn(p, from, to))
    }

    /// Whether the piece move from `from` to `to` (the mover still on
    /// `from`) is one the power bars on the seat's next turn.
    pub(super) fn barred_next_turn(&self, p: &RefPower, from: Sq, to: Sq) -> bool {
        let mover = self.at(from).expect("a mover");
        match p {
            RefPower::NoLeapTwice { kinds } => kinds.contains(&mover.kind) && knight_leap(from, to),
            RefPower::UPath {
                kinds,
                straight_not_twice: true,
            } => kinds.contains(&mover.kind) && (from.0 == to.0 || from.1 == to.1),
            _ => false,
        }
    }

    /// Whether a capture power of the mover's decides how the capture on
    /// `to` ends, so that it is one move, with no promotion choice.
    pub(super) fn capture_power_decides(&self, from: Sq, to: Sq) -> bool {
        let Some(victim) = self.at(to) else {
            return false;
        };
        let mover = self.at(from).expect("a mover");
        self.powers(self.turn).iter().any(|p| match p {
            RefPower::CaptureInPlace => true,
            RefPower::BecomeCaptured { kinds } => {
                kinds.contains(&mover.kind)
                    && !self.kind(victim.kind).royal
                    && !self.kind(victim.kind).pawn
            }
            _ => false,
        })
    }

    /// The forms of the piece move `m` the mover's power's choice gives it.
    pub(super) fn with_choices(&self, m: String) -> Vec<String> {
        let us = self.turn;
        let parsed = super::parse(&m);
        let (from, to) = (parsed.from, parsed.to);
        let after = self.part(&m);
        // Where the mover landed (a capture in place leaves it where it was).
        let mover = after.at(to);
        let mut choices: Vec<Vec<Sq>> = vec![Vec::new()];
        for power in self.powers(us) {
            match power {
                RefPower::Shelter => {
                    let picks: Vec<Vec<Sq>> = after
                        .commanded(us)
                        .into_iter()
                        .filter(|&(sq, q)| !after.kind(q.kind).royal && sq != to)
                        .map(|(sq, _)| vec![sq])
                        .collect();
                    if !picks.is_empty() {
                        choices = picks;
                    }
                }
                RefPower::Trade => {
                    let Some(mover) = mover else { continue };
                    let first = self.turns[us] == 0;
                    let royal = self.kind(self.at(from).expect("a mover").kind).royal;
                    if first || royal || after.immune(mover) {
                        continue;
                    }
                    let swaps: Vec<Vec<Sq>> = ORTHOGONAL
                        .iter()
                        .map(|&(df, dr)| (to.0 + df, to.1 + dr))
                        .filter(|&sq| on_board(sq))
                        .filter(|&sq| {
                            after.at(sq).is_some_and(|q| {
                                !after.kind(q.kind).royal
                                    && !after.friendly(q, us)
                                    && !after.immune(q)
                            })
                        })
                        .map(|sq| vec![sq])
                        .collect();
                    if !swaps.is_empty() {
                        choices = swaps;
                    }
                }
                RefPower::Militia { .. } => {
                    choices.extend(self.militia_cells(&after).into_iter().map(|c| vec![c]));
                }
                RefPower::Bomb { area, every } if self.bomb[us].0 + 1 >= *every => {
                    choices.extend(self.block_corners(us, *area).into_iter().map(|c| vec![c]));
                }
                RefPower::Push => {
                    let Some(mover) = mover else { continue };
                    let mut targets = Vec::new();
                    for (df, dr) in ORTHOGONAL {
                        let mut sq = (to.0 + df, to.1 + dr);
                        while on_board(sq) && after.at(sq).is_none() {
                            sq = (sq.0 + df, sq.1 + dr);
                        }
                        if on_board(sq)
                            && after.at(sq).is_some_and(|q| {
                                q.kind == mover.kind
                                    && after.owner(q) != us
                                    && !after.immune(q)
                                    && !after.dug_in(sq)
                            })
                        {
                            targets.push(sq);
                        }
                    }
                    // Written in board order: rank by rank, then file.
                    targets.sort_by_key(|&(f, r)| (r, f));
                    choices = (0..1usize << targets.len())
                        .map(|set| {
                            (0..targets.len())
                                .filter(|i| set & (1 << i) != 0)
                                .map(|i| targets[i])
                                .collect()
                        })
                        .collect();
                }
                _ => {}
            }
        }
        choices
            .into_iter()
            .map(|cells| {
                if cells.is_empty() {
                    m.clone()
                } else {
                    let names: String = cells.iter().map(|&sq| square(sq)).collect();
                    format!("{m}@{names}")
                }
            })
            .collect()
    }

    /// The moves the seat to move's powers play instead of a piece move.
    pub(super) fn power_moves(&self) -> Vec<String> {
        let us = self.turn;
        let mut out = Vec::new();
        for (i, power) in self.powers(us).iter().enumerate() {
            match power {
                RefPower::Transform { pairs, only_one } => {
                    let holds = |l: char| {
                        self.hidden[us] > 0
                            || self.pieces().any(|(_, p)| p.army == us && p.kind == l)
                    };
                    for (sq, p) in self.commanded(us) {
                        if pairs
                            .iter()
                            .any(|&(from, into)| from == p.kind && !(*only_one && holds(into)))
                        {
                            out.push(format!("transform@{}", square(sq)));
                        }
                    }
                }
                RefPower::Place {
                    kind,
                    area,
                    not_twice,
                } => {
                    if *not_twice && self.used_last_turn(us, i) {
                        continue;
                    }
                    let new = Piece {
                        army: us,
                        kind: *kind,
                    };
                    for sq in self.empty_in(us, *area) {
                        if !(self.kind(*kind).pawn && self.promotes_on(new, sq)) {
                            out.push(format!("place@{}", square(sq)));
                        }
                    }
                }
                RefPower::Relocate { not_twice, .. }
                    if !(*not_twice && self.used_last_turn(us, i)) =>
                {
                    out.extend(self.relocations(power));
                }
                RefPower::Shoot { area } => out.extend(self.shots(*area)),
                RefPower::MoveTwo { .. } => out.extend(self.two_moves(i, power)),
                RefPower::MoveAgain { near, distance } => {
                    out.extend(self.again_moves(near, *distance))
                }
                RefPower::UPath { kinds, .. } => out.extend(self.u_paths(kinds)),
                RefPower::Cargo { .. } => out.extend(self.cargo_moves()),
                RefPower::Revive { homes, uses } if self.uses[us][i] < *uses => {
                    for f in 0..8 {
                        for r in 0..8 {
                            if self.revivable(homes, (f, r)).is_some() {
                                out.push(format!("revive@{}", square((f, r))));
                            }
                        }
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// The lower-left squares of the 2 x 2 blocks of the area, turned to
    /// the seat's corner.
    pub(super) fn block_corners(&self, seat: usize, area: Rect) -> Vec<Sq> {
        let inside = |(f, r): Sq| on_board((f, r)) && in_area(seat, area, (f, r));
        (0..8)
            .flat_map(|r| (0..8).map(move |f| (f, r)))
            .filter(|&(f, r)| {
                inside((f, r)) && inside((f + 1, r)) && inside((f, r + 1)) && inside((f + 1, r + 1))
            })
            .collect()
    }

    /// The kind a piece taken back to the empty square `sq` would be: the
    /// kind that started there, if the army holds fewer of it than it
    /// started with and it is not royal.
    pub(super) fn revivable(&self, homes: &[(Sq, char)], sq: Sq) -> Option<char> {
        let us = self.turn;
        let (_, kind) = homes.iter().find(|(h, _)| *h == to_frame(us, sq))?;
        let started = homes.iter().filter(|(_, k)| k == kind).count();
        let holds = self
            .pieces()
            .filter(|(_, p)| p.army == us && p.kind == *kind)
            .count();
        (self.at(sq).is_none() && !self.kind(*kind).royal && holds < started).then_some(*kind)
    }

    /// The empty squares of the area, turned to the seat's corner.
    fn empty_in(&self, seat: usize, area: Rect) -> Vec<Sq> {
        (0..8)
            .flat_map(|f| (0..8).map(move |r| (f, r)))
            .filter(|&sq| in_area(seat, area, sq) && self.at(sq).is_none())
            .collect()
    }

    fn relocations(&self, power: &RefPower) -> Vec<String> {
        let RefPower::Relocate {
            area,
            capture_from_outside,
            kinds,
            no_check,
            ..
        } = power
        else {
            unreachable!()
        };
        let us = self.turn;
        let mut out = Vec::new();
        for (from, p) in self.commanded(us) {
            if kinds.as_ref().is_some_and(|k| !k.contains(&p.kind)) {
                continue;
            }
            let pawn = self.kind(p.kind).pawn;
            let may_take =
                capture_from_outside.is_some_and(|outer| !pawn && !in_area(us, outer, from));
            for f in 0..8 {
                for r in 0..8 {
                    let to = (f, r);
                    if !in_area(us, *area, to) || (pawn && self.promotes_on(p, to)) {
                        continue;
                    }
                    let ok = match self.at(to) {
                        None => true,
                        Some(v) => {
                            may_take
                                && !self.friendly(v, us)
                                && !self.immune(v)
                                && self.may_capture(from, to)
                        }
                    };
                    let m = format!("relocate@{}{}", square(from), square(to));
                    if ok && !(*no_check && self.part(&m).checks_an_enemy(us)) {
                        out.push(m);
                    }
                }
            }
        }
        out
    }

    /// The U paths of the seat to move's pieces of the kinds (not pawns),
    /// one move per square they end on.
    fn u_paths(&self, kinds: &[char]) -> Vec<String> {
        let us = self.turn;
        let mut out = Vec::new();
        for (from, p) in self.commanded(us) {
            if !kinds.contains(&p.kind) || self.kind(p.kind).pawn {
                continue;
            }
            let mut ends: Vec<Sq> = self.u_walks(from).into_iter().map(|(end, _)| end).collect();
            ends.sort();
            ends.dedup();
            for to in ends {
                if self.may_capture(from, to) {
                    out.push(format!("u-path@{}{}", square(from), square(to)));
                }
            }
        }
        out
    }

    /// Every U path of the piece on `from` (the seat to move's), in order:
    /// out along N, E, S, W, across to the right of that way, then to the
    /// left, each corner in turn. Each is where it ends and the squares it
    /// passes through on its way there (the end not counted).
    pub(super) fn u_walks(&self, from: Sq) -> Vec<(Sq, Vec<Sq>)> {
        let Some(p) = self.at(from) else {
            return Vec::new();
        };
        let walled = |a: Sq, b: Sq| self.wall_stops(p, &[a, b], false);
        let line = |a: Sq, (df, dr): Sq, b: Sq| {
            let mut cells = Vec::new();
            let mut at = a;
            while at != b {
                at = (at.0 + df, at.1 + dr);
                cells.push(at);
            }
            cells
        };
        let mut walks = Vec::new();
        for out_way in ORTHOGONAL {
            let first = self.slide(from, out_way, p);
            if first == from {
                continue;
            }
            let back = (-out_way.0, -out_way.1);
            for across in [(out_way.1, -out_way.0), (-out_way.1, out_way.0)] {
                let mut corner = first;
                loop {
                    let next = (corner.0 + across.0, corner.1 + across.1);
                    if !on_board(next) || self.at(next).is_some() || walled(corner, next) {
                        break;
                    }
                    corner = next;
                    let last = self.slide(corner, back, p);
                    let stop = (last.0 + back.0, last.1 + back.1);
                    let end = if on_board(stop)
                        && self.at(stop).is_some_and(|q| !self.friendly(q, self.turn))
                        && !walled(last, stop)
                    {
                        stop
                    } else if last != corner {
                        last
                    } else {
                        continue;
                    };
                    let mut path = line(from, out_way, first);
                    path.extend(line(first, across, corner));
                    path.extend(line(corner, back, end));
                    path.pop();
                    walks.push((end, path));
                }
            }
        }
        walks
    }

    /// The last empty square from `from` going `way` (`from` if none)
    /// that no wall stops the piece `p` from reaching.
    fn slide(&self, from: Sq, way: Sq, p: Piece) -> Sq {
        let mut at = from;
        loop {
            let next = (at.0 + way.0, at.1 + way.1);
            if !on_board(next) || self.at(next).is_some() || self.wall_stops(p, &[at, next], false)
            {
                return at;
            }
            at = next;
        }
    }

    fn shots(&self, area: Rect) -> Vec<String> {
        let us = self.turn;
        let mut out = Vec::new();
        for (from, p) in self.commanded(us) {
            if self.kind(p.kind).pawn || !in_area(us, area, from) {
                continue;
            }
            for (df, dr) in ORTHOGONAL {
                let to = (from.0 + df, from.1 + dr);
                if on_board(to)
                    && self
                        .at(to)
                        .is_some_and(|v| !self.friendly(v, us) && !self.immune(v))
                    && self.may_capture(from, to)
                {
                    out.push(format!("shoot@{}{}", square(from), square(to)));
                }
            }
        }
        out
    }

    /// The plain moves of the seat to move's pieces of the kind.
    fn plain_moves_of(&self, kind: char, except: Option<Sq>) -> Vec<(Sq, Sq)> {
        self.piece_moves()
            .into_iter()
            .filter(|&(from, to)| {
                Some(from) != except
                    && self.at(from).is_some_and(|p| p.kind == kind)
                    && self.may_capture(from, to)
            })
            .collect()
    }

    /// The plain moves of the seat to move that promote no pawn.
    fn unpromoting_moves(&self) -> Vec<(Sq, Sq)> {
        self.piece_moves()
            .into_iter()
            .filter(|&(from, to)| {
                let p = self.at(from).expect("a mover");
                self.may_capture(from, to) && !(self.kind(p.kind).pawn && self.promotes_on(p, to))
            })
            .collect()
    }

    /// Armenia's turns: a piece lands within `distance` of another of the
    /// seat's pieces of the `near` kinds, checking no one, and moves again.
    fn again_moves(&self, near: &[char], distance: i32) -> Vec<String> {
        let us = self.turn;
        let mut out = Vec::new();
        for (f1, t1) in self.unpromoting_moves() {
            let mid = self.part_piece(f1, t1, None);
            let near_enough = mid.commanded(us).iter().any(|&(sq, p)| {
                near.contains(&p.kind)
                    && sq != t1
                    && (sq.0 - t1.0).abs().max((sq.1 - t1.1).abs()) <= distance
            });
            if !near_enough || mid.checks_an_enemy(us) {
                continue;
            }
            for (f2, t2) in mid.unpromoting_moves() {
                if f2 == t1 {
                    let cells = [f1, t1, f2, t2].map(square).concat();
                    out.push(format!("move-again@{cells}"));
                }
            }
        }
        out
    }

    fn two_moves(&self, i: usize, power: &RefPower) -> Vec<String> {
        let RefPower::MoveTwo {
            kinds: (k1, k2),
            not_twice,
            once,
            in_check,
            not_same_direction,
        } = power
        else {
            unreachable!()
        };
        let us = self.turn;
        if (*not_twice && self.used_last_turn(us, i))
            || (*once && self.spent[us] & (1 << i) != 0)
            || (*in_check && !self.in_check(us))
        {
            return Vec::new();
        }
        let mut out = Vec::new();
        for (first, second) in [(*k1, *k2), (*k2, *k1)] {
            for (f1, t1) in self.plain_moves_of(first, None) {
                let mid = self.part_piece(f1, t1, None);
                for (f2, t2) in mid.plain_moves_of(second, Some(t1)) {
                    let way = |(a, b): Sq, (c, d): Sq| ((c - a).signum(), (d - b).signum());
                    if *not_same_direction && way(f1, t1) == way(f2, t2) {
                        continue;
                    }
                    let m = format!(
                        "move-two@{}{}{}{}",
                        square(f1),
                        square(t1),
                        square(f2),
                        square(t2)
                    );
                    if !out.contains(&m) {
                        out.push(m);
                    }
                }
            }
        }
        out
    }
}

/// Whether the move is a knight's leap.
pub fn knight_leap(from: Sq, to: Sq) -> bool {
    let (df, dr) = ((to.0 - from.0).abs(), (to.1 - from.1).abs());
    (df, dr) == (1, 2) || (df, dr) == (2, 1)
}
