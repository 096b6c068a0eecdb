//! European Chess, Capture the Flag (`european-ctf`, `european-ctf-teams`):
//! a position for each rule sentence of section 3 of
//! european-chess-nations.md and of docs/nations.md ("Named variants"),
//! position texts with flags, bad settings and texts, random games.

use crate::named_variants;

use named_variants::fen_pieces as fen;
use named_variants::*;
use tetrarch_rules::{Outcome, Seat, WinReason};

const FFA: &str = "european-ctf";
const TEAMS: &str = "european-ctf-teams";

fn holder(p: &Pos, seat: u8) -> Option<String> {
    p.flag_holder(Seat(seat))
        .map(|c| p.variant().geometry.square(c).to_string())
}

fn goal(winner: u8) -> Option<Outcome> {
    Some(Outcome::Win {
        winner: Seat(winner),
        reason: WinReason::CounterGoal,
    })
}

#[test]
fn each_king_starts_holding_its_sides_flag() {
    for name in [FFA, TEAMS] {
        let p = Pos::start(&variant(name));
        let holders: Vec<_> = (0..4).map(|s| holder(&p, s)).collect();
        assert_eq!(
            holders,
            ["a1", "a8", "h8", "h1"].map(|s| Some(s.to_string()))
        );
        assert!(!p.to_fen().contains("flags"), "nothing to say at the start");
        assert!(!p.variant().takes_nations());
    }
    // Elsewhere there are no flags.
    let p = Pos::start(&variant("european-ffa"));
    assert_eq!(p.flag_holder(Seat(0)), None);
}

#[test]
fn a_king_is_taken_like_a_piece_and_its_flag_goes_to_the_taker() {
    let rows = [
        "bK,1,bN,4,yK",
        "7,yP",
        "8",
        "1,bP,6",
        "8",
        "rR,7",
        "1,rK,1,rP,3,gP",
        "7,gK",
    ];
    let p = pos(FFA, &fen('R', "0,0,0,0", PLAYED, rows));
    let p = play(&p, "a3a8");
    assert_eq!(
        holder(&p, 1).as_deref(),
        Some("a8"),
        "red's rook holds blue's flag"
    );
    assert_eq!(piece(&p, "a8"), Some((0, 'r')));
    // Blue is not out and keeps its army: no army changes hands.
    assert_eq!(alive(&p), vec![0, 1, 2, 3]);
    assert_eq!(p.commander_of(Seat(1)), Seat(1));
    assert_eq!(p.turn(), Seat(1));
    let text = p.to_fen();
    assert!(text.contains("'flags':('b2','a8','h8','h1')"), "{text}");
    let back = pos(FFA, &text);
    assert_eq!(back, p);
    assert_eq!(back.hash(), p.hash());
    // A flag moves with its holder: brought to red's corner, a1, while
    // red's king holds red's flag, it wins.
    let p = play(&p, "c8d6");
    let p = play(&p, "h7h6");
    let p = play(&p, "h2g2");
    assert!(p.outcome().is_none());
    let p = play(&p, "a8a1");
    assert_eq!(holder(&p, 1).as_deref(), Some("a1"));
    assert_eq!(p.outcome(), goal(0));
    assert!(moves(&p).is_empty());
    let back = pos(FFA, &p.to_fen());
    assert_eq!(back, p);
    assert_eq!(back.outcome(), goal(0));
}

#[test]
fn taking_a_flag_holder_takes_the_flag() {
    // Red's rook on a8 holds blue's flag; yellow's rook takes it, and with
    // it the flag, and brings it to h8, yellow's king's starting square.
    let rows = [
        "rR,1,yR,5",
        "6,yK,yP",
        "8",
        "2,bN,5",
        "1,bP,6",
        "8",
        "1,rK,1,rP,3,gP",
        "7,gK",
    ];
    let extras = format!("'flags':('b2','a8','g7','h1'),{PLAYED}");
    let p = pos(FFA, &fen('Y', "0,0,0,0", &extras, rows));
    assert_eq!(holder(&p, 1).as_deref(), Some("a8"));
    let p = play(&p, "c8a8");
    assert_eq!(holder(&p, 1).as_deref(), Some("a8"));
    assert_eq!(piece(&p, "a8"), Some((2, 'r')));
    let p = play(&p, "h2g2");
    let p = play(&p, "d2d3");
    let p = play(&p, "c5e6");
    assert!(p.outcome().is_none());
    let p = play(&p, "a8h8");
    assert_eq!(p.outcome(), goal(2));
}

#[test]
fn a_flag_on_another_corner_wins_nothing() {
    let rows = [
        "bK,1,bN,4,yK",
        "7,yP",
        "8",
        "1,bP,6",
        "8",
        "rR,7",
        "1,rK,1,rP,3,gP",
        "7,gK",
    ];
    let p = pos(FFA, &fen('R', "0,0,0,0", PLAYED, rows));
    let p = play(&p, "a3a8");
    // The rook stays on a8, blue's corner: no win.
    assert!(p.outcome().is_none());
}

#[test]
fn no_win_once_ones_own_king_lost_its_flag() {
    // Red's king was taken: its flag is held by yellow's knight on c6.
    // Red's rook brings blue's flag to a1, and nothing happens.
    let rows = [
        "2,bN,4,yK",
        "7,yP",
        "2,yN,5",
        "1,bP,6",
        "8",
        "rR,7",
        "3,rP,3,gP",
        "7,gK",
    ];
    let extras = format!("'flags':('c6','a3','h8','h1'),{PLAYED}");
    let p = pos(FFA, &fen('R', "0,0,0,0", &extras, rows));
    assert_eq!(alive(&p), vec![0, 1, 2, 3], "kingless players play on");
    let p = play(&p, "a3a1");
    assert!(p.outcome().is_none());
    assert_eq!(holder(&p, 1).as_deref(), Some("a1"));
}

/// Red (king b2, rook a3 with blue's flag) and yellow (king g7, rook h3
/// with green's flag) against kingless blue and green.
const TWO_FLAGS: [&str; 8] = [
    "2,bN,5",
    "6,yK,1",
    "8",
    "1,bP,6",
    "8",
    "rR,6,yR",
    "1,rK,4,gP,1",
    "4,gN,3",
];

#[test]
fn a_team_must_bring_both_enemy_flags_home() {
    let extras = format!("'flags':('b2','a3','g7','h3'),{PLAYED}");
    let p = pos(TEAMS, &fen('R', "0,0,0,0", &extras, TWO_FLAGS));
    let p = play(&p, "a3a1");
    assert!(
        p.outcome().is_none(),
        "one flag home is not enough for a team"
    );
    let p = play(&p, "b5c5");
    let p = play(&p, "h3h8");
    assert_eq!(p.outcome(), goal(0), "both: red and yellow win");
    assert_eq!(alive(&p), vec![0, 2]);
    let back = pos(TEAMS, &p.to_fen());
    assert_eq!(back, p);
    // Every player for themself, one flag is enough.
    let p = pos(FFA, &fen('R', "0,0,0,0", &extras, TWO_FLAGS));
    let p = play(&p, "a3a1");
    assert_eq!(p.outcome(), goal(0));
}

#[test]
fn a_flag_whose_holder_leaves_without_a_capture_is_gone() {
    // Red starts its turn with one piece, its king holding red's and
    // blue's flags: the lone-piece rule takes it, and the flags with it.
    let rows = [
        "2,bN,4,yK",
        "7,yP",
        "8",
        "1,bP,6",
        "8",
        "8",
        "1,rK,5,gP",
        "7,gK",
    ];
    let extras = format!("'flags':('b2','b2','h8','h1'),{PLAYED}");
    let p = pos(FFA, &fen('R', "0,0,0,0", &extras, rows));
    assert_eq!(alive(&p), vec![1, 2, 3]);
    assert_eq!(holder(&p, 0), None);
    assert_eq!(holder(&p, 1), None);
    assert_eq!(pos(FFA, &p.to_fen()), p);
}

#[test]
fn the_last_player_left_wins() {
    let rows = ["7,yK", "rR,6,yP", "8", "8", "8", "8", "8", "rK,7"];
    let p = pos(FFA, &fen('R', "0,0,0,0", PLAYED, rows));
    let p = play(&p, "a7h7");
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Seat(0),
            reason: WinReason::LastPlayer
        })
    );
}

#[test]
fn flags_in_position_texts_are_checked() {
    let rows = [
        "bK,1,bN,4,yK",
        "7,yP",
        "8",
        "1,bP,6",
        "8",
        "rR,7",
        "1,rK,1,rP,3,gP",
        "7,gK",
    ];
    let text = fen(
        'R',
        "0,0,0,0",
        &format!("'flags':('b2','c4','h8','h1'),{PLAYED}"),
        rows,
    );
    let e = Pos::from_fen(&variant(FFA), &text).unwrap_err().to_string();
    assert!(e.contains("'c4'") && e.contains("no piece"), "{e}");
    let text = fen(
        'R',
        "0,0,0,0",
        &format!("'flags':('b2','z9','h8','h1'),{PLAYED}"),
        rows,
    );
    let e = Pos::from_fen(&variant(FFA), &text).unwrap_err().to_string();
    assert!(e.contains("'z9'"), "{e}");
    let text = fen(
        'R',
        "0,0,0,0",
        &format!("'flags':('b2','a8','h8','h1'),{PLAYED}"),
        rows,
    );
    let e = Pos::from_fen(&variant("european-ffa"), &text)
        .unwrap_err()
        .to_string();
    assert!(e.contains("only for variants with flags"), "{e}");
    // Flags make positions differ.
    let a = pos(FFA, &text);
    let b = pos(
        FFA,
        &fen(
            'R',
            "0,0,0,0",
            &format!("'flags':('b2','a3','h8','h1'),{PLAYED}"),
            rows,
        ),
    );
    assert_ne!(a, b);
    assert_ne!(a.hash(), b.hash());
    assert_eq!(a.hash(), a.compute_hash());
}

fn ctf_text() -> String {
    tetrarch_rules::variant::builtin(FFA).unwrap().to_string()
}

#[test]
fn bad_settings_name_the_field() {
    let e = file_error(&ctf_text().replace("flags_to_win = 1", "flags_to_win = 4"));
    assert_eq!(field_of(&e), "rules.flags_to_win", "{e}");
    assert!(e.to_string().contains("1 to 3"), "{e}");
    let teams = tetrarch_rules::variant::builtin(TEAMS).unwrap();
    let e = file_error(&teams.replace("flags_to_win = 2", "flags_to_win = 3"));
    assert_eq!(field_of(&e), "rules.flags_to_win", "{e}");
    let e = file_error("extends = \"fourway-ffa\"\nname = \"x\"\n[rules]\nflags_to_win = 1\n");
    assert_eq!(field_of(&e), "rules.flags_to_win", "{e}");
    let e = file_error(&ctf_text().replace("flags_to_win = 1", "flags_to_win = -1"));
    assert!(e.to_string().contains("flags_to_win"), "{e}");
    // Line-ups of nations are refused.
    let e = variant(FFA)
        .with_lineup("default,default,default,default", &[])
        .unwrap_err();
    assert_eq!(field_of(&e), "nations", "{e}");
}

#[test]
fn perft_from_the_start_is_the_base_games() {
    for (name, base) in [(FFA, "european-ffa"), (TEAMS, "european-teams")] {
        let p = Pos::start(&variant(name));
        let b = Pos::start(&variant(base));
        for d in 1..=3 {
            assert_eq!(tetrarch_rules::perft(&p, d), tetrarch_rules::perft(&b, d));
        }
    }
}

#[test]
fn random_games_play_and_replay() {
    for (name, seed) in [(FFA, 0xc7f1), (TEAMS, 0xc7f2)] {
        let (n, reasons) = random_games(name, 20, seed);
        assert!(n > 1000, "{name}: {n}");
        assert!(!reasons.is_empty(), "{name}");
    }
}
