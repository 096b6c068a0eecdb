//! European Chess's optional rule, chosen before the game: "only allow
//! checkmate if check has been declared the previous turn". A check is
//! declared by the move that gives it; the last royal piece of a player
//! may then be taken on the checking player's next turn, and not otherwise.

use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{Position, Variant};

type Pos = Position<u64>;

fn declared() -> Variant {
    Variant::builtin("european-ffa")
        .unwrap()
        .with_options(&["declare_check"])
        .unwrap()
}

fn pos(v: &Variant, extras: &str, rows: &str) -> Pos {
    let text = format!("R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{{'turns':(2,2,2,2){extras}}}-{rows}");
    Pos::from_fen(v, &text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal(p: &Pos, uci: &str) -> bool {
    p.legal_moves()
        .iter()
        .any(|&m| UciMove::from_move(p, m).to_string() == uci)
}

fn play(p: &Pos, uci: &str) -> Pos {
    let m = uci.parse::<UciMove>().unwrap().to_move(p).unwrap();
    p.play(m).unwrap_or_else(|e| panic!("{uci}: {e}"))
}

/// Red's rook on a1 sees blue's only king on a8.
const ROOK_SEES_KING: &str = "bK,1,bN,4,yK/8/8/8/8/8/8/rR,2,rK,3,gK";

#[test]
fn an_undeclared_last_king_cannot_be_taken() {
    let plain = Variant::builtin("european-ffa").unwrap();
    assert!(
        legal(&pos(&plain, "", ROOK_SEES_KING), "a1a8"),
        "the base game takes it"
    );
    let p = pos(&declared(), "", ROOK_SEES_KING);
    assert!(!legal(&p, "a1a8"), "no check was declared");
    assert!(legal(&p, "a1a7"), "other moves stay");
}

#[test]
fn a_check_given_on_the_previous_turn_lets_the_king_be_taken() {
    let v = declared();
    // Red's rook on b1 steps to a1: check on blue's king on a8.
    let start = pos(&v, "", "bK,1,bN,4,yK/6,yP,1/8/8/8/8/6,gP,1/1,rR,1,rK,3,gK");
    let checked = play(&start, "b1a1");
    assert!(
        checked.to_fen().contains("'declared':('b','','','')"),
        "{}",
        checked.to_fen()
    );
    let mut p = checked.clone();
    for mv in ["c8d6", "g7g6", "g2f2"] {
        p = play(&p, mv);
    }
    assert!(legal(&p, "a1a8"), "the check was declared last turn");

    // Blue blocks; red's next move checks nobody, which withdraws the
    // declaration; blue unblocks, and the king may not be taken.
    let mut p = checked;
    for mv in ["c8a7", "g7g6", "g2f2", "d1e1"] {
        p = play(&p, mv);
    }
    assert!(!p.to_fen().contains("'declared'"), "{}", p.to_fen());
    for mv in ["a7c6", "g6g5", "f2e2"] {
        p = play(&p, mv);
    }
    assert!(!legal(&p, "a1a8"), "red's last move checked nobody");
    assert!(legal(&p, "a1a7"), "red may check now, and take next turn");
}

#[test]
fn the_declarations_round_trip_in_the_position_text() {
    let v = declared();
    let p = pos(&v, ",'declared':('b','','','')", ROOK_SEES_KING);
    assert!(legal(&p, "a1a8"));
    let again = Pos::from_fen(&v, &p.to_fen()).unwrap();
    assert_eq!(again, p);
    assert_eq!(again.hash(), p.hash());
    let undeclared = pos(&v, "", ROOK_SEES_KING);
    assert_ne!(
        undeclared.hash(),
        p.hash(),
        "the declaration is part of the position"
    );
}

#[test]
fn bad_declarations_are_refused_with_the_field_named() {
    let v = declared();
    let text = |extras: &str| {
        format!(
            "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{{'turns':(2,2,2,2),{extras}}}-{ROOK_SEES_KING}"
        )
    };
    for bad in ["'declared':('x','','','')", "'declared':(b,'','','')"] {
        let err = Pos::from_fen(&v, &text(bad)).unwrap_err().to_string();
        assert!(err.contains("'declared'"), "{bad}: {err}");
    }
    let plain = Variant::builtin("european-ffa").unwrap();
    let err = Pos::from_fen(&plain, &text("'declared':('b','','','')"))
        .unwrap_err()
        .to_string();
    assert!(err.contains("checks are declared"), "{err}");
}

#[test]
fn the_rule_is_a_choice_of_variants_whose_armies_change_hands() {
    let teams = Variant::builtin("european-teams").unwrap();
    assert!(
        teams
            .with_options(&["declare_check"])
            .unwrap()
            .rules
            .declare_check
    );
    let chess = Variant::builtin("chess").unwrap();
    assert!(chess.with_options(&["declare_check"]).is_err());
    let file =
        "extends = \"fourway-teams\"\nname = \"x\"\n[rules]\noptional = [\"declare_check\"]\n";
    let err = Variant::from_toml(file, "x.toml").unwrap_err().to_string();
    assert!(err.contains("rules.optional"), "{err}");
    let file = "extends = \"european-ffa\"\nname = \"x\"\n[rules]\noptional = [\"castling\"]\n";
    let err = Variant::from_toml(file, "x.toml").unwrap_err().to_string();
    assert!(
        err.contains("rules.optional") && err.contains("castling"),
        "{err}"
    );
}
