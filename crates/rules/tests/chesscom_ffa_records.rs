//! Real chess.com free-for-all records of 2026, and one of 2022 from the
//! older start (`tests/data/pgn4/README.md`),
//! replayed move for move under `fourway-chesscom-ffa`, each ending with
//! the points its `Result` states; and the parts of PGN4 they need: players
//! leaving mid-game (`Kk1-k2R`, `Ke12-e13T`), their walking kings stepping
//! as the record says, and the `Termination` bonus.

use crate::chesscom_records;
use chesscom_records::replay_error;
use tetrarch_rules::family::{RecordFormat, Step};
use tetrarch_rules::notation::pgn4::{Pgn4Error, Pgn4Game};
use tetrarch_rules::{AnyVariant, Outcome, Seat, Variant, Wide, WinReason};

const RECORDS: [&str; 9] = [
    "2022-12078897",
    "2026-100527014",
    "2026-100532097",
    "2026-100786972",
    "2026-100794845",
    "2026-101543960",
    "2026-103146275",
    "2026-103508231",
    "2026-104066385",
];

fn record(nr: &str) -> String {
    chesscom_records::record(&format!("chesscom-ffa-{nr}"))
}

fn ffa() -> Variant {
    Variant::builtin("fourway-chesscom-ffa").expect("built-in")
}

/// Every record replays, and its points (checked by the replay against
/// `Result`) are those it states.
#[test]
fn every_record_replays_with_the_points_it_states() {
    for nr in RECORDS {
        let text = record(nr);
        let game = chesscom_records::replayed(&text, nr);
        assert_eq!(game.game.variant().name(), "fourway-chesscom-ffa", "{nr}");
        assert!(game.game.ply() > 90, "{nr}: {} plies", game.game.ply());
    }
}

/// A point more or less for anyone is refused, naming the seat.
#[test]
fn a_wrong_point_is_refused() {
    for (nr, from, to, seat) in [
        ("2026-100527014", "dalay045: 72", "dalay045: 73", "Red"),
        ("2026-101543960", "Spaksi: 106", "Spaksi: 86", "Blue"),
        (
            "2026-104066385",
            "goldnandrew: 88",
            "goldnandrew: 68",
            "Green",
        ),
    ] {
        let text = record(nr).replace(from, to);
        let e = replay_error(&text).unwrap_or_else(|| panic!("{nr} replayed"));
        assert!(e.contains(&format!("Result gives {seat} ")), "{nr}: {e}");
    }
    let text = record("2026-100527014").replace("dalay045: 72", "nobody: 72");
    let e = replay_error(&text).unwrap();
    assert!(e.contains("'nobody' plays no seat"), "{e}");
}

/// `Kk1-k2R`: Red moves, then resigns; its king walks on its turns as the
/// record says (here onto its own bishop, `Ki2xBj2`), and a walking king's
/// entry that is no king step is refused.
#[test]
fn a_player_leaving_mid_game_walks_as_written() {
    let pgn: Pgn4Game = record("2026-104066385").parse().unwrap();
    let (positions, steps) = pgn.steps::<Wide>(&ffa()).unwrap();
    let resigned = steps
        .iter()
        .position(|s| matches!(s, Step::Retire { .. }))
        .unwrap();
    assert_eq!(
        steps[resigned],
        Step::Retire {
            seat: Seat(0),
            timed_out: false
        }
    );
    assert_eq!(positions[resigned + 1].walking_seats(), 1);
    let text = "[Variant \"FFA\"]\n[RuleVariants \"DeadKingWalking EnPassant PromoteTo=D\"]\n\
                [StartFen4 \"4PC\"]\n\n1. h2-h3 .. b7-c7R .. h13-h12 .. m8-l8\n2. e2-e3 .. ";
    assert_eq!(replay_error(&format!("{text}Ka7xb8")), None, "its own pawn");
    // h13-h12 opened the Yellow bishop's diagonal to b7.
    let e = replay_error(&format!("{text}Ka7-b7")).unwrap();
    assert!(
        e.contains("round 2, Blue: 'Ka7-b7': not a legal move"),
        "{e}"
    );
    let e = replay_error(&format!("{text}Na5-c6")).unwrap();
    assert!(e.contains("round 2, Blue: 'Na5-c6'"), "{e}");
}

/// `Ke12-e13T` is a move and a timeout; `h7-h8=R` a promotion to a rook.
#[test]
fn a_timeout_after_a_move_is_not_a_promotion() {
    let pgn: Pgn4Game = record("2026-100794845").parse().unwrap();
    let (_, steps) = pgn.steps::<Wide>(&ffa()).unwrap();
    let out: Vec<_> = steps
        .iter()
        .filter_map(|s| match s {
            Step::Retire { seat, timed_out } => Some((seat.0, *timed_out)),
            Step::Move(_) => None,
        })
        .collect();
    assert_eq!(out, [(2, true)]);
    let original = Variant::builtin("fourway-original").unwrap();
    let g: Pgn4Game = "1. h2-h4 .. b7-c7 .. h13-h12 .. m8-k8".parse().unwrap();
    assert!(g.steps::<Wide>(&original).is_ok());
    let g: Pgn4Game = "1. h2-h3=R".parse().unwrap();
    let e = g.steps::<Wide>(&original).unwrap_err().to_string();
    assert!(e.contains("'h2-h3=R'"), "read as a promotion: {e}");
}

/// `S` is chess.com's mark for a player stalemated (103146275 ends so:
/// Red's last move leaves Yellow no move, and Yellow scores 20); anywhere else
/// it is refused.
#[test]
fn s_marks_a_stalemate_the_moves_made() {
    let pgn: Pgn4Game = record("2026-103146275").parse().unwrap();
    let (positions, _) = pgn.steps::<Wide>(&ffa()).unwrap();
    let end = positions.last().unwrap();
    assert_eq!(
        end.alive_seats().count_ones(),
        1,
        "Red alone; Green's walker taken"
    );
    let text = "[Variant \"FFA\"]\n[RuleVariants \"DeadKingWalking EnPassant PromoteTo=D\"]\n\
                [StartFen4 \"4PC\"]\n\n1. h2-h3 .. S";
    let e = replay_error(text).unwrap();
    assert!(
        e.contains("round 1, Blue: 'S': malformed move: 'S' marks a player stalemated"),
        "{e}"
    );
}

/// Where a team's player leaves, the game is over: a move after it is an
/// error, mid-game retirements being for every-one-for-themself games.
#[test]
fn a_team_player_leaving_ends_the_record() {
    let original = Variant::builtin("fourway-original").unwrap();
    let g: Pgn4Game = "1. h2-h3 .. b7-c7R .. h13-h12".parse().unwrap();
    let e = g.steps::<Wide>(&original).unwrap_err();
    assert!(matches!(e, Pgn4Error::AfterRetirement { .. }), "{e}");
    // A free-for-all's game of moves alone cannot hold the departure.
    let ffa = Variant::builtin("fourway-ffa").unwrap();
    let e = g.moves::<Wide>(&ffa).unwrap_err();
    assert!(matches!(e, Pgn4Error::LeftMidGame { round: 1, .. }), "{e}");
}

/// A record that stops with two players in (101543960: Blue mates Red's
/// walking king, and the game ends unwritten) gets the `Termination`
/// bonus; one that ends by the last resignation has it in the moves.
#[test]
fn the_termination_bonus_counts_where_the_moves_stop_early() {
    let text = record("2026-101543960").replace("(Blue +20)", "(Blue +0)");
    let e = replay_error(&text).unwrap();
    assert!(
        e.contains("Result gives Blue 106 points; the moves give 86"),
        "{e}"
    );
    let text = record("2026-103508231").replace("(Green +40)", "(Green +0)");
    assert_eq!(
        replay_error(&text),
        None,
        "the moves give the 40 themselves"
    );
}

/// The end of a record whose last player left: the game is over on points.
#[test]
fn a_record_ending_in_mate_is_won_on_points() {
    let text = record("2026-100794845");
    let game = RecordFormat::Pgn4
        .read(
            &text,
            Some(&AnyVariant::builtin("fourway-chesscom-ffa").unwrap()),
        )
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(game.game.points(), Some(vec![15, 89, 38, 65]));
    assert_eq!(
        game.game.outcome(),
        Some(Outcome::Win {
            winner: Seat(1),
            reason: WinReason::Points
        })
    );
}
