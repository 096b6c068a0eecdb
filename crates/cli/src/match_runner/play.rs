//! One game between two players: clocks with a small margin, the rules'
//! endings (`Game::outcome`), faults (time, crash, illegal or malformed
//! move) and the optional adjudications (draw, win, ply cap).

use super::player::{Budget, Fault, Player};
use super::spec::TimeControl;
use std::time::{Duration, Instant};
use tetrarch_rules::game::Game;
use tetrarch_rules::notation::uci::UciMove;
use tetrarch_rules::{HasSliders, Outcome, Position, Seat, WinReason};

/// How far past its clock a move may arrive (process and pipe latency).
pub const MARGIN: Duration = Duration::from_millis(100);
/// How long a move may take without a time control.
const NO_CLOCK_LIMIT: Duration = Duration::from_secs(120);
/// Consecutive moves of each side that must agree for a win adjudication.
const WIN_MOVES: usize = 5;
/// Draw adjudication starts after this move number.
const DRAW_AFTER_MOVE: u16 = 40;
/// Largest |score| (cp) that counts towards a draw adjudication.
const DRAW_CP: i32 = 10;

/// How the games of a match are played.
#[derive(Clone, Copy, Debug, Default)]
pub struct Rules {
    /// Clocks, if any.
    pub tc: Option<TimeControl>,
    /// Node limit per move.
    pub nodes: Option<u64>,
    /// Depth limit per move.
    pub depth: Option<u32>,
    /// Draw when both sides report |score| <= 10 cp this many moves (after move 40).
    pub adjudicate_draw: Option<u32>,
    /// Win when both sides agree on a score beyond this for 5 moves.
    pub adjudicate_win: Option<i32>,
    /// Draw after this many plies.
    pub max_plies: u32,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// The winner, or `None` for a draw.
    pub winner: Option<Seat>,
    /// The PGN `Termination` value: `normal`, `time forfeit`, `adjudication`, ...
    pub termination: &'static str,
    /// What happened, for people: `checkmate`, `sf lost on time`, ...
    pub detail: String,
}

impl Verdict {
    /// The PGN result: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Seat(0)) => "1-0",
            Some(_) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// Both clocks.
struct Clocks {
    tc: Option<TimeControl>,
    left: [Duration; 2],
}

impl Clocks {
    fn new(tc: Option<TimeControl>) -> Clocks {
        let base = tc.map_or(Duration::ZERO, |t| t.base);
        Clocks {
            tc,
            left: [base; 2],
        }
    }

    fn budget(&self, seat: Seat, rules: &Rules) -> Budget {
        let inc = self.tc.map(|t| t.inc);
        let clock = |s: usize| self.tc.map(|_| self.left[s]);
        Budget {
            wtime: clock(0),
            btime: clock(1),
            winc: inc,
            binc: inc,
            nodes: rules.nodes,
            depth: rules.depth,
            deadline: clock(seat.idx()).map_or(NO_CLOCK_LIMIT, |t| t + MARGIN),
        }
    }

    /// Charge `spent` to `seat`; false if its flag fell.
    fn charge(&mut self, seat: Seat, spent: Duration) -> bool {
        let Some(tc) = self.tc else {
            return spent <= NO_CLOCK_LIMIT;
        };
        let left = &mut self.left[seat.idx()];
        if spent > *left + MARGIN {
            return false;
        }
        *left = left.saturating_sub(spent) + tc.inc;
        true
    }
}

/// A loss for `loser`.
fn loss(loser: Seat, termination: &'static str, detail: String) -> Verdict {
    Verdict {
        winner: Some(loser.next(2)),
        termination,
        detail,
    }
}

/// The verdict of an ending by the rules.
fn by_rules(outcome: Outcome) -> Verdict {
    let detail = match outcome {
        Outcome::Win { reason, .. } => match reason {
            WinReason::Checkmate => "checkmate".to_string(),
            WinReason::Stalemate => "stalemate (a loss in this variant)".to_string(),
            WinReason::PerpetualCheck => "perpetual check (the checker loses)".to_string(),
            WinReason::Resignation => "resignation".to_string(),
            WinReason::KingsCaptured => "the opposing kings were captured".to_string(),
        },
        Outcome::Draw(reason) => format!("draw by {reason:?}").to_lowercase(),
    };
    let winner = match outcome {
        Outcome::Win { winner, .. } => Some(winner),
        Outcome::Draw(_) => None,
    };
    Verdict {
        winner,
        termination: "normal",
        detail,
    }
}

/// Play a game from `start`; `players[s]` plays seat `s`.
pub fn play<B: HasSliders>(
    start: Position<B>,
    players: [&mut dyn Player<B>; 2],
    rules: &Rules,
) -> (Game<B>, Verdict) {
    let mut game = Game::new(start);
    let mut players = players;
    for (s, p) in players.iter_mut().enumerate() {
        if let Err(f) = p.new_game() {
            let detail = format!("{} {f} before the game", p.name());
            return (game, loss(Seat(s as u8), "abandoned", detail));
        }
    }
    let mut clocks = Clocks::new(rules.tc);
    let mut scores: Vec<Option<i32>> = Vec::new();
    loop {
        if let Some(v) = ending(&game, &scores, rules) {
            return (game, v);
        }
        let seat = game.position().turn();
        let player = &mut *players[seat.idx()];
        if let Err(v) = one_move(&mut game, player, &mut clocks, rules, &mut scores) {
            return (game, v);
        }
    }
}

/// Ask the side to move for a move and play it; a fault loses.
fn one_move<B: HasSliders>(
    game: &mut Game<B>,
    player: &mut dyn Player<B>,
    clocks: &mut Clocks,
    rules: &Rules,
    scores: &mut Vec<Option<i32>>,
) -> Result<(), Verdict> {
    let seat = game.position().turn();
    let name = player.name().to_string();
    let started = Instant::now();
    let reply = player.think(game, &clocks.budget(seat, rules));
    let spent = started.elapsed();
    let reply = reply.map_err(|f| match f {
        Fault::Timeout => loss(seat, "time forfeit", format!("{name} lost on time")),
        Fault::Crash(_) => loss(seat, "abandoned", format!("{name} {f}")),
        Fault::Protocol(_) => loss(seat, "rules infraction", format!("{name} {f}")),
    })?;
    if !clocks.charge(seat, spent) {
        let ms = spent.as_millis();
        return Err(loss(
            seat,
            "time forfeit",
            format!("{name} lost on time ({ms} ms)"),
        ));
    }
    let pos = game.position();
    let mv = reply
        .uci
        .parse::<UciMove>()
        .and_then(|u| u.to_move(pos))
        .map_err(|e| {
            let detail = format!("{name} played illegal move '{}': {e}", reply.uci);
            loss(seat, "rules infraction", detail)
        })?;
    game.play(mv)
        .map_err(|e| loss(seat, "rules infraction", format!("{name}: {e}")))?;
    let white_view = |s: i32| if seat.0 == 0 { s } else { -s };
    scores.push(reply.score.map(white_view));
    Ok(())
}

/// The game's end, if it has come: by the rules, the ply cap or adjudication.
fn ending<B: HasSliders>(game: &Game<B>, scores: &[Option<i32>], rules: &Rules) -> Option<Verdict> {
    if let Some(o) = game.outcome() {
        return Some(by_rules(o));
    }
    if game.moves().len() >= rules.max_plies as usize {
        return Some(Verdict {
            winner: None,
            termination: "adjudication",
            detail: format!("draw at the {}-ply cap", rules.max_plies),
        });
    }
    let fullmoves = game.position().fullmoves();
    adjudicate_win(scores, rules).or_else(|| adjudicate_draw(scores, fullmoves, rules))
}

/// The last `n` scores (white's view), if there are `n` and all were reported.
fn last_scores(scores: &[Option<i32>], n: usize) -> Option<Vec<i32>> {
    let tail = scores.get(scores.len().checked_sub(n)?..)?;
    tail.iter().copied().collect()
}

fn adjudicate_win(scores: &[Option<i32>], rules: &Rules) -> Option<Verdict> {
    let limit = rules.adjudicate_win?;
    let last = last_scores(scores, 2 * WIN_MOVES)?;
    let winner = if last.iter().all(|&s| s > limit) {
        Seat(0)
    } else if last.iter().all(|&s| s < -limit) {
        Seat(1)
    } else {
        return None;
    };
    Some(Verdict {
        winner: Some(winner),
        termination: "adjudication",
        detail: format!("both engines scored beyond {limit} cp for {WIN_MOVES} moves"),
    })
}

fn adjudicate_draw(scores: &[Option<i32>], fullmoves: u16, rules: &Rules) -> Option<Verdict> {
    let moves = rules.adjudicate_draw?;
    if fullmoves <= DRAW_AFTER_MOVE {
        return None;
    }
    let last = last_scores(scores, 2 * moves as usize)?;
    last.iter().all(|s| s.abs() <= DRAW_CP).then(|| Verdict {
        winner: None,
        termination: "adjudication",
        detail: format!("both engines scored within {DRAW_CP} cp for {moves} moves"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjudication_needs_agreeing_scores() {
        let rules = Rules {
            adjudicate_win: Some(500),
            adjudicate_draw: Some(3),
            max_plies: 100,
            ..Rules::default()
        };
        let mut scores = vec![Some(600); 9];
        assert_eq!(adjudicate_win(&scores, &rules), None);
        scores.push(Some(900));
        assert_eq!(
            adjudicate_win(&scores, &rules).unwrap().winner,
            Some(Seat(0))
        );
        scores.push(None);
        assert_eq!(adjudicate_win(&scores, &rules), None);
        let quiet = vec![Some(5); 6];
        assert_eq!(adjudicate_draw(&quiet, 40, &rules), None);
        assert_eq!(adjudicate_draw(&quiet, 41, &rules).unwrap().winner, None);
    }

    #[test]
    fn clocks_flag_past_the_margin() {
        let tc = TimeControl {
            base: Duration::from_millis(1000),
            inc: Duration::from_millis(100),
        };
        let mut c = Clocks::new(Some(tc));
        assert!(c.charge(Seat(0), Duration::from_millis(1050)));
        assert_eq!(c.left[0], Duration::from_millis(100));
        assert!(!c.charge(Seat(1), Duration::from_millis(1200)));
    }
}
