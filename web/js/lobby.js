// The lobby: create a game, see open games (with their invite links),
// games being played and finished games. The lists follow the server's
// lobby stream and are read again every few seconds as a fallback.

import { api, esc, saveToken, saveInvites, invitesFor } from "./api.js";
import { hasTeams, seatTitle } from "./seats.js";
import { clockText } from "./clock.js";

/** Time controls offered with one click: [label, initial minutes, increment seconds]. */
const PRESETS = [
  ["1+0", 1, 0],
  ["3+2", 3, 2],
  ["5+3", 5, 3],
  ["10+5", 10, 5],
  ["15+10", 15, 10],
  ["30+0", 30, 0],
];

const REFRESH_MS = 4000;

export async function showLobby(app) {
  document.title = "Tetrarch";
  app.innerHTML = `
    <div class="lobby">
      <section class="panel" aria-labelledby="create-h">
        <h2 id="create-h">New game</h2>
        <form id="create" novalidate>
          <div class="form-row">
            <label for="variant">Variant</label>
            <select id="variant" name="variant"></select>
            <p class="hint" id="variant-desc"></p>
          </div>
          <div class="form-row" id="start-row"></div>
          <div class="form-row" id="teams-row" hidden></div>
          <div class="form-row">
            <span class="label" id="clock-label">Time control</span>
            <div class="presets" role="group" aria-labelledby="clock-label" id="presets"></div>
            <div id="custom-clock" class="presets" hidden>
              <label>Minutes <input id="clock-min" type="number" min="0" max="600" step="0.5" value="10" style="width:5em"></label>
              <label>Increment (s) <input id="clock-inc" type="number" min="0" max="180" value="5" style="width:4.5em"></label>
            </div>
            <div id="days-clock" class="presets" hidden>
              <label>Days per move <input id="clock-days" type="number" min="1" max="14" value="2" style="width:4em"></label>
            </div>
          </div>
          <div class="form-row">
            <span class="label">Seats</span>
            <div class="seat-rows" id="seat-rows"></div>
          </div>
          <div class="form-row">
            <label for="my-name">Your name (optional)</label>
            <input id="my-name" maxlength="40" autocomplete="nickname">
          </div>
          <div class="form-row">
            <label for="chat-mode">Chat</label>
            <select id="chat-mode">
              <option value="open">open (players; spectators apart)</option>
              <option value="secret">secret (private, seat to seat)</option>
              <option value="closed">closed</option>
            </select>
          </div>
          <div class="form-row">
            <label><input type="checkbox" id="public" checked> Listed in the lobby</label>
          </div>
          <button type="submit" class="primary" id="create-button">Create game</button>
          <p class="entry-error" id="create-error" role="alert"></p>
        </form>
        <div id="created" class="created" aria-live="polite"></div>
      </section>
      <div class="lobby-lists">
        <section class="panel" aria-labelledby="open-h"><h2 id="open-h">Open games</h2><ul class="game-list" id="open-games"></ul></section>
        <section class="panel" aria-labelledby="live-h"><h2 id="live-h">Being played</h2><ul class="game-list" id="live-games"></ul></section>
        <section class="panel" aria-labelledby="done-h"><h2 id="done-h">Finished</h2><ul class="game-list" id="done-games"></ul></section>
      </div>
    </div>`;
  let variants;
  try {
    variants = (await api("/api/variants")).variants;
  } catch (err) {
    app.querySelector("#create").innerHTML = `<p class="notice error" role="alert"><strong>The variants could not be read.</strong> ${esc(err.message)}</p>`;
    variants = [];
  }
  if (variants.length) setupForm(app, variants);
  followLists(app, variants);
}

function setupForm(app, variants) {
  const form = app.querySelector("#create");
  const select = form.querySelector("#variant");
  form.querySelector("#my-name").value = localStorage.getItem("tetrarch.name") ?? "";
  select.innerHTML = variants.map((v) => `<option value="${esc(v.name)}">${esc(v.name)}</option>`).join("");
  const clock = { kind: "preset", initial_ms: 5 * 60000, increment_ms: 3000 };
  setupClock(form, clock);
  const onVariant = () => {
    const v = variants.find((x) => x.name === select.value);
    form.querySelector("#variant-desc").textContent = v.description;
    renderStart(form, v);
    renderTeams(form, v);
    renderSeats(form, v);
  };
  select.addEventListener("change", onVariant);
  onVariant();
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const v = variants.find((x) => x.name === select.value);
    await createGame(app, form, v, clock);
  });
}

/** Where the game starts: a FEN, or a numbered start for variants that number them. */
function renderStart(form, v) {
  const row = form.querySelector("#start-row");
  const numbered = v.numbered_starts
    ? `<label>Start position number (0-${v.numbered_starts - 1}, empty: drawn at random)
         <input id="start-number" type="number" min="0" max="${v.numbered_starts - 1}"></label>`
    : "";
  row.innerHTML = `${numbered}
    <label for="start-fen">Start position (${v.seats.length > 2 ? "FEN4" : "FEN"}, optional)</label>
    <input id="start-fen" placeholder="the variant's start" autocomplete="off" spellcheck="false">`;
}

/** What each optional rule a variant may turn on means, for people. */
const RULE_LABELS = {
  declare_check: "Checks must be declared: a player's last king is taken only after a check on the turn before",
};

/** Teams of the variant, and nations per seat where the variant has them. */
function renderTeams(form, v) {
  const row = form.querySelector("#teams-row");
  const parts = [];
  if (v.choose_partners) {
    // Seat 0 and the partner chosen for it make team 0; the others team 1.
    const [first, ...others] = v.seats;
    const across = v.seats.find((s) => s.seat !== first.seat && s.team === first.team);
    const opts = others
      .map((s) => `<option value="${s.seat}" ${s === across ? "selected" : ""}>${esc(seatTitle(v, s.seat))}${s === across ? " (across)" : ""}</option>`)
      .join("");
    parts.push(`<label for="partner">${esc(seatTitle(v, first.seat))}'s partner</label><select id="partner">${opts}</select>`);
  } else if (hasTeams(v)) {
    const teams = new Map();
    for (const s of v.seats) teams.set(s.team, [...(teams.get(s.team) ?? []), seatTitle(v, s.seat)]);
    parts.push(`<span class="label">Partners</span><p class="hint">${[...teams.values()].map((t) => esc(t.join(" + "))).join(" against ")}</p>`);
  }
  if (Array.isArray(v.nations) && v.nations.length) {
    parts.push(`<span class="label">Nations</span>`);
    for (const s of v.seats) {
      // The first nation the server lists (the base game's army) is chosen
      // unless a player picks another.
      const opts = v.nations
        .map((n, i) => `<option value="${esc(n.id)}" title="${esc(n.power)}" ${i === 0 ? "selected" : ""}>${esc(n.name)} (${esc(n.era)})</option>`)
        .join("");
      parts.push(`<label>${esc(seatTitle(v, s.seat))} <select class="nation" data-seat="${s.seat}"><option value="">drawn at random</option>${opts}</select></label>`);
    }
  }
  for (const rule of v.optional_rules ?? []) {
    parts.push(`<label><input type="checkbox" class="option-rule" value="${esc(rule)}"> ${esc(RULE_LABELS[rule] ?? rule)}</label>`);
  }
  row.hidden = parts.length === 0;
  row.innerHTML = parts.join("");
}

function renderSeats(form, v) {
  const rows = form.querySelector("#seat-rows");
  rows.innerHTML = v.seats
    .map(
      (s, i) => `
      <div class="seat-row" data-seat="${s.seat}">
        <label for="seat-kind-${s.seat}">${esc(seatTitle(v, s.seat))}</label>
        <select id="seat-kind-${s.seat}" class="seat-kind">
          <option value="me" ${i === 0 ? "selected" : ""}>me</option>
          <option value="open" ${i !== 0 ? "selected" : ""}>invite</option>
          <option value="bot">bot</option>
        </select>
        <label class="bot-level" hidden>level <select class="seat-level" aria-label="bot level for ${esc(s.name)}">
          ${[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `<option ${n === 4 ? "selected" : ""}>${n}</option>`).join("")}
        </select></label>
      </div>`,
    )
    .join("");
  for (const row of rows.querySelectorAll(".seat-row")) {
    const kind = row.querySelector(".seat-kind");
    const level = row.querySelector(".bot-level");
    kind.addEventListener("change", () => (level.hidden = kind.value !== "bot"));
  }
}

function setupClock(form, clock) {
  const box = form.querySelector("#presets");
  const choices = [...PRESETS.map(([label]) => label), "custom", "days", "none"];
  box.innerHTML = choices
    .map((c) => `<button type="button" data-clock="${c}" aria-pressed="${c === "5+3"}">${c === "days" ? "correspondence" : c === "none" ? "no clock" : c}</button>`)
    .join("");
  box.addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (!b) return;
    for (const x of box.querySelectorAll("button")) x.setAttribute("aria-pressed", x === b);
    const c = b.dataset.clock;
    form.querySelector("#custom-clock").hidden = c !== "custom";
    form.querySelector("#days-clock").hidden = c !== "days";
    const preset = PRESETS.find(([label]) => label === c);
    clock.kind = preset ? "preset" : c;
    if (preset) {
      clock.initial_ms = preset[1] * 60000;
      clock.increment_ms = preset[2] * 1000;
    }
  });
}

/** The clock as the API takes it, or an error for people. */
function clockBody(form, clock) {
  if (clock.kind === "none") return null;
  if (clock.kind === "days") {
    const days = Number(form.querySelector("#clock-days").value);
    if (!(days >= 1 && days <= 14)) throw new Error("Days per move must be between 1 and 14.");
    return { days_per_move: days };
  }
  if (clock.kind === "custom") {
    const min = Number(form.querySelector("#clock-min").value);
    const inc = Number(form.querySelector("#clock-inc").value);
    if (!(min >= 0) || !(inc >= 0) || (min === 0 && inc === 0)) {
      throw new Error("A clock needs some time: minutes or an increment above zero.");
    }
    return { initial_ms: Math.round(min * 60000), increment_ms: Math.round(inc * 1000) };
  }
  return { initial_ms: clock.initial_ms, increment_ms: clock.increment_ms };
}

function requestBody(form, v, clock) {
  const name = form.querySelector("#my-name").value.trim();
  if (name) localStorage.setItem("tetrarch.name", name);
  const seats = [...form.querySelectorAll(".seat-row")].map((row) => {
    const kind = row.querySelector(".seat-kind").value;
    if (kind === "bot") return { kind, level: Number(row.querySelector(".seat-level").value) };
    return kind === "me" && name ? { kind, name } : { kind };
  });
  const body = { variant: v.name, clock: clockBody(form, clock), seats, public: form.querySelector("#public").checked };
  const fen = form.querySelector("#start-fen").value.trim();
  if (fen) body.fen = fen;
  const number = form.querySelector("#start-number");
  if (number) {
    const n = number.value === "" ? Math.floor(Math.random() * v.numbered_starts) : Number(number.value);
    body.number = n;
  }
  const options = [...form.querySelectorAll(".option-rule:checked")].map((c) => c.value);
  if (options.length) body.options = options;
  const partner = form.querySelector("#partner");
  if (partner) {
    const p = Number(partner.value);
    body.teams = v.seats.map((s, i) => (i === 0 || s.seat === p ? 0 : 1));
  }
  const nations = [...form.querySelectorAll(".nation")];
  // A nation left to chance is drawn here, from the nations the variant offers.
  if (nations.length) {
    body.nations = nations.map((s) => s.value || s.options[1 + Math.floor(Math.random() * (s.options.length - 1))].value);
  }
  const chat = form.querySelector("#chat-mode").value;
  if (chat !== "open") body.chat = chat;
  return body;
}

async function createGame(app, form, v, clock) {
  const error = form.querySelector("#create-error");
  const button = form.querySelector("#create-button");
  error.textContent = "";
  let body;
  try {
    body = requestBody(form, v, clock);
  } catch (err) {
    error.textContent = err.message;
    return;
  }
  button.disabled = true;
  try {
    const game = await api("/api/games", { method: "POST", body });
    for (const s of game.seats) if (s.token) saveToken(game.id, s.seat, s.token);
    saveInvites(game.id, game.seats.filter((s) => s.invite).map((s) => ({ seat: s.seat, url: s.invite })));
    showCreated(app, v, game);
  } catch (err) {
    error.textContent = `The game was not created: ${err.message}`;
  } finally {
    button.disabled = false;
  }
}

/** Absolute form of a link the server gave (it may give a path). */
function absolute(url) {
  return new URL(url, location.origin).href;
}

function inviteHtml(v, seat, url) {
  return `<div class="invite"><span>${esc(seatTitle(v, seat))}</span>
    <input readonly value="${esc(absolute(url))}" aria-label="invite link for ${esc(seatTitle(v, seat))}" data-invite-seat="${seat}">
    <button type="button" class="copy" data-copy="${esc(absolute(url))}">Copy</button></div>`;
}

function showCreated(app, v, game) {
  const box = app.querySelector("#created");
  const invites = game.seats.filter((s) => s.invite);
  const mine = game.seats.filter((s) => s.token);
  box.innerHTML = `<div class="notice" data-created="${esc(game.id)}">
    <p><strong>Game created.</strong> ${invites.length ? "Send each invite link to the player of that seat." : ""}</p>
    ${invites.map((s) => inviteHtml(v, s.seat, s.invite)).join("")}
    <p><a class="primary" id="go-game" href="${esc(game.url ?? `/game/${game.id}`)}">${mine.length ? "Go to the game" : "Watch the game"}</a></p></div>`;
  bindCopy(box);
}

function bindCopy(root) {
  root.addEventListener("click", async (e) => {
    const b = e.target.closest("button.copy");
    if (!b) return;
    try {
      await navigator.clipboard.writeText(b.dataset.copy);
      b.textContent = "Copied";
    } catch {
      // Without clipboard access (an insecure origin), select the text instead.
      b.previousElementSibling?.select();
      b.textContent = "Press Ctrl+C";
    }
    setTimeout(() => (b.textContent = "Copy"), 1500);
  });
}

function clockLabel(c) {
  if (!c) return "no clock";
  if (c.days_per_move) return `${c.days_per_move} days/move`;
  return `${clockText(c.initial_ms)}+${Math.round((c.increment_ms ?? 0) / 1000)}`;
}

function seatsLabel(g, v) {
  return (g.seats ?? [])
    .map((s) => {
      const who = s.kind === "bot" ? `bot ${s.level}` : s.kind === "open" ? "open" : s.player ?? "player";
      return `${v ? esc(seatTitle(v, s.seat)) : `seat ${s.seat + 1}`}: ${esc(who)}`;
    })
    .join(", ");
}

function gameItem(g, variants, kind) {
  const v = variants.find((x) => x.name === g.variant);
  const href = g.url ?? `/game/${g.id}`;
  // Invite links are known to the browser that created the game: it shows them to copy.
  const open = new Set((g.seats ?? []).filter((s) => s.kind === "open").map((s) => s.seat));
  const invites = invitesFor(g.id)
    .filter((i) => open.has(i.seat))
    .map((i) => inviteHtml(v ?? { seats: [] }, i.seat, i.url));
  const outcome = g.outcome ? ` — ${esc(outcomeLabel(g.outcome, v))}` : "";
  const action = kind === "open" ? "Open" : kind === "live" ? "Watch" : "Review";
  return `<li data-game="${esc(g.id)}"><strong>${esc(g.variant)}</strong> <span>${esc(clockLabel(g.clock))}</span>
    <span class="hint">${seatsLabel(g, v)}${outcome}</span> <a href="${esc(href)}">${action}</a>${invites.join("")}</li>`;
}

export function outcomeLabel(outcome, v) {
  const winners = outcome.winners ?? [];
  const who = winners.length ? `${winners.map((s) => (v ? seatTitle(v, s) : `seat ${s + 1}`)).join(" and ")} won` : "draw";
  return `${who}${outcome.reason ? ` (${outcome.reason})` : ""}`;
}

function fillList(ul, games, variants, kind, empty) {
  ul.innerHTML = games.length ? games.map((g) => gameItem(g, variants, kind)).join("") : `<li class="empty">${empty}</li>`;
}

/** Keep the three lists current while the lobby is shown: open and
 * live games from the lobby's socket (polled when it is down), finished
 * games read again every few seconds. */
function followLists(app, variants) {
  const lists = {
    open: app.querySelector("#open-games"),
    live: app.querySelector("#live-games"),
    done: app.querySelector("#done-games"),
  };
  for (const ul of Object.values(lists)) bindCopy(ul);
  const shown = () => document.body.contains(lists.open);
  const showLobby = (games) => {
    fillList(lists.open, games.filter((g) => g.status === "created"), variants, "open", "No open games: create one.");
    fillList(lists.live, games.filter((g) => g.status === "started"), variants, "live", "No games being played.");
  };
  const failed = (err) => {
    lists.open.innerHTML = `<li class="empty" role="alert">The lobby could not be read: ${esc(err.message)}</li>`;
  };
  let socketUp = false;
  const connect = () => {
    if (!shown()) return;
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss:" : "ws:"}//${location.host}/api/lobby/ws`);
    ws.onmessage = (e) => {
      socketUp = true;
      const msg = JSON.parse(e.data);
      if (msg.t === "lobby") showLobby(msg.games);
    };
    ws.onclose = () => {
      socketUp = false;
      setTimeout(connect, 3000);
    };
    const watch = setInterval(() => {
      if (!shown()) {
        clearInterval(watch);
        ws.close();
      }
    }, 1000);
  };
  connect();
  const loop = async () => {
    if (!shown()) return;
    try {
      if (!socketUp) showLobby(listOf(await api("/api/lobby")));
      const done = listOf(await api("/api/games?status=finished&limit=20"));
      fillList(lists.done, done, variants, "done", "No finished games yet.");
    } catch (err) {
      failed(err);
    }
    setTimeout(loop, REFRESH_MS);
  };
  loop();
}

/** Lists come as arrays or as `{games: [...]}`. */
function listOf(x) {
  return Array.isArray(x) ? x : x?.games ?? [];
}
