//! Partners chosen when a game is created (`choose_partners`, European
//! Chess 2v2: "which seats are partners is set when the game is created,
//! across by default").

use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{AnyGame, AnyVariant, Position, Seat, Variant};

/// Red's rook on a1 faces blue's knight on a5; every king on the board,
/// every seat past its opening turns.
const ROOK_FACES_BLUE: &str = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'turns':(2,2,2,2)}-\
     bK,6,yK/8/8/bN,7/8/8/8/rR,1,rK,4,gK";

fn captures_a5(v: &Variant) -> bool {
    let p = Position::<u64>::from_fen(v, ROOK_FACES_BLUE).unwrap();
    p.legal_moves()
        .iter()
        .any(|&m| UciMove::from_move(&p, m).to_string() == "a1a5")
}

#[test]
fn partners_across_by_default_and_side_by_side_when_chosen() {
    let across = Variant::builtin("european-teams").unwrap();
    assert!(across.allied(Seat(0), Seat(2)));
    assert!(captures_a5(&across), "blue is an opponent of red across");
    let side = across.with_teams(&[0, 0, 1, 1]).unwrap();
    assert!(side.allied(Seat(0), Seat(1)));
    assert!(!captures_a5(&side), "a partner's knight cannot be taken");
}

#[test]
fn a_team_of_chosen_partners_wins_when_both_opponents_are_out() {
    let v = AnyVariant::builtin("european-teams")
        .unwrap()
        .with_teams(&[0, 1, 1, 0])
        .unwrap();
    // Red and green against blue and yellow; red takes blue's king, green
    // has taken yellow's army already.
    let fen = "R-0,0,1,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'commanders':('','','g',''),'turns':(2,2,2,2)}-\
               bK,7/8/8/8/8/8/8/rR,1,rK,4,gK";
    let mut game = AnyGame::from_position(&v, Some(fen)).unwrap();
    assert!(game.outcome().is_none());
    game.play("a1a8").unwrap();
    let outcome = game.outcome().expect("blue and yellow are out");
    assert_eq!(outcome.winners(&v), [Seat(0), Seat(3)]);
}

#[test]
fn partners_that_are_not_two_teams_of_two_are_refused() {
    let v = Variant::builtin("european-teams").unwrap();
    for bad in [&[0, 0, 0, 1][..], &[0, 1, 2, 3], &[0, 1, 0], &[1, 1, 2, 2]] {
        let err = v.with_teams(bad).unwrap_err().to_string();
        assert!(err.contains("teams"), "{bad:?}: {err}");
    }
    let fixed = Variant::builtin("fourway-teams").unwrap();
    let err = fixed.with_teams(&[0, 0, 1, 1]).unwrap_err().to_string();
    assert!(err.contains("fixed partners"), "{err}");
    assert!(
        fixed.with_teams(&[0, 1, 0, 1]).is_ok(),
        "its own teams are fine"
    );
}

#[test]
fn a_variant_file_that_lets_partners_be_chosen_needs_four_seats() {
    let text = "extends = \"chess\"\nname = \"x\"\n[rules]\nchoose_partners = true\n";
    let err = Variant::from_toml(text, "x.toml").unwrap_err().to_string();
    assert!(err.contains("rules.choose_partners"), "{err}");
}
