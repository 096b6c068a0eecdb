// Chat by the game's communication mode: rooms the server offers this
// viewer (players, spectators, team, private to one seat), one tab each.

import { esc } from "./api.js";
import { partners, seatTitle } from "./seats.js";

/** The rooms a viewer may write to, by the game's communication mode:
 * none when closed; spectators have their own room; players have theirs
 * (open) or private lines to each other seat (secret), and a team room
 * when they have partners. */
export function rooms(page) {
  const m = page.model;
  const mode = m?.chat_mode ?? "open";
  if (!m || mode === "closed") return [];
  const me = page.mySeats[0];
  if (me === undefined) return [{ key: "spectators", room: "spectators", label: "Spectators" }];
  const list = [];
  if (mode === "open") list.push({ key: "players", room: "players", label: "Players" });
  if (partners(page.variant, me).length) list.push({ key: "team", room: "team", label: "Team" });
  if (mode === "secret") {
    for (const s of page.variant.seats) {
      if (s.seat !== me) list.push({ key: `private-${s.seat}`, room: "private", to: s.seat, label: `To ${seatTitle(page.variant, s.seat)}` });
    }
  }
  return list;
}

/** The room key of a chat line as the viewer files it. */
function keyOf(page, line) {
  if (line.room !== "private") return line.room;
  const me = page.mySeats[0];
  return `private-${line.from === me ? line.to : line.from}`;
}

function fromName(page, line) {
  if (line.from === null || line.from === undefined) return "spectator";
  return seatTitle(page.variant, line.from);
}

export function renderChat(box, page) {
  const list = rooms(page);
  if (!list.length) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const current = list.find((r) => r.key === page.chatRoom) ?? list[0];
  page.chatRoom = current.key;
  const lines = (page.model.chat ?? []).filter((line) => keyOf(page, line) === current.key);
  const typing = box.querySelector("#chat-input")?.value ?? "";
  const focused = document.activeElement?.id === "chat-input";
  box.innerHTML = `<h2>Chat</h2>
    <div class="tabs" role="tablist">${list
      .map((r) => `<button type="button" role="tab" data-room="${esc(r.key)}" aria-selected="${r.key === current.key}">${esc(r.label)}</button>`)
      .join("")}</div>
    <div class="chat-log" role="log" aria-live="polite">${lines
      .map((m) => `<p><span class="from">${esc(fromName(page, m))}:</span> ${esc(m.text)}</p>`)
      .join("")}</div>
    <form class="chat-form"><label class="visually-hidden" for="chat-input">Message</label>
      <input id="chat-input" maxlength="500" placeholder="Say something" value="${esc(typing)}"><button type="submit">Send</button></form>`;
  const log = box.querySelector(".chat-log");
  log.scrollTop = log.scrollHeight;
  if (focused) box.querySelector("#chat-input").focus();
  box.querySelector(".tabs").onclick = (e) => {
    const b = e.target.closest("button[data-room]");
    if (!b) return;
    page.chatRoom = b.dataset.room;
    renderChat(box, page);
  };
  box.querySelector(".chat-form").onsubmit = (e) => {
    e.preventDefault();
    const input = box.querySelector("#chat-input");
    const text = input.value.trim();
    if (!text) return;
    page.socket.chat(current, text);
    input.value = "";
  };
}
