//! The width-free game: for every built-in variant, random games played as
//! text through `AnyGame` agree move for move with the typed kernel, the
//! records they write replay to the same moves, and the actions of the
//! players (resignation, timeouts, draws, takebacks) do what they say.

use crate::common::Rng;
use tetrarch_rules::game::Game;
use tetrarch_rules::notation::pgn::read_all;
use tetrarch_rules::notation::pgn4::Pgn4Game;
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::variant::WithWidth;
use tetrarch_rules::{
    AnyGame, AnyVariant, DrawReason, HasSliders, Outcome, PlayError, Position, Seat, Variant,
    WinReason,
};

/// Plays a random game through `AnyGame` and the same moves on a typed
/// position, checking they agree at every step; gives the final game.
struct Compare {
    seed: u64,
    plies: usize,
}

impl WithWidth for Compare {
    type Output = AnyGame;
    fn run<B: HasSliders>(self, v: &Variant) -> AnyGame {
        let any_variant = AnyVariant::Chess(v.clone());
        let mut game = AnyGame::new(&any_variant);
        let mut typed = Position::<B>::start(v);
        let mut rng = Rng::new(self.seed);
        for ply in 0..self.plies {
            let moves = game.legal_moves();
            let typed_moves: Vec<String> = typed
                .legal_moves()
                .iter()
                .map(|&m| UciMove::from_move(&typed, m).to_string())
                .collect();
            if game.outcome().is_some() {
                assert!(moves.is_empty(), "{}: moves after the end", v.name);
                break;
            }
            let texts: Vec<&str> = moves.iter().map(|m| m.uci.as_str()).collect();
            assert_eq!(
                texts,
                typed_moves,
                "{} ply {ply}: {}",
                v.name,
                typed.to_fen()
            );
            let pick = &moves[rng.below(moves.len())];
            let before = game.ply();
            let played = game
                .play(&pick.uci)
                .unwrap_or_else(|e| panic!("{}: {e}", v.name));
            assert_eq!(&played, pick);
            let m = pick
                .uci
                .parse::<UciMove>()
                .unwrap()
                .to_move(&typed)
                .unwrap();
            typed.play_unchecked(m);
            // The game makes the chance steps due itself (Lightning's
            // draws, from its seed): the typed position plays them alike.
            for step in &game.moves()[before + 1..] {
                let m = step.parse::<UciMove>().unwrap().to_move(&typed).unwrap();
                typed.play_unchecked(m);
            }
            assert_eq!(game.position_text(), typed.to_fen(), "{} ply {ply}", v.name);
            assert_eq!(game.turn(), typed.turn());
            assert!(game.ply() > before);
        }
        let back = game.typed::<Position<B>>().expect("the game's own family");
        assert_eq!(back.position(), &typed);
        game
    }
}

#[test]
fn every_builtin_variant_plays_as_text_as_it_plays_typed() {
    for name in AnyVariant::builtin_names() {
        // The draughts family is compared with its own reference in draughts.rs.
        let AnyVariant::Chess(v) = AnyVariant::builtin(name).unwrap() else {
            continue;
        };
        for seed in 1..=4 {
            let game = v.with_width(Compare { seed, plies: 160 });
            replays_from_its_record(&game);
        }
    }
}

/// The record a game writes reads back to the same moves.
fn replays_from_its_record(game: &AnyGame) {
    let AnyVariant::Chess(v) = game.variant() else {
        panic!("{} is not a chess variant", game.variant().name());
    };
    let text = game.record(&[("Event", "test")]);
    let moves: Vec<String> = if v.seat_count() > 2 {
        let pgn: Pgn4Game = text.parse().unwrap();
        v.with_width(Pgn4Moves(&pgn))
    } else {
        let pgn = read_all(&text).unwrap().remove(0);
        v.with_width(PgnMoves(&pgn))
    };
    assert_eq!(moves, game.moves(), "{}: {text}", v.name);
}

struct PgnMoves<'a>(&'a tetrarch_rules::notation::pgn::PgnGame);
impl WithWidth for PgnMoves<'_> {
    type Output = Vec<String>;
    fn run<B: HasSliders>(self, v: &Variant) -> Vec<String> {
        let game = Game::<B>::from_pgn(self.0, v).unwrap_or_else(|e| panic!("{e}"));
        texts(&game)
    }
}

struct Pgn4Moves<'a>(&'a Pgn4Game);
impl WithWidth for Pgn4Moves<'_> {
    type Output = Vec<String>;
    fn run<B: HasSliders>(self, v: &Variant) -> Vec<String> {
        let game = Game::<B>::from_pgn4(self.0, v).unwrap_or_else(|e| panic!("{e}"));
        texts(&game)
    }
}

fn texts<B: HasSliders>(game: &Game<B>) -> Vec<String> {
    game.moves()
        .iter()
        .zip(game.positions())
        .map(|(&m, p)| UciMove::from_move(p, m).to_string())
        .collect()
}

fn builtin(name: &str) -> AnyVariant {
    AnyVariant::builtin(name).unwrap()
}

#[test]
fn moves_are_described_for_clients() {
    let chess = builtin("chess");
    let mut game =
        AnyGame::from_position(&chess, Some("4k3/1P6/8/8/8/8/8/R3K2R w KQ - 0 1")).unwrap();
    let moves = game.legal_moves();
    let promo: Vec<_> = moves
        .iter()
        .filter(|m| m.from.as_deref() == Some("b7"))
        .collect();
    assert_eq!(promo.len(), 4);
    assert!(
        promo
            .iter()
            .any(|m| m.promotion.as_deref() == Some("q") && m.san == "b8=Q+")
    );
    let castle = moves.iter().find(|m| m.uci == "e1g1").unwrap();
    assert_eq!(castle.to.as_deref(), Some("g1"));
    assert_eq!(castle.path, ["g1", "h1"]);
    assert_eq!(castle.san, "O-O");
    game.play("e1c1").unwrap();
    let view = game.view(None);
    assert!(
        view.pieces
            .iter()
            .any(|p| p.cell == "d1" && p.kind == "r" && p.seat == 0)
    );
    assert_eq!(view.turn, 1);

    let shogi = builtin("euroshogi");
    let mut game =
        AnyGame::from_position(&shogi, Some("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1")).unwrap();
    let drop = game.play("P@e4").unwrap();
    assert_eq!(
        (drop.from, drop.to.as_deref(), drop.drop.as_deref()),
        (None, Some("e4"), Some("p"))
    );
    let v = shogi.view();
    assert!(v.drops && v.pieces.iter().any(|p| p.letter == "+p"));
}

#[test]
fn a_two_seat_resignation_or_timeout_ends_the_game() {
    let chess = builtin("chess");
    let mut game = AnyGame::new(&chess);
    game.play("e2e4").unwrap();
    game.resign(Seat(1)).unwrap();
    let o = game.outcome().unwrap();
    assert_eq!(
        o,
        Outcome::Win {
            winner: Seat(0),
            reason: WinReason::Resignation
        }
    );
    assert!(matches!(game.play("e7e5"), Err(PlayError::Over(_))));
    assert!(game.record(&[]).ends_with("1. e4 1-0\n"));
    game.undo().unwrap();
    assert_eq!(game.outcome(), None, "a takeback reopens the game");
    game.time_out(Seat(0)).unwrap();
    assert_eq!(game.outcome().unwrap().reason_name(), "timeout");
    assert!(matches!(
        game.resign(Seat(2)),
        Err(PlayError::NoSuchSeat(2, 2))
    ));
}

#[test]
fn a_team_resigns_together_and_a_free_for_all_plays_on() {
    let teams = builtin("fourway-teams");
    let mut game = AnyGame::new(&teams);
    game.resign(Seat(2)).unwrap();
    let o = game.outcome().unwrap();
    assert_eq!(o.winners(&teams), [Seat(1), Seat(3)]);

    let ffa = builtin("fourway-ffa");
    let mut game = AnyGame::new(&ffa);
    game.play("h2h3").unwrap();
    // Blue resigns on its turn: its army leaves and Yellow is to move.
    game.resign(Seat(1)).unwrap();
    assert_eq!(game.outcome(), None);
    assert_eq!(
        game.seat_state(Seat(1)),
        tetrarch_rules::family::view::SeatState::Out
    );
    assert!(game.view(None).pieces.iter().all(|p| p.seat != 1));
    assert_eq!(game.turn(), Seat(2));
    assert!(matches!(game.resign(Seat(1)), Err(PlayError::SeatOut(1))));
    game.resign(Seat(3)).unwrap();
    assert_eq!(game.outcome(), None);
    game.time_out(Seat(0)).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Win {
            winner: Seat(2),
            reason: WinReason::Timeout
        })
    );
    assert_eq!(game.moves(), ["h2h3", "R", "R", "T"]);
}

#[test]
fn draws_by_agreement_and_by_claim() {
    let chess = builtin("chess");
    let mut game = AnyGame::new(&chess);
    assert!(matches!(
        game.claim_draw(Seat(0)),
        Err(PlayError::ClaimRefused(_))
    ));
    game.agree_draw().unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
    assert!(game.outcome().unwrap().winners(&chess).is_empty());

    let shogi = builtin("euroshogi");
    // Both kings in their promotion zones: impasse may be claimed.
    let mut game =
        AnyGame::from_position(&shogi, Some("4K3/8/8/8/8/8/8/4k3[Pp] w - - 0 1")).unwrap();
    assert_eq!(game.claim_draw(Seat(0)), Ok(DrawReason::Impasse));
    let mut early = AnyGame::new(&shogi);
    assert!(early.claim_draw(Seat(0)).is_err());
}

#[test]
fn repetition_ends_the_game_on_the_third_occurrence() {
    let chess = builtin("chess");
    let mut game = AnyGame::new(&chess);
    for _ in 0..2 {
        for m in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            game.play(m).unwrap();
        }
    }
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
}

#[test]
fn bad_text_is_refused_and_changes_nothing() {
    let chess = builtin("chess");
    let mut game = AnyGame::new(&chess);
    for bad in ["", "e2", "e2e5", "e7e5", "z9z9", "P@e4", "e2e4e4", "🙂"] {
        assert!(game.play(bad).is_err(), "{bad}");
    }
    assert_eq!(game.ply(), 0);
    assert!(AnyGame::from_position(&chess, Some("not a fen")).is_err());
    assert!(AnyGame::numbered(&chess, 3).is_err());
    let c960 = builtin("chess960");
    assert!(AnyGame::numbered(&c960, 960).is_err());
    let g = AnyGame::numbered(&c960, 518).unwrap();
    assert_eq!(
        g.position_text(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}
