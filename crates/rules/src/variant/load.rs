//! Reading a variant file: TOML text (with `extends`) into a spec, and a
//! spec into a checked [`Variant`], one named step per part of the file.

use super::check;
use super::spec::{CastlingSpec, PieceSpec, PointsSpec, RulesSpec, SeatSpec, VariantSpec};
use super::{
    CastleLanding, Castling, Compiled, Forward, MateRule, Points, RuleSet, SeatInfo, StalemateRule,
    TeamOut, Variant, VariantError, builtin,
};
use crate::betza::Movement;
use crate::geometry::Geometry;
use crate::piece::{Kind, MAX_KINDS, MAX_SEATS, PieceInfo};
use crate::square::Square;
use std::path::PathBuf;

/// How many files deep `extends` may chain (a loop stops here too).
const MAX_EXTENDS: usize = 8;

/// Where `extends` looks for a file that is not a built-in name.
#[derive(Clone)]
pub(super) enum Base {
    /// Built-in names only (text given in memory).
    BuiltinOnly,
    /// Built-in names, and `*.toml` paths relative to this directory.
    Directory(PathBuf),
}

/// The field error of a variant from `origin`.
pub(super) fn field_error(origin: &str, field: &str, reason: impl Into<String>) -> VariantError {
    VariantError::Field {
        file: origin.to_string(),
        field: field.to_string(),
        reason: reason.into(),
    }
}

fn syntax_error(origin: &str, e: impl std::fmt::Display) -> VariantError {
    VariantError::Syntax {
        file: origin.to_string(),
        reason: e.to_string().trim_end().replace('\n', " | "),
    }
}

/// Parse TOML text into a spec, resolving `extends`: the file's tables are
/// laid over its base's key by key, deeper tables merged, everything else
/// (arrays such as `pieces` and `seats` included) replaced whole.
pub(super) fn spec_of(text: &str, origin: &str, base: Base) -> Result<VariantSpec, VariantError> {
    let table: toml::Table = toml::from_str(text).map_err(|e| syntax_error(origin, e))?;
    if !table.contains_key("extends") {
        // The direct path keeps the parser's line and column in errors.
        return toml::from_str(text).map_err(|e| syntax_error(origin, e));
    }
    let merged = merged_table(table, origin, base, 0)?;
    toml::Value::Table(merged)
        .try_into()
        .map_err(|e| syntax_error(origin, e))
}

/// A file's table with its `extends` chain laid under it.
fn merged_table(
    mut table: toml::Table,
    origin: &str,
    base: Base,
    depth: usize,
) -> Result<toml::Table, VariantError> {
    let Some(parent) = table.remove("extends") else {
        return Ok(table);
    };
    let toml::Value::String(parent) = parent else {
        return Err(field_error(
            origin,
            "extends",
            "must be a variant name or a .toml path",
        ));
    };
    if depth >= MAX_EXTENDS {
        return Err(field_error(
            origin,
            "extends",
            format!("more than {MAX_EXTENDS} files deep (a loop?)"),
        ));
    }
    if !table.contains_key("name") {
        return Err(field_error(
            origin,
            "name",
            "a variant that extends another needs a name of its own",
        ));
    }
    let (parent_text, parent_origin, parent_base) = base_text(&parent, origin, &base)?;
    let parent_table: toml::Table =
        toml::from_str(&parent_text).map_err(|e| syntax_error(&parent_origin, e))?;
    let mut merged = merged_table(parent_table, &parent_origin, parent_base, depth + 1)?;
    merge(&mut merged, table);
    Ok(merged)
}

/// The text a file extends, where it came from, and where its own
/// `extends` looks.
fn base_text(
    parent: &str,
    origin: &str,
    base: &Base,
) -> Result<(String, String, Base), VariantError> {
    if let Some(text) = builtin(parent) {
        return Ok((
            text.to_string(),
            format!("builtin:{parent}"),
            Base::BuiltinOnly,
        ));
    }
    let known = super::builtin_names().collect::<Vec<_>>().join(", ");
    match base {
        Base::Directory(dir) if parent.ends_with(".toml") => {
            let path = dir.join(parent);
            let text = std::fs::read_to_string(&path).map_err(|e| VariantError::Io {
                file: path.display().to_string(),
                reason: e.to_string(),
            })?;
            let dir = path.parent().map(PathBuf::from).unwrap_or_default();
            Ok((text, path.display().to_string(), Base::Directory(dir)))
        }
        _ => Err(field_error(
            origin,
            "extends",
            format!("'{parent}' is no built-in variant ({known}) nor a .toml file beside this one"),
        )),
    }
}

/// Lay `top` over `under`: tables merge key by key, other values replace.
fn merge(under: &mut toml::Table, top: toml::Table) {
    for (key, value) in top {
        match (under.get_mut(&key), value) {
            (Some(toml::Value::Table(u)), toml::Value::Table(t)) => merge(u, t),
            (_, value) => {
                under.insert(key, value);
            }
        }
    }
}

/// Check a parsed spec: each part of the file in turn, then what the
/// kernel needs to play it ([`check`]), then its start position.
pub(super) fn from_spec(spec: VariantSpec, origin: &str) -> Result<Variant, VariantError> {
    let field = |f: &str, reason: String| field_error(origin, f, reason);
    check_name(&spec.name).map_err(|r| field("name", r))?;
    check::spec(&spec, origin)?;
    let geometry = board(&spec, origin)?;
    let seats = seats(&spec.seats, origin)?;
    let letters = letters(&spec.pieces, origin)?;
    let kind_of = |f: &str, l: &str| -> Result<Kind, VariantError> {
        parse_letter(l)
            .and_then(|x| letters.iter().position(|&y| y == x))
            .map(|i| Kind(i as u8))
            .ok_or_else(|| field(f, format!("'{l}' is no piece letter of this variant")))
    };
    let pieces = spec
        .pieces
        .iter()
        .enumerate()
        .map(|(i, p)| piece(&spec, i, p, &letters, &kind_of, origin))
        .collect::<Result<Vec<_>, _>>()?;
    let r = &spec.rules;
    let castling = r
        .castling
        .as_ref()
        .map(|c| castling(c, spec.board.width, &kind_of, origin))
        .transpose()?;
    let rules = rule_set(r, castling, spec.seats.len(), origin)?;
    if rules.drops && crate::hand::HandKinds::of(&pieces).is_none() {
        return Err(field(
            "rules.drops",
            format!(
                "a hand holds at most {} kinds (each piece's unpromoted kind counts once)",
                crate::hand::MAX_HAND_KINDS
            ),
        ));
    }
    let seat_rules =
        super::SeatRules::from_specs(&spec.counters, &spec.actions, spec.seats.len(), origin)?;
    let points = spec
        .points
        .as_ref()
        .map(|p| points(p, &rules, spec.seats.len(), &geometry, &kind_of, origin))
        .transpose()?;
    let mut variant = Variant {
        seat_rules,
        nations: Vec::new(),
        seat_letters: Vec::new(),
        powers: Vec::new(),
        seat_promotions: Vec::new(),
        seat_promotion_limits: Vec::new(),
        seat_promotion_areas: Vec::new(),
        power_proof_kinds: 0,
        power_proof_seats: 0,
        points,
        name: spec.name,
        description: spec.description,
        geometry,
        seats,
        pieces,
        start_fen: spec.start,
        rules,
        origin: origin.to_string(),
        fingerprint: 0,
        definition: 0,
        lineup_base: None,
        compiled: Compiled::default(),
    };
    variant.stamp();
    check::variant(&variant)?;
    // The start position must load, so that `Position::start` cannot fail later.
    variant
        .with_width(super::CheckStart)
        .map_err(|e| field("start", e.to_string()))?;
    Ok(variant)
}

fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return Err("must be letters, digits and '-'".into());
    }
    Ok(())
}

/// `[board]`: size, holes and cut corners.
fn board(spec: &VariantSpec, origin: &str) -> Result<Geometry, VariantError> {
    let field = |f: &str, reason: String| field_error(origin, f, reason);
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
    // Sizes are checked first, so the corner loops below stay within 16.
    Geometry::new(w, h, &[]).map_err(|e| field("board", e.to_string()))?;
    if c > 0 && (u16::from(c) * 2 >= u16::from(w) || u16::from(c) * 2 >= u16::from(h)) {
        return Err(field(
            "board.corners",
            format!("{c} x {c} corners leave no board of {w} x {h}"),
        ));
    }
    for r in 0..h {
        for f in 0..w {
            let edge = |x: u8, n: u8| x < c || x >= n - c;
            if c > 0 && edge(f, w) && edge(r, h) {
                holes.extend(Square::new(f, r));
            }
        }
    }
    Geometry::new(w, h, &holes).map_err(|e| field("board", e.to_string()))
}

/// `[[seats]]`: names, directions and teams.
fn seats(specs: &[SeatSpec], origin: &str) -> Result<Vec<SeatInfo>, VariantError> {
    let field = |f: &str, reason: String| field_error(origin, f, reason);
    if !matches!(specs.len(), 2 | 4) {
        return Err(field(
            "seats",
            format!("{} seats; a variant has 2 or 4", specs.len()),
        ));
    }
    let seats = specs
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let forward = s
                .forward
                .parse::<Forward>()
                .map_err(|e| field(&format!("seats[{i}].forward"), e))?;
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
    check::seat_names(&seats, origin)?;
    Ok(seats)
}

/// A letter with a leading '+' names a promoted kind (shogi style).
fn parse_letter(l: &str) -> Option<(char, bool)> {
    let (promoted, rest) = match l.strip_prefix('+') {
        Some(rest) => (true, rest),
        None => (false, l),
    };
    let mut cs = rest.chars();
    match (cs.next(), cs.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Some((c.to_ascii_lowercase(), promoted)),
        _ => None,
    }
}

/// The pieces' letters, each once, every promoted one with a base.
fn letters(pieces: &[PieceSpec], origin: &str) -> Result<Vec<(char, bool)>, VariantError> {
    let field = |f: &str, reason: String| field_error(origin, f, reason);
    if pieces.is_empty() || pieces.len() > MAX_KINDS {
        return Err(field(
            "pieces",
            format!("{} kinds; 1 to {MAX_KINDS} allowed", pieces.len()),
        ));
    }
    let mut letters: Vec<(char, bool)> = Vec::new();
    for (i, p) in pieces.iter().enumerate() {
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
    Ok(letters)
}

/// `[[pieces]]` entry `i`.
fn piece(
    spec: &VariantSpec,
    i: usize,
    p: &PieceSpec,
    letters: &[(char, bool)],
    kind_of: &dyn Fn(&str, &str) -> Result<Kind, VariantError>,
    origin: &str,
) -> Result<PieceInfo, VariantError> {
    let field = |f: &str, reason: String| field_error(origin, &format!("pieces[{i}].{f}"), reason);
    let movement: Movement = p
        .betza
        .parse()
        .map_err(|e: crate::betza::BetzaError| field("betza", e.to_string()))?;
    let promotions = p
        .promotions
        .iter()
        .map(|l| kind_of(&format!("pieces[{i}].promotions"), l))
        .collect::<Result<Vec<_>, _>>()?;
    if p.pawn && promotions.is_empty() {
        return Err(field(
            "promotions",
            "a pawn needs at least one promotion".into(),
        ));
    }
    if promotions
        .iter()
        .any(|k| spec.pieces[k.idx()].royal || spec.pieces[k.idx()].pawn)
    {
        return Err(field(
            "promotions",
            "cannot promote to a royal piece or a pawn".into(),
        ));
    }
    if let Some(r) = p
        .initial_ranks
        .iter()
        .find(|&&r| r == 0 || r > spec.board.height.max(spec.board.width))
    {
        return Err(field("initial_ranks", format!("rank {r} is off the board")));
    }
    let (letter, promoted) = letters[i];
    let demoted = if promoted {
        let base = letters.iter().position(|&y| y == (letter, false));
        Kind(base.expect("every promoted letter has a base (checked)") as u8)
    } else {
        Kind(i as u8)
    };
    Ok(PieceInfo {
        name: p.name.clone(),
        letter,
        promoted,
        demoted,
        movement,
        royal: p.royal,
        pawn: p.pawn,
        promotions,
        initial_ranks: p.initial_ranks.clone(),
    })
}

/// `[rules.castling]`: the pieces, and landing files or king steps.
fn castling(
    c: &CastlingSpec,
    width: u8,
    kind_of: &dyn Fn(&str, &str) -> Result<Kind, VariantError>,
    origin: &str,
) -> Result<Castling, VariantError> {
    let file = |f: &str, s: &str| -> Result<u8, VariantError> {
        match s.as_bytes() {
            [x] if (b'a'..b'a' + width).contains(x) => Ok(x - b'a'),
            _ => Err(field_error(
                origin,
                f,
                format!("'{s}' is not a file of this board"),
            )),
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
            return Err(field_error(
                origin,
                "rules.castling",
                "give either king_files and rook_files, or king_steps (1 or more)",
            ));
        }
    };
    Ok(Castling {
        king: kind_of("rules.castling.king", &c.king)?,
        rook: kind_of("rules.castling.rook", &c.rook)?,
        landing,
    })
}

/// `[rules]`: the switches, with the combinations that make no game refused.
fn rule_set(
    r: &RulesSpec,
    castling: Option<Castling>,
    seats: usize,
    origin: &str,
) -> Result<RuleSet, VariantError> {
    let field = |f: &str, reason: String| field_error(origin, f, reason);
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
        "transfers" => MateRule::Transfers,
        other => {
            return Err(field(
                "rules.checkmate",
                format!("'{other}' is not wins, removes or transfers"),
            ));
        }
    };
    if r.drops && seats > crate::piece::HAND_SEATS {
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
    let team_out = match r.team_out.as_str() {
        "all-seats" => TeamOut::AllSeats,
        "one-seat" => TeamOut::OneSeat,
        other => {
            return Err(field(
                "rules.team_out",
                format!("'{other}' is not all-seats or one-seat"),
            ));
        }
    };
    if r.combine_armies && checkmate != MateRule::Removes {
        return Err(field(
            "rules.combine_armies",
            "armies combine only when checkmate removes a seat".into(),
        ));
    }
    transfer_rules(r, checkmate, castling.is_some(), seats, origin)?;
    if let Some(name) = r.optional.iter().find(|o| o.as_str() != "declare_check") {
        return Err(field_error(
            origin,
            "rules.optional",
            format!("'{name}' is not a rule a game may turn on (known: declare_check)"),
        ));
    }
    if !r.optional.is_empty() && checkmate != MateRule::Transfers {
        return Err(field_error(
            origin,
            "rules.optional",
            "declare_check needs checkmate = \"transfers\"",
        ));
    }
    if r.choose_partners && (seats != 4 || r.partner_pawn_swap) {
        return Err(field_error(
            origin,
            "rules.choose_partners",
            "needs four seats in two teams of two, and no partner pawn swap (it needs partners across)",
        ));
    }
    Ok(RuleSet {
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
        lone_piece_loses: r.lone_piece_loses,
        no_check_turns: r.no_check_turns,
        team_out,
        choose_partners: r.choose_partners,
        declare_check: r.declare_check,
        escape_check: r.escape_check,
        flags_to_win: r.flags_to_win,
        lightning: r.lightning,
        optional: r.optional.clone(),
    })
}

/// `[points]`: values by piece letter, check bonuses one per number of
/// kings another seat can check, and the rules that scoring needs: more
/// than two seats, each its own team, check and mate removing the player.
fn points(
    p: &PointsSpec,
    rules: &RuleSet,
    seats: usize,
    geometry: &Geometry,
    kind_of: &dyn Fn(&str, &str) -> Result<Kind, VariantError>,
    origin: &str,
) -> Result<Points, VariantError> {
    let field = |f: &str, reason: String| field_error(origin, f, reason);
    if !p.hill.is_empty() || p.wins_at.is_some() {
        return hill(p, rules, seats, geometry, origin);
    }
    let scorable = seats > 2
        && rules.check
        && rules.checkmate == MateRule::Removes
        && !rules.combine_armies
        && rules.team_out == TeamOut::AllSeats;
    if !scorable {
        return Err(field(
            "points",
            "needs more than two seats under check rules with checkmate = \"removes\" and no combined armies".into(),
        ));
    }
    let mut pieces = [0i16; MAX_KINDS];
    for (letter, &value) in &p.pieces {
        pieces[kind_of("points.pieces", letter)?.idx()] = value;
    }
    for (name, list) in [
        ("points.checks", &p.checks),
        ("points.queen_checks", &p.queen_checks),
    ] {
        if !list.is_empty() && list.len() != seats - 1 {
            return Err(field(
                name,
                format!(
                    "{} values; one per number of kings a move can check (1 to {})",
                    list.len(),
                    seats - 1
                ),
            ));
        }
    }
    if p.checks.is_empty() {
        return Err(field(
            "points.checks",
            "give one value per number of kings checked".into(),
        ));
    }
    let queens = p
        .queens
        .iter()
        .map(|l| kind_of("points.queens", l))
        .try_fold(0u16, |set, k| k.map(|k| set | 1 << k.0))?;
    if let Some(m) = p.claim_margin.filter(|&m| m <= 0) {
        return Err(field(
            "points.claim_margin",
            format!("{m} is not a lead of 1 point or more"),
        ));
    }
    Ok(Points {
        pieces,
        checkmate: p.checkmate,
        stalemate: p.stalemate,
        checks: p.checks.clone(),
        queen_checks: if p.queen_checks.is_empty() {
            p.checks.clone()
        } else {
            p.queen_checks.clone()
        },
        queens,
        draw: p.draw,
        claim_margin: p.claim_margin,
        dead_king_walking: p.dead_king_walking,
        hill: Vec::new(),
        wins_at: None,
    })
}

/// `[points]` of King of the Hill: the hill's squares and the winning
/// total, nothing of chess.com's scoring; played where armies change hands
/// (European Chess).
fn hill(
    p: &PointsSpec,
    rules: &RuleSet,
    seats: usize,
    geometry: &Geometry,
    origin: &str,
) -> Result<Points, VariantError> {
    let field = |f: &str, reason: String| field_error(origin, f, reason);
    if rules.checkmate != MateRule::Transfers || seats <= 2 {
        return Err(field(
            "points.hill",
            "a hill is played where armies change hands (checkmate = \"transfers\")".into(),
        ));
    }
    if p.hill.is_empty() {
        return Err(field(
            "points.hill",
            "give the squares that score (such as [\"d4\", \"e4\", \"d5\", \"e5\"])".into(),
        ));
    }
    let others = [
        ("points.pieces", !p.pieces.is_empty()),
        ("points.checkmate", p.checkmate != 0),
        ("points.stalemate", p.stalemate != 0),
        ("points.checks", !p.checks.is_empty()),
        ("points.queen_checks", !p.queen_checks.is_empty()),
        ("points.queens", !p.queens.is_empty()),
        ("points.draw", p.draw != 0),
        ("points.claim_margin", p.claim_margin.is_some()),
        ("points.dead_king_walking", p.dead_king_walking),
    ];
    if let Some((name, _)) = others.iter().find(|(_, given)| *given) {
        return Err(field(
            name,
            "not scored where a hill scores (only points.hill and points.wins_at)".into(),
        ));
    }
    let mut cells = Vec::new();
    for sq in &p.hill {
        let cell = sq
            .parse::<Square>()
            .ok()
            .and_then(|s| geometry.cell(s))
            .ok_or_else(|| {
                field(
                    "points.hill",
                    format!("'{sq}' is not a square of the board"),
                )
            })?;
        if cells.contains(&cell) {
            return Err(field("points.hill", format!("'{sq}' is given twice")));
        }
        cells.push(cell);
    }
    let wins_at = p.wins_at.ok_or_else(|| {
        field(
            "points.wins_at",
            format!(
                "give the winning total, {} to {}",
                super::HILL_WINS_AT.start(),
                super::HILL_WINS_AT.end()
            ),
        )
    })?;
    if !super::HILL_WINS_AT.contains(&wins_at) {
        return Err(field(
            "points.wins_at",
            format!(
                "{wins_at} is not a total from {} to {}",
                super::HILL_WINS_AT.start(),
                super::HILL_WINS_AT.end()
            ),
        ));
    }
    Ok(Points {
        pieces: [0; MAX_KINDS],
        checkmate: 0,
        stalemate: 0,
        checks: Vec::new(),
        queen_checks: Vec::new(),
        queens: 0,
        draw: 0,
        claim_margin: None,
        dead_king_walking: false,
        hill: cells,
        wins_at: Some(wins_at),
    })
}

/// Armies that change hands are played by their own generator
/// (`movegen/armies.rs`), which has no check, castling, en passant or
/// swaps; the switches that only it reads need it.
fn transfer_rules(
    r: &RulesSpec,
    checkmate: MateRule,
    castles: bool,
    seats: usize,
    origin: &str,
) -> Result<(), VariantError> {
    let field = |f: &str, reason: &str| Err(field_error(origin, f, reason.to_string()));
    if checkmate != MateRule::Transfers {
        if r.lone_piece_loses {
            return field("rules.lone_piece_loses", "needs checkmate = \"transfers\"");
        }
        if r.no_check_turns > 0 {
            return field("rules.no_check_turns", "needs checkmate = \"transfers\"");
        }
        if r.declare_check {
            return field("rules.declare_check", "needs checkmate = \"transfers\"");
        }
        if r.escape_check {
            return field("rules.escape_check", "needs checkmate = \"transfers\"");
        }
        if r.flags_to_win > 0 {
            return field("rules.flags_to_win", "needs checkmate = \"transfers\"");
        }
        if r.lightning {
            return field(
                "rules.lightning",
                "Lightning is played on European Chess: needs checkmate = \"transfers\"",
            );
        }
        return Ok(());
    }
    let refused = [
        (
            seats <= 2,
            "rules.checkmate",
            "transfers needs more than two seats",
        ),
        (
            r.check,
            "rules.check",
            "transfers has no check: set check = false",
        ),
        (
            r.regicide,
            "rules.regicide",
            "transfers is not regicide: a kingless army changes hands",
        ),
        (
            r.combine_armies,
            "rules.combine_armies",
            "armies do not combine where they change hands",
        ),
        (
            castles,
            "rules.castling",
            "not played where armies change hands",
        ),
        (
            r.en_passant,
            "rules.en_passant",
            "not played where armies change hands",
        ),
        (
            r.partner_pawn_swap,
            "rules.partner_pawn_swap",
            "not played where armies change hands",
        ),
        (
            r.promote_to_lost,
            "rules.promote_to_lost",
            "not played where armies change hands",
        ),
        (
            r.drops,
            "rules.drops",
            "not played where armies change hands",
        ),
    ];
    match refused.into_iter().find(|(bad, _, _)| *bad) {
        Some((_, f, reason)) => field(f, reason),
        None => Ok(()),
    }
}
