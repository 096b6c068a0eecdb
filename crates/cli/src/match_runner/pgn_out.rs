//! Match games as PGN: the seven-tag roster, `Variant`, `FEN`/`SetUp` when
//! the game did not start from the standard position (all from
//! `Game::to_pgn`), `Termination` (the standard value) and
//! `TerminationDetails` (what happened). Moves are in SAN; a game whose
//! SAN does not read back (a variant SAN cannot fully express) is written
//! with UCI moves instead and marked with a `MoveNotation "UCI"` tag.
//!
//! Four-player games are written as PGN4 ([`game_text4`], from
//! `Game::to_pgn4`), with a name tag per seat (`Red`, `Blue`, ...).

use super::play::Verdict;
use tetrarch_rules::game::Game;
use tetrarch_rules::notation::pgn::PgnGame;
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{HasSliders, Variant};

/// Who played and when.
pub struct Header<'a> {
    /// The event name.
    pub event: &'a str,
    /// The game number from 1.
    pub round: usize,
    /// White's name.
    pub white: &'a str,
    /// Black's name.
    pub black: &'a str,
}

/// The PGN text of a finished game.
pub fn game_text<B: HasSliders>(game: &Game<B>, header: &Header, verdict: &Verdict) -> String {
    let round = header.round.to_string();
    let date = today();
    let tags = [
        ("Event", header.event),
        ("Site", "?"),
        ("Date", date.as_str()),
        ("Round", round.as_str()),
        ("White", header.white),
        ("Black", header.black),
        ("Result", verdict.result()),
        ("Termination", verdict.termination),
        ("TerminationDetails", verdict.detail.as_str()),
    ];
    let mut pgn = game.to_pgn(&tags);
    let variant = game.start().variant();
    if !reads_back(&pgn, variant, game) {
        pgn.moves = uci_moves(game);
        pgn.set_tag("MoveNotation", "UCI");
    }
    format!("{pgn}\n")
}

/// The PGN4 text of a finished four-player game; `names[s]` played seat `s`.
pub fn game_text4<B: HasSliders>(
    game: &Game<B>,
    event: &str,
    round: usize,
    names: &[&str],
    verdict: &Verdict,
) -> String {
    let variant = game.start().variant();
    let seat_tags: Vec<String> = variant
        .seats
        .iter()
        .map(|s| {
            let mut c = s.name.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect())
                .unwrap_or_default()
        })
        .collect();
    let round = round.to_string();
    let date = today();
    let result = verdict.result4(game.start());
    let mut tags = vec![
        ("Event", event),
        ("Site", "?"),
        ("Date", date.as_str()),
        ("Round", round.as_str()),
    ];
    for (tag, name) in seat_tags.iter().zip(names) {
        tags.push((tag.as_str(), name));
    }
    tags.extend([
        ("Result", result.as_str()),
        ("Termination", verdict.termination),
        ("TerminationDetails", verdict.detail.as_str()),
    ]);
    format!("{}\n", game.to_pgn4(&tags))
}

/// Whether the SAN record replays to the same moves.
fn reads_back<B: HasSliders>(pgn: &PgnGame, variant: &Variant, game: &Game<B>) -> bool {
    Game::<B>::from_pgn(pgn, variant).is_ok_and(|g| g.moves() == game.moves())
}

fn uci_moves<B: HasSliders>(game: &Game<B>) -> Vec<String> {
    game.positions()
        .iter()
        .zip(game.moves())
        .map(|(p, &m)| UciMove::from_move(p, m).to_string())
        .collect()
}

/// Today's date (UTC) as `YYYY.MM.DD`.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_date((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// The Gregorian date `days` after 1970-01-01 (Howard Hinnant's algorithm).
fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_date(0), (1970, 1, 1));
        assert_eq!(civil_date(19_723), (2024, 1, 1));
        assert_eq!(civil_date(19_782), (2024, 2, 29));
    }
}
