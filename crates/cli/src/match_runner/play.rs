//! One game, one player per seat (two or four): clocks with a small
//! margin, the rules' endings (`AnyGame::outcome`), faults (time, crash,
//! illegal or malformed move) and the optional adjudications (draw, win,
//! ply cap). With four seats a fault loses for the faulting seat's team
//! (the next opponent is written as the winner); the score adjudications
//! apply only to games of two teams, from the first seat's team's view; a
//! free-for-all at the ply cap may go to the seat that stands best
//! (`super::standing`).

use super::player::{Budget, Fault, Player};
use super::spec::TimeControl;
use super::standing::Standing;
use std::time::{Duration, Instant};
use tetrarch_rules::MAX_SEATS;
use tetrarch_rules::{AnyGame, AnyVariant, Outcome, Seat};

/// How far past its clock a move may arrive (process and pipe latency).
pub const MARGIN: Duration = Duration::from_millis(100);
/// How long a move may take without a time control.
const NO_CLOCK_LIMIT: Duration = Duration::from_secs(120);
/// Consecutive moves of each side that must agree for a win adjudication.
const WIN_MOVES: usize = 5;
/// Draw adjudication starts after this move number.
const DRAW_AFTER_MOVE: u32 = 40;
/// Largest |score| (cp) that counts towards a draw adjudication.
const DRAW_CP: i32 = 10;

/// How the games of a match are played.
#[derive(Clone, Debug, Default)]
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
    /// A free-for-all at the ply cap goes to the seat that stands best.
    pub ffa_standing: Option<Standing>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// The winner (with four seats the lowest seat of the winning team, or
    /// the next opponent of a seat that faulted), or `None` for a draw.
    pub winner: Option<Seat>,
    /// The seat whose fault (time, crash, illegal move) ended the game.
    pub faulted: Option<Seat>,
    /// The PGN `Termination` value: `normal`, `time forfeit`, `adjudication`, ...
    pub termination: &'static str,
    /// What happened, for people: `checkmate`, `sf lost on time`, ...
    pub detail: String,
}

impl Verdict {
    /// The result as PGN and PGN4 write it: with two teams `1-0` when the
    /// first seat's team won, `0-1`, `1/2-1/2`; when every seat plays for
    /// itself with more than two, one score per seat, such as `0-0-1-0`.
    pub fn result(&self, variant: &AnyVariant) -> String {
        let n = variant.seat_count();
        if n > 2 && variant.free_for_all() {
            return match self.winner {
                Some(w) => (0..n)
                    .map(|s| if s == w.0 { "1" } else { "0" })
                    .collect::<Vec<_>>()
                    .join("-"),
                None => vec!["1/2"; n as usize].join("-"),
            };
        }
        match self.winner {
            Some(w) if variant.team(w) == variant.team(Seat(0)) => "1-0".into(),
            Some(_) => "0-1".into(),
            None => "1/2-1/2".into(),
        }
    }
}

/// Every seat's clock.
struct Clocks {
    tc: Option<TimeControl>,
    seats: usize,
    left: [Duration; MAX_SEATS],
}

impl Clocks {
    fn new(tc: Option<TimeControl>, seats: usize) -> Clocks {
        let base = tc.map_or(Duration::ZERO, |t| t.base);
        Clocks {
            tc,
            seats,
            left: [base; MAX_SEATS],
        }
    }

    fn budget(&self, seat: Seat, rules: &Rules) -> Budget {
        let inc = self.tc.map(|t| t.inc);
        let clock = |s: usize| self.tc.map(|_| self.left[s]);
        let mut b = Budget {
            wtime: clock(0),
            btime: clock(1),
            winc: inc,
            binc: inc,
            nodes: rules.nodes,
            depth: rules.depth,
            deadline: clock(seat.idx()).map_or(NO_CLOCK_LIMIT, |t| t + MARGIN),
            ..Budget::default()
        };
        if self.seats > 2 {
            for s in 0..self.seats {
                b.seat_time[s] = clock(s);
                b.seat_inc[s] = inc;
            }
        }
        b
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

/// A loss for `loser` (and its team): the next seat of another team wins.
fn loss(variant: &AnyVariant, loser: Seat, termination: &'static str, detail: String) -> Verdict {
    let n = variant.seat_count();
    let winner = (1..n)
        .map(|i| Seat((loser.0 + i) % n))
        .find(|&s| variant.team(s) != variant.team(loser))
        .unwrap_or(loser.next(n));
    Verdict {
        winner: Some(winner),
        faulted: Some(loser),
        termination,
        detail,
    }
}

/// The verdict of an ending by the rules.
fn by_rules(outcome: Outcome) -> Verdict {
    let detail = match outcome {
        Outcome::Win { reason, .. } => reason.to_string(),
        Outcome::Draw(reason) => format!("draw by {reason:?}").to_lowercase(),
    };
    let winner = match outcome {
        Outcome::Win { winner, .. } => Some(winner),
        Outcome::Draw(_) => None,
    };
    Verdict {
        winner,
        faulted: None,
        termination: "normal",
        detail,
    }
}

/// Play a game from `start`; `players[s]` plays seat `s` (one per seat).
pub fn play(start: AnyGame, players: &mut [&mut dyn Player], rules: &Rules) -> (AnyGame, Verdict) {
    let mut game = start;
    let variant = game.variant().clone();
    for (s, p) in players.iter_mut().enumerate() {
        if let Err(f) = p.new_game() {
            let detail = format!("{} {f} before the game", p.name());
            return (game, loss(&variant, Seat(s as u8), "abandoned", detail));
        }
    }
    let mut clocks = Clocks::new(rules.tc, players.len());
    let mut scores: Vec<Option<i32>> = Vec::new();
    loop {
        if let Some(v) = ending(&game, &scores, rules) {
            return (game, v);
        }
        let player = &mut *players[game.turn().idx()];
        if let Err(v) = one_move(&mut game, player, &mut clocks, rules, &mut scores) {
            return (game, v);
        }
    }
}

/// Ask the side to move for a move and play it; a fault loses.
fn one_move(
    game: &mut AnyGame,
    player: &mut dyn Player,
    clocks: &mut Clocks,
    rules: &Rules,
    scores: &mut Vec<Option<i32>>,
) -> Result<(), Verdict> {
    let variant = game.variant().clone();
    let seat = game.turn();
    let name = player.name().to_string();
    let started = Instant::now();
    // Each player is handed its seat's view game: what it may see.
    let view = game.seen_by(Some(seat));
    let reply = player.think(&view, &clocks.budget(seat, rules));
    let spent = started.elapsed();
    let reply = reply.map_err(|f| match f {
        Fault::Timeout => loss(
            &variant,
            seat,
            "time forfeit",
            format!("{name} lost on time"),
        ),
        Fault::Crash(_) => loss(&variant, seat, "abandoned", format!("{name} {f}")),
        Fault::Protocol(_) => loss(&variant, seat, "rules infraction", format!("{name} {f}")),
    })?;
    if !clocks.charge(seat, spent) {
        let ms = spent.as_millis();
        return Err(loss(
            &variant,
            seat,
            "time forfeit",
            format!("{name} lost on time ({ms} ms)"),
        ));
    }
    game.play(&reply.uci).map_err(|e| {
        let detail = format!("{name} played illegal move '{}': {e}", reply.uci);
        loss(&variant, seat, "rules infraction", detail)
    })?;
    // Scores from the first seat's team's view; none in a free-for-all.
    let first_view = |s: i32| {
        if variant.team(seat) == variant.team(Seat(0)) {
            s
        } else {
            -s
        }
    };
    let two_teams = !variant.free_for_all();
    scores.push(reply.score.filter(|_| two_teams).map(first_view));
    Ok(())
}

/// The game's end, if it has come: by the rules, the ply cap or adjudication.
fn ending(game: &AnyGame, scores: &[Option<i32>], rules: &Rules) -> Option<Verdict> {
    if let Some(o) = game.outcome() {
        return Some(by_rules(o));
    }
    if game.ply() >= rules.max_plies as usize {
        if let Some(winner) = rules.ffa_standing.as_ref().and_then(|j| j.winner(game)) {
            return Some(Verdict {
                winner: Some(winner),
                faulted: None,
                termination: "adjudication",
                detail: format!("leading at the {}-ply cap", rules.max_plies),
            });
        }
        return Some(Verdict {
            winner: None,
            faulted: None,
            termination: "adjudication",
            detail: format!("draw at the {}-ply cap", rules.max_plies),
        });
    }
    let seats = game.variant().seat_count() as usize;
    adjudicate_win(scores, seats, rules)
        .or_else(|| adjudicate_draw(scores, seats, game.move_number(), rules))
}

/// The last `n` scores (white's view), if there are `n` and all were reported.
fn last_scores(scores: &[Option<i32>], n: usize) -> Option<Vec<i32>> {
    let tail = scores.get(scores.len().checked_sub(n)?..)?;
    tail.iter().copied().collect()
}

/// A win when every seat's last [`WIN_MOVES`] scores agree (the second
/// team's lowest seat is seat 1 in every variant so far).
fn adjudicate_win(scores: &[Option<i32>], seats: usize, rules: &Rules) -> Option<Verdict> {
    let limit = rules.adjudicate_win?;
    let last = last_scores(scores, seats * WIN_MOVES)?;
    let winner = if last.iter().all(|&s| s > limit) {
        Seat(0)
    } else if last.iter().all(|&s| s < -limit) {
        Seat(1)
    } else {
        return None;
    };
    Some(Verdict {
        winner: Some(winner),
        faulted: None,
        termination: "adjudication",
        detail: format!("both engines scored beyond {limit} cp for {WIN_MOVES} moves"),
    })
}

fn adjudicate_draw(
    scores: &[Option<i32>],
    seats: usize,
    fullmoves: u32,
    rules: &Rules,
) -> Option<Verdict> {
    let moves = rules.adjudicate_draw?;
    if fullmoves <= DRAW_AFTER_MOVE {
        return None;
    }
    let last = last_scores(scores, seats * moves as usize)?;
    last.iter().all(|s| s.abs() <= DRAW_CP).then(|| Verdict {
        winner: None,
        faulted: None,
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
        assert_eq!(adjudicate_win(&scores, 2, &rules), None);
        scores.push(Some(900));
        assert_eq!(
            adjudicate_win(&scores, 2, &rules).unwrap().winner,
            Some(Seat(0))
        );
        // Four seats: five rounds of four moves.
        assert_eq!(adjudicate_win(&scores, 4, &rules), None);
        scores.push(None);
        assert_eq!(adjudicate_win(&scores, 2, &rules), None);
        let quiet = vec![Some(5); 6];
        assert_eq!(adjudicate_draw(&quiet, 2, 40, &rules), None);
        assert_eq!(adjudicate_draw(&quiet, 2, 41, &rules).unwrap().winner, None);
        assert_eq!(adjudicate_draw(&quiet, 4, 41, &rules), None);
    }

    #[test]
    fn clocks_flag_past_the_margin() {
        let tc = TimeControl {
            base: Duration::from_millis(1000),
            inc: Duration::from_millis(100),
        };
        let mut c = Clocks::new(Some(tc), 2);
        assert!(c.charge(Seat(0), Duration::from_millis(1050)));
        assert_eq!(c.left[0], Duration::from_millis(100));
        assert!(!c.charge(Seat(1), Duration::from_millis(1200)));
    }
}
