//! Variants as data: a TOML file read into a checked, read-only [`Variant`].

mod builtin;
mod check;
mod compiled;
mod lightning;
mod lineup;
mod load;
mod nation;
pub(crate) use nation::{Setup, letter as piece_letter, not_a_letter, square as square_of_8x8};
mod seat_rules;
mod spec;

pub(crate) use compiled::Compiled;
pub use compiled::live_compiled_rules;

pub use crate::power::{Area, MAX_POWERS, PowerSpec};
pub use builtin::{builtin, builtin_names};
pub(crate) use lightning::card as lightning_card_of;
pub use lightning::lightning_deck;
pub(crate) use lineup::renamed as renamed_letter;
pub use lineup::rotate;
pub use nation::{Nation, NationKind, builtin_nation_ids, builtin_nations};
pub use seat_rules::{Action, Counter, CounterEvent, MAX_SLOTS, SeatRules, TAKEN_LAST_TURN};
pub(crate) use spec::VariantSpec;

use crate::geometry::Geometry;
use crate::piece::{Kind, PieceInfo, Seat};
use crate::square::Square;
use std::path::Path;
use std::sync::OnceLock;

/// Which way a seat's pawns advance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forward {
    /// Towards higher ranks.
    North,
    /// Towards lower ranks.
    South,
    /// Towards higher files.
    East,
    /// Towards lower files.
    West,
}

impl std::str::FromStr for Forward {
    type Err = String;

    /// `north`, `south`, `east` or `west`, as variant files name them.
    fn from_str(name: &str) -> Result<Forward, String> {
        match name {
            "north" => Ok(Forward::North),
            "south" => Ok(Forward::South),
            "east" => Ok(Forward::East),
            "west" => Ok(Forward::West),
            other => Err(format!("'{other}' is not north, south, east or west")),
        }
    }
}

impl Forward {
    /// Turn a step from the piece's frame (forward = `+dy`) into the board's.
    pub fn orient(self, dx: i8, dy: i8) -> (i8, i8) {
        match self {
            Forward::North => (dx, dy),
            Forward::South => (-dx, -dy),
            Forward::East => (dy, -dx),
            Forward::West => (-dy, dx),
        }
    }
}

/// A seat of the variant.
#[derive(Clone, Debug)]
pub struct SeatInfo {
    /// Name, such as `white`.
    pub name: String,
    /// Direction of advance.
    pub forward: Forward,
    /// Team number: seats with the same number are partners.
    pub team: u8,
}

/// What a stalemated player gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StalemateRule {
    /// The game is drawn.
    Draw,
    /// The stalemated player loses.
    Loss,
    /// The stalemated player wins.
    Win,
}

/// Castling as data: where king and rook land, for either wing.
#[derive(Clone, Debug)]
pub struct Castling {
    /// The castling king's kind.
    pub king: Kind,
    /// The castling rook's kind.
    pub rook: Kind,
    /// Where king and rook land.
    pub landing: CastleLanding,
}

/// Where castling puts king and rook.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastleLanding {
    /// On fixed files of the back rank (chess, chess960): king and rook
    /// files for `[low wing, high wing]`, counted along the back rank.
    Files {
        /// King's landing file per wing.
        king: [u8; 2],
        /// Rook's landing file per wing.
        rook: [u8; 2],
    },
    /// The king moves this many squares towards the rook; the rook lands on
    /// the square the king crossed last.
    KingSteps(u8),
}

/// What checkmate does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MateRule {
    /// The mated side loses the game.
    Wins,
    /// The mated seat's pieces leave the board on its turn; its team loses
    /// when all its seats are out.
    Removes,
    /// No check: a player whose last royal piece is captured is out, and
    /// every army they command passes to the capturer, whose pawns keep
    /// their own direction (European Chess; see `docs/rules.md`).
    Transfers,
}

/// The rule switches of a variant.
#[derive(Clone, Debug)]
pub struct RuleSet {
    /// Royal pieces may not be left attacked.
    pub check: bool,
    /// Castling, if the variant has it.
    pub castling: Option<Castling>,
    /// En passant capture of pawns after an initial multi-step.
    pub en_passant: bool,
    /// Far ranks where pawns promote.
    pub promotion_ranks: u8,
    /// Stalemate outcome.
    pub stalemate: StalemateRule,
    /// Fifty-move rule, in moves per side.
    pub fifty_move: Option<u16>,
    /// Repetition count that draws.
    pub repetition: Option<u8>,
    /// Dead positions are drawn.
    pub insufficient_material: bool,
    /// Fischer random start positions and castling notation.
    pub chess960: bool,
    /// A move that starts in the promotion zone promotes too (shogi).
    pub promotion_from_zone: bool,
    /// Captured pieces go, unpromoted, to the capturer's hand, to be dropped.
    pub drops: bool,
    /// No pawn may be dropped on a file holding an unpromoted pawn of its side.
    pub one_pawn_per_file: bool,
    /// A repetition produced by one player's checks alone loses for that player.
    pub perpetual_check_loses: bool,
    /// A draw may be claimed when both royal pieces stand in their promotion zones.
    pub impasse: bool,
    /// No check: royals are captured; a seat without one is frozen (captures
    /// or passes); a team with no royal left loses.
    pub regicide: bool,
    /// What checkmate does.
    pub checkmate: MateRule,
    /// When one seat of a team is out, the two opposing seats move as one army.
    pub combine_armies: bool,
    /// Pawns promote only to kinds their seat has fewer of than at the start.
    pub promote_to_lost: bool,
    /// Pawns also promote on the first rank of every seat not on their team.
    pub promote_on_enemy_back_ranks: bool,
    /// Partners' pawns meeting face to face may swap places as one move.
    pub partner_pawn_swap: bool,
    /// With armies that change hands: a player who starts a turn with one
    /// piece is out, and that piece leaves the board.
    pub lone_piece_loses: bool,
    /// With armies that change hands: on each of their first this many
    /// turns, a player may not leave an enemy royal piece attacked.
    pub no_check_turns: u8,
    /// When a team is out (games of more than two seats).
    pub team_out: TeamOut,
    /// Partners are chosen when a game is created ([`Variant::with_teams`]).
    pub choose_partners: bool,
    /// With armies that change hands: a player's last royal piece may be
    /// captured only by a player whose previous move checked it.
    pub declare_check: bool,
    /// With armies that change hands: a move that leaves the mover's own
    /// royal piece attacked is illegal while another move does not.
    pub escape_check: bool,
    /// Capture the Flag: the enemy flags a team must bring home to win
    /// (0: the variant has no flags).
    pub flags_to_win: u8,
    /// European Chess with Lightning: an army's nation changes, by a draw
    /// from the Lightning deck, each time it makes or suffers an ordinary
    /// capture (`position/lightning.rs`).
    pub lightning: bool,
    /// Rules a game may turn on when it is created ([`Variant::with_options`]).
    pub optional: Vec<String>,
}

/// The points of a variant that scores play (`[points]`, chess.com's
/// free-for-all), checked against its pieces and seats.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Points {
    /// Per kind: what capturing a piece of it scores.
    pub pieces: [i16; crate::piece::MAX_KINDS],
    /// For mating a player.
    pub checkmate: i16,
    /// To a stalemated player.
    pub stalemate: i16,
    /// For checking `i + 1` kings with one move.
    pub checks: Vec<i16>,
    /// The same, when only queens give the checks.
    pub queen_checks: Vec<i16>,
    /// The kinds `queen_checks` applies to, as a bit set.
    pub queens: u16,
    /// To each player still in at a draw.
    pub draw: i16,
    /// The lead that lets the leader of the last two claim the win.
    pub claim_margin: Option<i16>,
    /// Players who resign or time out stay, their king walking at random.
    pub dead_king_walking: bool,
    /// King of the Hill: the cells that score at the start of each turn
    /// (empty for chess.com's scoring).
    pub hill: Vec<u8>,
    /// With a hill: the points (a team's added up) that win.
    pub wins_at: Option<i16>,
}

/// The totals a hill's `wins_at` may be set to (the rule text: "an agreed
/// total between 10 and 20").
pub const HILL_WINS_AT: std::ops::RangeInclusive<i16> = 10..=20;

/// When a team of a game of more than two seats is out of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TeamOut {
    /// When every seat of it has lost its royal piece (4-Way Chess: the
    /// partner of a removed or frozen player plays on).
    AllSeats,
    /// When any seat of it has (chess.com's Teams: the first mate, or a
    /// king taken where it was left en prise, ends the game).
    OneSeat,
}

/// A checked variant definition.
///
/// ```
/// use tetrarch_rules::Variant;
/// let chess = Variant::builtin("chess").unwrap();
/// assert_eq!(chess.pieces.len(), 6);
/// assert_eq!(chess.geometry.cells(), 64);
/// assert!(Variant::builtin("no-such-game").is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Variant {
    /// Identifier, such as `chess`.
    pub name: String,
    /// One line for people.
    pub description: String,
    /// Board shape.
    pub geometry: Geometry,
    /// Seats in turn order.
    pub seats: Vec<SeatInfo>,
    /// Piece kinds.
    pub pieces: Vec<PieceInfo>,
    /// Start position in the variant's FEN.
    pub start_fen: String,
    /// Rule switches.
    pub rules: RuleSet,
    /// Per-seat counters and actions.
    pub seat_rules: SeatRules,
    /// The nations of a line-up, one id per seat (empty for a plain
    /// variant): records write them so that a replay rebuilds the line-up.
    pub nations: Vec<String>,
    /// Per seat, the powers of its nation (a line-up's; empty otherwise).
    pub powers: Vec<Vec<PowerSpec>>,
    /// Per seat, its nation's kinds written with another letter in this
    /// line-up, as (the nation file's letter, the line-up's): a letter
    /// another nation's different kind already has (empty otherwise).
    pub seat_letters: Vec<Vec<(char, char)>>,
    /// Per seat, what its army's pawns promote to (a line-up's, where each
    /// nation has its own choices; empty: each pawn kind's `promotions`).
    pub seat_promotions: Vec<Vec<Kind>>,
    /// Per seat, promotion choices offered only while the seat holds fewer
    /// pieces of the kind than the count (a line-up's; empty otherwise).
    pub seat_promotion_limits: Vec<Vec<(Kind, u8)>>,
    /// Per seat, where its pawns promote when its nation says (areas from
    /// the a1 corner, turned to the seat's); empty: the far edge.
    pub seat_promotion_areas: Vec<Vec<crate::power::Area>>,
    /// Kinds no nation's power but their own moves or destroys, as a bit
    /// set (a line-up's: Sparta's warrior).
    pub power_proof_kinds: u16,
    /// Seats whose pieces no other nation's power moves or destroys, as a
    /// bit set (a line-up's: Egypt).
    pub power_proof_seats: u8,
    /// Points scored in play, where the variant keeps them.
    pub points: Option<Points>,
    /// Where the definition came from (a file path or `builtin:NAME`).
    pub origin: String,
    /// A digest of the whole definition: compiled rules are shared by it.
    pub fingerprint: u64,
    /// The same digest without the origin: what [`Variant::same_game`] compares.
    pub(crate) definition: u64,
    /// European Chess with Lightning: the variant before its line-up, from
    /// which a draw builds the line-up with the drawn nation (`None`
    /// elsewhere, and for a Lightning variant without a line-up, which is
    /// its own base).
    pub(crate) lineup_base: Option<Box<Variant>>,
    /// What was compiled from it, per bitboard width.
    pub(crate) compiled: Compiled,
}

/// A variant that cannot be loaded, naming the file and the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// No built-in variant of that name.
    #[error("unknown variant '{name}'; known: {known}")]
    Unknown {
        /// The name asked for.
        name: String,
        /// The built-in names, comma separated.
        known: String,
    },
    /// No nation of that id.
    #[error("unknown nation '{name}'; known: {known}")]
    UnknownNation {
        /// The id asked for.
        name: String,
        /// The known ids, comma separated.
        known: String,
    },
    /// The file could not be read.
    #[error("{file}: cannot read: {reason}")]
    Io {
        /// Path.
        file: String,
        /// The system's message.
        reason: String,
    },
    /// TOML syntax or schema error.
    #[error("{file}: {reason}")]
    Syntax {
        /// Path or origin.
        file: String,
        /// The parser's message, with line, column and key.
        reason: String,
    },
    /// A field with a value the kernel cannot accept.
    #[error("{file}: field '{field}': {reason}")]
    Field {
        /// Path or origin.
        file: String,
        /// Dotted field path, such as `pieces[2].betza`.
        field: String,
        /// What is wrong.
        reason: String,
    },
}

impl Variant {
    /// A built-in variant by name. Each is read and compiled once per
    /// process; what this returns shares that compile.
    pub fn builtin(name: &str) -> Result<Variant, VariantError> {
        static LOADED: OnceLock<Vec<OnceLock<Result<Variant, VariantError>>>> = OnceLock::new();
        let index =
            builtin_names()
                .position(|n| n == name)
                .ok_or_else(|| VariantError::Unknown {
                    name: name.to_string(),
                    known: builtin_names().collect::<Vec<_>>().join(", "),
                })?;
        let loaded = LOADED.get_or_init(|| builtin_names().map(|_| OnceLock::new()).collect());
        loaded[index]
            .get_or_init(|| {
                let text = builtin(name).expect("listed above");
                Variant::from_toml(text, &format!("builtin:{name}"))
            })
            .clone()
    }

    /// A user's variant file.
    pub fn from_file(path: &Path) -> Result<Variant, VariantError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|e| VariantError::Io {
            file: file.clone(),
            reason: e.to_string(),
        })?;
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let spec = load::spec_of(&text, &file, load::Base::Directory(dir))?;
        Variant::from_spec(spec, &file)
    }

    /// Read and check a variant from TOML text; `origin` names it in errors.
    /// `extends` may name a built-in variant (the file format is in `docs/variants.md`).
    pub fn from_toml(text: &str, origin: &str) -> Result<Variant, VariantError> {
        let spec = load::spec_of(text, origin, load::Base::BuiltinOnly)?;
        Variant::from_spec(spec, origin)
    }

    /// Check a parsed spec.
    pub(crate) fn from_spec(spec: VariantSpec, origin: &str) -> Result<Variant, VariantError> {
        load::from_spec(spec, origin)
    }

    /// A copy changed in place (by a record's rule list): compiled anew,
    /// its origin saying what changed.
    pub(crate) fn amended(mut self, what: &str) -> Variant {
        self.compiled = Compiled::default();
        self.origin = format!("{} with {what}", self.origin);
        self.stamp();
        self
    }

    /// Set the digests after the definition changed.
    fn stamp(&mut self) {
        self.fingerprint = self.digest(true);
        self.definition = self.digest(false);
    }

    /// A digest of the whole definition, its origin included or not.
    fn digest(&self, with_origin: bool) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        let plain = Variant {
            fingerprint: 0,
            definition: 0,
            origin: if with_origin {
                self.origin.clone()
            } else {
                String::new()
            },
            ..self.clone()
        };
        format!("{plain:?}").hash(&mut h);
        h.finish()
    }

    /// Whether two variants define the same game, wherever each was read
    /// from: positions of the two compare equal.
    ///
    /// ```
    /// use tetrarch_rules::Variant;
    /// let text = tetrarch_rules::variant::builtin("chess").unwrap();
    /// let a = Variant::from_toml(text, "a.toml").unwrap();
    /// let b = Variant::from_toml(text, "b.toml").unwrap();
    /// assert!(a.same_game(&b) && a.fingerprint != b.fingerprint);
    /// assert!(!a.same_game(&Variant::builtin("chess960").unwrap()));
    /// ```
    pub fn same_game(&self, other: &Variant) -> bool {
        self.definition == other.definition
    }

    /// This variant with Fischer-random castling (chess960: castling with
    /// either rook from any start, written as the king taking its rook),
    /// where it castles to fixed files; `None` where it does not.
    ///
    /// ```
    /// use tetrarch_rules::Variant;
    /// let chess = Variant::builtin("chess").unwrap();
    /// let fischer = chess.with_fischer_castling().unwrap();
    /// assert!(fischer.rules.chess960 && !chess.rules.chess960);
    /// assert_ne!(fischer.fingerprint, chess.fingerprint);
    /// assert!(Variant::builtin("fourway-teams").unwrap().with_fischer_castling().is_none());
    /// ```
    pub fn with_fischer_castling(&self) -> Option<Variant> {
        let castling = self.rules.castling.as_ref()?;
        if !matches!(castling.landing, CastleLanding::Files { .. }) {
            return None;
        }
        let mut v = self.clone();
        v.rules.chess960 = true;
        v.compiled = Compiled::default();
        v.stamp();
        Some(v)
    }

    /// Whether a game of this variant may give its seats nations
    /// ([`Variant::with_lineup`]): European Chess before a line-up.
    ///
    /// ```
    /// use tetrarch_rules::Variant;
    /// assert!(Variant::builtin("european-ffa").unwrap().takes_nations());
    /// assert!(!Variant::builtin("fourway-teams").unwrap().takes_nations());
    /// ```
    pub fn takes_nations(&self) -> bool {
        self.nations.is_empty()
            && self.rules.checkmate == MateRule::Transfers
            && self.rules.flags_to_win == 0
            // One seat in each corner, each its own way (not Team Battle).
            && (0..self.seats.len())
                .all(|a| (0..a).all(|b| self.seats[a].forward != self.seats[b].forward))
    }

    /// This variant with other partners, where its file lets them be chosen
    /// (`choose_partners`): `teams` gives each seat's team, two teams of two
    /// seats. The file's own teams give the variant itself.
    ///
    /// ```
    /// use tetrarch_rules::{Seat, Variant};
    /// let v = Variant::builtin("european-teams").unwrap();
    /// let side_by_side = v.with_teams(&[0, 0, 1, 1]).unwrap();
    /// assert!(side_by_side.allied(Seat(0), Seat(1)) && !side_by_side.allied(Seat(0), Seat(2)));
    /// assert!(v.with_teams(&[0, 1, 0, 1]).unwrap().same_game(&v));
    /// assert!(v.with_teams(&[0, 0, 0, 1]).is_err());
    /// assert!(Variant::builtin("fourway-teams").unwrap().with_teams(&[0, 0, 1, 1]).is_err());
    /// ```
    pub fn with_teams(&self, teams: &[u8]) -> Result<Variant, VariantError> {
        let refuse = |reason: String| Err(load::field_error(&self.origin, "teams", reason));
        let own: Vec<u8> = self.seats.iter().map(|s| s.team).collect();
        if teams == own.as_slice() {
            return Ok(self.clone());
        }
        if !self.rules.choose_partners {
            return refuse(format!("{} has fixed partners: teams {own:?}", self.name));
        }
        if teams.len() != self.seats.len() {
            let n = self.seats.len();
            return refuse(format!("{n} seats, {} teams given", teams.len()));
        }
        if !(0..2u8).all(|t| teams.iter().filter(|&&x| x == t).count() == 2) {
            return refuse(format!(
                "{teams:?} is not two teams (0 and 1) of two seats each"
            ));
        }
        let mut v = self.clone();
        for (seat, &team) in v.seats.iter_mut().zip(teams) {
            seat.team = team;
        }
        v.compiled = Compiled::default();
        v.stamp();
        Ok(v)
    }

    /// This variant with the optional rules named in `on` turned on (those
    /// its file lists in `rules.optional`).
    ///
    /// ```
    /// use tetrarch_rules::Variant;
    /// let v = Variant::builtin("european-ffa").unwrap();
    /// assert!(v.with_options(&["declare_check"]).unwrap().rules.declare_check);
    /// assert!(v.with_options(&["castling"]).is_err());
    /// assert!(Variant::builtin("chess").unwrap().with_options(&["declare_check"]).is_err());
    /// ```
    pub fn with_options(&self, on: &[&str]) -> Result<Variant, VariantError> {
        let mut v = self.clone();
        for &name in on {
            if !self.rules.optional.iter().any(|o| o == name) {
                let known = self.rules.optional.join(", ");
                let reason = format!(
                    "{} has no optional rule '{name}' (optional: {known})",
                    self.name
                );
                return Err(load::field_error(&self.origin, "options", reason));
            }
            // The only optional rule today; `rules.optional` is checked
            // against this list when the file is read.
            v.rules.declare_check = true;
        }
        if on.is_empty() {
            return Ok(v);
        }
        v.compiled = Compiled::default();
        v.stamp();
        Ok(v)
    }

    /// Number of seats.
    pub fn seat_count(&self) -> u8 {
        self.seats.len() as u8
    }

    /// Whether seats `a` and `b` are partners (or the same seat).
    pub fn allied(&self, a: Seat, b: Seat) -> bool {
        self.seats[a.idx()].team == self.seats[b.idx()].team
    }

    /// The unpromoted kind written with `letter` (either case).
    pub fn kind_by_letter(&self, letter: char) -> Option<Kind> {
        self.kind_by_letter_promoted(letter, false)
    }

    /// The kind written with `letter`, promoted (`+P`) or not.
    pub fn kind_by_letter_promoted(&self, letter: char, promoted: bool) -> Option<Kind> {
        let l = letter.to_ascii_lowercase();
        self.pieces
            .iter()
            .position(|p| p.letter == l && p.promoted == promoted)
            .map(|i| Kind(i as u8))
    }

    /// The piece info of a kind.
    pub fn piece(&self, kind: Kind) -> &PieceInfo {
        &self.pieces[kind.idx()]
    }

    /// The seat's 0-based rank counted from its own side, for a square.
    pub fn relative_rank(&self, seat: Seat, sq: Square) -> u8 {
        let g = &self.geometry;
        match self.seats[seat.idx()].forward {
            Forward::North => sq.rank(),
            Forward::South => g.height() - 1 - sq.rank(),
            Forward::East => sq.file(),
            Forward::West => g.width() - 1 - sq.file(),
        }
    }

    /// Number of ranks in a seat's direction of advance.
    pub fn depth(&self, seat: Seat) -> u8 {
        match self.seats[seat.idx()].forward {
            Forward::North | Forward::South => self.geometry.height(),
            Forward::East | Forward::West => self.geometry.width(),
        }
    }
}

/// Loads the start position.
pub(super) struct CheckStart;

impl WithWidth for CheckStart {
    type Output = Result<(), crate::notation::fen::FenError>;
    fn run<B: crate::attacks::HasSliders>(self, v: &Variant) -> Self::Output {
        crate::position::Position::<B>::from_fen(v, &v.start_fen).map(|_| ())
    }
}

/// Work to run on a variant at the bitboard width its board needs.
///
/// ```
/// use tetrarch_rules::{HasSliders, Position, Variant, perft, variant::WithWidth};
/// struct Perft(u32);
/// impl WithWidth for Perft {
///     type Output = u64;
///     fn run<B: HasSliders>(self, v: &Variant) -> u64 {
///         perft(&Position::<B>::start(v), self.0)
///     }
/// }
/// let chess = Variant::builtin("chess").unwrap();
/// assert_eq!(chess.with_width(Perft(2)), 400);
/// ```
pub trait WithWidth {
    /// What the work returns.
    type Output;
    /// Do the work with positions of width `B`.
    fn run<B: crate::attacks::HasSliders>(self, variant: &Variant) -> Self::Output;
}

impl Variant {
    /// Run `work` with the narrowest bitboard that serves the board:
    /// `u64`, `u128` or [`crate::Wide`]. A board of up to 64 cells whose
    /// shape has no magics within the search budget (some narrow ones)
    /// gets `u128` and ray scans ([`HasSliders::serves`]).
    ///
    /// [`HasSliders::serves`]: crate::HasSliders::serves
    pub fn with_width<W: WithWidth>(&self, work: W) -> W::Output {
        use crate::attacks::HasSliders;
        if u64::serves(&self.geometry) {
            work.run::<u64>(self)
        } else if u128::serves(&self.geometry) {
            work.run::<u128>(self)
        } else {
            work.run::<crate::bitboard::Wide>(self)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chess_text() -> String {
        builtin("chess").unwrap().to_string()
    }

    fn error_of(text: &str) -> VariantError {
        Variant::from_toml(text, "my.toml").unwrap_err()
    }

    #[test]
    fn a_sixteen_by_sixteen_board_plays() {
        let text = chess_text()
            .replace("width = 8", "width = 16")
            .replace("height = 8", "height = 16")
            .replace(
                "start = \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"",
                "start = \"rnbqkbnr8/pppppppp8/16/16/16/16/16/16/16/16/16/16/16/16/PPPPPPPP8/RNBQKBNR8 w KQkq - 0 1\"",
            );
        let v = Variant::from_toml(&text, "big.toml").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(v.geometry.cells(), 256);
        let pos = crate::Position::<crate::Wide>::start(&v);
        // 8 pawns x 2, knights 5 (g1 also reaches i2), the h-rook runs to p1.
        let moves: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| crate::notation::uci::UciMove::from_move(&pos, m).to_string())
            .collect();
        assert_eq!(moves.len(), 16 + 5 + 8, "{moves:?}");
        assert!(moves.contains(&"h1p1".to_string()) && moves.contains(&"g1i2".to_string()));
        // Neither side's first move changes the other's.
        assert_eq!(crate::perft(&pos, 2), 29 * 29);
    }

    #[test]
    fn every_builtin_loads() {
        for name in builtin_names() {
            let v = Variant::builtin(name).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(v.name, name);
        }
    }

    #[test]
    fn broken_files_name_the_file_and_field() {
        let e = error_of(&chess_text().replace("betza = \"N\"", "betza = \"Nx\""));
        assert!(
            matches!(&e, VariantError::Field { field, file, .. } if field == "pieces[1].betza" && file == "my.toml"),
            "{e}"
        );
        let e = error_of(&chess_text().replace("forward = \"south\"", "forward = \"up\""));
        assert!(e.to_string().contains("seats[1].forward"), "{e}");
        let e = error_of(&chess_text().replace("width = 8", "width = 17"));
        assert!(e.to_string().contains("'board'"), "{e}");
        let e = error_of(&chess_text().replace("letter = \"n\"", "letter = \"b\""));
        assert!(e.to_string().contains("used twice"), "{e}");
        let e = error_of(&chess_text().replace("name = \"chess\"", "name = \"chess\"\ncolour = 3"));
        assert!(
            matches!(&e, VariantError::Syntax { reason, .. } if reason.contains("colour")),
            "{e}"
        );
        let e = error_of("not toml at all [");
        assert!(e.to_string().starts_with("my.toml:"), "{e}");
        let e = error_of(&chess_text().replace("RNBQKBNR w", "RNBQKBNX w"));
        assert!(
            matches!(&e, VariantError::Field { field, .. } if field == "start"),
            "{e}"
        );
        let e = Variant::from_file(Path::new("/no/such/file.toml")).unwrap_err();
        assert!(matches!(e, VariantError::Io { .. }));
    }
}
