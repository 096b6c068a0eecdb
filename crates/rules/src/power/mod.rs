//! Nation powers (European Chess): each power is a small module with its
//! parameters, read from a nation file's `[[powers]]` and called through a
//! few hooks of the move generator where armies change hands:
//!
//! - **actions**: a turn spent on something other than a piece move
//!   (`transform`, `place`, `relocate`, `revive`), or a piece move of a
//!   power's own (`u-path`), generated beside the piece moves and played
//!   instead of them, as [`MoveKind::Power`] moves;
//! - **turns of two parts**: two piece moves in one turn (`move-two`);
//! - **landing**: effects where a piece ends its move (`become-in-area`,
//!   `destroy-attacked`);
//! - **turn start**: effects when the seat to move begins its turn
//!   (`destroy-adjacent`, `convert-adjacent`, `bomb`);
//! - **chosen cells**: what a piece move chooses for a power (`shelter`,
//!   `trade`, `push`, `bomb`, `militia`, `fear`'s sacrifice);
//! - **turns of several steps**: the turn stays with the seat after its
//!   move while it moves again for sacrifices (`fear`);
//! - **state across turns**: "not two turns in a row", kept per seat and
//!   power in the position's per-seat slots (so the hash, equality and
//!   FEN4 carry it), and "once per game" (or twice), a count of uses in
//!   the same slot;
//! - **proof against powers**: kinds (Sparta's warrior) and nations
//!   (Egypt) whose pieces no other nation's power moves or destroys.
//!
//! Only line-ups reach this code: the hooks sit behind the transfers branch
//! of the move generator, which other variants never take. No nation id
//! appears here; a nation is its file. The rules are in `docs/nations.md`.

mod adjacent;
mod again;
mod area;
mod area_moves;
mod assassinate;
mod attacked;
mod bomb;
mod capture;
mod cargo;
mod consent;
mod deploy;
mod enter;
mod fear;
mod freeze;
mod guard;
mod insanity;
mod leap;
mod militia;
mod neutral;
mod place;
mod push;
mod range;
mod relocate;
mod revenge;
mod revive;
mod secrecy;
mod secrecy_chance;
mod shelter;
mod shoot;
mod square_state;
mod state;
mod stealth;
mod trade;
mod transform;
mod trenches;
mod two;
mod u_path;
mod wall;
mod winter;

pub use area::Area;
pub(crate) use assassinate::KEY as DICE_KEY;
pub(crate) use bomb::KEY as BOMB_KEY;
pub(crate) use cargo::KEY as CARGO_KEY;
pub(crate) use consent::KEY as CONSENT_KEY;
pub(crate) use deploy::KEY as RESERVE_KEY;
pub(crate) use fear::KEY as CONTINUING_KEY;
pub(crate) use freeze::{Before, KEY as FREEZE_KEY};
pub(crate) use insanity::KEY as INSANITY_KEY;
pub(crate) use militia::KEY as MILITIA_KEY;
pub(crate) use militia::{MilitiaRules, militia_rules};
pub(crate) use neutral::KEY as NEUTRAL_KEY;
pub(crate) use secrecy::{Bluff, CARDS_KEY, KEY as SECRECY_KEY, stand_in_kinds};
pub(crate) use square_state::SquareKey;
pub(crate) use state::StateKey;
pub(crate) use stealth::KEY as STEALTH_KEY;
pub(crate) use trenches::KEY as TRENCHES_KEY;
pub(crate) use wall::KEY as WALL_KEY;
pub(crate) use winter::{KEY as IDLE_KEY, Snapshot};

use crate::attacks::HasSliders;
use crate::movegen::Sink;
use crate::moves::{Move, MoveKind};
use crate::piece::{Kind, Piece, PieceInfo, Seat};
use crate::position::Position;
use crate::variant::Variant;
use crate::variant::{Forward, TAKEN_LAST_TURN, not_a_letter, piece_letter};

/// At most this many powers per nation (they share the seat's slots).
pub const MAX_POWERS: usize = crate::variant::MAX_SLOTS;

/// A power as a nation file gives it, its parameters checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PowerSpec {
    /// Instead of moving, turn a piece of one kind into another.
    Transform(transform::Spec),
    /// Instead of moving, put a new piece on an empty cell of an area.
    Place(place::Spec),
    /// Instead of moving, put a piece on an empty cell of an area.
    Relocate(relocate::Spec),
    /// At the start of one's turn, destroy or take over the enemy pieces
    /// next to some of one's own.
    Adjacent(adjacent::Spec),
    /// How one's captures end: the capturer becomes what it took, or
    /// stays where it was.
    Capture(capture::Spec),
    /// A piece ending its move in an area becomes another kind.
    Enter(enter::Spec),
    /// Instead of one piece move, two pieces move.
    MoveTwo(two::Spec),
    /// A piece that moves to attack what another already attacks destroys it.
    Attacked(attacked::Spec),
    /// The capturer of one's piece is not taken back by those kinds at once.
    Revenge(revenge::Spec),
    /// A leap of some kinds is not made on two turns in a row.
    Leap(leap::Spec),
    /// One's pieces are captured only by opponents who earned it.
    Neutral(neutral::Spec),
    /// After each turn, a piece that did not move is captured only by
    /// royal pieces until the seat's next turn.
    Shelter,
    /// A piece moving next to an enemy piece swaps owners with it.
    Trade(trade::Spec),
    /// At the end of one's turn, other pieces left idle and alone go.
    Idle,
    /// Pieces gain leaps by where they stand.
    AreaMoves(area_moves::Spec),
    /// Instead of moving, a piece in an area captures a neighbour in place.
    Shoot(shoot::Spec),
    /// After the move, push pieces of the mover's kind in line with it.
    Push(push::Spec),
    /// Pieces of some kinds are captured only from near enough.
    Range(range::Spec),
    /// A piece that lands near some of one's pieces moves again.
    MoveAgain(again::Spec),
    /// Some kinds may also move along a U-shaped path.
    UPath(u_path::Spec),
    /// Now and then, with the move, arm a block that blows up a turn later.
    Bomb(bomb::Spec),
    /// A few times per game, instead of moving, take back a lost piece.
    Revive(revive::Spec),
    /// A piece that captured stands still, and is guarded, for a while.
    Freeze(freeze::Spec),
    /// After the move, create a short-lived piece in an area.
    Militia(militia::Spec),
    /// Pawns left standing dig in: guarded, but capturing nothing next turn.
    Trenches,
    /// The army starts in reserve and is put on the board piece by piece.
    Deploy(deploy::Spec),
    /// A wall around an area that other teams cross only by jumping.
    Wall(wall::Spec),
    /// After the move, move again for a sacrifice, any number of times.
    Fear,
    /// At the start of the turn, pick an enemy piece in an area and roll a
    /// die for its life.
    Assassinate(assassinate::Spec),
    /// At the start of the turn, hide a piece from the others, for a few
    /// turns in a row.
    Stealth(stealth::Spec),
    /// Pieces are face-down cards: move any anywhere; others may challenge.
    Secrecy(secrecy::Spec),
    /// At the start of the turn, roll a die: on 5 or 6, move up to three
    /// pieces, each as a die says.
    Insanity,
    /// The army rides hidden inside knights, loaded, unloaded and burnt
    /// instead of moving.
    Cargo(cargo::Spec),
}

impl PowerSpec {
    /// Read `[[powers]]` entry `t`; an error names the field (relative to
    /// the entry) and says why.
    pub(crate) fn read(t: &toml::Table) -> Result<PowerSpec, (String, String)> {
        let id = match t.get("id") {
            Some(toml::Value::String(id)) => id.as_str(),
            _ => return Err(("id".into(), "a power needs an id (a string)".into())),
        };
        let p = Params::new(t);
        let spec = match id {
            transform::ID => PowerSpec::Transform(transform::Spec::read(&p)?),
            place::ID => PowerSpec::Place(place::Spec::read(&p)?),
            relocate::ID => PowerSpec::Relocate(relocate::Spec::read(&p)?),
            adjacent::DESTROY | adjacent::CONVERT => {
                PowerSpec::Adjacent(adjacent::Spec::read(&p, id == adjacent::CONVERT)?)
            }
            capture::BECOME | capture::IN_PLACE => {
                PowerSpec::Capture(capture::Spec::read(&p, id == capture::IN_PLACE)?)
            }
            enter::ID => PowerSpec::Enter(enter::Spec::read(&p)?),
            two::ID => PowerSpec::MoveTwo(two::Spec::read(&p)?),
            attacked::ID => PowerSpec::Attacked(attacked::Spec::read(&p)?),
            revenge::ID => PowerSpec::Revenge(revenge::Spec::read(&p)?),
            leap::ID => PowerSpec::Leap(leap::Spec::read(&p)?),
            neutral::ID => PowerSpec::Neutral(neutral::Spec::read(&p)?),
            shelter::ID => PowerSpec::Shelter,
            trade::ID => PowerSpec::Trade(trade::Spec::read(&p)?),
            winter::ID => PowerSpec::Idle,
            area_moves::ID => PowerSpec::AreaMoves(area_moves::Spec::read(&p)?),
            shoot::ID => PowerSpec::Shoot(shoot::Spec::read(&p)?),
            push::ID => PowerSpec::Push(push::Spec::read(&p)?),
            range::ID => PowerSpec::Range(range::Spec::read(&p)?),
            again::ID => PowerSpec::MoveAgain(again::Spec::read(&p)?),
            u_path::ID => PowerSpec::UPath(u_path::Spec::read(&p)?),
            bomb::ID => PowerSpec::Bomb(bomb::Spec::read(&p)?),
            revive::ID => PowerSpec::Revive(revive::Spec::read(&p)?),
            freeze::ID => PowerSpec::Freeze(freeze::Spec::read(&p)?),
            militia::ID => PowerSpec::Militia(militia::Spec::read(&p)?),
            trenches::ID => PowerSpec::Trenches,
            deploy::ID => PowerSpec::Deploy(deploy::Spec::read(&p)?),
            wall::ID => PowerSpec::Wall(wall::Spec::read(&p)?),
            fear::ID => PowerSpec::Fear,
            assassinate::ID => PowerSpec::Assassinate(assassinate::Spec::read(&p)?),
            stealth::ID => PowerSpec::Stealth(stealth::Spec::read(&p)?),
            secrecy::ID => PowerSpec::Secrecy(secrecy::Spec::read(&p)?),
            insanity::ID => PowerSpec::Insanity,
            cargo::ID => PowerSpec::Cargo(cargo::Spec::read(&p)?),
            other => {
                return Err((
                    "id".into(),
                    format!(
                        "power '{other}' is not implemented; known: {}",
                        KNOWN.join(", ")
                    ),
                ));
            }
        };
        p.no_others()?;
        Ok(spec)
    }

    /// The power's id, which also names its moves (`transform@d1`).
    pub fn id(&self) -> &'static str {
        match self {
            PowerSpec::Transform(_) => transform::ID,
            PowerSpec::Place(_) => place::ID,
            PowerSpec::Relocate(_) => relocate::ID,
            PowerSpec::Adjacent(a) if a.convert => adjacent::CONVERT,
            PowerSpec::Adjacent(_) => adjacent::DESTROY,
            PowerSpec::Capture(c) if c.in_place => capture::IN_PLACE,
            PowerSpec::Capture(_) => capture::BECOME,
            PowerSpec::Enter(_) => enter::ID,
            PowerSpec::MoveTwo(_) => two::ID,
            PowerSpec::Attacked(_) => attacked::ID,
            PowerSpec::Revenge(_) => revenge::ID,
            PowerSpec::Leap(_) => leap::ID,
            PowerSpec::Neutral(_) => neutral::ID,
            PowerSpec::Shelter => shelter::ID,
            PowerSpec::Trade(_) => trade::ID,
            PowerSpec::Idle => winter::ID,
            PowerSpec::AreaMoves(_) => area_moves::ID,
            PowerSpec::Shoot(_) => shoot::ID,
            PowerSpec::Push(_) => push::ID,
            PowerSpec::Range(_) => range::ID,
            PowerSpec::MoveAgain(_) => again::ID,
            PowerSpec::UPath(_) => u_path::ID,
            PowerSpec::Bomb(_) => bomb::ID,
            PowerSpec::Revive(_) => revive::ID,
            PowerSpec::Freeze(_) => freeze::ID,
            PowerSpec::Militia(_) => militia::ID,
            PowerSpec::Trenches => trenches::ID,
            PowerSpec::Deploy(_) => deploy::ID,
            PowerSpec::Wall(_) => wall::ID,
            PowerSpec::Fear => fear::ID,
            PowerSpec::Assassinate(_) => assassinate::ID,
            PowerSpec::Stealth(_) => stealth::ID,
            PowerSpec::Secrecy(_) => secrecy::ID,
            PowerSpec::Insanity => insanity::ID,
            PowerSpec::Cargo(_) => cargo::ID,
        }
    }

    /// The second piece move of a power move `m` of this power that holds
    /// one (`move-two`, `move-again`), from and to.
    pub fn second_move(&self, m: crate::moves::Move) -> Option<(u8, u8)> {
        matches!(self, PowerSpec::MoveTwo(_) | PowerSpec::MoveAgain(_)).then(|| two::second_part(m))
    }

    /// The second cell a power move `m` of this power holds in its
    /// payload, written as its `to` (an assassination's misfire victim).
    pub fn second_cell(&self, m: crate::moves::Move) -> Option<u8> {
        match self {
            PowerSpec::Assassinate(_) => ((m.payload() & 0xff) as u8).checked_sub(1),
            _ => None,
        }
    }

    /// The third cell a power move `m` of this power holds in its
    /// payload, written after its `to` (insanity's third piece).
    pub fn third_cell(&self, m: crate::moves::Move) -> Option<u8> {
        match self {
            PowerSpec::Insanity => ((m.payload() & 0xff) as u8).checked_sub(1),
            _ => None,
        }
    }

    /// The stand-in kind of a power whose pieces others see as one kind
    /// (`secrecy`), with the kinds it stands for and how many of each the
    /// deck holds, by letter (an evaluation values the stand-in as their
    /// average: revealing a card then changes nothing on average).
    pub fn stands_for(&self) -> Option<(char, Vec<(char, u8)>)> {
        match self {
            PowerSpec::Secrecy(s) => Some(s.stands_for()),
            _ => None,
        }
    }

    /// Whether the power's moves name pieces of the seat rather than move
    /// one (North Korea's pick: `insanity@a2b1c1`, every named cell a piece).
    pub fn names_pieces(&self) -> bool {
        matches!(self, PowerSpec::Insanity)
    }

    /// Give the power the nation's setup, for the powers that read it
    /// (`revive` takes pieces back to their setup squares).
    pub(crate) fn with_setup(&mut self, setup: &crate::variant::Setup) {
        match self {
            PowerSpec::Revive(r) => r.homes = setup.clone(),
            // The deck the face-down cards are dealt from.
            PowerSpec::Secrecy(s) => s.with_setup(setup),
            _ => {}
        }
    }

    /// How many of the seat's slots the power keeps its state in (its
    /// own and those after it).
    pub fn slots(&self) -> usize {
        match self {
            PowerSpec::Freeze(f) => 1 + f.turns() as usize,
            PowerSpec::Trenches => 1 + trenches::TURNS,
            PowerSpec::Deploy(d) => d.slots(),
            PowerSpec::Assassinate(_) => 2,
            PowerSpec::Insanity => insanity::SLOTS,
            PowerSpec::Cargo(_) => cargo::SLOTS,
            PowerSpec::Secrecy(_) => secrecy::SLOTS,
            _ => 1,
        }
    }

    /// The pieces the power holds off the board at the start, by letter
    /// (a `deploy` reserve): a line-up counts a royal piece among them.
    pub fn reserve(&self) -> &[char] {
        match self {
            PowerSpec::Deploy(d) => &d.reserve,
            // The army inside the knights: its king is the royal piece.
            PowerSpec::Cargo(c) => &c.cargo,
            _ => &[],
        }
    }

    /// How many of the seat's turns the power needs counted (the
    /// variant's opening-turn count must reach it): a deploy guard's, and
    /// one for "after the first turn".
    pub fn turns_counted(&self) -> u8 {
        match self {
            PowerSpec::Deploy(d) => d.guarded_turns.max(1),
            _ => 0,
        }
    }

    /// Whether the power reads what a move chooses ([`Move::with_choice`]).
    pub fn chooses_a_cell(&self) -> bool {
        matches!(
            self,
            PowerSpec::Shelter
                | PowerSpec::Trade(_)
                | PowerSpec::Push(_)
                | PowerSpec::Bomb(_)
                | PowerSpec::Militia(_)
                | PowerSpec::Fear
        )
    }

    /// The piece letters the power names, each with its parameter: a
    /// line-up checks them against its kinds.
    pub fn letters(&self) -> Vec<(&'static str, char)> {
        match self {
            PowerSpec::Transform(t) => t.letters(),
            PowerSpec::Place(p) => vec![("kind", p.letter)],
            PowerSpec::Militia(m) => vec![("kind", m.letter)],
            PowerSpec::Relocate(r) => r.kinds.iter().map(|&l| ("kinds", l)).collect(),
            PowerSpec::Adjacent(a) => a.sources.iter().map(|&l| ("sources", l)).collect(),
            PowerSpec::Capture(c) => c.kinds.iter().map(|&l| ("kinds", l)).collect(),
            PowerSpec::Enter(e) => e.letters(),
            PowerSpec::MoveTwo(t) => t.kinds.iter().map(|&l| ("kinds", l)).collect(),
            PowerSpec::Attacked(a) => a.sources.iter().map(|&l| ("sources", l)).collect(),
            PowerSpec::Revenge(r) => r.kinds.iter().map(|&l| ("kinds", l)).collect(),
            PowerSpec::Leap(l) => l.kinds.iter().map(|&k| ("kinds", k)).collect(),
            PowerSpec::Neutral(_)
            | PowerSpec::Shelter
            | PowerSpec::Trade(_)
            | PowerSpec::Idle
            | PowerSpec::Push(_)
            | PowerSpec::Bomb(_)
            | PowerSpec::Revive(_)
            | PowerSpec::Freeze(_)
            | PowerSpec::Trenches
            | PowerSpec::Fear
            | PowerSpec::Assassinate(_)
            | PowerSpec::Insanity => Vec::new(),
            PowerSpec::AreaMoves(a) => a.kinds.iter().map(|&l| ("kinds", l)).collect(),
            PowerSpec::Shoot(s) => s.kinds.iter().map(|&l| ("kinds", l)).collect(),
            PowerSpec::Range(r) => r.kinds.iter().map(|&l| ("kinds", l)).collect(),
            PowerSpec::MoveAgain(a) => a.near.iter().map(|&l| ("near", l)).collect(),
            PowerSpec::UPath(u) => u.kinds.iter().map(|&l| ("kinds", l)).collect(),
            PowerSpec::Deploy(d) => d.reserve.iter().map(|&l| ("reserve", l)).collect(),
            PowerSpec::Wall(w) => vec![("kind", w.kind)],
            PowerSpec::Stealth(s) => vec![("kind", s.kind)],
            PowerSpec::Cargo(c) => std::iter::once(("kind", c.kind))
                .chain(c.cargo.iter().map(|&l| ("cargo", l)))
                .collect(),
            PowerSpec::Secrecy(s) => s.letters(),
        }
    }
}

/// The kinds of `letters` as a bit set.
fn kind_bits(letters: &[char], kind: impl Fn(char) -> Kind) -> u16 {
    letters.iter().fold(0, |m, &l| m | 1 << kind(l).0)
}

/// The kinds of `letters` as a bit set; `None`, for every kind but pawns,
/// when a power's `kinds` is left out.
fn kinds_or_pieces(letters: &[char], kind: impl Fn(char) -> Kind) -> Option<u16> {
    (!letters.is_empty()).then(|| kind_bits(letters, kind))
}

/// Every power id a nation file may name.
const KNOWN: [&str; 35] = [
    transform::ID,
    place::ID,
    relocate::ID,
    adjacent::DESTROY,
    adjacent::CONVERT,
    capture::BECOME,
    capture::IN_PLACE,
    enter::ID,
    two::ID,
    attacked::ID,
    revenge::ID,
    leap::ID,
    neutral::ID,
    shelter::ID,
    trade::ID,
    winter::ID,
    area_moves::ID,
    shoot::ID,
    push::ID,
    range::ID,
    again::ID,
    u_path::ID,
    bomb::ID,
    revive::ID,
    freeze::ID,
    militia::ID,
    trenches::ID,
    deploy::ID,
    wall::ID,
    fear::ID,
    assassinate::ID,
    stealth::ID,
    insanity::ID,
    cargo::ID,
    secrecy::ID,
];

/// A power compiled for one seat of a line-up: kinds resolved, areas
/// turned to the seat's corner.
#[derive(Clone, Debug)]
pub(crate) enum Power<B> {
    Transform(transform::Compiled),
    Place(place::Compiled<B>),
    Relocate(relocate::Compiled<B>),
    Adjacent(adjacent::Compiled),
    Capture(capture::Compiled),
    Enter(enter::Compiled<B>),
    MoveTwo(two::Compiled),
    Attacked(attacked::Compiled),
    Revenge(revenge::Compiled),
    Leap(leap::Compiled),
    Neutral(neutral::Compiled),
    Shelter,
    Trade(trade::Compiled),
    Idle,
    AreaMoves(area_moves::Compiled<B>),
    Shoot(shoot::Compiled<B>),
    Push(push::Compiled),
    Range(range::Compiled),
    MoveAgain(again::Compiled),
    UPath(u_path::Compiled),
    Bomb(bomb::Compiled<B>),
    Revive(revive::Compiled),
    Freeze(freeze::Compiled),
    Militia(militia::Compiled<B>),
    Trenches,
    Deploy(deploy::Compiled<B>),
    Wall(wall::Compiled<B>),
    Fear,
    Assassinate(assassinate::Compiled<B>),
    Stealth(stealth::Compiled),
    Insanity(insanity::Compiled),
    Cargo(cargo::Compiled),
    Secrecy(secrecy::Compiled<B>),
}

impl<B: HasSliders> Power<B> {
    /// `spec` for a seat facing `forward` on a `size` x `size` board, with
    /// the line-up's `pieces`.
    pub(crate) fn compile(
        spec: &PowerSpec,
        forward: Forward,
        size: u8,
        pieces: &[PieceInfo],
        renames: &[(char, char)],
    ) -> Power<B> {
        let kind = |letter: char| {
            let letter = crate::variant::renamed_letter(renames, letter);
            Kind(
                pieces
                    .iter()
                    .position(|p| p.letter == letter)
                    .expect("a line-up checks the letters of its powers") as u8,
            )
        };
        let area = |a: &Area| a.cells::<B>(forward, size);
        match spec {
            PowerSpec::Transform(t) => Power::Transform(t.compile(kind)),
            PowerSpec::Place(p) => Power::Place(p.compile(kind, area)),
            PowerSpec::Relocate(r) => Power::Relocate(r.compile(kind, area)),
            PowerSpec::Adjacent(a) => Power::Adjacent(a.compile(kind)),
            PowerSpec::Capture(c) => Power::Capture(c.compile(kind)),
            PowerSpec::Enter(e) => Power::Enter(e.compile(kind, forward, size)),
            PowerSpec::MoveTwo(t) => Power::MoveTwo(t.compile(kind)),
            PowerSpec::Attacked(a) => Power::Attacked(a.compile(kind)),
            PowerSpec::Revenge(r) => Power::Revenge(r.compile(kind)),
            PowerSpec::Leap(l) => Power::Leap(l.compile(kind)),
            PowerSpec::Neutral(n) => Power::Neutral(n.compile()),
            PowerSpec::Shelter => Power::Shelter,
            PowerSpec::Trade(t) => Power::Trade(t.compile()),
            PowerSpec::Idle => Power::Idle,
            PowerSpec::AreaMoves(a) => Power::AreaMoves(a.compile(kind, forward, size)),
            PowerSpec::Shoot(s) => Power::Shoot(s.compile(kind, forward, size)),
            PowerSpec::Push(p) => Power::Push(p.compile()),
            PowerSpec::Range(r) => Power::Range(r.compile(kind)),
            PowerSpec::MoveAgain(a) => Power::MoveAgain(a.compile(kind)),
            PowerSpec::UPath(u) => Power::UPath(u.compile(kind)),
            PowerSpec::Bomb(b) => Power::Bomb(b.compile(area, size)),
            PowerSpec::Revive(r) => Power::Revive(r.compile(kind, forward, size)),
            PowerSpec::Freeze(f) => Power::Freeze(f.compile()),
            PowerSpec::Militia(m) => Power::Militia(m.compile(kind, area)),
            PowerSpec::Trenches => Power::Trenches,
            PowerSpec::Deploy(d) => Power::Deploy(d.compile(kind, forward, size)),
            PowerSpec::Wall(w) => Power::Wall(w.compile(kind, area)),
            PowerSpec::Fear => Power::Fear,
            PowerSpec::Assassinate(a) => Power::Assassinate(a.compile(pieces, area)),
            PowerSpec::Stealth(s) => Power::Stealth(s.compile(kind)),
            PowerSpec::Insanity => Power::Insanity(insanity::Compiled::new(pieces)),
            PowerSpec::Cargo(c) => Power::Cargo(c.compile(kind, pieces)),
            PowerSpec::Secrecy(s) => Power::Secrecy(s.compile(kind, area)),
        }
    }

    /// Whether the power forbids its use on two turns of a seat in a row.
    fn not_twice(&self) -> bool {
        match self {
            Power::Place(p) => p.not_twice,
            Power::Relocate(r) => r.not_twice,
            Power::MoveTwo(t) => t.not_twice,
            _ => false,
        }
    }

    /// Whether the power counts its uses (it may be used a number of times
    /// per game).
    pub(super) fn counts_uses(&self) -> bool {
        self.max_uses() > 0
    }

    /// How many times per game the power may be used (0: no limit).
    pub(super) fn max_uses(&self) -> u8 {
        match self {
            Power::MoveTwo(t) if t.once_per_game => 1,
            Power::Revive(r) => r.uses,
            _ => 0,
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// The texts of a power's FEN4 extras entry `key` that are not empty,
    /// each with its seat and what `power` finds of that seat's power; a
    /// text for a seat without the power is refused, saying it has no
    /// `what`.
    pub(crate) fn power_texts<'a, P>(
        &self,
        entries: &[&'a str],
        (key, key_at): (&str, usize),
        what: &str,
        power: impl Fn(&Self, Seat) -> Option<P>,
    ) -> Result<Vec<(Seat, &'a str, P)>, crate::notation::fen::FenError> {
        let texts = crate::notation::fen4::seat_texts(entries, self.rules.seats(), key, key_at)?;
        texts
            .into_iter()
            .map(|(s, text)| {
                let seat = Seat(s as u8);
                let found = power(self, seat).ok_or_else(|| {
                    let why = format!("seat {} has no {what}, in '{key}'", s + 1);
                    crate::notation::fen::syntax(
                        crate::notation::fen::FenField::Extras,
                        key_at,
                        why,
                    )
                })?;
                Ok((seat, text, found))
            })
            .collect()
    }

    /// A FEN4 extras entry `key` of one text a seat, the writer's side of
    /// [`Position::power_texts`]: `text` of each seat's power as `power`
    /// finds it, nothing for a seat without it; `None` when every text is
    /// empty.
    pub(crate) fn power_tuple<P>(
        &self,
        key: &str,
        power: impl Fn(&Self, Seat) -> Option<P>,
        text: impl Fn(Seat, P) -> String,
    ) -> Option<String> {
        let entries: Vec<String> = (0..self.rules.seats())
            .map(|g| power(self, Seat(g)).map_or_else(String::new, |p| text(Seat(g), p)))
            .collect();
        crate::notation::fen4::seat_tuple(key, &entries)
    }

    /// The kinds a power names (`Some`), or every kind but pawns.
    fn kinds_or_pieces(&self, kinds: Option<u16>) -> u16 {
        kinds.unwrap_or(!self.rules.pawn_kinds)
    }

    /// `seat`'s first power that `pick` takes: its index and what `pick`
    /// gives of it.
    fn find_power<T>(
        &self,
        seat: Seat,
        pick: impl Fn(&Power<B>) -> Option<T>,
    ) -> Option<(usize, T)> {
        self.powers(seat)
            .iter()
            .enumerate()
            .find_map(|(i, p)| pick(p).map(|t| (i, t)))
    }

    /// The powers of `seat`'s nation.
    #[inline]
    fn powers(&self, seat: Seat) -> &[Power<B>] {
        &self.rules.powers[seat.idx()]
    }

    /// The action moves of the seat to move's powers, by their own rules
    /// (the opening and declared-check filters apply to them as to any move).
    pub(crate) fn generate_powers<S: Sink<B>>(&self, sink: &mut S) {
        let us = self.turn;
        for (i, power) in self.powers(us).iter().enumerate() {
            if power.not_twice() && self.slot(us, i) & TAKEN_LAST_TURN != 0 {
                continue;
            }
            let tag = MoveKind::Power(i as u8);
            match power {
                Power::Transform(t) => self.generate_transform(sink, t, tag),
                Power::Place(p) => self.generate_place(sink, p, tag),
                Power::Relocate(r) => self.generate_relocate(sink, r, tag),
                Power::MoveTwo(t) => self.generate_move_two(sink, t, i as u8),
                Power::MoveAgain(a) => self.generate_move_again(sink, a, i as u8),
                Power::Shoot(s) => self.generate_shots(sink, s, tag),
                Power::UPath(u) => self.generate_u_paths(sink, u, tag),
                Power::Revive(r) => self.generate_revive(sink, r, i),
                Power::Deploy(d) => self.generate_deploy(sink, d, i),
                Power::Cargo(c) => self.generate_cargo(sink, c, i),
                // The others act through hooks, not as moves.
                _ => {}
            }
        }
    }

    /// Play the power move `m` of the seat to move; the piece it captured,
    /// if any.
    pub(crate) fn play_power(&mut self, m: Move) -> Option<Piece> {
        let MoveKind::Power(i) = m.kind() else {
            return None;
        };
        // The rules outlive this call: holding them by `Arc` (a count, no
        // copy) lets the power borrow them while the position changes.
        let rules = std::sync::Arc::clone(&self.rules);
        let power = rules.powers[self.turn.idx()].get(i as usize)?;
        self.halfmoves = self.halfmoves.saturating_add(1);
        match power {
            Power::Transform(t) => self.play_transform(t, m),
            Power::Place(p) => self.play_place(p, m),
            // A U path moves a piece as a relocation does.
            Power::Relocate(_) | Power::UPath(_) => return self.play_relocate(m),
            Power::MoveTwo(_) | Power::MoveAgain(_) => self.play_move_two(m),
            Power::Revive(r) => self.play_revive(r, m),
            Power::Shoot(_) => return self.play_shot(m),
            Power::Cargo(c) => self.play_cargo(c, i as usize, m),
            _ => {}
        }
        None
    }

    /// Whether the seat to move's pieces gain moves by where they stand.
    pub(crate) fn has_area_moves(&self) -> bool {
        self.powers(self.turn)
            .iter()
            .any(|p| matches!(p, Power::AreaMoves(_)))
    }

    /// The moves the seat to move's pieces gain by where they stand, beside
    /// those in `list`.
    pub(crate) fn generate_all_area_moves(&self, list: &mut crate::moves::MoveList) {
        for power in self.powers(self.turn) {
            if let Power::AreaMoves(a) = power {
                self.generate_area_moves(list, a);
            }
        }
    }

    /// The seat to move's power that reads the cell its moves choose.
    pub(crate) fn choosing_power(&self) -> Option<&Power<B>> {
        self.powers(self.turn).iter().find(|p| {
            matches!(
                p,
                Power::Shelter
                    | Power::Trade(_)
                    | Power::Push(_)
                    | Power::Bomb(_)
                    | Power::Militia(_)
                    | Power::Fear
            )
        })
    }

    /// The id of the seat to move's power that reads a chosen cell.
    pub(crate) fn choosing_power_id(&self) -> Option<&'static str> {
        self.variant().powers[self.turn.idx()]
            .iter()
            .find(|p| p.chooses_a_cell())
            .map(PowerSpec::id)
    }

    /// Each form of the seat to move's move `m` its choosing power allows:
    /// one per cell it may choose, or `m` as it is where there is none.
    pub(crate) fn for_each_chosen(&self, m: Move, mut emit: impl FnMut(Move)) {
        let cells = match self.choosing_power() {
            Some(Power::Shelter) => self.shelter_choices(m),
            Some(Power::Trade(t)) => self.trade_choices(t, m),
            Some(Power::Push(_)) => {
                // Any number of pushes: every subset of the directions.
                let all = self.push_choices(m);
                for pushes in (0..=all).filter(|p| p & !all == 0) {
                    emit(m.with_choice(pushes));
                }
                return;
            }
            Some(Power::Bomb(_)) => return self.for_each_bomb(m, emit),
            Some(Power::Militia(_)) => return self.for_each_militia(m, emit),
            Some(Power::Fear) => return self.for_each_sacrifice(m, emit),
            _ => B::EMPTY,
        };
        if cells.is_empty() {
            emit(m);
        }
        for c in cells.iter() {
            emit(m.with_chosen(c));
        }
    }

    /// The cells the seat to move's move `m` chooses, as its notation
    /// names them.
    pub(crate) fn chosen_cells(&self, m: Move) -> Vec<u8> {
        if m.choice() == 0 {
            return Vec::new();
        }
        match self.choosing_power() {
            Some(Power::Push(_)) => self.pushed_cells(m),
            Some(_) => m.chosen().into_iter().collect(),
            // No power reads it: a bluff's mark (`secrecy`), never written.
            None => Vec::new(),
        }
    }

    /// The power effect of the cell the seat to move's piece move `m`
    /// chose, as part of the move (an owner swap).
    pub(crate) fn play_chosen(&mut self, m: Move) {
        match self.choosing_power() {
            Some(Power::Trade(_)) => {
                if let Some(c) = m.chosen() {
                    self.play_trade(m, c);
                }
            }
            Some(&Power::Push(p)) => self.play_push(&p, m),
            Some(Power::Militia(_)) => self.place_militia(m),
            Some(Power::Fear) => self.play_sacrifice(m),
            _ => {}
        }
    }

    /// The second piece move of the seat to move's power move `m`, if its
    /// power makes two (`move-two`), from and to.
    pub(crate) fn second_move(&self, m: Move) -> Option<(u8, u8)> {
        let MoveKind::Power(i) = m.kind() else {
            return None;
        };
        self.variant()
            .powers
            .get(self.turn.idx())?
            .get(i as usize)?
            .second_move(m)
    }

    /// The cells of the pieces the seat to move's power move `m` names, in
    /// order, if its power names pieces (a pick) rather than moves one.
    pub(crate) fn named_pieces(&self, m: Move) -> Option<Vec<u8>> {
        let MoveKind::Power(i) = m.kind() else {
            return None;
        };
        let spec = self
            .variant()
            .powers
            .get(self.turn.idx())?
            .get(i as usize)?;
        if !spec.names_pieces() {
            return None;
        }
        let second = (m.to() != m.from()).then_some(m.to());
        Some(
            [Some(m.from()), second, spec.third_cell(m)]
                .into_iter()
                .flatten()
                .collect(),
        )
    }

    /// The seat to move's powers that bar a kind of move it made last
    /// turn (`no-leap-twice`'s leap, `u-path`'s straight moves).
    fn resting_powers(&self) -> impl Iterator<Item = &Power<B>> + '_ {
        let us = self.turn;
        self.powers(us)
            .iter()
            .enumerate()
            .filter_map(move |(i, p)| match p {
                Power::Leap(_) | Power::UPath(_) if self.slot(us, i) & TAKEN_LAST_TURN != 0 => {
                    Some(p)
                }
                _ => None,
            })
    }

    /// Whether the seat to move's powers bar its move `m` this turn (a
    /// leap made last turn, or a straight move after one).
    pub(crate) fn rest_barred(&self, m: Move) -> bool {
        self.resting_powers()
            .any(|p| self.made_barred_move(p, m, m.from()))
    }

    /// Whether `m` is a move `p` bars on the next turn, the piece standing
    /// on `piece_at` (its origin before the move, its target after).
    fn made_barred_move(&self, p: &Power<B>, m: Move, piece_at: u8) -> bool {
        match p {
            Power::Leap(l) => self.is_barred_leap(l, m, piece_at),
            Power::UPath(u) => u.straight_not_twice && self.is_straight_move(u, m, piece_at),
            _ => false,
        }
    }

    /// Whether the seat to move rests from a kind of move this turn.
    pub(crate) fn rests(&self) -> bool {
        self.resting_powers().next().is_some()
    }

    /// How many times `seat` used its power `i` (counted for powers of
    /// once per game).
    pub(crate) fn power_uses(&self, seat: Seat, i: usize) -> u8 {
        self.slot(seat, i) & !TAKEN_LAST_TURN
    }

    /// The seat to move's powers that act where a piece of its lands, after
    /// the piece move `m` (a part of a turn included).
    pub(crate) fn landing_powers(&mut self, m: Move) {
        self.enter_area_powers(m);
        let rules = std::sync::Arc::clone(&self.rules);
        for power in &rules.powers[self.turn.idx()] {
            if let Power::Attacked(a) = power {
                self.destroy_attacked(a, m);
            }
        }
    }

    /// Whether the seat to move has a power that acts where its pieces land.
    pub(crate) fn has_landing_powers(&self) -> bool {
        self.powers(self.turn)
            .iter()
            .any(|p| matches!(p, Power::Enter(_) | Power::Attacked(_)))
    }

    /// The royal pieces that count as royal: each seat's last one (only
    /// the last of Britain's ministers is royal for what concerns royal
    /// pieces).
    pub(crate) fn last_royals(&self) -> B {
        (0..self.rules.seats())
            .map(|s| self.royals(Seat(s)))
            .filter(|r| r.count() == 1)
            .fold(B::EMPTY, |a, r| a | r)
    }

    /// The pieces no other nation's power moves or destroys: those of the
    /// kinds proof against powers, and every piece a proof seat commands.
    pub(crate) fn power_proof(&self) -> B {
        let v: &Variant = &self.rules.variant;
        let seats = (0..self.rules.seats())
            .filter(|&s| v.power_proof_seats & (1 << s) != 0)
            .fold(0u8, |m, s| m | self.commanded_by(Seat(s)));
        self.union_of(v.power_proof_kinds) | self.armies_pieces(seats)
    }

    /// After `us` played `m`: note, per power, whether this turn used it.
    pub(crate) fn note_powers_used(&mut self, us: Seat, m: Move) {
        let used = match m.kind() {
            MoveKind::Power(i) => Some(i as usize),
            _ => None,
        };
        for i in 0..self.powers(us).len() {
            let old = self.slot(us, i);
            let power = &self.powers(us)[i];
            // The cargo's and secrecy's slots hold their records alone.
            if matches!(power, Power::Cargo(_) | Power::Secrecy(_)) {
                continue;
            }
            // A U path is no straight move: it bars nothing.
            let used = used == Some(i) && !matches!(power, Power::UPath(_));
            let new = if used || self.made_barred_move(power, m, m.to()) {
                let uses = self.powers(us)[i].counts_uses() as u8;
                ((old & !TAKEN_LAST_TURN) + uses).min(TAKEN_LAST_TURN - 1) | TAKEN_LAST_TURN
            } else {
                old & !TAKEN_LAST_TURN
            };
            if new != old {
                self.set_slot(us, i, new);
            }
        }
    }

    /// The seat to move begins its turn: its turn-start powers act.
    pub(crate) fn start_turn_powers(&mut self) {
        let rules = std::sync::Arc::clone(&self.rules);
        for (i, power) in rules.powers[self.turn.idx()].iter().enumerate() {
            match power {
                Power::Adjacent(a) => self.act_adjacent(a),
                Power::Bomb(b) => self.detonate(i, b),
                _ => {}
            }
        }
    }

    /// Whether the seat to move has any power (so its turn may hold
    /// power moves or turn-start effects).
    #[inline]
    pub(crate) fn has_powers(&self) -> bool {
        !self.powers(self.turn).is_empty()
    }
}

/// The parameters of a `[[powers]]` entry, each read once, so that a
/// parameter no power reads is an error.
pub(crate) struct Params<'a> {
    table: &'a toml::Table,
    read: std::cell::RefCell<Vec<&'a str>>,
}

impl<'a> Params<'a> {
    fn new(table: &'a toml::Table) -> Params<'a> {
        Params {
            table,
            read: std::cell::RefCell::new(vec!["id"]),
        }
    }

    fn get(&self, key: &'a str) -> Option<&'a toml::Value> {
        self.read.borrow_mut().push(key);
        self.table.get(key)
    }

    /// Two small numbers (`[1, 2]`), `default` when left out.
    pub(crate) fn pair(
        &self,
        key: &'a str,
        default: (u8, u8),
    ) -> Result<(u8, u8), (String, String)> {
        let bad = || {
            (
                key.to_string(),
                "must be two numbers from 0 to 7, such as [1, 2]".to_string(),
            )
        };
        match self.get(key) {
            None => Ok(default),
            Some(toml::Value::Array(a)) => match a[..] {
                [toml::Value::Integer(x), toml::Value::Integer(y)]
                    if (0..8).contains(&x) && (0..8).contains(&y) && x + y > 0 =>
                {
                    Ok((x as u8, y as u8))
                }
                _ => Err(bad()),
            },
            Some(_) => Err(bad()),
        }
    }

    /// A whole number in `range`, `default` when left out.
    pub(crate) fn number(
        &self,
        key: &'a str,
        default: u8,
        range: std::ops::RangeInclusive<u8>,
    ) -> Result<u8, (String, String)> {
        let bad = || {
            let why = format!("must be a number from {} to {}", range.start(), range.end());
            (key.to_string(), why)
        };
        match self.get(key) {
            None => Ok(default),
            Some(toml::Value::Integer(n)) => u8::try_from(*n)
                .ok()
                .filter(|n| range.contains(n))
                .ok_or_else(bad),
            Some(_) => Err(bad()),
        }
    }

    /// A boolean, `false` when left out.
    pub(crate) fn flag(&self, key: &'a str) -> Result<bool, (String, String)> {
        match self.get(key) {
            None => Ok(false),
            Some(toml::Value::Boolean(b)) => Ok(*b),
            Some(_) => Err((key.into(), "must be true or false".into())),
        }
    }

    /// One piece letter.
    pub(crate) fn letter(&self, key: &'a str) -> Result<char, (String, String)> {
        match self.get(key) {
            Some(toml::Value::String(s)) => {
                piece_letter(s).ok_or_else(|| (key.into(), not_a_letter(s)))
            }
            Some(_) => Err((key.into(), "must be one piece letter, such as \"p\"".into())),
            None => Err((key.into(), "missing".into())),
        }
    }

    /// A list of strings.
    pub(crate) fn strings(&self, key: &'a str) -> Result<Vec<&'a str>, (String, String)> {
        let bad = || (key.to_string(), "must be a list of strings".to_string());
        match self.get(key) {
            Some(toml::Value::Array(a)) => a
                .iter()
                .map(|v| v.as_str().ok_or_else(bad))
                .collect::<Result<Vec<_>, _>>(),
            Some(_) => Err(bad()),
            None => Err((key.into(), "missing".into())),
        }
    }

    /// A list of at least one piece letter.
    pub(crate) fn some_letters(&self, key: &'a str) -> Result<Vec<char>, (String, String)> {
        let letters = self.letters(key)?;
        if letters.is_empty() {
            return Err((key.into(), "at least one piece letter".into()));
        }
        Ok(letters)
    }

    /// A list of piece letters.
    pub(crate) fn letters(&self, key: &'a str) -> Result<Vec<char>, (String, String)> {
        self.strings(key)?
            .into_iter()
            .map(|s| piece_letter(s).ok_or_else(|| (key.to_string(), not_a_letter(s))))
            .collect()
    }

    /// An optional list of piece letters (empty when left out).
    pub(crate) fn optional_letters(&self, key: &'a str) -> Result<Vec<char>, (String, String)> {
        if self.table.contains_key(key) {
            self.letters(key)
        } else {
            Ok(Vec::new())
        }
    }

    /// An area from the a1 corner (`a1-e3`); `default` when left out.
    pub(crate) fn area(
        &self,
        key: &'a str,
        default: Option<&str>,
    ) -> Result<Area, (String, String)> {
        let text = match self.get(key) {
            Some(toml::Value::String(s)) => s.as_str(),
            Some(_) => return Err((key.into(), "must be an area such as \"a1-e3\"".into())),
            None => default.ok_or_else(|| (key.to_string(), "missing".to_string()))?,
        };
        text.parse::<Area>().map_err(|r| (key.to_string(), r))
    }

    /// A string, `default` when left out.
    pub(crate) fn string_or(
        &self,
        key: &'a str,
        default: &'a str,
    ) -> Result<&'a str, (String, String)> {
        match self.get(key) {
            None => Ok(default),
            Some(toml::Value::String(s)) => Ok(s.as_str()),
            Some(_) => Err((key.into(), "must be a string".into())),
        }
    }

    /// An optional area.
    pub(crate) fn optional_area(&self, key: &'a str) -> Result<Option<Area>, (String, String)> {
        if self.table.contains_key(key) {
            self.area(key, None).map(Some)
        } else {
            Ok(None)
        }
    }

    /// Every parameter was read by the power.
    fn no_others(&self) -> Result<(), (String, String)> {
        let read = self.read.borrow();
        match self.table.keys().find(|k| !read.contains(&k.as_str())) {
            Some(k) => Err((k.clone(), "not a parameter of this power".into())),
            None => Ok(()),
        }
    }
}
