//! What a variant file must satisfy beyond its schema for the kernel to
//! play it: every check here stands for a fault that a file passing the
//! schema once caused (a panic, a hang, a move off the board, a FEN that
//! did not read back).

use super::load::field_error;
use super::spec::VariantSpec;
use super::{CastleLanding, Forward, SeatInfo, Variant, VariantError};
use crate::piece::Seat;

/// Checks on the spec alone, before the board is built.
pub(super) fn spec(spec: &VariantSpec, origin: &str) -> Result<(), VariantError> {
    let r = &spec.rules;
    let seats = spec.seats.len().max(1) as u32;
    if let Some(n) = r.fifty_move {
        // The clock counts plies to 65535 and saturates there.
        let limit = u32::from(u16::MAX) / seats;
        if n == 0 || u32::from(n) > limit {
            return Err(field_error(
                origin,
                "rules.fifty_move",
                format!("{n} is not 1 to {limit} moves per seat"),
            ));
        }
    }
    if let Some(n) = r.repetition
        && n < 2
    {
        return Err(field_error(
            origin,
            "rules.repetition",
            format!("{n} occurrences would end the game before it starts; 2 or more"),
        ));
    }
    if r.regicide && r.checkmate == "removes" {
        // Without check there is no mate to remove a seat by, and a kingless
        // seat would be left on move.
        return Err(field_error(
            origin,
            "rules.checkmate",
            "regicide has no checkmate: leave checkmate at \"wins\"",
        ));
    }
    Ok(())
}

/// Seat names: FEN4 and the turn field name a seat by its first letter.
pub(super) fn seat_names(seats: &[SeatInfo], origin: &str) -> Result<(), VariantError> {
    let mut firsts = Vec::new();
    for (i, s) in seats.iter().enumerate() {
        let Some(first) = s.name.chars().next().filter(char::is_ascii_alphabetic) else {
            return Err(field_error(
                origin,
                &format!("seats[{i}].name"),
                format!("'{}' does not start with a letter a-z", s.name),
            ));
        };
        let first = first.to_ascii_lowercase();
        if firsts.contains(&first) {
            return Err(field_error(
                origin,
                &format!("seats[{i}].name"),
                format!(
                    "'{}' starts with the same letter as another seat ('{first}' names the seat in FEN)",
                    s.name
                ),
            ));
        }
        firsts.push(first);
    }
    Ok(())
}

/// Checks on the assembled variant, where the board and seats are known.
pub(super) fn variant(v: &Variant) -> Result<(), VariantError> {
    promotion_depth(v)?;
    flags_fit(v)?;
    super::lightning::fits(v)?;
    castling_fits(v)
}

/// Capture the Flag: a square board (each seat's home is its corner) and
/// no more flags to win than a seat has enemies.
fn flags_fit(v: &Variant) -> Result<(), VariantError> {
    let n = v.rules.flags_to_win;
    if n == 0 {
        return Ok(());
    }
    let field = |reason: String| {
        Err(super::load::field_error(
            &v.origin,
            "rules.flags_to_win",
            reason,
        ))
    };
    if v.geometry.width() != v.geometry.height() {
        return field("flags are played on a square board (each seat's home is its corner)".into());
    }
    let enemies = (0..v.seats.len())
        .map(|a| v.seats.iter().filter(|s| s.team != v.seats[a].team).count())
        .min()
        .unwrap_or(0);
    if usize::from(n) > enemies {
        return field(format!(
            "{n} flags to win; a seat has {enemies} enemies, so 1 to {enemies}"
        ));
    }
    Ok(())
}

/// Every seat has as many ranks ahead as its promotion zone is deep.
fn promotion_depth(v: &Variant) -> Result<(), VariantError> {
    let zone = v.rules.promotion_ranks;
    for s in 0..v.seat_count() {
        let depth = v.depth(Seat(s));
        if zone == 0 || zone > depth {
            return Err(field_error(
                &v.origin,
                "rules.promotion_ranks",
                format!(
                    "{zone} is not 1 to the {depth} ranks seat {} advances over",
                    v.seats[s as usize].name
                ),
            ));
        }
    }
    Ok(())
}

/// The playable cells of a seat's first rank, in order along it.
fn back_rank(v: &Variant, seat: Seat) -> Vec<(u8, u8)> {
    let geo = &v.geometry;
    geo.playable_cells()
        .filter(|&c| v.relative_rank(seat, geo.square(c)) == 0)
        .map(|c| {
            let sq = geo.square(c);
            let along = match v.seats[seat.idx()].forward {
                Forward::North | Forward::South => sq.file(),
                Forward::East | Forward::West => sq.rank(),
            };
            (along, c)
        })
        .collect()
}

/// Castling lands on the board for every seat: landing files exist on each
/// back rank, and a king stepping `n` squares has room to do so with a rook
/// beyond it on an unbroken back rank.
fn castling_fits(v: &Variant) -> Result<(), VariantError> {
    let Some(c) = &v.rules.castling else {
        return Ok(());
    };
    for s in 0..v.seat_count() {
        let seat = Seat(s);
        let name = &v.seats[s as usize].name;
        let rank = back_rank(v, seat);
        match c.landing {
            CastleLanding::Files { king, rook } => {
                for (what, files) in [("king_files", king), ("rook_files", rook)] {
                    for f in files {
                        if !rank.iter().any(|&(along, _)| along == f) {
                            return Err(field_error(
                                &v.origin,
                                &format!("rules.castling.{what}"),
                                format!(
                                    "'{}' is not a square of {name}'s first rank",
                                    (b'a' + f) as char
                                ),
                            ));
                        }
                    }
                }
            }
            CastleLanding::KingSteps(n) => {
                let unbroken = rank.windows(2).all(|w| w[1].0 == w[0].0 + 1);
                if !unbroken || rank.len() < usize::from(n) + 2 {
                    return Err(field_error(
                        &v.origin,
                        "rules.castling.king_steps",
                        format!(
                            "{name}'s first rank has {} squares{}; a king stepping {n} needs {} in a row",
                            rank.len(),
                            if unbroken { "" } else { " with holes between" },
                            usize::from(n) + 2
                        ),
                    ));
                }
            }
        }
    }
    Ok(())
}
