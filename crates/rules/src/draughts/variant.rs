//! A draughts variant: the TOML file (`family = "draughts"`) read and
//! checked, and compiled into the tables the generator reads (the dark
//! cells, each cell's diagonal neighbours, the men's forward directions,
//! the crowning rows, the start, the hash keys).

use crate::geometry::Geometry;
use crate::piece::{MAX_SEATS, Seat};
use crate::square::Square;
use crate::variant::{Forward, VariantError};
use serde::Deserialize;
use std::sync::Arc;

/// Most jumps one capture can make: each jump takes a piece of another
/// player, so a variant whose seats start with more pieces than this
/// between them (leaving out the smallest army) is refused.
pub const MAX_LEGS: usize = 40;

/// No cell: the edge of the board.
pub(crate) const NONE: u8 = u8::MAX;

/// The four diagonals as `(dx, dy)`: north-east, north-west, south-east,
/// south-west. A move's path is a list of indices into this.
pub(crate) const DIRS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// `[board]` of a draughts file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardSpec {
    width: u8,
    height: u8,
    #[serde(default)]
    holes: Vec<String>,
    #[serde(default)]
    corners: u8,
    /// `odd` or `even`: the parity of file + rank (a1 = 0 + 0) of the dark
    /// cells, the cells played on.
    dark: String,
}

/// `[[seats]]` of a draughts file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatSpec {
    name: String,
    forward: String,
}

/// `[rules]` of a draughts file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct RulesSpec {
    /// Rows from its own edge each seat's men fill at the start.
    rows: u8,
    /// Moves by each seat with no capture and no man moving that draw.
    quiet_moves: Option<u16>,
    /// Occurrences of one position that draw.
    repetition: Option<u8>,
}

impl Default for RulesSpec {
    fn default() -> RulesSpec {
        RulesSpec {
            rows: 3,
            quiet_moves: None,
            repetition: None,
        }
    }
}

/// A draughts variant file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Spec {
    family: String,
    name: String,
    #[serde(default)]
    description: String,
    board: BoardSpec,
    seats: Vec<SeatSpec>,
    #[serde(default)]
    rules: RulesSpec,
}

/// A seat of a draughts variant.
#[derive(Clone, Debug)]
pub struct SeatDef {
    /// Its name, such as `red`.
    pub name: String,
    /// The letter position texts name it by: the name's first, upper case.
    pub letter: char,
    /// The way its men move.
    pub forward: Forward,
}

/// A compiled draughts variant: cheap to clone (shared).
#[derive(Clone, Debug)]
pub struct DraughtsVariant(pub(crate) Arc<Tables>);

impl PartialEq for DraughtsVariant {
    fn eq(&self, other: &DraughtsVariant) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.0.definition == other.0.definition
    }
}
impl Eq for DraughtsVariant {}

/// What the generator reads; cells are numbered over the dark cells only,
/// in board order (rank by rank, file by file), so 128 bits hold any board.
#[derive(Debug)]
pub(crate) struct Tables {
    pub name: String,
    pub description: String,
    pub origin: String,
    /// The file's definition, normalised: equal for equal variants.
    definition: String,
    pub geometry: Geometry,
    pub dark_parity: u8,
    pub seats: Vec<SeatDef>,
    /// Dark cell index to square.
    pub squares: Vec<Square>,
    /// The neighbour of each cell in each direction (`NONE` off the board).
    pub step: Box<[[u8; 4]; 128]>,
    /// The cell two steps away in each direction (`NONE` off the board).
    pub jump: Box<[[u8; 4]; 128]>,
    /// The two directions a man of each seat moves in.
    pub men_dirs: [[u8; 2]; MAX_SEATS],
    /// Where each seat's men are crowned: the far side's back row.
    pub crown: [u128; MAX_SEATS],
    /// Each seat's men at the start.
    pub start: [u128; MAX_SEATS],
    /// Hash keys per seat, men then kings, per cell.
    pub keys: Box<[[[u64; 128]; 2]; MAX_SEATS]>,
    /// Hash key of the seat to move.
    pub turn_keys: [u64; MAX_SEATS],
    /// Hash key of a seat being out.
    pub out_keys: [u64; MAX_SEATS],
    /// Plies with no capture and no man moving that draw.
    pub quiet_plies: Option<u16>,
    /// Occurrences of one position that draw.
    pub repetition: Option<u8>,
    /// Rows of men at the start.
    pub rows: u8,
    /// The moves per seat behind `quiet_plies`, for people.
    pub quiet_moves: Option<u16>,
}

/// Whether a TOML text is a draughts variant file (`family = "draughts"`).
pub(crate) fn is_draughts(text: &str) -> bool {
    #[derive(Deserialize)]
    struct Family {
        family: Option<String>,
    }
    toml::from_str::<toml::Table>(text)
        .ok()
        .and_then(|t| t.try_into::<Family>().ok())
        .and_then(|f| f.family)
        .is_some_and(|f| f == "draughts")
}

impl DraughtsVariant {
    /// Read and check a draughts variant file; `origin` names it in errors.
    ///
    /// ```
    /// use tetrarch_rules::draughts::DraughtsVariant;
    /// let text = "family = \"draughts\"\nname = \"mini\"\n[board]\nwidth = 6\nheight = 6\ndark = \"even\"\n\
    ///             [[seats]]\nname = \"black\"\nforward = \"north\"\n[[seats]]\nname = \"white\"\nforward = \"south\"\n\
    ///             [rules]\nrows = 2\n";
    /// let v = DraughtsVariant::from_toml(text, "mini.toml").unwrap();
    /// assert_eq!(v.name(), "mini");
    /// let bad = text.replace("\"even\"", "\"grey\"");
    /// let err = DraughtsVariant::from_toml(&bad, "mini.toml").unwrap_err();
    /// assert_eq!(err.to_string(), "mini.toml: field 'board.dark': 'grey' is not odd or even");
    /// ```
    pub fn from_toml(text: &str, origin: &str) -> Result<DraughtsVariant, VariantError> {
        let spec: Spec = toml::from_str(text).map_err(|e| VariantError::Syntax {
            file: origin.to_string(),
            reason: e.to_string().trim_end().replace('\n', " | "),
        })?;
        let definition = format!("{spec:?}");
        compile(spec, origin, definition).map(|t| DraughtsVariant(Arc::new(t)))
    }

    /// Identifier, such as `fourway-checkers`.
    pub fn name(&self) -> &str {
        &self.0.name
    }
    /// Where the definition came from (a path, or `builtin:NAME`).
    pub fn origin(&self) -> &str {
        &self.0.origin
    }
    /// The seats, in turn order.
    pub fn seats(&self) -> &[SeatDef] {
        &self.0.seats
    }
    /// The board's shape.
    pub fn geometry(&self) -> &Geometry {
        &self.0.geometry
    }
    /// The dark cells, in the order cells are numbered.
    pub fn dark_cells(&self) -> &[Square] {
        &self.0.squares
    }
    /// Plies with no capture and no man moving that draw, if any.
    pub fn quiet_plies(&self) -> Option<u16> {
        self.0.quiet_plies
    }
}

impl Tables {
    /// The dark cell index of `sq`, if it is a dark cell of the board.
    pub fn cell(&self, sq: Square) -> Option<u8> {
        self.squares.iter().position(|&s| s == sq).map(|i| i as u8)
    }
    /// The number of seats.
    pub fn seat_count(&self) -> u8 {
        self.seats.len() as u8
    }
    /// The seat whose letter is `c`.
    pub fn seat_of_letter(&self, c: char) -> Option<Seat> {
        self.seats
            .iter()
            .position(|s| s.letter == c)
            .map(|i| Seat(i as u8))
    }
}

fn compile(spec: Spec, origin: &str, definition: String) -> Result<Tables, VariantError> {
    let field = |(f, reason): (String, String)| VariantError::Field {
        file: origin.to_string(),
        field: f,
        reason,
    };
    check_names(&spec).map_err(field)?;
    let geometry = board(&spec.board).map_err(|(f, r)| field((f.into(), r)))?;
    let (dark_parity, squares) = dark_cells(&spec.board.dark, &geometry).map_err(field)?;
    let seats = seats(&spec.seats).map_err(field)?;
    let rows = spec.rules.rows;
    let (w, h) = (geometry.width(), geometry.height());
    if rows == 0 || 2 * u16::from(rows) > u16::from(w.min(h)) {
        let reason = format!("{rows} rows of men do not fit a {w} x {h} board");
        return Err(field(("rules.rows".into(), reason)));
    }
    let (step, jump) = neighbours(&geometry, &squares);
    let zones = SeatZones::of(&seats, &squares, rows, (w, h)).map_err(field)?;
    if spec.rules.repetition.is_some_and(|r| r < 2) {
        return Err(field((
            "rules.repetition".into(),
            "must be 2 or more".into(),
        )));
    }
    let quiet_plies = spec
        .rules
        .quiet_moves
        .map(|m| m.saturating_mul(u16::from(seats.len() as u8)));
    let mut rng = crate::SplitMix64::new(0x9E37_79B9_7F4A_7C15 ^ definition.len() as u64);
    let mut keys = Box::new([[[0u64; 128]; 2]; MAX_SEATS]);
    for k in keys.iter_mut().flatten().flatten() {
        *k = rng.next_u64();
    }
    let turn_keys = [
        rng.next_u64(),
        rng.next_u64(),
        rng.next_u64(),
        rng.next_u64(),
    ];
    let out_keys = [
        rng.next_u64(),
        rng.next_u64(),
        rng.next_u64(),
        rng.next_u64(),
    ];
    Ok(Tables {
        name: spec.name,
        description: spec.description,
        origin: origin.to_string(),
        definition,
        geometry,
        dark_parity,
        seats,
        squares,
        step,
        jump,
        men_dirs: zones.men_dirs,
        crown: zones.crown,
        start: zones.start,
        keys,
        turn_keys,
        out_keys,
        quiet_plies,
        repetition: spec.rules.repetition,
        rows,
        quiet_moves: spec.rules.quiet_moves,
    })
}

/// A field's path and what is wrong with it.
type FieldError = (String, String);

/// The family and the name of a draughts file.
fn check_names(spec: &Spec) -> Result<(), FieldError> {
    if spec.family != "draughts" {
        return Err((
            "family".into(),
            format!("'{}' is not draughts", spec.family),
        ));
    }
    let name_ok = |c: char| c.is_ascii_alphanumeric() || c == '-';
    if spec.name.is_empty() || !spec.name.chars().all(name_ok) {
        return Err(("name".into(), "must be letters, digits and '-'".into()));
    }
    Ok(())
}

/// The parity of the dark cells (`board.dark`) and the dark cells in
/// cell order, at most 128 of them: the cells men play on.
fn dark_cells(dark: &str, geometry: &Geometry) -> Result<(u8, Vec<Square>), FieldError> {
    let dark_parity = match dark {
        "even" => 0,
        "odd" => 1,
        other => return Err(("board.dark".into(), format!("'{other}' is not odd or even"))),
    };
    let squares: Vec<Square> = (0..geometry.height())
        .flat_map(|r| (0..geometry.width()).filter_map(move |f| Square::new(f, r)))
        .filter(|&sq| geometry.contains(sq) && (sq.file() + sq.rank()) % 2 == dark_parity)
        .collect();
    if squares.len() > 128 {
        return Err(("board".into(), "more than 128 dark cells".into()));
    }
    Ok((dark_parity, squares))
}

/// Per dark cell and diagonal: the next dark cell (a step) and the one
/// after it (a jump, which needs the cell it passes over on the board).
type Neighbours = Box<[[u8; 4]; 128]>;

fn neighbours(geometry: &Geometry, squares: &[Square]) -> (Neighbours, Neighbours) {
    let cell_of = |sq: Square| squares.iter().position(|&s| s == sq).map(|i| i as u8);
    let mut step = Box::new([[NONE; 4]; 128]);
    let mut jump = Box::new([[NONE; 4]; 128]);
    for (i, sq) in squares.iter().enumerate() {
        for (d, (dx, dy)) in DIRS.iter().enumerate() {
            let at = |k: i32| {
                let (f, r) = (i32::from(sq.file()) + k * dx, i32::from(sq.rank()) + k * dy);
                let sq = Square::new(u8::try_from(f).ok()?, u8::try_from(r).ok()?)?;
                geometry.contains(sq).then(|| cell_of(sq)).flatten()
            };
            step[i][d] = at(1).unwrap_or(NONE);
            jump[i][d] = at(1).and(at(2)).unwrap_or(NONE);
        }
    }
    (step, jump)
}

/// Where each seat's men start, which way they step, and where they crown.
struct SeatZones {
    men_dirs: [[u8; 2]; MAX_SEATS],
    crown: [u128; MAX_SEATS],
    start: [u128; MAX_SEATS],
}

impl SeatZones {
    /// The zones of `seats` with `rows` rows of men each on a `w` x `h`
    /// board; refused when a seat's rows hold no cell, two seats' rows
    /// overlap, or a capture path could be longer than a move holds.
    fn of(
        seats: &[SeatDef],
        squares: &[Square],
        rows: u8,
        (w, h): (u8, u8),
    ) -> Result<SeatZones, FieldError> {
        let mut zones = SeatZones {
            men_dirs: [[0u8; 2]; MAX_SEATS],
            crown: [0u128; MAX_SEATS],
            start: [0u128; MAX_SEATS],
        };
        for (s, seat) in seats.iter().enumerate() {
            zones.men_dirs[s] = men_directions(seat.forward);
            for (i, sq) in squares.iter().enumerate() {
                let (f, r) = (sq.file(), sq.rank());
                let (home, far) = match seat.forward {
                    Forward::North => (r < rows, r == h - 1),
                    Forward::South => (r >= h - rows, r == 0),
                    Forward::East => (f < rows, f == w - 1),
                    Forward::West => (f >= w - rows, f == 0),
                };
                zones.start[s] |= u128::from(home) << i;
                zones.crown[s] |= u128::from(far) << i;
            }
            if zones.start[s] == 0 {
                return Err((
                    format!("seats[{s}]"),
                    "its start rows hold no dark cell".into(),
                ));
            }
        }
        zones.check_apart(seats)?;
        Ok(zones)
    }

    /// Refuse overlapping start rows, and more opposing men than a capture
    /// path has jumps for.
    fn check_apart(&self, seats: &[SeatDef]) -> Result<(), FieldError> {
        for a in 0..seats.len() {
            for b in a + 1..seats.len() {
                if self.start[a] & self.start[b] != 0 {
                    let (x, y) = (&seats[a].name, &seats[b].name);
                    let reason = format!("the men of {x} and {y} would share cells");
                    return Err(("rules.rows".into(), reason));
                }
            }
        }
        let counts: Vec<usize> = self.start[..seats.len()]
            .iter()
            .map(|s| s.count_ones() as usize)
            .collect();
        let others = counts.iter().sum::<usize>() - counts.iter().min().copied().unwrap_or(0);
        if others > MAX_LEGS {
            let reason = format!(
                "a player could face {others} pieces; a capture path holds {MAX_LEGS} jumps"
            );
            return Err(("rules.rows".into(), reason));
        }
        Ok(())
    }
}

/// The two diagonals a man of a seat facing `forward` steps along.
fn men_directions(forward: Forward) -> [u8; 2] {
    let (fx, fy) = forward.orient(0, 1);
    let mut dirs = (0..4u8).filter(|&d| {
        let (dx, dy) = DIRS[d as usize];
        dx * i32::from(fx) + dy * i32::from(fy) > 0
    });
    [dirs.next().unwrap_or(0), dirs.next().unwrap_or(0)]
}

/// The board's shape: size, holes and cut corners.
fn board(b: &BoardSpec) -> Result<Geometry, (&'static str, String)> {
    let mut holes = b
        .holes
        .iter()
        .map(|h| {
            h.parse::<Square>()
                .map_err(|e| ("board.holes", e.to_string()))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let (w, h, c) = (b.width, b.height, b.corners);
    if c > 0 && (2 * u16::from(c) >= u16::from(w) || 2 * u16::from(c) >= u16::from(h)) {
        return Err((
            "board.corners",
            format!("{c} x {c} corners leave no board of {w} x {h}"),
        ));
    }
    let edge = |x: u8, n: u8| x < c || x >= n.saturating_sub(c);
    for r in 0..h {
        for f in 0..w {
            if c > 0 && edge(f, w) && edge(r, h) {
                holes.extend(Square::new(f, r));
            }
        }
    }
    Geometry::new(w, h, &holes).map_err(|e| ("board", e.to_string()))
}

/// The seats: names, letters (unique) and directions.
fn seats(specs: &[SeatSpec]) -> Result<Vec<SeatDef>, (String, String)> {
    if !(2..=MAX_SEATS).contains(&specs.len()) {
        return Err((
            "seats".into(),
            format!(
                "{} seats; a draughts variant has 2 to {MAX_SEATS}",
                specs.len()
            ),
        ));
    }
    let mut out: Vec<SeatDef> = Vec::new();
    for (i, s) in specs.iter().enumerate() {
        let forward = s
            .forward
            .parse::<Forward>()
            .map_err(|e| (format!("seats[{i}].forward"), e))?;
        let letter = s
            .name
            .chars()
            .next()
            .filter(char::is_ascii_alphabetic)
            .map(|c| c.to_ascii_uppercase());
        let Some(letter) = letter else {
            return Err((
                format!("seats[{i}].name"),
                "must start with a letter".into(),
            ));
        };
        if letter == 'K' || out.iter().any(|o| o.letter == letter) {
            return Err((
                format!("seats[{i}].name"),
                format!("its letter {letter} is taken (K means a king in positions)"),
            ));
        }
        out.push(SeatDef {
            name: s.name.clone(),
            letter,
            forward,
        });
    }
    Ok(out)
}

/// The draughts variant files under `crates/rules/variants/`, embedded at build time.
const BUILTIN: &[(&str, &str)] = &[
    (
        "fourway-checkers",
        include_str!("../../variants/fourway-checkers.toml"),
    ),
    (
        "english-draughts",
        include_str!("../../variants/english-draughts.toml"),
    ),
];

/// Names of the built-in draughts variants.
pub fn builtin_names() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(n, _)| *n)
}

/// The built-in draughts variant `name`, read once per process; `None`
/// if no draughts variant has that name.
pub fn builtin(name: &str) -> Option<Result<DraughtsVariant, VariantError>> {
    static LOADED: std::sync::OnceLock<
        Vec<std::sync::OnceLock<Result<DraughtsVariant, VariantError>>>,
    > = std::sync::OnceLock::new();
    let index = builtin_names().position(|n| n == name)?;
    let loaded = LOADED.get_or_init(|| {
        builtin_names()
            .map(|_| std::sync::OnceLock::new())
            .collect()
    });
    Some(
        loaded[index]
            .get_or_init(|| {
                DraughtsVariant::from_toml(BUILTIN[index].1, &format!("builtin:{name}"))
            })
            .clone(),
    )
}
