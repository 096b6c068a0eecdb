//! Games: a start position, the moves played and the positions they led
//! to, and the endings that need more than one position (repetition) or
//! the players (resignation, draw by agreement).
//!
//! ```
//! use tetrarch_rules::{DrawReason, Outcome, Variant, game::Game};
//! let chess = Variant::builtin("chess").unwrap();
//! let mut game = Game::<u64>::from_variant(&chess).unwrap();
//! for _ in 0..2 {
//!     for san in ["Nf3", "Nf6", "Ng1", "Ng8"] {
//!         game.play_san(san).unwrap();
//!     }
//! }
//! assert_eq!(game.repetitions(), 3);
//! assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
//! ```

use crate::attacks::HasSliders;
use crate::moves::Move;
use crate::notation::fen::FenError;
use crate::notation::pgn::PgnGame;
use crate::notation::pgn4::{Pgn4Error, Pgn4Game};
use crate::notation::san::{San, SanError, SanPlus};
use crate::notation::uci::UciMove;
use crate::outcome::{DrawReason, Outcome, WinReason};
use crate::piece::Seat;
use crate::position::Position;
use crate::variant::Variant;

/// Something a game cannot do.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game has ended.
    #[error("the game is over: {0}")]
    Over(Outcome),
    /// The move is not legal in the current position.
    #[error("{uci} is not a legal move in {fen}")]
    Illegal {
        /// The move in UCI.
        uci: String,
        /// The position.
        fen: String,
    },
    /// A SAN move that could not be read or played.
    #[error("move {number} {source}")]
    San {
        /// Half-move index from the start of the record, from 0.
        ply: usize,
        /// The move number as written in PGN: `12.` or `12...`.
        number: String,
        /// The move as written.
        san: String,
        /// Why it was refused.
        source: SanError,
    },
    /// The start position (a FEN tag, or the variant's own) is not valid.
    #[error("start position: {0}")]
    Fen(#[from] FenError),
    /// No seat of that number.
    #[error("there is no seat {0} in {1}")]
    NoSuchSeat(u8, String),
    /// An action defined for two-player games only.
    #[error("{0} is only defined for two-seat games")]
    TwoSeatsOnly(&'static str),
    /// A record whose result contradicts the mate or stalemate it ends in.
    #[error("{at}: the game ends in {ending}, so the result must be {expected}, not {claimed}")]
    ResultMismatch {
        /// The last move, like `move 17. Rd8#`, or `start position`.
        at: String,
        /// How the position ends the game, like `checkmate by white`.
        ending: String,
        /// The result it implies.
        expected: &'static str,
        /// The result the record gives.
        claimed: String,
    },
    /// A claim (impasse) whose conditions do not hold.
    #[error("claim refused: {0}")]
    ClaimRefused(String),
    /// Accepting a draw no one offered.
    #[error("there is no draw offer to accept")]
    NoDrawOffer,
    /// A seat accepting its own draw offer.
    #[error("seat {0} cannot accept its own draw offer")]
    OwnDrawOffer(u8),
}

/// A game of one variant at bitboard width `B`.
///
/// ```
/// use tetrarch_rules::{Outcome, Seat, Variant, WinReason, game::Game};
/// let chess = Variant::builtin("chess").unwrap();
/// let mut game = Game::<u64>::from_variant(&chess).unwrap();
/// for san in ["f3", "e5", "g4", "Qh4#"] {
///     game.play_san(san).unwrap();
/// }
/// assert_eq!(game.outcome(), Some(Outcome::Win { winner: Seat(1), reason: WinReason::Checkmate }));
/// assert_eq!(game.sans(), ["f3", "e5", "g4", "Qh4#"]);
/// assert!(game.play_san("Kf2").is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Game<B: HasSliders> {
    /// `positions[0]` is the start; `positions[i]` follows `moves[i - 1]`.
    positions: Vec<Position<B>>,
    moves: Vec<Move>,
    /// An ending decided by the players.
    decided: Option<Outcome>,
    draw_offer: Option<Seat>,
}

impl<B: HasSliders> Game<B> {
    /// A game from `start`.
    pub fn new(start: Position<B>) -> Game<B> {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            decided: None,
            draw_offer: None,
        }
    }

    /// A game from the variant's start position; an error if the board is
    /// too large for `B` or the variant's start FEN is invalid.
    ///
    /// ```
    /// use tetrarch_rules::{Variant, game::Game};
    /// let game = Game::<u64>::from_variant(&Variant::builtin("chess").unwrap()).unwrap();
    /// assert_eq!(game.position().legal_moves().len(), 20);
    /// ```
    pub fn from_variant(variant: &Variant) -> Result<Game<B>, GameError> {
        Ok(Game::new(Position::from_fen(variant, &variant.start_fen)?))
    }

    /// The start position.
    pub fn start(&self) -> &Position<B> {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position<B> {
        self.positions.last().expect("a game has a start position")
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The start position followed by the position after each move.
    pub fn positions(&self) -> &[Position<B>] {
        &self.positions
    }

    /// The seat with a standing draw offer, if any.
    pub fn draw_offer(&self) -> Option<Seat> {
        self.draw_offer
    }

    /// Play a legal move, unless the game is over. A move by another seat
    /// than the one offering a draw declines the offer.
    pub fn play(&mut self, m: Move) -> Result<(), GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::Over(o));
        }
        let pos = self.position();
        if !pos.is_legal(m) {
            return Err(GameError::Illegal {
                uci: UciMove::from_move(pos, m).to_string(),
                fen: pos.to_fen(),
            });
        }
        self.push(m);
        Ok(())
    }

    /// Append a legal move without asking whether the game is over.
    pub(crate) fn push(&mut self, m: Move) {
        let mover = self.position().turn();
        let mut next = self.position().clone();
        next.play_unchecked(m);
        self.positions.push(next);
        self.moves.push(m);
        if self.draw_offer.is_some_and(|s| s != mover) {
            self.draw_offer = None;
        }
    }

    /// Read a move in SAN and play it.
    ///
    /// ```
    /// use tetrarch_rules::{Variant, game::Game};
    /// let mut game = Game::<u64>::from_variant(&Variant::builtin("chess").unwrap()).unwrap();
    /// game.play_san("e4").unwrap();
    /// let err = game.play_san("Nd7").unwrap_err();
    /// assert_eq!(err.to_string(), "move 1... Nd7: no knight can move to d7");
    /// ```
    pub fn play_san(&mut self, san: &str) -> Result<Move, GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::Over(o));
        }
        let m = self.san_move(san)?;
        self.push(m);
        Ok(m)
    }

    /// The move `san` names in the current position. Variants with promoted
    /// piece kinds write their move lists in UCI form (see [`Game::sans`]),
    /// which is tried first there.
    fn san_move(&self, san: &str) -> Result<Move, GameError> {
        let pos = self.position();
        if pos.variant().pieces.iter().any(|p| p.promoted)
            && let Ok(m) = san
                .parse::<crate::notation::uci::UciMove>()
                .and_then(|u| u.to_move(pos))
        {
            return Ok(m);
        }
        san.parse::<San>()
            .and_then(|s| s.to_move(pos))
            .map_err(|source| GameError::San {
                ply: self.moves.len(),
                number: move_number(pos),
                san: san.to_string(),
                source,
            })
    }

    /// Each move as people see it in a move list: SAN with its check or
    /// mate mark, or, in variants with promoted piece kinds (shogi), which
    /// SAN has no letters for, the long algebraic UCI form (`a5a6+`, `P@e4`;
    /// see docs/rules.md).
    pub fn sans(&self) -> Vec<String> {
        let shogi_like = self.start().variant().pieces.iter().any(|p| p.promoted);
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(&m, pos)| {
                if shogi_like {
                    crate::notation::uci::UciMove::from_move(pos, m).to_string()
                } else {
                    SanPlus::from_move(pos, m).to_string()
                }
            })
            .collect()
    }

    /// How often the current position has occurred, counting it: same
    /// pieces, side to move, castling rights and capturable en passant.
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions
            .iter()
            .filter(|p| p.hash() == now.hash() && p.turn() == now.turn())
            .count()
    }

    /// `seat` resigns; in a two-seat game the other seat wins.
    ///
    /// ```
    /// use tetrarch_rules::{Outcome, Seat, Variant, WinReason, game::Game};
    /// let mut game = Game::<u64>::from_variant(&Variant::builtin("chess").unwrap()).unwrap();
    /// game.resign(Seat(0)).unwrap();
    /// assert_eq!(game.outcome(), Some(Outcome::Win { winner: Seat(1), reason: WinReason::Resignation }));
    /// assert!(game.play_san("e4").is_err());
    /// ```
    pub fn resign(&mut self, seat: Seat) -> Result<(), GameError> {
        self.check_action(seat, "resignation")?;
        self.decided = Some(Outcome::Win {
            winner: seat.next(2),
            reason: WinReason::Resignation,
        });
        Ok(())
    }

    /// `seat` offers a draw; it stands until the other seat moves.
    pub fn offer_draw(&mut self, seat: Seat) -> Result<(), GameError> {
        self.check_action(seat, "a draw offer")?;
        self.draw_offer = Some(seat);
        Ok(())
    }

    /// `seat` accepts the other seat's standing draw offer.
    ///
    /// ```
    /// use tetrarch_rules::{DrawReason, Outcome, Seat, Variant, game::Game};
    /// let mut game = Game::<u64>::from_variant(&Variant::builtin("chess").unwrap()).unwrap();
    /// game.play_san("e4").unwrap();
    /// game.offer_draw(Seat(0)).unwrap();
    /// assert!(game.accept_draw(Seat(0)).is_err());
    /// game.accept_draw(Seat(1)).unwrap();
    /// assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Agreement)));
    /// ```
    pub fn accept_draw(&mut self, seat: Seat) -> Result<(), GameError> {
        self.check_action(seat, "a draw by agreement")?;
        match self.draw_offer {
            None => Err(GameError::NoDrawOffer),
            Some(s) if s == seat => Err(GameError::OwnDrawOffer(seat.0)),
            Some(_) => {
                self.decided = Some(Outcome::Draw(DrawReason::Agreement));
                self.draw_offer = None;
                Ok(())
            }
        }
    }

    /// Withdraw or decline the standing draw offer.
    pub fn decline_draw(&mut self) {
        self.draw_offer = None;
    }

    fn check_action(&self, seat: Seat, what: &'static str) -> Result<(), GameError> {
        let v = self.position().variant();
        if seat.0 >= v.seat_count() {
            return Err(GameError::NoSuchSeat(seat.0, v.name.clone()));
        }
        if v.seat_count() != 2 {
            return Err(GameError::TwoSeatsOnly(what));
        }
        match self.outcome() {
            Some(o) => Err(GameError::Over(o)),
            None => Ok(()),
        }
    }

    /// Take back the last move, if any. This also cancels a resignation,
    /// an agreed draw and a standing draw offer.
    ///
    /// ```
    /// use tetrarch_rules::{Variant, game::Game};
    /// let mut game = Game::<u64>::from_variant(&Variant::builtin("chess").unwrap()).unwrap();
    /// let e4 = game.play_san("e4").unwrap();
    /// assert_eq!(game.undo(), Some(e4));
    /// assert_eq!(game.undo(), None);
    /// assert_eq!(game.position(), game.start());
    /// ```
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.decided = None;
        self.draw_offer = None;
        Some(m)
    }

    /// How the game ended, if it has: by the players (resignation,
    /// agreement), by the position (mate, stalemate, dead position, the
    /// fifty-move rule), or by repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.decided.is_some() {
            return self.decided;
        }
        let pos = self.position();
        if let Some(o) = pos.outcome() {
            return Some(o);
        }
        let times = pos.variant().rules.repetition?;
        if self.repetitions() < times as usize {
            return None;
        }
        if pos.variant().rules.perpetual_check_loses
            && let Some(checker) = self.perpetual_checker()
        {
            // The checker loses; with two seats the other one wins.
            let winner = Seat((checker.0 + 1) % pos.variant().seat_count());
            return Some(Outcome::Win {
                winner,
                reason: WinReason::PerpetualCheck,
            });
        }
        Some(Outcome::Draw(DrawReason::Repetition))
    }

    /// The seat whose moves all gave check from the first occurrence of
    /// the repeated position to now, if exactly one seat did.
    pub fn perpetual_checker(&self) -> Option<Seat> {
        let now = self.position();
        let first = self
            .positions
            .iter()
            .position(|p| p.hash() == now.hash() && p.turn() == now.turn())?;
        let span = &self.positions[first + 1..];
        let n = now.variant().seat_count();
        let checking: Vec<Seat> = (0..n)
            .map(Seat)
            .filter(|&s| {
                // Positions right after `s` moved: the next seat is to move.
                let after = span.iter().filter(|p| p.turn() == s.next(n));
                let mut any = false;
                let all = after.inspect(|_| any = true).all(|p| p.in_check());
                any && all
            })
            .collect();
        match checking.as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// `seat` claims a draw by impasse, where the variant allows it: both
    /// royal pieces stand in their own promotion zones and the claimant is
    /// not in check.
    pub fn claim_impasse(&mut self, seat: Seat) -> Result<(), GameError> {
        self.check_action(seat, "an impasse claim")?;
        let pos = self.position();
        let v = pos.variant();
        let r = pos.rules();
        if !v.rules.impasse {
            return Err(GameError::ClaimRefused(format!(
                "{} has no impasse rule",
                v.name
            )));
        }
        let entered = (0..v.seat_count()).all(|s| {
            let royals = pos.royals(Seat(s));
            !royals.is_empty() && (royals & !r.promotion_zone[s as usize]).is_empty()
        });
        if !entered {
            return Err(GameError::ClaimRefused(
                "both kings must stand in their promotion zones".into(),
            ));
        }
        if pos.turn() == seat && pos.in_check() {
            return Err(GameError::ClaimRefused(
                "a player in check cannot claim impasse".into(),
            ));
        }
        self.decided = Some(Outcome::Draw(DrawReason::Impasse));
        Ok(())
    }

    /// The game as PGN. `tags` come first (the caller's `Result` wins over
    /// the game's outcome); `FEN` and `SetUp` are added when the game did
    /// not start from the variant's start position, `Variant` for variants
    /// other than chess.
    ///
    /// ```
    /// use tetrarch_rules::{Variant, game::Game};
    /// let chess = Variant::builtin("chess").unwrap();
    /// let mut game = Game::<u64>::from_variant(&chess).unwrap();
    /// for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] {
    ///     game.play_san(san).unwrap();
    /// }
    /// let pgn = game.to_pgn(&[("White", "Me"), ("Black", "You")]);
    /// assert_eq!(pgn.tag("Result"), Some("1-0"));
    /// assert!(pgn.to_string().ends_with("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"));
    /// let back = Game::<u64>::from_pgn(&pgn, &chess).unwrap();
    /// assert_eq!(back.moves(), game.moves());
    /// ```
    pub fn to_pgn(&self, tags: &[(&str, &str)]) -> PgnGame {
        let mut g = PgnGame::default();
        for (name, value) in tags {
            g.set_tag(name, value);
        }
        let result = match g.tag("Result") {
            Some(r) => r.to_string(),
            None => self.outcome().map_or("*", |o| o.pgn_result()).to_string(),
        };
        g.set_tag("Result", &result);
        let v = self.start().variant();
        if v.name != "chess" && g.tag("Variant").is_none() {
            g.set_tag("Variant", &v.name);
        }
        let standard = Position::<B>::from_fen(v, &v.start_fen)
            .map(|p| p.to_fen())
            .ok();
        let fen = self.start().to_fen();
        if standard.as_deref() != Some(fen.as_str()) {
            g.set_tag("SetUp", "1");
            g.set_tag("FEN", &fen);
        }
        g.moves = self.sans();
        g.result = Some(result);
        g
    }

    /// Replay a PGN game of `variant`: from its `FEN` tag if it has one,
    /// else from the variant's start. Each move must name exactly one
    /// legal move. A record may go on past a draw nobody claimed
    /// (repetition, fifty moves); the moves are kept.
    ///
    /// ```
    /// use tetrarch_rules::{Variant, game::Game, notation::pgn::read_all};
    /// let chess = Variant::builtin("chess").unwrap();
    /// let pgn = read_all("[FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\"]\n1. O-O-O Ke7 *").unwrap().remove(0);
    /// let game = Game::<u64>::from_pgn(&pgn, &chess).unwrap();
    /// assert_eq!(game.position().to_fen(), "8/4k3/8/8/8/8/8/2KR4 w - - 2 2");
    /// let bad = read_all("1. e4 e5 2. Ke3 *").unwrap().remove(0);
    /// let err = Game::<u64>::from_pgn(&bad, &chess).unwrap_err();
    /// assert_eq!(err.to_string(), "move 2. Ke3: no king can move to e3");
    /// ```
    pub fn from_pgn(pgn: &PgnGame, variant: &Variant) -> Result<Game<B>, GameError> {
        let fen = pgn.tag("FEN").unwrap_or(&variant.start_fen);
        let mut game = Game::new(Position::from_fen(variant, fen)?);
        for san in &pgn.moves {
            let m = game.san_move(san)?;
            game.push(m);
        }
        Ok(game)
    }
}

impl<B: HasSliders> Game<B> {
    /// Replay a PGN4 record (chess.com's four-player notation, see
    /// [`crate::notation::pgn4`]) as a game of `variant`: from its
    /// `StartFen4` tag if it has one, else from the variant's start. Like
    /// [`Game::from_pgn`], a record may go on past a draw nobody claimed.
    /// Trailing `R`/`T` entries are not moves and leave no trace in the
    /// game ([`Pgn4Game::retirements`] names those players).
    ///
    /// ```
    /// use tetrarch_rules::{Variant, Wide, game::Game, notation::pgn4::Pgn4Game};
    /// let original = Variant::builtin("fourway-original").unwrap();
    /// let pgn: Pgn4Game = "1. h2-h3 .. b7-c7 .. h13-h12 .. m8-k8".parse().unwrap();
    /// let game = Game::<Wide>::from_pgn4(&pgn, &original).unwrap();
    /// assert_eq!(game.moves().len(), 4);
    /// let bad: Pgn4Game = "1. h2-h3 .. b7-c7 .. h13-h9".parse().unwrap();
    /// let err = Game::<Wide>::from_pgn4(&bad, &original).unwrap_err();
    /// assert!(err.to_string().starts_with("round 1, Yellow: 'h13-h9': not a legal move in Y-0,0,0,0-"));
    /// ```
    pub fn from_pgn4(pgn: &Pgn4Game, variant: &Variant) -> Result<Game<B>, Pgn4Error> {
        let (start, moves) = pgn.moves::<B>(variant)?;
        let mut game = Game::new(start);
        for m in moves {
            game.push(m);
        }
        Ok(game)
    }

    /// The game as a PGN4 record: `tags` first, then `Variant`,
    /// `StartFen4` (for a set-up start), `CurrentMove`, `CurrentPosition`
    /// and `Result`; see [`Pgn4Game::from_game`].
    ///
    /// ```
    /// use tetrarch_rules::{Variant, Wide, game::Game, notation::pgn4::Pgn4Game};
    /// let teams = Variant::builtin("fourway-teams").unwrap();
    /// let pgn: Pgn4Game = "1. h2-h4 .. b7-c7 .. h13-h12 .. m8-k8\n2. Qg1-j4".parse().unwrap();
    /// let game = Game::<Wide>::from_pgn4(&pgn, &teams).unwrap();
    /// let text = game.to_pgn4(&[("Red", "Me")]).to_string();
    /// assert!(text.starts_with("[Red \"Me\"]\n[Variant \"fourway-teams\"]\n"));
    /// assert!(text.ends_with("\n1. h2-h4 .. b7-c7 .. h13-h12 .. m8-k8\n2. Qg1-j4 *\n"));
    /// let back = Game::<Wide>::from_pgn4(&text.parse().unwrap(), &teams).unwrap();
    /// assert_eq!(back.moves(), game.moves());
    /// ```
    pub fn to_pgn4(&self, tags: &[(&str, &str)]) -> Pgn4Game {
        Pgn4Game::from_game(self, tags)
    }
}

impl<B: HasSliders> Game<B> {
    /// Check a recorded result against the final position: where the game
    /// ends in checkmate or stalemate, `claimed` (like `1-0`) must be the
    /// result that ending gives. Other endings (resignation, time,
    /// agreement, unfinished games) cannot be checked and pass.
    ///
    /// ```
    /// use tetrarch_rules::{Variant, game::Game, notation::pgn::read_all};
    /// let chess = Variant::builtin("chess").unwrap();
    /// let pgn = read_all("1. f3 e5 2. g4 Qh4# 1-0").unwrap().remove(0);
    /// let game = Game::<u64>::from_pgn(&pgn, &chess).unwrap();
    /// let err = game.verify_result(pgn.result()).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "move 2... Qh4#: the game ends in checkmate by black, so the result must be 0-1, not 1-0"
    /// );
    /// assert!(game.verify_result(Some("0-1")).is_ok());
    /// ```
    pub fn verify_result(&self, claimed: Option<&str>) -> Result<(), GameError> {
        let pos = self.position();
        let v = pos.variant();
        if v.seat_count() != 2 {
            return Ok(());
        }
        let Some(o) = pos.outcome() else {
            return Ok(());
        };
        let seat_name = |s: Seat| v.seats[s.idx()].name.clone();
        let ending = match o {
            Outcome::Win {
                winner,
                reason: WinReason::Checkmate,
            } => format!("checkmate by {}", seat_name(winner)),
            Outcome::Win {
                winner,
                reason: WinReason::Stalemate,
            } => format!("stalemate, won by {}", seat_name(winner)),
            Outcome::Draw(DrawReason::Stalemate) => "stalemate".to_string(),
            _ => return Ok(()),
        };
        let expected = o.pgn_result();
        let claimed = claimed.unwrap_or("*");
        if claimed == expected {
            return Ok(());
        }
        let at = match (self.moves.last(), self.positions.len()) {
            (Some(&m), n) if n >= 2 => {
                let before = &self.positions[n - 2];
                format!(
                    "move {} {}",
                    move_number(before),
                    SanPlus::from_move(before, m)
                )
            }
            _ => "start position".to_string(),
        };
        Err(GameError::ResultMismatch {
            at,
            ending,
            expected,
            claimed: claimed.to_string(),
        })
    }
}

/// The PGN move number of the move about to be played: `12.` or `12...`.
fn move_number<B: HasSliders>(pos: &Position<B>) -> String {
    if pos.turn().0 == 0 {
        format!("{}.", pos.fullmoves())
    } else {
        format!("{}...", pos.fullmoves())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_declines_a_standing_offer_and_undo_reopens_the_game() {
        let chess = Variant::builtin("chess").unwrap();
        let mut g = Game::<u64>::from_variant(&chess).unwrap();
        g.offer_draw(Seat(0)).unwrap();
        g.play_san("e4").unwrap();
        assert_eq!(
            g.draw_offer(),
            Some(Seat(0)),
            "the offerer's own move keeps it"
        );
        g.play_san("e5").unwrap();
        assert_eq!(g.draw_offer(), None);
        assert_eq!(g.accept_draw(Seat(0)), Err(GameError::NoDrawOffer));
        g.resign(Seat(1)).unwrap();
        assert!(g.outcome().is_some());
        assert!(matches!(g.resign(Seat(0)), Err(GameError::Over(_))));
        g.undo();
        assert_eq!(g.outcome(), None);
        assert!(matches!(
            g.resign(Seat(2)),
            Err(GameError::NoSuchSeat(2, _))
        ));
    }
}
