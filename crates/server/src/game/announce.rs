//! What a game tells its subscribers: per-viewer events for moves,
//! takebacks and state changes, the full state, and the lobby entry.

use super::actor::{Actor, Status};
use super::event::Audience;
use super::render::{
    FullState, MoveEvent, SeatView, Standing, StateEvent, TakebackEvent, seat_views,
};
use super::spec::SeatSpec;
use crate::lobby::LobbyEntry;
use serde_json::json;
use std::time::Instant;
use tetrarch_rules::Seat;
use tetrarch_rules::family::view::{BoardView, MoveView};

impl Actor {
    /// The spectators' board, and each seat's when they differ (or when
    /// the game hides something from some viewer: its move lists differ).
    pub(super) fn boards(&self) -> (BoardView, Option<Vec<BoardView>>) {
        let all = self.game.view(None);
        let seats: Vec<BoardView> = (0..self.seats.len() as u8)
            .map(|s| self.game.view(Some(Seat(s))))
            .collect();
        if seats.iter().all(|b| *b == all) && !self.game.hides_from(None) {
            (all, None)
        } else {
            (all, Some(seats))
        }
    }

    pub(super) fn legal(&self) -> Vec<MoveView> {
        if self.status == Status::Started {
            self.game.legal_moves()
        } else {
            Vec::new()
        }
    }

    pub(super) fn clocks_now(&self) -> Option<Vec<i64>> {
        self.clocks.as_ref().map(|c| c.now(Instant::now()))
    }

    pub(super) fn running(&self) -> Option<u8> {
        self.clocks.as_ref().and_then(|c| c.running())
    }

    /// An event rendered for every viewer: spectators get their board (with
    /// no legal moves when seats see different boards), and where they do,
    /// each seat gets its own board, with the legal moves for the seat to
    /// move only.
    pub(super) fn per_viewer(
        &self,
        render: impl Fn(Option<u8>, &BoardView, &[MoveView]) -> String,
    ) -> (String, Option<Vec<String>>) {
        let (board, per_seat) = self.boards();
        let legal = self.legal();
        let turn = self.game.turn().0;
        let json = render(None, &board, if per_seat.is_some() { &[] } else { &legal });
        let seats = per_seat.map(|boards| {
            boards
                .iter()
                .enumerate()
                .map(|(s, b)| {
                    let legal: &[MoveView] = if s as u8 == turn { &legal } else { &[] };
                    render(Some(s as u8), b, legal)
                })
                .collect()
        });
        (json, seats)
    }

    /// Where the game stands now, with `board` and `legal` for one viewer.
    fn standing<'a>(
        &self,
        clocks: Option<&'a [i64]>,
        board: &'a BoardView,
        legal: &'a [MoveView],
    ) -> Standing<'a> {
        Standing {
            ply: self.game.ply(),
            turn: self.game.turn().0,
            clocks_ms: clocks,
            running: self.running(),
            board,
            legal,
            status: self.status.name(),
        }
    }

    pub(super) fn announce_move(&mut self, seat: u8, mv: &MoveView) {
        let v = self.next_v();
        let clocks = self.clocks_now();
        let outcome = self.outcome_view();
        // A step a viewer did not see (a hidden knight's) is `?` to it.
        let seen = |viewer: Option<u8>| {
            let uci = self.game.moves_seen_by(viewer.map(Seat));
            uci.last().is_none_or(|m| m != tetrarch_rules::UNSEEN)
        };
        // Its move-list text is written in the viewer's view where the
        // game hides something from it (a check mark would tell).
        let san = |viewer: Option<u8>| {
            let texts = self.game.display_moves_seen_by(viewer.map(Seat));
            texts.last().cloned().unwrap_or_default()
        };
        let render = |viewer: Option<u8>, board: &BoardView, legal: &[MoveView]| {
            let shown = seen(viewer);
            let unseen = tetrarch_rules::UNSEEN;
            let hidden = self.game.hides_from(viewer.map(Seat));
            let text = if hidden { san(viewer) } else { mv.san.clone() };
            serde_json::to_string(&MoveEvent {
                t: "move",
                v,
                seat,
                uci: if shown { &mv.uci } else { unseen },
                san: if shown { &text } else { unseen },
                standing: self.standing(clocks.as_deref(), board, legal),
                outcome: outcome.as_ref(),
            })
            .expect("events serialise")
        };
        let (json, seats) = self.per_viewer(render);
        self.emit("move", Audience::All, json, seats);
        if self.status.over() {
            self.announce_end();
        }
    }

    pub(super) fn announce_takeback(&mut self) {
        let v = self.next_v();
        let clocks = self.clocks_now();
        let render = |viewer: Option<u8>, board: &BoardView, legal: &[MoveView]| {
            let viewer = viewer.map(Seat);
            serde_json::to_string(&TakebackEvent {
                t: "takeback",
                v,
                moves: &self.game.moves_seen_by(viewer),
                san: &self.game.display_moves_seen_by(viewer),
                standing: self.standing(clocks.as_deref(), board, legal),
            })
            .expect("events serialise")
        };
        let (json, seats) = self.per_viewer(render);
        self.emit("takeback", Audience::All, json, seats);
    }

    /// A change without a move, named by what happened (`resign`,
    /// `timeout`, `claim`, `draw`, `abandon`).
    pub(super) fn announce_state(&mut self, kind: &'static str, seat: u8) {
        let v = self.next_v();
        let clocks = self.clocks_now();
        let outcome = self.outcome_view();
        let render = |_: Option<u8>, board: &BoardView, legal: &[MoveView]| {
            serde_json::to_string(&StateEvent {
                t: "state",
                v,
                what: kind,
                seat,
                standing: self.standing(clocks.as_deref(), board, legal),
                outcome: outcome.as_ref(),
            })
            .expect("events serialise")
        };
        let (json, seats) = self.per_viewer(render);
        self.emit("state", Audience::All, json, seats);
        if self.status.over() {
            self.announce_end();
        }
    }

    pub(super) fn announce_end(&mut self) {
        let v = self.next_v();
        let mut message = json!({
            "t": "end",
            "v": v,
            "status": self.status.name(),
            "outcome": self.outcome_view(),
            "clocks_ms": self.clocks_now(),
        });
        // The game decided: the true record is everyone's now. A viewer that
        // saw a view of it (`?` for a step, the pool of a cargo, unknown
        // cards) gets it here, not only after a reload.
        if self.game.outcome().is_some() {
            message["moves"] = json!(self.game.moves());
            message["san"] = json!(self.game.display_moves());
            message["fen"] = json!(self.game.position_text());
        }
        self.emit("end", Audience::All, message.to_string(), None);
    }

    pub(super) fn announce_offers(&mut self) {
        let v = self.next_v();
        let mut message = serde_json::to_value(self.offers.view()).expect("offers serialise");
        message["t"] = json!("offers");
        message["v"] = json!(v);
        self.emit("offers", Audience::All, message.to_string(), None);
    }

    pub(super) fn announce_seats(&mut self) {
        let v = self.next_v();
        let message = json!({
            "t": "seats",
            "v": v,
            "status": self.status.name(),
            "seats": self.seat_views(),
        });
        self.emit("seats", Audience::All, message.to_string(), None);
        self.absent_shown = (0..self.seats.len()).map(|s| self.absent(s)).collect();
    }

    pub(super) fn announce_seats_if_changed(&mut self, absent_now: Vec<bool>) {
        if absent_now != self.absent_shown {
            self.announce_seats();
        }
    }

    /// Everyone gets the full state again (after storage failed).
    pub(super) fn send_full_to_all(&mut self) {
        let v = self.next_v();
        let message = json!({"t": "resync", "v": v});
        self.emit("resync", Audience::All, message.to_string(), None);
    }

    pub(super) fn seat_views(&self) -> Vec<SeatView> {
        seat_views(
            &self.variant,
            self.seats.iter().enumerate().map(|(i, s)| {
                let kind = match (&s.stored.spec, &s.stored.token) {
                    (SeatSpec { bot: Some(_), .. }, _) => "bot",
                    (_, Some(_)) => "player",
                    (_, None) => "open",
                };
                (
                    s.stored.spec.name.clone(),
                    kind,
                    s.stored.spec.bot,
                    s.connections > 0,
                    self.absent(i),
                    self.game.seat_state(Seat(i as u8)),
                )
            }),
        )
    }

    /// The full state as `viewer` sees it, as JSON.
    pub(super) fn full_json(&self, viewer: Option<u8>) -> serde_json::Value {
        serde_json::to_value(self.full_state(viewer)).expect("the state serialises")
    }

    /// The full state as `viewer` sees it.
    pub(super) fn full_state(&self, viewer: Option<u8>) -> FullState {
        let (board, per_seat) = self.boards();
        let turn = self.game.turn().0;
        let (board, legal) = match (&per_seat, viewer) {
            (Some(boards), Some(s)) => (
                boards[s as usize].clone(),
                if s == turn { self.legal() } else { Vec::new() },
            ),
            (Some(_), None) => (board, Vec::new()),
            (None, _) => (board, self.legal()),
        };
        FullState {
            id: self.id.to_string(),
            v: self.v,
            epoch: self.epoch,
            variant: self.spec.variant.clone(),
            variant_view: self.variant.view(),
            options: self.spec.options.clone(),
            nations: self.spec.nations.clone(),
            status: self.status.name(),
            turn,
            ply: self.game.ply(),
            // While the game runs, what the viewer may see (the true
            // position and moves once it is over).
            fen: self.game.position_text_seen_by(viewer.map(Seat)),
            start_fen: self.game.start_text_seen_by(viewer.map(Seat)),
            moves: self.game.moves_seen_by(viewer.map(Seat)),
            san: self.game.display_moves_seen_by(viewer.map(Seat)),
            seats: self.seat_views(),
            clock: self.spec.clock,
            clocks_ms: self.clocks_now(),
            running: self.running(),
            legal,
            board,
            offers: self.offers.view(),
            outcome: self.outcome_view(),
            chat: self
                .chat
                .iter()
                .filter(|(a, _)| a.includes(viewer))
                .map(|(_, line)| line.clone())
                .collect(),
            you: viewer,
            public: self.spec.public,
        }
    }

    /// Shows the game in the lobby (public games not over) or removes it.
    pub(super) fn publish_lobby(&self) {
        if !self.spec.public || self.status.over() {
            self.ctx.lobby.remove(&self.id);
            if let Some(cluster) = &self.ctx.cluster {
                cluster.publish_lobby(&self.id, None);
            }
            return;
        }
        let entry = LobbyEntry {
            id: self.id.to_string(),
            variant: self.spec.variant.clone(),
            status: self.status.name(),
            clock: self.spec.clock,
            seats: self.seat_views(),
            created_ms: self.created_ms,
        };
        self.ctx.lobby.upsert(&entry);
        if let Some(cluster) = &self.ctx.cluster {
            cluster.publish_lobby(&entry.id, Some(&entry));
        }
    }
}
