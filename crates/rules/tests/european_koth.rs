//! European Chess, King of the Hill (`european-koth`, `european-koth-teams`):
//! a position for each rule sentence of section 3 of
//! european-chess-nations.md and of docs/nations.md ("Named variants"),
//! position texts with points, bad settings, random games.

use crate::named_variants;

use named_variants::*;
use tetrarch_rules::{Outcome, Seat, WinReason};

const FFA: &str = "european-koth";
const TEAMS: &str = "european-koth-teams";

/// Red: rook d4 (on the hill), knight c3 (not), pawn a2, king a1; blue:
/// bishop e5 (on the hill), pawn a7, king a8; yellow: knight d5 (on the
/// hill), pawn h7, king h8; green: pawn h2, king h1 (none on the hill).
const ROWS: [&str; 8] = [
    "bK,6,yK",
    "bP,6,yP",
    "8",
    "3,yN,bB,3",
    "3,rR,4",
    "2,rN,5",
    "rP,6,gP",
    "rK,6,gK",
];

fn points(p: &Pos) -> [i16; 4] {
    [0, 1, 2, 3].map(|s| p.points(Seat(s)))
}

#[test]
fn a_player_scores_its_pieces_on_the_four_centre_squares_when_its_turn_starts() {
    let p = pos(FFA, &fen('R', "0,0,0,0", PLAYED, ROWS));
    // Red's rook stands on d4, but red's turn has begun already: only
    // blue's turn, starting now, scores (its bishop on e5).
    let p = play(&p, "a2a3");
    assert_eq!(points(&p), [0, 1, 0, 0]);
    let p = play(&p, "a7b7");
    assert_eq!(points(&p), [0, 1, 1, 0], "yellow's knight on d5");
    let p = play(&p, "h7h6");
    assert_eq!(points(&p), [0, 1, 1, 0], "green has nothing on the hill");
    let p = play(&p, "h2g2");
    assert_eq!(
        points(&p),
        [1, 1, 1, 0],
        "red's rook on d4; not the knight on c3"
    );
    // A piece moved onto the hill scores at its player's next turn, not now.
    let p = play(&p, "c3e4");
    assert_eq!(points(&p), [1, 2, 1, 0]);
    let p = play(&p, "b7c7");
    let p = play(&p, "h6h5");
    let p = play(&p, "g2f2");
    assert_eq!(points(&p), [3, 2, 2, 0], "rook d4 and knight e4");
    assert!(p.outcome().is_none());
}

#[test]
fn the_pieces_of_a_taken_army_score_for_the_player_commanding_them() {
    // Green's king was taken by red: green's knight on e4 is red's to move
    // and to score with.
    let rows = [
        "bK,6,yK",
        "bP,6,yP",
        "8",
        "8",
        "3,rR,gN,3",
        "8",
        "rP,6,gP",
        "rK,7",
    ];
    let extras = format!("'commanders':('','','','r'),{PLAYED}");
    let p = pos(FFA, &fen('Y', "0,0,0,0", &extras, rows));
    let p = play(&p, "h7h6");
    assert_eq!(p.turn(), Seat(0), "green is out: red is next");
    assert_eq!(points(&p), [2, 0, 0, 0]);
}

#[test]
fn the_first_player_to_reach_the_total_wins_at_once() {
    let v = variant(FFA);
    assert_eq!(v.points.as_ref().unwrap().wins_at, Some(15));
    // 13 and one piece on the hill: 14, play goes on.
    let p = pos(FFA, &fen('G', "13,0,0,0", PLAYED, ROWS));
    let p = play(&p, "h2g2");
    assert_eq!(points(&p), [14, 0, 0, 0]);
    assert!(p.outcome().is_none());
    assert!(!moves(&p).is_empty());
    // 14 and one piece: 15, red wins before moving.
    let p = pos(FFA, &fen('G', "14,0,0,0", PLAYED, ROWS));
    let p = play(&p, "h2g2");
    assert_eq!(points(&p), [15, 0, 0, 0]);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Seat(0),
            reason: WinReason::CounterGoal
        })
    );
    assert!(moves(&p).is_empty(), "the game is over");
    assert_eq!(alive(&p), vec![0], "the others are out, their pieces left");
    assert_eq!(piece(&p, "h1"), Some((3, 'k')));
    // The position text says so, and reads back as the same position.
    let text = p.to_fen();
    assert!(
        text.starts_with("R-0,1,1,1-0,0,0,0-0,0,0,0-15,0,0,0-"),
        "{text}"
    );
    let back = pos(FFA, &text);
    assert_eq!(back, p);
    assert_eq!(back.hash(), p.hash());
    assert_eq!(back.outcome(), p.outcome());
}

#[test]
fn a_position_read_at_the_total_is_won() {
    let p = pos(FFA, &fen('B', "0,16,0,0", PLAYED, ROWS));
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Seat(1),
            reason: WinReason::CounterGoal
        })
    );
}

#[test]
fn the_last_player_left_wins_as_in_the_base_game() {
    // Red takes yellow's king, the last but red's.
    let rows = ["8", "8", "8", "8", "8", "7,yK", "rP,5,yP,1", "rK,6,rR"];
    let p = pos(FFA, &fen('R', "3,0,2,0", PLAYED, rows));
    let p = play(&p, "h1h3");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Seat(0),
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn points_are_part_of_the_position() {
    let a = pos(FFA, &fen('R', "1,0,0,0", PLAYED, ROWS));
    let b = pos(FFA, &fen('R', "2,0,0,0", PLAYED, ROWS));
    assert_ne!(a, b, "a hill's points decide the game");
    assert_ne!(a.hash(), b.hash());
    assert_eq!(a.hash(), a.compute_hash());
    let back = pos(FFA, &a.to_fen());
    assert_eq!(back, a);
    assert!(a.to_fen().contains("-1,0,0,0-"));
}

#[test]
fn partners_points_add_up_to_the_total() {
    let v = variant(TEAMS);
    assert!(v.allied(Seat(0), Seat(2)));
    // Red 8 + yellow 5, red's rook scores 1: 14 for red and yellow (blue's
    // 7 are the other team's).
    let p = pos(TEAMS, &fen('G', "8,7,5,0", PLAYED, ROWS));
    let p = play(&p, "h2g2");
    assert_eq!(points(&p), [9, 7, 5, 0]);
    assert_eq!(p.team_points(Seat(2)), 14);
    assert!(p.outcome().is_none());
    // Red 8 + yellow 6 + 1: 15, red and yellow win.
    let p = pos(TEAMS, &fen('G', "8,0,6,0", PLAYED, ROWS));
    let p = play(&p, "h2g2");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Seat(0),
            reason: WinReason::CounterGoal
        })
    );
    assert_eq!(alive(&p), vec![0, 2]);
    let back = pos(TEAMS, &p.to_fen());
    assert_eq!(back, p);
}

#[test]
fn partners_chosen_at_creation_add_up_too() {
    let v = variant(TEAMS).with_teams(&[0, 0, 1, 1]).unwrap();
    let p = Pos::from_fen(&v, &fen('G', "8,6,0,0", PLAYED, ROWS)).unwrap();
    let p = play(&p, "h2g2");
    assert_eq!(p.team_points(Seat(1)), 15);
    assert!(matches!(
        p.outcome(),
        Some(Outcome::Win {
            reason: WinReason::CounterGoal,
            ..
        })
    ));
}

fn koth_text() -> String {
    tetrarch_rules::variant::builtin(FFA).unwrap().to_string()
}

#[test]
fn bad_settings_name_the_field() {
    for bad in ["wins_at = 9", "wins_at = 21", "wins_at = -3"] {
        let e = file_error(&koth_text().replace("wins_at = 15", bad));
        assert_eq!(field_of(&e), "points.wins_at", "{bad}: {e}");
        assert!(e.to_string().contains("10 to 20"), "{e}");
    }
    let e = file_error(&koth_text().replace("wins_at = 15", ""));
    assert_eq!(field_of(&e), "points.wins_at", "{e}");
    let e = file_error(&koth_text().replace("\"e5\"", "\"z9\""));
    assert_eq!(field_of(&e), "points.hill", "{e}");
    assert!(e.to_string().contains("'z9'"), "{e}");
    let e = file_error(&koth_text().replace("\"e5\"", "\"d4\""));
    assert_eq!(field_of(&e), "points.hill", "{e}");
    let e = file_error(&koth_text().replace("wins_at = 15", "wins_at = 15\ndraw = 5"));
    assert_eq!(field_of(&e), "points.draw", "{e}");
    // A hill needs armies that change hands (European Chess).
    let e = file_error(
        "extends = \"fourway-ffa\"\nname = \"hill-4way\"\n[points]\nhill = [\"g7\"]\nwins_at = 12\n",
    );
    assert_eq!(field_of(&e), "points.hill", "{e}");
    // The setting may be changed within its range.
    let v = tetrarch_rules::Variant::from_toml(
        &koth_text().replace("wins_at = 15", "wins_at = 10"),
        "ten.toml",
    )
    .unwrap();
    assert_eq!(v.points.unwrap().wins_at, Some(10));
}

#[test]
fn random_games_play_and_replay() {
    for (name, seed) in [(FFA, 0x4b07), (TEAMS, 0x7ea5)] {
        let (n, reasons) = random_games(name, 30, seed);
        assert!(n > 800, "{name}: {n}");
        assert!(
            reasons.iter().any(|r| r.contains("CounterGoal")),
            "{name}: {reasons:?}"
        );
    }
}

#[test]
fn perft_from_the_start() {
    // Nothing of the hill changes the moves: the base game's counts.
    let base = Pos::start(&variant("european-ffa"));
    for name in [FFA, TEAMS] {
        let p = Pos::start(&variant(name));
        for d in 1..=3 {
            let teams = if name == TEAMS {
                Pos::start(&variant("european-teams"))
            } else {
                base.clone()
            };
            assert_eq!(
                tetrarch_rules::perft(&p, d),
                tetrarch_rules::perft(&teams, d)
            );
        }
    }
}
