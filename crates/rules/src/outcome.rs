//! How games end: wins and draws a position decides by itself. Draws that
//! need the game's history (repetition) or the players (agreement,
//! resignation) live in [`crate::game`].

use crate::attacks::HasSliders;
use crate::piece::{Kind, Seat};
use crate::position::Position;
use crate::variant::{MateRule, StalemateRule};
use std::fmt;

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser's royal piece is attacked and no move saves it.
    Checkmate,
    /// The loser cannot move, and the variant scores that as a loss.
    Stalemate,
    /// The loser resigned.
    Resignation,
    /// The loser's checks alone produced a repetition, where the variant
    /// forbids perpetual check.
    PerpetualCheck,
    /// Regicide: every royal piece of the losing team was captured.
    KingsCaptured,
    /// The loser's time ran out.
    Timeout,
    /// The loser left the game and did not come back.
    Abandonment,
    /// The winner's counter reached the variant's goal (three checks).
    CounterGoal,
    /// Every other player is out (draughts: no legal move on their turn).
    LastPlayer,
    /// The winner has the most points at the end (chess.com's free-for-all).
    Points,
    /// One of the last two players claimed the win with the variant's lead.
    PointsLead,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can ever mate (dead position).
    InsufficientMaterial,
    /// The fifty-move rule.
    FiftyMoves,
    /// The same position occurred the variant's number of times.
    Repetition,
    /// The players agreed.
    Agreement,
    /// A player claimed impasse: both kings stand in their promotion zones.
    Impasse,
    /// Regicide free-for-all: no king is left.
    NoKings,
    /// Draughts: no capture and no man moved for the variant's number of moves.
    NoProgress,
    /// A game that scores points ended with two or more seats sharing the
    /// most points.
    EqualPoints,
}

impl WinReason {
    /// The reason as an identifier: `checkmate`, `timeout`, ...
    ///
    /// ```
    /// use tetrarch_rules::WinReason;
    /// assert_eq!(WinReason::KingsCaptured.name(), "kings-captured");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            WinReason::Checkmate => "checkmate",
            WinReason::Stalemate => "stalemate",
            WinReason::Resignation => "resignation",
            WinReason::PerpetualCheck => "perpetual-check",
            WinReason::KingsCaptured => "kings-captured",
            WinReason::Timeout => "timeout",
            WinReason::Abandonment => "abandonment",
            WinReason::CounterGoal => "counter-goal",
            WinReason::LastPlayer => "last-player",
            WinReason::Points => "points",
            WinReason::PointsLead => "points-lead",
        }
    }
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WinReason::Checkmate => "checkmate",
            WinReason::Stalemate => "stalemate (a loss in this variant)",
            WinReason::Resignation => "resignation",
            WinReason::PerpetualCheck => "perpetual check (the checker loses)",
            WinReason::KingsCaptured => "the opposing kings were captured",
            WinReason::Timeout => "time ran out",
            WinReason::Abandonment => "the other side left the game",
            WinReason::CounterGoal => "reached the variant's goal",
            WinReason::LastPlayer => "every other player is out",
            WinReason::Points => "the most points at the end",
            WinReason::PointsLead => "a claimed lead in points",
        })
    }
}

impl DrawReason {
    /// The reason as an identifier: `stalemate`, `fifty-moves`, ...
    pub fn name(self) -> &'static str {
        match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::InsufficientMaterial => "insufficient-material",
            DrawReason::FiftyMoves => "fifty-moves",
            DrawReason::Repetition => "repetition",
            DrawReason::Agreement => "agreement",
            DrawReason::Impasse => "impasse",
            DrawReason::NoKings => "no-kings",
            DrawReason::NoProgress => "no-progress",
            DrawReason::EqualPoints => "equal-points",
        }
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::InsufficientMaterial => "insufficient material",
            DrawReason::FiftyMoves => "the fifty-move rule",
            DrawReason::Repetition => "repetition",
            DrawReason::Agreement => "agreement",
            DrawReason::Impasse => "impasse",
            DrawReason::NoKings => "the loss of every king",
            DrawReason::NoProgress => "no capture and no man moving for too long",
            DrawReason::EqualPoints => "equal points at the top",
        })
    }
}

/// The result of a finished game.
///
/// ```
/// use tetrarch_rules::{Outcome, Position, Variant, WinReason, Seat};
/// let chess = Variant::builtin("chess").unwrap();
/// let mate = Position::<u64>::from_fen(&chess, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1").unwrap();
/// assert_eq!(mate.outcome(), Some(Outcome::Win { winner: Seat(0), reason: WinReason::Checkmate }));
/// assert_eq!(Position::<u64>::start(&chess).outcome(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One seat (with its team) won.
    Win {
        /// The winner.
        winner: Seat,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw(DrawReason),
}

impl Outcome {
    /// Why the game ended, as an identifier (`checkmate`, `agreement`).
    pub fn reason_name(&self) -> &'static str {
        match self {
            Outcome::Win { reason, .. } => reason.name(),
            Outcome::Draw(reason) => reason.name(),
        }
    }

    /// The PGN result string for two-seat games: `1-0`, `0-1` or `1/2-1/2`.
    pub fn pgn_result(&self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Seat(0), ..
            } => "1-0",
            Outcome::Win { .. } => "0-1",
            Outcome::Draw(_) => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "seat {} wins by {reason:?}", winner.0),
            Outcome::Draw(reason) => write!(f, "draw by {reason:?}"),
        }
    }
}

impl<B: HasSliders> Position<B> {
    /// The outcome this position decides by itself: checkmate, stalemate,
    /// dead position, or the fifty-move rule (mate on the last move counts).
    pub fn outcome(&self) -> Option<Outcome> {
        let v = self.variant();
        if self.rules.multi {
            return self.outcome_multi();
        }
        if self.rules.seat_state
            && let Some(winner) = self.counter_winner()
        {
            return Some(Outcome::Win {
                winner,
                reason: WinReason::CounterGoal,
            });
        }
        if self.count_legal_moves() == 0 {
            let n = v.seat_count();
            let previous = Seat((self.turn.0 + n - 1) % n);
            return Some(if self.in_check() {
                Outcome::Win {
                    winner: previous,
                    reason: WinReason::Checkmate,
                }
            } else {
                match v.rules.stalemate {
                    StalemateRule::Draw => Outcome::Draw(DrawReason::Stalemate),
                    StalemateRule::Loss => Outcome::Win {
                        winner: previous,
                        reason: WinReason::Stalemate,
                    },
                    StalemateRule::Win => Outcome::Win {
                        winner: self.turn,
                        reason: WinReason::Stalemate,
                    },
                }
            });
        }
        if v.rules.insufficient_material && self.is_insufficient_material() {
            return Some(Outcome::Draw(DrawReason::InsufficientMaterial));
        }
        if self.fifty_moves_passed() {
            return Some(Outcome::Draw(DrawReason::FiftyMoves));
        }
        None
    }

    /// Whether the fifty-move rule applies: that many moves by every seat
    /// without a capture or a pawn move.
    pub(crate) fn fifty_moves_passed(&self) -> bool {
        let seats = u32::from(self.rules.seats());
        self.variant()
            .rules
            .fifty_move
            .is_some_and(|n| u32::from(self.halfmoves) >= seats * u32::from(n))
    }

    /// Outcomes with more than two seats: a team wins when every opposing
    /// team is out (its seats have lost their royal pieces, captured or
    /// removed after mate; with `team_out = "one-seat"`, one of them has).
    /// Where checkmate wins, a side to move that is mated loses for its
    /// team, and the team of a seat giving the check wins.
    fn outcome_multi(&self) -> Option<Outcome> {
        if self.rules.scoring {
            return self.outcome_scored();
        }
        let v = self.variant();
        if self.teams_decided() {
            let standing = self.standing_seats();
            if standing == 0 {
                return Some(Outcome::Draw(DrawReason::NoKings));
            }
            return Some(Outcome::Win {
                winner: Seat(standing.trailing_zeros() as u8),
                reason: if self.won_at_goal() {
                    WinReason::CounterGoal
                } else if v.rules.flags_to_win > 0 {
                    WinReason::LastPlayer
                } else if v.rules.regicide {
                    WinReason::KingsCaptured
                } else {
                    WinReason::Checkmate
                },
            });
        }
        if self.count_legal_moves() == 0 {
            let checkers = self.checkers();
            if v.rules.check && v.rules.checkmate == MateRule::Wins && !checkers.is_empty() {
                let checker = self.piece_at(checkers.lsb()).map_or(self.turn, |p| p.seat);
                let team = self.team_seats(checker);
                return Some(Outcome::Win {
                    winner: Seat(team.trailing_zeros() as u8),
                    reason: WinReason::Checkmate,
                });
            }
            return Some(Outcome::Draw(DrawReason::Stalemate));
        }
        if self.fifty_moves_passed() {
            return Some(Outcome::Draw(DrawReason::FiftyMoves));
        }
        None
    }

    /// Whether no seat has the material to ever mate: only royals, lone
    /// leapers (a knight against nothing that could block), and colour-bound
    /// pieces all on one colour. The piece classes come from movement, so
    /// the rule carries over to any variant's pieces.
    pub fn is_insufficient_material(&self) -> bool {
        (0..self.rules.seats()).all(|s| self.seat_cannot_mate(Seat(s)))
    }

    fn seat_cannot_mate(&self, seat: Seat) -> bool {
        let v = self.variant();
        let class = |k: usize| PieceClass::of(&v.pieces[k]);
        if (0..self.rules.kinds).any(|k| self.hand(seat, Kind(k as u8)) > 0) {
            // A piece in hand can be dropped anywhere: never dead.
            return false;
        }
        let mut own_minor_leapers = B::EMPTY;
        let mut colour_bound = B::EMPTY;
        for k in 0..self.rules.kinds {
            let mine = self.pieces(seat, Kind(k as u8));
            if mine.is_empty() {
                continue;
            }
            match class(k) {
                PieceClass::Royal => {}
                PieceClass::Leaper => own_minor_leapers |= mine,
                PieceClass::ColourBound => colour_bound |= mine,
                PieceClass::Major | PieceClass::Queen => return false,
            }
        }
        let others = self.occupied() & !self.by_seat[seat.idx()];
        if !own_minor_leapers.is_empty() {
            // A lone leaper mates only with help from an enemy piece that blocks its king.
            let helpers = (0..self.rules.kinds)
                .filter(|&k| {
                    matches!(
                        class(k),
                        PieceClass::Leaper | PieceClass::ColourBound | PieceClass::Major
                    )
                })
                .fold(B::EMPTY, |b, k| b | self.by_kind[k]);
            return (self.by_seat[seat.idx()] & !self.royals(seat)).count() == 1
                && (others & helpers).is_empty();
        }
        if !colour_bound.is_empty() {
            let geo = &v.geometry;
            let all_bound = (0..self.rules.kinds)
                .filter(|&k| class(k) == PieceClass::ColourBound)
                .fold(B::EMPTY, |b, k| b | self.by_kind[k]);
            let light = all_bound.iter().filter(|&c| {
                let sq = geo.square(c);
                (sq.file() + sq.rank()) % 2 == 1
            });
            let light = light.count() as u32;
            let same_colour = light == 0 || light == all_bound.count();
            let no_help = (0..self.rules.kinds)
                .filter(|&k| matches!(class(k), PieceClass::Leaper | PieceClass::Major))
                .all(|k| self.by_kind[k].is_empty());
            return same_colour && no_help;
        }
        true
    }
}

/// Material classes for the dead-position rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PieceClass {
    Royal,
    /// Only plain leaps, not colour-bound: a knight.
    Leaper,
    /// Every step keeps the square colour: a bishop.
    ColourBound,
    /// Rides in both line directions: a queen.
    Queen,
    /// Anything else, pawns included.
    Major,
}

impl PieceClass {
    fn of(p: &crate::piece::PieceInfo) -> PieceClass {
        let steps = &p.movement.steps;
        if p.royal {
            PieceClass::Royal
        } else if p.pawn {
            PieceClass::Major
        } else if steps.iter().all(|s| (s.dx + s.dy) % 2 == 0) {
            PieceClass::ColourBound
        } else if steps.iter().all(|s| s.is_plain_leap()) {
            PieceClass::Leaper
        } else if steps.iter().any(|s| s.range == 0 && s.dx != 0 && s.dy != 0)
            && steps
                .iter()
                .any(|s| s.range == 0 && (s.dx == 0 || s.dy == 0))
        {
            PieceClass::Queen
        } else {
            PieceClass::Major
        }
    }
}
