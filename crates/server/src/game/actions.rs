//! What a game's task does with each command: every action is checked by
//! the rules crate, stored (compare-and-set on the action count), and only
//! then announced.

use super::actor::{Actor, Status, StoredSeat, now_ms};
use super::event::Audience;
use super::{ActError, Action, Auth, CatchUp, Command, Done, Since, Subscription};
use crate::bots::BotJob;
use crate::secret;
use crate::store::{GameUpdate, StoreError, StoredAction};
use serde_json::json;
use std::time::Instant;
use tetrarch_rules::family::view::SeatState;
use tetrarch_rules::{Outcome, Seat, WinReason};

/// The level of a bot that takes over an absent player's seat.
const STAND_IN_LEVEL: u8 = 4;

/// A seat as a member of a set of seats (as `Audience::Seats` holds them).
pub(super) fn bit(seat: u8) -> u32 {
    1 << seat
}

impl Actor {
    /// Handles one command.
    pub(super) async fn handle(&mut self, command: Command) {
        match command {
            Command::Subscribe {
                auth,
                since,
                presence,
                reply,
            } => {
                let _ = reply.send(self.subscribe(&auth, since, presence));
            }
            Command::Leave { seat } => self.leave(seat),
            Command::Act {
                auth,
                id,
                action,
                reply,
            } => {
                let answer = self.act(&auth, id, action).await;
                let _ = reply.send(answer);
            }
            Command::Join {
                seat,
                code,
                name,
                reply,
            } => {
                let _ = reply.send(self.join(seat, &code, name).await);
            }
            Command::State { auth, reply } => {
                let answer = self
                    .seat_of(&auth)
                    .map(|seat| Box::new(self.full_json(seat)));
                let _ = reply.send(answer);
            }
            Command::Export { auth, fen, reply } => {
                let answer = self.seat_of(&auth).map(|seat| {
                    if fen {
                        self.game.position_text_seen_by(seat.map(Seat))
                    } else {
                        self.record_seen_by(seat)
                    }
                });
                let _ = reply.send(answer);
            }
            Command::Lag { seat, ms } => {
                if let Some(s) = self.seats.get_mut(seat as usize) {
                    s.lag_ms = ms.clamp(0, 10_000);
                }
            }
            Command::History { auth, reply } => {
                let answer = self.seat_of(&auth).and_then(|seat| {
                    self.history(seat)
                        .map(|plies| serde_json::to_value(plies).expect("plies serialise"))
                        .map_err(|e| ActError::Storage(format!("the game does not replay: {e}")))
                });
                let _ = reply.send(answer);
            }
            Command::Shapes {
                seat,
                shapes,
                reply,
            } => {
                let _ = reply.send(Ok(self.share_shapes(seat, &shapes)));
            }
            Command::Bot { seq, text } => self.bot_moved(seq, text).await,
            Command::Yield => self.yielded = true,
        }
    }

    /// The seat `auth` speaks for (`None`: a spectator).
    fn seat_of(&self, auth: &Auth) -> Result<Option<u8>, ActError> {
        match auth {
            Auth::None => Ok(None),
            Auth::Seat(s) => Ok(Some(*s)),
            Auth::Token(token) => self.seat_of_hash(&secret::hash(token)),
            Auth::Hashed(hash) => self.seat_of_hash(hash),
        }
    }

    /// The seat whose token hashes to `hash`.
    fn seat_of_hash(&self, hash: &str) -> Result<Option<u8>, ActError> {
        // Every seat is compared, so the time taken says nothing about
        // which seat (if any) nearly matched.
        let mut found = None;
        for (i, seat) in self.seats.iter().enumerate() {
            if let Some(stored) = &seat.stored.token
                && secret::same(stored, hash)
            {
                found = Some(i as u8);
            }
        }
        found.map(Some).ok_or(ActError::BadToken)
    }

    fn subscribe(
        &mut self,
        auth: &Auth,
        since: Option<Since>,
        presence: bool,
    ) -> Result<Subscription, ActError> {
        let seat = self.seat_of(auth)?;
        if let (Some(s), true) = (seat, presence) {
            let rt = &mut self.seats[s as usize];
            rt.connections += 1;
            if rt.connections == 1 {
                rt.away_since = None;
                self.announce_seats();
            }
        }
        let events = self.events.subscribe();
        let missed = since
            .filter(|s| s.epoch == self.epoch)
            .and_then(|s| self.log.since(s.v, self.v));
        let catch_up = match missed {
            Some(events) => CatchUp::Events(
                events
                    .iter()
                    .filter_map(|e| e.for_viewer(seat).cloned())
                    .collect(),
            ),
            None => CatchUp::Full(Box::new(self.full_json(seat))),
        };
        Ok(Subscription {
            seat,
            epoch: self.epoch,
            v: self.v,
            catch_up,
            events,
        })
    }

    fn leave(&mut self, seat: u8) {
        if let Some(rt) = self.seats.get_mut(seat as usize) {
            rt.connections = rt.connections.saturating_sub(1);
            if rt.connections == 0 {
                rt.away_since = Some(Instant::now());
                self.announce_seats();
            }
        }
    }

    /// Checks who acts, answers resent actions, then applies.
    async fn act(
        &mut self,
        auth: &Auth,
        id: Option<u64>,
        action: Action,
    ) -> Result<Done, ActError> {
        let seat = self.seat_of(auth)?;
        if let Action::Chat { room, to, text } = action {
            return self.chat(seat, &room, to, &text);
        }
        let seat = seat.ok_or(ActError::NoToken)?;
        // A resent action: the same id with the same action (a client
        // that restarted its counter sends other actions under old ids).
        if let Some(id) = id
            && let Some((_, _, done)) = self.seats[seat as usize]
                .acks
                .iter()
                .find(|(i, a, _)| *i == id && *a == action)
        {
            return Ok(Done {
                duplicate: true,
                ..done.clone()
            });
        }
        let done = self.apply(seat, action.clone()).await?;
        if let Some(id) = id {
            let acks = &mut self.seats[seat as usize].acks;
            acks.retain(|(i, _, _)| *i != id);
            if acks.len() >= super::actor::ACK_KEPT {
                acks.pop_front();
            }
            acks.push_back((id, action, done.clone()));
        }
        Ok(done)
    }

    pub(super) fn done(&self, duplicate: bool) -> Done {
        Done {
            v: self.v,
            ply: self.game.ply(),
            duplicate,
        }
    }

    async fn apply(&mut self, seat: u8, action: Action) -> Result<Done, ActError> {
        if let Action::Rematch(yes) = action {
            return self.rematch(seat, yes).await;
        }
        // A move resent after it was played is answered, not replayed, even
        // when that move ended the game.
        if let Action::Move {
            text,
            ply: Some(ply),
        } = &action
            && self.was_played(text, *ply)
        {
            return Ok(self.done(true));
        }
        if self.status.over() {
            return Err(ActError::Over);
        }
        if action == Action::Abort {
            return self.abort(seat).await;
        }
        if self.status == Status::Created {
            return Err(ActError::NotStarted);
        }
        match action {
            Action::Move { text, ply } => self.play(seat, &text, ply).await,
            Action::Resign => {
                self.game
                    .resign(Seat(seat))
                    .map_err(|e| ActError::Refused("refused", e.to_string()))?;
                self.changed(seat, "resign", String::new()).await
            }
            Action::Draw(yes) => self.draw(seat, yes).await,
            Action::Takeback(yes) => self.takeback(seat, yes).await,
            Action::ClaimDraw => {
                self.game
                    .claim_draw(Seat(seat))
                    .map_err(|e| ActError::Refused("claim-refused", e.to_string()))?;
                self.changed(seat, "claim", String::new()).await
            }
            Action::ClaimWin => {
                self.game
                    .claim_win(Seat(seat))
                    .map_err(|e| ActError::Refused("claim-refused", e.to_string()))?;
                self.changed(seat, "claim-win", String::new()).await
            }
            Action::ClaimVictory => self.claim_victory(seat).await,
            Action::Abort | Action::Rematch(_) | Action::Chat { .. } => {
                unreachable!("handled above")
            }
        }
    }

    /// Whether `text` is the move already played at `ply`.
    fn was_played(&self, text: &str, ply: usize) -> bool {
        let played = self.game.moves();
        ply < played.len() && played[ply] == text
    }

    async fn play(&mut self, seat: u8, text: &str, ply: Option<usize>) -> Result<Done, ActError> {
        let now = Instant::now();
        if let Some(ply) = ply
            && ply != self.game.ply()
        {
            return Err(ActError::Stale(self.game.ply(), ply));
        }
        if self.game.turn().0 != seat {
            return Err(ActError::NotYourTurn(seat));
        }
        if let Some(flagged) = self.clocks.as_ref().and_then(|c| c.flagged(now)) {
            self.flag(flagged).await;
            return Err(ActError::Over);
        }
        // The game rolls the dice a move leaves due: each roll is a step
        // of its own, announced after the move (the stored move replays
        // them from the game's seed).
        let (mv, rolls) = self
            .game
            .play_rolling(text)
            .map_err(|e| ActError::Illegal(e.to_string()))?;
        self.moved[seat as usize] = true;
        let lag = self.seats[seat as usize].lag_ms;
        // A turn of several steps (France's extra moves, an assassin's pick)
        // keeps the seat to move: the increment comes once, with the step
        // that ends it.
        let turn_over = self.game.turn().0 != seat || self.game.outcome().is_some();
        if let Some(c) = self.clocks.as_mut() {
            c.stepped(seat, now, lag, turn_over);
        }
        let had_offers = self.offers.draw != 0 || self.offers.takeback.is_some();
        self.offers.moved();
        if self.game.outcome().is_some() {
            self.status = Status::Finished;
        }
        self.resume_clock(now);
        self.commit("move", seat as i64, mv.uci.clone()).await?;
        self.announce_move(seat, &mv);
        for roll in &rolls {
            self.announce_move(seat, roll);
        }
        if had_offers {
            self.announce_offers();
        }
        self.after_change();
        Ok(self.done(false))
    }

    /// A change other than a move (resignation, claim, draw, timeout) was
    /// made to the game: store and announce it.
    async fn changed(
        &mut self,
        seat: u8,
        kind: &'static str,
        data: String,
    ) -> Result<Done, ActError> {
        if self.game.outcome().is_some() {
            self.status = Status::Finished;
        }
        self.offers.moved();
        self.resume_clock(Instant::now());
        self.commit(kind, seat as i64, data).await?;
        self.announce_state(kind, seat);
        self.after_change();
        Ok(self.done(false))
    }

    async fn draw(&mut self, seat: u8, yes: bool) -> Result<Done, ActError> {
        if !yes {
            if self.offers.draw == 0 {
                return Err(ActError::Refused(
                    "no-offer",
                    "there is no draw offer".into(),
                ));
            }
            self.offers.draw = 0;
            self.announce_offers();
            return Ok(self.done(false));
        }
        self.offers.draw |= bit(seat);
        // Every seat still in agrees; bots never offer or accept.
        let needed = self.seats_in();
        if needed & !self.offers.draw == 0 {
            self.game
                .agree_draw()
                .map_err(|e| ActError::Refused("refused", e.to_string()))?;
            return self.changed(seat, "draw", String::new()).await;
        }
        self.announce_offers();
        Ok(self.done(false))
    }

    /// Seats still in the game (bots too).
    fn seats_in(&self) -> u32 {
        (0..self.seats.len() as u8)
            .filter(|&s| self.game.seat_state(Seat(s)) != SeatState::Out)
            .fold(0, |set, s| set | bit(s))
    }

    /// Seats of players (not bots) still in the game.
    fn players_in(&self) -> u32 {
        (0..self.seats.len() as u8)
            .filter(|&s| {
                self.seats[s as usize].stored.spec.bot.is_none()
                    && self.game.seat_state(Seat(s)) != SeatState::Out
            })
            .fold(0, |set, s| set | bit(s))
    }

    async fn takeback(&mut self, seat: u8, yes: bool) -> Result<Done, ActError> {
        if !yes {
            if self.offers.takeback.is_none() {
                return Err(ActError::Refused(
                    "no-offer",
                    "there is no takeback request".into(),
                ));
            }
            self.offers.takeback = None;
            self.announce_offers();
            return Ok(self.done(false));
        }
        let (by, mut agreed) = match self.offers.takeback {
            Some(t) => t,
            None => {
                if !self.moved[seat as usize] || self.game.ply() == 0 {
                    return Err(ActError::Refused(
                        "nothing-to-take-back",
                        "you have no move to take back".into(),
                    ));
                }
                (seat, 0)
            }
        };
        agreed |= bit(seat);
        self.offers.takeback = Some((by, agreed));
        // Every opponent still in agrees; bots always do.
        let team = self.variant.team(Seat(by));
        let opponents = self.players_in()
            & (0..self.seats.len() as u8)
                .filter(|&s| self.variant.team(Seat(s)) != team)
                .fold(0, |set, s| set | bit(s));
        if opponents & !agreed != 0 {
            self.announce_offers();
            return Ok(self.done(false));
        }
        // Take back until the asker is to move again.
        let mut undone = 0;
        while self.game.ply() > 0 && undone < self.seats.len() {
            self.game
                .undo()
                .map_err(|e| ActError::Refused("refused", e.to_string()))?;
            undone += 1;
            if self.game.turn().0 == by {
                break;
            }
        }
        self.offers = super::offers::Offers {
            rematch: self.offers.rematch,
            ..Default::default()
        };
        self.resume_clock(Instant::now());
        self.commit("undo", by as i64, undone.to_string()).await?;
        self.announce_takeback();
        self.announce_offers();
        self.after_change();
        Ok(self.done(false))
    }

    async fn abort(&mut self, seat: u8) -> Result<Done, ActError> {
        if self.moved.iter().all(|&m| m) {
            return Err(ActError::Refused(
                "too-late",
                "every seat has moved: the game can no longer be aborted".into(),
            ));
        }
        self.aborted = true;
        self.status = Status::Aborted;
        if let Some(c) = self.clocks.as_mut() {
            c.halt(Instant::now());
        }
        self.commit("abort", seat as i64, String::new()).await?;
        self.announce_end();
        self.after_change();
        Ok(self.done(false))
    }

    async fn claim_victory(&mut self, seat: u8) -> Result<Done, ActError> {
        let team = self.variant.team(Seat(seat));
        let absent: Vec<u8> = (0..self.seats.len() as u8)
            .filter(|&s| {
                self.variant.team(Seat(s)) != team
                    && self.game.seat_state(Seat(s)) != SeatState::Out
                    && self.absent(s as usize)
            })
            .collect();
        if absent.is_empty() {
            return Err(ActError::Refused(
                "claim-refused",
                "no opponent has been away long enough".into(),
            ));
        }
        if self.spec.absence != super::spec::AbsenceRule::Claim {
            return Err(ActError::Refused(
                "claim-refused",
                "in this game an absent player's seat goes to a bot".into(),
            ));
        }
        if self.variant.free_for_all() {
            // The others play on without the absent seats.
            for s in absent {
                self.game
                    .resign(Seat(s))
                    .map_err(|e| ActError::Refused("refused", e.to_string()))?;
                self.changed(s, "resign", "absent".into()).await?;
                if self.status.over() {
                    break;
                }
            }
            return Ok(self.done(false));
        }
        self.game
            .decide(Outcome::Win {
                winner: Seat(seat),
                reason: WinReason::Abandonment,
            })
            .map_err(|e| ActError::Refused("refused", e.to_string()))?;
        self.changed(seat, "abandon", String::new()).await
    }

    /// `seat`'s flag fell.
    pub(super) async fn flag(&mut self, seat: u8) {
        if self.status != Status::Started {
            return;
        }
        if let Some(c) = self.clocks.as_mut() {
            c.halt(Instant::now());
        }
        if self.game.time_out(Seat(seat)).is_err() {
            return;
        }
        if let Err(e) = self.changed(seat, "timeout", String::new()).await {
            tracing::warn!(game = %self.id, "timeout not stored: {e}");
        }
    }

    async fn rematch(&mut self, seat: u8, yes: bool) -> Result<Done, ActError> {
        if !self.status.over() {
            return Err(ActError::Refused("not-over", "the game is still on".into()));
        }
        if yes {
            self.offers.rematch |= bit(seat);
        } else {
            self.offers.rematch = 0;
        }
        let players = (0..self.seats.len() as u8)
            .filter(|&s| self.seats[s as usize].stored.spec.bot.is_none())
            .fold(0, |set, s| set | bit(s));
        if !yes || players & !self.offers.rematch != 0 {
            self.announce_offers();
            return Ok(self.done(false));
        }
        let id = self.start_rematch().await?;
        self.offers.rematch = 0;
        let v = self.next_v();
        self.emit(
            "rematch",
            Audience::All,
            json!({"t": "rematch", "v": v, "game": id}).to_string(),
            None,
        );
        Ok(self.done(false))
    }

    /// Creates the rematch: the same setup and seats, each player keeping
    /// their token.
    async fn start_rematch(&mut self) -> Result<String, ActError> {
        // The same setup with new dice.
        let spec = super::spec::GameSpec {
            seed: secret::random_u64(),
            ..self.spec.clone()
        };
        let game = super::spec::start(&self.variant, &spec)
            .map_err(|e| ActError::Refused("refused", e.to_string()))?;
        let seats: Vec<StoredSeat> = self
            .seats
            .iter()
            .map(|s| StoredSeat {
                invite: None,
                ..s.stored.clone()
            })
            .collect();
        let stored = super::actor::new_stored(secret::game_id(), &spec, &seats, false);
        self.ctx
            .store
            .create(&stored)
            .await
            .map_err(|e| ActError::Storage(e.to_string()))?;
        crate::context::start_created(&self.ctx, &stored, spec, game, seats).await;
        Ok(stored.id)
    }

    async fn join(
        &mut self,
        seat: u8,
        code: &str,
        name: Option<String>,
    ) -> Result<String, ActError> {
        let Some(rt) = self.seats.get(seat as usize) else {
            return Err(ActError::BadCode);
        };
        let valid = rt.stored.token.is_none()
            && rt
                .stored
                .invite
                .as_ref()
                .is_some_and(|h| secret::matches(code, h));
        if !valid {
            return Err(ActError::BadCode);
        }
        if let Some(n) = &name
            && (n.chars().count() > 40 || n.chars().any(char::is_control))
        {
            return Err(ActError::Refused(
                "bad-name",
                "a name is at most 40 printable characters".into(),
            ));
        }
        let token = secret::token();
        let before = self.seats[seat as usize].stored.clone();
        {
            let stored = &mut self.seats[seat as usize].stored;
            stored.token = Some(secret::hash(&token));
            stored.invite = None;
            if name.is_some() {
                stored.spec.name = name;
            }
        }
        let filled = self
            .seats
            .iter()
            .all(|s| s.stored.token.is_some() || s.stored.spec.bot.is_some());
        let status = if filled && self.status == Status::Created {
            Status::Started
        } else {
            self.status
        };
        let fence = self.fence.as_ref();
        let seats = self.stored_seats();
        let stored =
            self.ctx
                .store
                .update_seats_fenced(fence, &self.id, &seats, status.name(), now_ms());
        if let Err(e) = stored.await {
            self.seats[seat as usize].stored = before;
            if matches!(e, StoreError::Fenced(_)) {
                self.yielded = true;
                return Err(ActError::Gone);
            }
            return Err(ActError::Storage(e.to_string()));
        }
        let starts = status != self.status;
        self.status = status;
        self.resume_clock(Instant::now());
        self.announce_seats();
        if starts {
            // The pages that joined before the start hold no legal moves
            // (none are offered until then): the standing brings them.
            self.announce_state("start", seat);
        }
        self.publish_lobby();
        self.maybe_bot();
        Ok(token)
    }

    /// Hands the seats of absent players to bots.
    pub(super) async fn hand_absent_to_bots(&mut self) {
        let absent: Vec<usize> = (0..self.seats.len()).filter(|&s| self.absent(s)).collect();
        if absent.is_empty() {
            return;
        }
        for s in absent {
            self.seats[s].stored.spec.bot = Some(STAND_IN_LEVEL);
        }
        let fence = self.fence.as_ref();
        let seats = self.stored_seats();
        let status = self.status.name();
        let stored = self
            .ctx
            .store
            .update_seats_fenced(fence, &self.id, &seats, status, now_ms());
        if let Err(e) = stored.await {
            tracing::warn!(game = %self.id, "seat change not stored: {e}");
        }
        self.announce_seats();
        self.maybe_bot();
    }

    /// Stores the action just applied to the game (compare-and-set on
    /// the action count); on failure memory is rebuilt from storage.
    async fn commit(&mut self, kind: &str, seat: i64, data: String) -> Result<(), ActError> {
        let at_ms = now_ms();
        let clocks = self
            .clocks
            .as_ref()
            .map(|c| serde_json::to_string(&c.now(Instant::now())).expect("clocks serialise"));
        let action = StoredAction {
            seq: self.seq,
            kind: kind.to_string(),
            seat,
            data,
            clocks: clocks.clone(),
            at_ms,
        };
        let update = GameUpdate {
            status: self.status.name().to_string(),
            ply: self.game.ply() as i64,
            clocks,
            outcome: self
                .outcome_view()
                .map(|o| serde_json::to_string(&o).expect("outcome serialises")),
            at_ms,
        };
        let fence = self.fence.as_ref();
        match self
            .ctx
            .store
            .append_fenced(fence, &self.id, &action, &update)
            .await
        {
            Ok(()) => {
                self.seq += 1;
                Ok(())
            }
            Err(StoreError::Fenced(_)) => {
                // Another node owns the game now: nothing was written here;
                // this task ends and its watchers reconnect to the owner.
                tracing::warn!(game = %self.id, "lease lost: the game is given up");
                self.yielded = true;
                Err(ActError::Gone)
            }
            Err(e) => {
                tracing::error!(game = %self.id, "action not stored: {e}");
                self.reload().await;
                Err(ActError::Storage(e.to_string()))
            }
        }
    }

    /// After a stored change: the lobby and the bots.
    fn after_change(&mut self) {
        if self.status.over() {
            self.publish_lobby();
        }
        self.maybe_bot();
    }

    /// Asks the bot pool for a move when a bot is to move.
    pub(super) fn maybe_bot(&mut self) {
        if self.status != Status::Started || self.bot_thinking == Some(self.seq) {
            return;
        }
        let turn = self.game.turn().0;
        let Some(level) = self.seats[turn as usize].stored.spec.bot else {
            return;
        };
        self.bot_thinking = Some(self.seq);
        let clocks = self.clocks.as_ref().map(|c| c.now(Instant::now()));
        let increment = match self.spec.clock {
            Some(super::spec::ClockSpec::Fischer { increment_ms, .. }) => increment_ms,
            _ => 0,
        };
        let me = self.me.clone();
        let seq = self.seq;
        self.ctx.bots.submit(BotJob {
            // The bot's seat's view game: it searches what it may see.
            game: self.game.seen_by(Some(Seat(turn))),
            level,
            clocks_ms: clocks,
            increment_ms: increment,
            answer: Box::new(move |text| {
                let _ = me.send(Command::Bot { seq, text });
            }),
        });
    }

    async fn bot_moved(&mut self, seq: i64, text: Option<String>) {
        if self.bot_thinking == Some(seq) {
            self.bot_thinking = None;
        }
        if seq != self.seq || self.status != Status::Started {
            // The game moved on (a takeback, a resignation): ask again.
            self.maybe_bot();
            return;
        }
        let turn = self.game.turn().0;
        if self.seats[turn as usize].stored.spec.bot.is_none() {
            return;
        }
        let Some(text) = text else {
            tracing::warn!(game = %self.id, "the bot found no move");
            return;
        };
        if let Err(e) = self.play(turn, &text, None).await {
            tracing::warn!(game = %self.id, "bot move {text} refused: {e}");
        }
    }
}
