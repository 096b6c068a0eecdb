//! Chat: who may say what to whom, by the game's chat mode.

use super::actions::bit;
use super::actor::Actor;
use super::event::Audience;
use super::render::ChatView;
use super::spec::ChatMode;
use super::{ActError, Done};
use serde_json::json;
use tetrarch_rules::Seat;

/// The longest chat message, in characters.
const CHAT_MAX: usize = 500;

impl Actor {
    pub(super) fn chat(
        &mut self,
        seat: Option<u8>,
        room: &str,
        to: Option<u8>,
        text: &str,
    ) -> Result<Done, ActError> {
        let refuse = |m: &str| Err(ActError::Refused("chat-refused", m.to_string()));
        let text = text.trim();
        if text.is_empty() || text.chars().count() > CHAT_MAX || text.chars().any(char::is_control)
        {
            return refuse("a chat message is 1 to 500 printable characters");
        }
        let mode = self.spec.chat;
        let audience = match (mode, room, seat) {
            (ChatMode::Closed, _, _) => return refuse("chat is closed in this game"),
            (ChatMode::Open, "players", Some(_)) => Audience::Players,
            (ChatMode::Open, "spectators", None) => Audience::Spectators,
            (ChatMode::Open, "spectators", Some(_)) => {
                return refuse("players do not write in the spectators' room");
            }
            (_, "team", Some(s)) => {
                let team = self.variant.team(Seat(s));
                let mates = (0..self.seats.len() as u8)
                    .filter(|&o| self.variant.team(Seat(o)) == team)
                    .fold(0, |set, o| set | bit(o));
                if mates == bit(s) {
                    return refuse("you have no partner in this game");
                }
                Audience::Seats(mates)
            }
            (ChatMode::Secret, "private", Some(s)) => match to {
                Some(t) if (t as usize) < self.seats.len() && t != s => {
                    Audience::Seats(bit(s) | bit(t))
                }
                _ => return refuse("a private message needs another seat in 'to'"),
            },
            (_, _, None) => return Err(ActError::NoToken),
            _ => return refuse("no such chat room in this game"),
        };
        let v = self.next_v();
        let line = ChatView {
            v,
            room: room.to_string(),
            from: seat,
            to: if room == "private" { to } else { None },
            text: text.to_string(),
        };
        let mut message = serde_json::to_value(&line).expect("chat serialises");
        message["t"] = json!("chat");
        self.emit("chat", audience, message.to_string(), None);
        if self.chat.len() >= super::actor::CHAT_KEPT {
            self.chat.pop_front();
        }
        self.chat.push_back((audience, line));
        Ok(self.done(false))
    }
}
