//! Match games as records, in the variant's format (PGN, PGN4, from
//! `AnyGame::record`): `Event`, `Site`, `Date`, `Round`, a name tag per
//! seat (`White`, `Black`; `Red`, `Blue`, ...), the match's `Result`,
//! `Termination` (the standard value) and `TerminationDetails` (what
//! happened). The record adds `Variant`, the start position when the game
//! did not start from the variant's, and writes moves SAN cannot say in
//! UCI with a `MoveNotation "UCI"` tag.

use super::play::Verdict;
use tetrarch_rules::AnyGame;

/// Who played and when.
pub struct Header<'a> {
    /// The event name.
    pub event: &'a str,
    /// The game number from 1.
    pub round: usize,
    /// Who played each seat, in seat order.
    pub names: &'a [&'a str],
}

/// The record of a finished game.
pub fn game_text(game: &AnyGame, header: &Header, verdict: &Verdict) -> String {
    let variant = game.variant();
    let seat_tags: Vec<String> = (0..variant.seat_count())
        .map(|s| capitalised(variant.seat_name(tetrarch_rules::Seat(s))))
        .collect();
    let round = header.round.to_string();
    let date = today();
    let result = verdict.result(variant);
    let mut tags = vec![
        ("Event", header.event),
        ("Site", "?"),
        ("Date", date.as_str()),
        ("Round", round.as_str()),
    ];
    for (tag, name) in seat_tags.iter().zip(header.names) {
        tags.push((tag.as_str(), name));
    }
    tags.extend([
        ("Result", result.as_str()),
        ("Termination", verdict.termination),
        ("TerminationDetails", verdict.detail.as_str()),
    ]);
    format!("{}\n", game.record(&tags))
}

/// `white` as a tag name: `White`.
fn capitalised(name: &str) -> String {
    let mut c = name.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
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
