//! What the chess kernel's variants say about themselves beyond the view:
//! the details `tetrarch variants` prints, and which built-in variant a
//! Fischer-castling variant is the Fischer form of (what a UCI engine is
//! told: `UCI_Variant` of the base, `UCI_Chess960 true`).

use crate::variant::{MateRule, TeamOut, Variant};

/// `(key, value)` lines: the start position, each piece, the rule switches.
pub(super) fn details(v: &Variant) -> Vec<(String, String)> {
    let mut lines = vec![("start".to_string(), v.start_fen.clone())];
    lines.extend(v.pieces.iter().map(|p| {
        let mut flags = Vec::new();
        if p.royal {
            flags.push("royal".to_string());
        }
        if p.pawn {
            let to: String = p.promotions.iter().map(|&k| v.piece(k).letter).collect();
            flags.push(format!("pawn, promotes to {to}"));
        }
        let flags = if flags.is_empty() {
            String::new()
        } else {
            format!("  ({})", flags.join("; "))
        };
        let line = format!("{} {:10} {}{flags}", p.letter, p.name, p.movement);
        ("piece".to_string(), line)
    }));
    lines.push(("rules".to_string(), rule_words(v).join(", ")));
    lines
}

/// The rule switches in words: `check, castling, en passant, ...`.
fn rule_words(v: &Variant) -> Vec<String> {
    let r = &v.rules;
    let mut rules = Vec::new();
    if r.check {
        rules.push("check".to_string());
    }
    if r.castling.is_some() {
        let castling = if r.chess960 {
            "chess960 castling"
        } else {
            "castling"
        };
        rules.push(castling.to_string());
    }
    if r.en_passant {
        rules.push("en passant".to_string());
    }
    rules.push(format!("stalemate {:?}", r.stalemate).to_lowercase());
    if let Some(n) = r.fifty_move {
        rules.push(format!("{n}-move rule"));
    }
    if let Some(n) = r.repetition {
        rules.push(format!("{n}-fold repetition"));
    }
    if r.insufficient_material {
        rules.push("insufficient material".to_string());
    }
    if v.seat_count() > 2 {
        rules.extend(multi_seat_words(v));
    }
    rules
}

/// What games of more than two seats add: how players and teams go out,
/// and where pawns promote when that is not the last rank alone.
fn multi_seat_words(v: &Variant) -> Vec<String> {
    let r = &v.rules;
    let mut rules = Vec::new();
    if r.regicide {
        rules.push("regicide".to_string());
    } else if r.checkmate == MateRule::Removes {
        rules.push("mate removes the player".to_string());
    }
    if r.combine_armies {
        rules.push("armies combine".to_string());
    }
    if r.team_out == TeamOut::OneSeat {
        rules.push("one player out ends the team".to_string());
    }
    if r.escape_check {
        rules.push("a king must escape attack when a move can".to_string());
    }
    if r.lightning {
        rules.push("lightning (an ordinary capture draws new nations for both armies)".to_string());
    }
    if r.flags_to_win > 0 {
        rules.push(format!(
            "capture the flag ({} enemy flags home win)",
            r.flags_to_win
        ));
    }
    if let Some(total) = v.points.as_ref().and_then(|p| p.wins_at) {
        rules.push(format!("king of the hill ({total} points win)"));
    }
    if r.promotion_ranks > 1 {
        let rank = usize::from(v.depth(crate::piece::Seat(0)))
            .saturating_sub(usize::from(r.promotion_ranks))
            + 1;
        rules.push(format!("promotion from rank {rank}"));
    }
    rules
}

/// The built-in variant whose Fischer-castling form `v` is (chess960:
/// chess): the same board, seats, pieces and rules once its castling is
/// made Fischer's. `None` for variants without Fischer castling.
pub(crate) fn fischer_base(v: &Variant) -> Option<Variant> {
    if !v.rules.chess960 {
        return None;
    }
    crate::variant::builtin_names()
        .filter_map(|name| Variant::builtin(name).ok())
        .filter(|b| !b.rules.chess960)
        .find(|b| b.with_fischer_castling().is_some_and(|f| same_rules(&f, v)))
}

/// Whether two definitions play the same game, whatever their names,
/// descriptions, origins and start positions.
fn same_rules(a: &Variant, b: &Variant) -> bool {
    let rules = |v: &Variant| format!("{:?}", (&v.geometry, &v.seats, &v.pieces, &v.rules));
    rules(a) == rules(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chess960_is_the_fischer_form_of_chess() {
        let c960 = Variant::builtin("chess960").unwrap();
        assert_eq!(fischer_base(&c960).unwrap().name, "chess");
        assert!(fischer_base(&Variant::builtin("chess").unwrap()).is_none());
        let renamed = Variant::from_toml(
            &crate::variant::builtin("chess960")
                .unwrap()
                .replace("name = \"chess960\"", "name = \"mine\""),
            "mine.toml",
        )
        .unwrap();
        assert_eq!(fischer_base(&renamed).unwrap().name, "chess");
    }

    #[test]
    fn details_name_the_start_pieces_and_rules() {
        let lines = details(&Variant::builtin("chess").unwrap());
        assert_eq!(lines[0].0, "start");
        assert_eq!(lines.iter().filter(|l| l.0 == "piece").count(), 6);
        let rules = &lines.last().unwrap().1;
        assert!(rules.starts_with("check, castling, en passant, stalemate draw"));
    }

    #[test]
    fn four_player_details_say_how_players_go_out() {
        let rules = |name: &str| details(&Variant::builtin(name).unwrap()).pop().unwrap().1;
        assert!(rules("fourway-teams").ends_with("regicide"));
        assert!(rules("fourway-original").ends_with("mate removes the player, armies combine"));
        assert!(
            rules("fourway-chesscom-teams")
                .ends_with("one player out ends the team, promotion from rank 11"),
            "{}",
            rules("fourway-chesscom-teams")
        );
    }
}
