//! The task that owns one live game.

use super::clock::Clocks;
use super::event::{Audience, Event, EventLog};
use super::offers::Offers;
use super::render::{ChatView, OutcomeView};
use super::replay;
use super::spec::{AbsenceRule, GameSpec, SeatSpec};
use super::{Command, GameHandle};
use crate::context::Context;
use crate::store::{Fence, StoreError, StoredGame};
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tetrarch_rules::{AnyGame, AnyVariant};
use tokio::sync::{broadcast, mpsc};

/// How long a finished game's task stays after its last watcher left.
const LINGER: Duration = Duration::from_secs(30);
/// Events buffered per game for slow watchers (one that falls further
/// behind gets the full state).
const BROADCAST_CAPACITY: usize = 32;
/// Chat lines kept for the full state.
pub(super) const CHAT_KEPT: usize = 50;
/// Action ids remembered per seat, for resent actions.
pub(super) const ACK_KEPT: usize = 32;

/// A seat as stored: who plays it and the hashes of its secrets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredSeat {
    /// Who plays it.
    #[serde(flatten)]
    pub spec: SeatSpec,
    /// The hash of its token, once someone holds it.
    pub token: Option<String>,
    /// The hash of its invite code, while open.
    pub invite: Option<String>,
}

/// A new game as stored before any action: `created` while seats are
/// open, else `started`.
pub fn new_stored(id: String, spec: &GameSpec, seats: &[StoredSeat], open: bool) -> StoredGame {
    let now = now_ms();
    StoredGame {
        id,
        variant: spec.variant.clone(),
        spec: serde_json::to_string(spec).expect("spec serialises"),
        seats: serde_json::to_string(seats).expect("seats serialise"),
        status: if open { "created" } else { "started" }.into(),
        public: spec.public,
        seq: 0,
        ply: 0,
        clocks: None,
        outcome: None,
        created_ms: now,
        updated_ms: now,
    }
}

/// A seat at run time.
pub(super) struct SeatRt {
    pub stored: StoredSeat,
    /// Live connections counted as the seat's presence.
    pub connections: u32,
    /// Since when it has had none (`None`: connected, or never seen).
    pub away_since: Option<Instant>,
    /// Measured one-way lag.
    pub lag_ms: i64,
    /// Recent action ids and their answers.
    pub acks: VecDeque<(u64, super::Action, super::Done)>,
}

/// Where a game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Status {
    Created,
    Started,
    Finished,
    Aborted,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Created => "created",
            Status::Started => "started",
            Status::Finished => "finished",
            Status::Aborted => "aborted",
        }
    }
    pub fn over(self) -> bool {
        matches!(self, Status::Finished | Status::Aborted)
    }
}

/// The state of one live game.
pub(super) struct Actor {
    pub id: Arc<str>,
    pub spec: GameSpec,
    pub variant: AnyVariant,
    pub game: AnyGame,
    pub seats: Vec<SeatRt>,
    pub status: Status,
    /// Actions stored.
    pub seq: i64,
    /// Which seats have moved.
    pub moved: Vec<bool>,
    pub clocks: Option<Clocks>,
    pub offers: Offers,
    pub created_ms: i64,
    /// Version of the last event.
    pub v: u64,
    pub epoch: u64,
    pub log: EventLog,
    pub chat: VecDeque<(Audience, ChatView)>,
    pub events: broadcast::Sender<Arc<Event>>,
    pub ctx: Arc<Context>,
    /// Our own address, for bots' answers.
    pub me: mpsc::UnboundedSender<Command>,
    /// The action count a bot is thinking at.
    pub bot_thinking: Option<i64>,
    /// Set when over and nobody watches: the task ends then.
    pub idle_since: Option<Instant>,
    /// The outcome given by an abort.
    pub aborted: bool,
    /// Which seats the last seats event showed absent.
    pub absent_shown: Vec<bool>,
    /// The lease this node holds the game under (cluster mode only).
    pub fence: Option<Fence>,
    /// The lease is lost: the task ends.
    pub yielded: bool,
}

/// Milliseconds since the Unix epoch.
pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

impl Actor {
    fn new(
        ctx: Arc<Context>,
        stored: &StoredGame,
        replayed: replay::Replayed,
        seats: Vec<StoredSeat>,
        me: mpsc::UnboundedSender<Command>,
        fence: Option<Fence>,
    ) -> Actor {
        let variant = replayed.game.variant().clone();
        let count = variant.seat_count() as usize;
        let mut clocks = replayed.spec.clock.map(|c| Clocks::new(c, count));
        if let (Some(c), Some(left)) = (clocks.as_mut(), &replayed.clocks) {
            c.restore(left);
        }
        let status = if replayed.aborted {
            Status::Aborted
        } else if replayed.game.outcome().is_some() {
            Status::Finished
        } else if stored.status == "created" {
            Status::Created
        } else {
            Status::Started
        };
        let now = Instant::now();
        let (events, _) = broadcast::channel(BROADCAST_CAPACITY);
        Actor {
            id: Arc::from(stored.id.as_str()),
            spec: replayed.spec,
            variant,
            game: replayed.game,
            seats: seats
                .into_iter()
                .map(|stored| SeatRt {
                    stored,
                    connections: 0,
                    // Players count as away from the start: one who never
                    // connects becomes absent like one who left.
                    away_since: Some(now),
                    lag_ms: 0,
                    acks: VecDeque::new(),
                })
                .collect(),
            status,
            seq: stored.seq,
            moved: replayed.moved,
            clocks,
            offers: Offers::default(),
            created_ms: stored.created_ms,
            v: 0,
            epoch: crate::secret::random_u64() >> 12,
            log: EventLog::default(),
            chat: VecDeque::new(),
            events,
            ctx,
            me,
            bot_thinking: None,
            idle_since: None,
            aborted: status == Status::Aborted,
            absent_shown: vec![false; count],
            fence,
            yielded: false,
        }
    }

    /// The main loop: commands, the flag, absence and bot turns.
    async fn run(mut self, mut rx: mpsc::UnboundedReceiver<Command>) {
        self.resume_clock(Instant::now());
        self.publish_lobby();
        self.maybe_bot();
        let mut shutdown = self.ctx.shutdown.clone();
        loop {
            let wake = self.next_wake();
            tokio::select! {
                command = rx.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                _ = sleep_until(wake), if wake.is_some() => self.on_timer().await,
                _ = shutdown.changed() => break,
            }
            if self.yielded || self.finished_and_idle() {
                break;
            }
        }
        self.ctx.games.remove(&self.id);
        // Done with it (over and unwatched): any node may load it at once
        // rather than after the lease runs out. A node that stops releases
        // all its leases in one go; a lease lost is not ours to release.
        let stopping = *self.ctx.shutdown.borrow();
        if let (Some(cluster), Some(fence)) = (&self.ctx.cluster, &self.fence)
            && !self.yielded
            && !stopping
        {
            cluster.release(&self.id, fence);
        }
    }

    /// Starts the clock of the seat to move, if it runs.
    pub fn resume_clock(&mut self, now: Instant) {
        let turn = self.game.turn().0;
        let runs = self.status == Status::Started && self.moved[turn as usize];
        if let Some(c) = self.clocks.as_mut() {
            if runs {
                c.start(turn, now);
            } else {
                c.halt(now);
            }
        }
    }

    /// The earliest of the flag, an absence and the end of lingering.
    fn next_wake(&self) -> Option<Instant> {
        let mut wake = self.clocks.as_ref().and_then(Clocks::deadline);
        if self.status == Status::Started {
            for seat in &self.seats {
                if let (Some(since), None) = (seat.away_since, seat.stored.spec.bot) {
                    let at = since + Duration::from_millis(self.spec.absent_after_ms);
                    if at > Instant::now() {
                        wake = Some(wake.map_or(at, |w| w.min(at)));
                    }
                }
            }
        }
        if let Some(idle) = self.idle_since {
            let at = idle + LINGER;
            wake = Some(wake.map_or(at, |w| w.min(at)));
        }
        wake
    }

    fn finished_and_idle(&mut self) -> bool {
        if !self.status.over() || self.events.receiver_count() > 0 {
            self.idle_since = None;
            return false;
        }
        let since = *self.idle_since.get_or_insert_with(Instant::now);
        since.elapsed() >= LINGER
    }

    /// A clock fell or a player became absent.
    async fn on_timer(&mut self) {
        let now = Instant::now();
        if let Some(seat) = self.clocks.as_ref().and_then(|c| c.flagged(now)) {
            self.flag(seat).await;
        }
        if self.status == Status::Started && self.spec.absence == AbsenceRule::Bot {
            self.hand_absent_to_bots().await;
        }
        // Absence shows in the seats; announce the change once.
        let absent_now: Vec<bool> = (0..self.seats.len()).map(|s| self.absent(s)).collect();
        if absent_now.iter().any(|&a| a) {
            self.announce_seats_if_changed(absent_now);
        }
    }

    /// Whether seat `s` is absent: a player away for longer than allowed.
    pub fn absent(&self, s: usize) -> bool {
        let seat = &self.seats[s];
        seat.stored.spec.bot.is_none()
            && self.status == Status::Started
            && seat
                .away_since
                .is_some_and(|t| t.elapsed() >= Duration::from_millis(self.spec.absent_after_ms))
    }

    /// Sends `event` to the watchers, keeping it for reconnects.
    pub fn emit(
        &mut self,
        kind: &'static str,
        audience: Audience,
        json: String,
        seats: Option<Vec<String>>,
    ) {
        let event = Arc::new(Event {
            v: self.v,
            audience,
            json: Arc::from(json),
            seats: seats.map(|s| s.into_iter().map(Arc::from).collect()),
            kind,
        });
        self.log.push(event.clone());
        if let Some(cluster) = &self.ctx.cluster {
            cluster.publish_event(&self.id, self.epoch, &event);
        }
        // No receivers is fine: nobody watches.
        let _ = self.events.send(event);
    }

    /// The next event version.
    pub fn next_v(&mut self) -> u64 {
        self.v += 1;
        self.v
    }

    /// The stored form of the seats.
    pub fn stored_seats(&self) -> String {
        let seats: Vec<&StoredSeat> = self.seats.iter().map(|s| &s.stored).collect();
        serde_json::to_string(&seats).expect("seats serialise")
    }

    /// The outcome as stored and shown.
    pub fn outcome_view(&self) -> Option<OutcomeView> {
        if self.aborted {
            return Some(OutcomeView::aborted());
        }
        self.game
            .outcome()
            .map(|o| OutcomeView::of(&o, &self.variant))
    }

    /// Storage failed: rebuild from what is stored, so memory never holds
    /// what storage does not.
    pub async fn reload(&mut self) {
        if let Ok(Some((stored, replayed, seats))) = read(&self.ctx, &self.id).await {
            self.game = replayed.game;
            self.moved = replayed.moved;
            self.seq = stored.seq;
            self.aborted = replayed.aborted;
            for (rt, s) in self.seats.iter_mut().zip(seats) {
                rt.stored = s;
            }
            if let (Some(c), Some(left)) = (self.clocks.as_mut(), &replayed.clocks) {
                c.restore(left);
            }
            self.status = if self.aborted {
                Status::Aborted
            } else if self.game.outcome().is_some() {
                Status::Finished
            } else if stored.status == "created" {
                Status::Created
            } else {
                Status::Started
            };
            self.resume_clock(Instant::now());
        }
        self.send_full_to_all();
    }
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at.into()).await,
        None => std::future::pending().await,
    }
}

/// A stored game and its replay.
pub type Read = (StoredGame, replay::Replayed, Vec<StoredSeat>);

/// Reads game `id` from storage and replays it.
pub async fn read(ctx: &Context, id: &str) -> Result<Option<Read>, LoadError> {
    let Some(stored) = ctx.store.game(id).await? else {
        return Ok(None);
    };
    let actions = ctx.store.actions(id).await?;
    let replayed = replay::replay(&stored, &actions)?;
    let seats: Vec<StoredSeat> = serde_json::from_str(&stored.seats)
        .map_err(|e| LoadError::Seats(id.to_string(), e.to_string()))?;
    Ok(Some((stored, replayed, seats)))
}

/// Why a stored game could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Its actions do not replay.
    #[error(transparent)]
    Replay(#[from] replay::ReplayError),
    /// Its seats do not read.
    #[error("game {0}: seats: {1}")]
    Seats(String, String),
}

/// Starts the task of a game read from storage, held under `fence` in a
/// cluster.
pub fn start(
    ctx: &Arc<Context>,
    (stored, replayed, seats): Read,
    fence: Option<Fence>,
) -> GameHandle {
    let (tx, rx) = mpsc::unbounded_channel();
    let actor = Actor::new(ctx.clone(), &stored, replayed, seats, tx.clone(), fence);
    let handle = GameHandle::new(actor.id.clone(), tx, false);
    tokio::spawn(actor.run(rx));
    handle
}

/// Starts the task of a game just stored (in a cluster, under the lease
/// the caller took for it).
pub fn spawn_new(
    ctx: &Arc<Context>,
    stored: &StoredGame,
    spec: GameSpec,
    game: AnyGame,
    seats: Vec<StoredSeat>,
    fence: Option<Fence>,
) -> GameHandle {
    let count = game.variant().seat_count() as usize;
    let replayed = replay::Replayed {
        spec,
        game,
        moved: vec![false; count],
        clocks: None,
        aborted: false,
    };
    let id = stored.id.clone();
    let read = (stored.clone(), replayed, seats);
    ctx.games.get_or_start(&id, || start(ctx, read, fence))
}
