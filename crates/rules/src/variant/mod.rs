//! Variants as data: a TOML file read into a checked, read-only [`Variant`].

mod builtin;
mod compiled;
mod seat_rules;
mod spec;

pub(crate) use compiled::Compiled;
pub use compiled::live_compiled_rules;

pub use builtin::{builtin, builtin_names};
pub use seat_rules::{Action, Counter, CounterEvent, MAX_SLOTS, SeatRules, TAKEN_LAST_TURN};
pub use spec::VariantSpec;

use crate::betza::Movement;
use crate::geometry::Geometry;
use crate::piece::{Kind, MAX_KINDS, MAX_SEATS, PieceInfo, Seat};
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
    /// Where the definition came from (a file path or `builtin:NAME`).
    pub origin: String,
    /// A digest of the whole definition: compiled rules are shared by it.
    pub fingerprint: u64,
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
        Variant::from_toml(&text, &file)
    }

    /// Read and check a variant from TOML text; `origin` names it in errors.
    pub fn from_toml(text: &str, origin: &str) -> Result<Variant, VariantError> {
        let spec: VariantSpec = toml::from_str(text).map_err(|e| VariantError::Syntax {
            file: origin.to_string(),
            reason: e.to_string().trim_end().replace('\n', " | "),
        })?;
        Variant::from_spec(spec, origin)
    }

    /// Check a parsed spec.
    pub fn from_spec(spec: VariantSpec, origin: &str) -> Result<Variant, VariantError> {
        let field = |f: &str, reason: String| VariantError::Field {
            file: origin.to_string(),
            field: f.to_string(),
            reason,
        };
        if spec.name.is_empty()
            || !spec
                .name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-')
        {
            return Err(field("name", "must be letters, digits and '-'".into()));
        }
        let mut holes = spec
            .board
            .holes
            .iter()
            .map(|h| {
                h.parse::<Square>()
                    .map_err(|e| field("board.holes", e.to_string()))
            })
            .collect::<Result<Vec<_>, _>>()?;
        let (w, h, c) = (spec.board.width, spec.board.height, spec.board.corners);
        if c > 0 && (2 * c >= w || 2 * c >= h) {
            return Err(field(
                "board.corners",
                format!("{c} x {c} corners leave no board of {w} x {h}"),
            ));
        }
        for r in 0..h {
            for f in 0..w {
                let edge = |x: u8, n: u8| x < c || x >= n.saturating_sub(c);
                if c > 0 && edge(f, w) && edge(r, h) {
                    holes.extend(Square::new(f, r));
                }
            }
        }
        let geometry = Geometry::new(spec.board.width, spec.board.height, &holes)
            .map_err(|e| field("board", e.to_string()))?;
        if !matches!(spec.seats.len(), 2 | 4) {
            return Err(field(
                "seats",
                format!("{} seats; a variant has 2 or 4", spec.seats.len()),
            ));
        }
        let seats = spec
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let forward = match s.forward.as_str() {
                    "north" => Forward::North,
                    "south" => Forward::South,
                    "east" => Forward::East,
                    "west" => Forward::West,
                    other => {
                        return Err(field(
                            &format!("seats[{i}].forward"),
                            format!("'{other}' is not north, south, east or west"),
                        ));
                    }
                };
                let team = s.team.unwrap_or(i as u8);
                if team as usize >= MAX_SEATS {
                    return Err(field(
                        &format!("seats[{i}].team"),
                        format!("{team} is not a team number 0 to {}", MAX_SEATS - 1),
                    ));
                }
                Ok(SeatInfo {
                    name: s.name.clone(),
                    forward,
                    team,
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        debug_assert!(seats.len() <= MAX_SEATS);
        if spec.pieces.is_empty() || spec.pieces.len() > MAX_KINDS {
            return Err(field(
                "pieces",
                format!("{} kinds; 1 to {MAX_KINDS} allowed", spec.pieces.len()),
            ));
        }
        // A letter with a leading '+' names a promoted kind (shogi style).
        let parse_letter = |l: &str| -> Option<(char, bool)> {
            let (promoted, rest) = match l.strip_prefix('+') {
                Some(rest) => (true, rest),
                None => (false, l),
            };
            let mut cs = rest.chars();
            match (cs.next(), cs.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => {
                    Some((c.to_ascii_lowercase(), promoted))
                }
                _ => None,
            }
        };
        let mut letters: Vec<(char, bool)> = Vec::new();
        for (i, p) in spec.pieces.iter().enumerate() {
            let Some(l) = parse_letter(&p.letter) else {
                return Err(field(
                    &format!("pieces[{i}].letter"),
                    format!("'{}' is not one letter a-z, optionally after '+'", p.letter),
                ));
            };
            if letters.contains(&l) {
                return Err(field(
                    &format!("pieces[{i}].letter"),
                    format!("'{}' is used twice", p.letter.to_ascii_lowercase()),
                ));
            }
            letters.push(l);
        }
        for (i, &(c, promoted)) in letters.iter().enumerate() {
            if promoted && !letters.contains(&(c, false)) {
                return Err(field(
                    &format!("pieces[{i}].letter"),
                    format!("promoted '+{c}' has no unpromoted '{c}' to return to"),
                ));
            }
        }
        let kind_of = |f: &str, l: &str| -> Result<Kind, VariantError> {
            parse_letter(l)
                .and_then(|x| letters.iter().position(|&y| y == x))
                .map(|i| Kind(i as u8))
                .ok_or_else(|| field(f, format!("'{l}' is no piece letter of this variant")))
        };
        let mut pieces = Vec::new();
        for (i, p) in spec.pieces.iter().enumerate() {
            let movement: Movement = p.betza.parse().map_err(|e: crate::betza::BetzaError| {
                field(&format!("pieces[{i}].betza"), e.to_string())
            })?;
            let promotions = p
                .promotions
                .iter()
                .map(|l| kind_of(&format!("pieces[{i}].promotions"), l))
                .collect::<Result<Vec<_>, _>>()?;
            if p.pawn && promotions.is_empty() {
                return Err(field(
                    &format!("pieces[{i}].promotions"),
                    "a pawn needs at least one promotion".into(),
                ));
            }
            if promotions
                .iter()
                .any(|k| spec.pieces[k.idx()].royal || spec.pieces[k.idx()].pawn)
            {
                return Err(field(
                    &format!("pieces[{i}].promotions"),
                    "cannot promote to a royal piece or a pawn".into(),
                ));
            }
            if let Some(r) = p
                .initial_ranks
                .iter()
                .find(|&&r| r == 0 || r > spec.board.height.max(spec.board.width))
            {
                return Err(field(
                    &format!("pieces[{i}].initial_ranks"),
                    format!("rank {r} is off the board"),
                ));
            }
            let (letter, promoted) = letters[i];
            let demoted = if promoted {
                Kind(
                    letters
                        .iter()
                        .position(|&y| y == (letter, false))
                        .expect("checked above") as u8,
                )
            } else {
                Kind(i as u8)
            };
            pieces.push(PieceInfo {
                name: p.name.clone(),
                letter,
                promoted,
                demoted,
                movement,
                royal: p.royal,
                pawn: p.pawn,
                promotions,
                initial_ranks: p.initial_ranks.clone(),
            });
        }
        let r = &spec.rules;
        let castling = match &r.castling {
            None => None,
            Some(c) => {
                let file = |f: &str, s: &str| -> Result<u8, VariantError> {
                    let b = s.as_bytes();
                    match b {
                        [x] if (b'a'..b'a' + spec.board.width).contains(x) => Ok(x - b'a'),
                        _ => Err(field(f, format!("'{s}' is not a file of this board"))),
                    }
                };
                let landing = match (&c.king_files, &c.rook_files, c.king_steps) {
                    (Some(k), Some(r), None) => CastleLanding::Files {
                        king: [
                            file("rules.castling.king_files", &k[0])?,
                            file("rules.castling.king_files", &k[1])?,
                        ],
                        rook: [
                            file("rules.castling.rook_files", &r[0])?,
                            file("rules.castling.rook_files", &r[1])?,
                        ],
                    },
                    (None, None, Some(n)) if n >= 1 => CastleLanding::KingSteps(n),
                    _ => {
                        return Err(field(
                            "rules.castling",
                            "give either king_files and rook_files, or king_steps (1 or more)"
                                .into(),
                        ));
                    }
                };
                Some(Castling {
                    king: kind_of("rules.castling.king", &c.king)?,
                    rook: kind_of("rules.castling.rook", &c.rook)?,
                    landing,
                })
            }
        };
        let stalemate = match r.stalemate.as_str() {
            "draw" => StalemateRule::Draw,
            "loss" => StalemateRule::Loss,
            "win" => StalemateRule::Win,
            other => {
                return Err(field(
                    "rules.stalemate",
                    format!("'{other}' is not draw, loss or win"),
                ));
            }
        };
        let checkmate = match r.checkmate.as_str() {
            "wins" => MateRule::Wins,
            "removes" => MateRule::Removes,
            other => {
                return Err(field(
                    "rules.checkmate",
                    format!("'{other}' is not wins or removes"),
                ));
            }
        };
        if r.drops && spec.seats.len() > crate::piece::HAND_SEATS {
            return Err(field(
                "rules.drops",
                format!("drops are played with {} seats", crate::piece::HAND_SEATS),
            ));
        }
        if r.regicide && r.check {
            return Err(field(
                "rules.regicide",
                "regicide has no check: set check = false".into(),
            ));
        }
        if r.combine_armies && checkmate != MateRule::Removes {
            return Err(field(
                "rules.combine_armies",
                "armies combine only when checkmate removes a seat".into(),
            ));
        }
        if r.promotion_ranks == 0 || r.promotion_ranks > spec.board.height {
            return Err(field(
                "rules.promotion_ranks",
                format!("{} is not 1 to the board height", r.promotion_ranks),
            ));
        }
        let seat_rules =
            SeatRules::from_specs(&spec.counters, &spec.actions, spec.seats.len(), origin)?;
        let variant = Variant {
            seat_rules,
            name: spec.name,
            description: spec.description,
            geometry,
            seats,
            pieces,
            start_fen: spec.start,
            rules: RuleSet {
                check: r.check,
                castling,
                en_passant: r.en_passant,
                promotion_ranks: r.promotion_ranks,
                stalemate,
                fifty_move: r.fifty_move,
                repetition: r.repetition,
                insufficient_material: r.insufficient_material,
                chess960: r.chess960,
                promotion_from_zone: r.promotion_from_zone,
                drops: r.drops,
                one_pawn_per_file: r.one_pawn_per_file,
                perpetual_check_loses: r.perpetual_check_loses,
                impasse: r.impasse,
                regicide: r.regicide,
                checkmate,
                combine_armies: r.combine_armies,
                promote_to_lost: r.promote_to_lost,
                promote_on_enemy_back_ranks: r.promote_on_enemy_back_ranks,
                partner_pawn_swap: r.partner_pawn_swap,
            },
            origin: origin.to_string(),
            fingerprint: 0,
            compiled: Compiled::default(),
        };
        let mut variant = variant;
        variant.fingerprint = variant.digest();
        // The start position must load, so that `Position::start` cannot fail later.
        variant
            .with_width(CheckStart)
            .map_err(|e| field("start", e.to_string()))?;
        Ok(variant)
    }

    /// A digest of the whole definition (origin included).
    fn digest(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        format!(
            "{:?}",
            Variant {
                fingerprint: 0,
                ..self.clone()
            }
        )
        .hash(&mut h);
        h.finish()
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
        v.fingerprint = v.digest();
        Some(v)
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
struct CheckStart;

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
    /// Run `work` with the narrowest bitboard that holds the board:
    /// `u64`, `u128` or [`crate::Wide`].
    pub fn with_width<W: WithWidth>(&self, work: W) -> W::Output {
        match self.geometry.cells() {
            0..=64 => work.run::<u64>(self),
            65..=128 => work.run::<u128>(self),
            _ => work.run::<crate::bitboard::Wide>(self),
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
