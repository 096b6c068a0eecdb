// The game page: the board, the seats and their clocks, the move list,
// the actions, chat, and the dialogs, all drawn from one model that the
// game's socket keeps current.

import { api, apiText, esc, tokensFor, saveToken, announce, ApiError } from "./api.js";
import { Board } from "./board.js";
import { Clocks, clockText } from "./clock.js";
import { dieSvg, rolledFace } from "./dice.js";
import { matchMove } from "./entry.js";
import { cargoPool, cellPowers, consentNote, moveLetters, pickOf, picksPieces, powerButton, powerLabel } from "./powers.js";
import { GameSocket } from "./net.js";
import { movingSeats } from "./model.js";
import { pieceIcon } from "./pieces.js";
import { nationName, partners, seatClass, seatTitle } from "./seats.js";
import { outcomeLabel } from "./lobby.js";
import { playTurnSound } from "./sound.js";
import { showFatal } from "./app.js";
import { renderChat } from "./chat.js";

/** Below this a clock is shown as running low. */
const LOW_MS = 20000;

export async function showGame(app, id, params, sub) {
  // An invite link: take the seat, keep its token, then show the plain game link.
  const joining = inviteFrom(params, sub);
  if (joining) {
    const ok = await join(id, joining);
    if (!ok) return;
  }
  const tokens = tokensFor(id);
  let summary;
  try {
    summary = await api(`/api/games/${encodeURIComponent(id)}`);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      showFatal("No such game", `There is no game '${id}' on this server. The link may be mistyped, or the game was never created.`);
    } else {
      showFatal("The game could not be loaded", err.message);
    }
    return;
  }
  const variant = summary.variant_view ?? (await variantView(summary.variant));
  if (!variant) return;
  new GamePage(app, id, variant, tokens, summary);
}

/** The seat and code an invite link carries (`/game/ID?join=1&code=...`). */
function inviteFrom(params, sub) {
  const code = params.get("code");
  if (!code) return null;
  const seat = Number(params.get("join") ?? params.get("seat") ?? sub);
  return Number.isInteger(seat) ? { seat, code } : null;
}

async function join(id, { seat, code }) {
  const mine = tokensFor(id);
  if (mine[seat]) {
    history.replaceState(null, "", `/game/${encodeURIComponent(id)}`);
    return true;
  }
  try {
    const answer = await api(`/api/games/${encodeURIComponent(id)}/join/${seat}`, { method: "POST", body: joinBody(code) });
    saveToken(id, seat, answer.token);
    history.replaceState(null, "", `/game/${encodeURIComponent(id)}`);
    return true;
  } catch (err) {
    const why =
      err.status === 404
        ? "This game does not exist (any more)."
        : err.status === 409 || err.status === 403
          ? `This invite cannot be used: ${err.message}. The seat may already be taken, or the link was used once already.`
          : err.message;
    showFatal("Could not join the game", why);
    const app = document.getElementById("app");
    app.querySelector(".notice").insertAdjacentHTML("beforeend", `<p><a href="/game/${esc(id)}">Watch the game instead</a></p>`);
    return false;
  }
}

function joinBody(code) {
  const name = localStorage.getItem("tetrarch.name");
  return name ? { code, name } : { code };
}

async function variantView(name) {
  const all = (await api("/api/variants")).variants;
  const v = all.find((x) => x.name === name);
  if (!v) throw new Error(`The server does not describe the variant '${name}'.`);
  return v;
}

class GamePage {
  constructor(app, id, variant, tokens, summary) {
    this.app = app;
    this.id = id;
    this.variant = variant;
    this.tokens = tokens;
    this.mySeats = Object.keys(tokens).map(Number).sort((a, b) => a - b);
    this.model = null;
    this.reviewPly = null;
    this.boards = new Map();
    this.premove = null;
    this.chatRoom = null;
    this.layout();
    this.clocks = new Clocks((times) => this.drawClocks(times));
    this.board = new Board(this.app.querySelector(".board-wrap"), variant, {
      move: (uci) => this.play(uci),
      premove: (intent) => this.setPremove(intent),
      choose: (options, cell) => this.pickPromotion(options, cell),
      annotate: (shapes) => this.shareShapes(shapes),
      picked: () => this.drawControls(),
    });
    const mySeat = this.mySeats[0];
    if (mySeat !== undefined) this.board.setOrientation(variant.seats[mySeat].home);
    this.bindControls();
    this.socket = new GameSocket(id, tokens, {
      full: (m) => this.onFull(m),
      event: (m, moved) => this.onEvent(m, moved),
      status: (s) => this.onStatus(s),
      error: (e) => this.onError(e),
      rematch: (game) => this.onRematch(game),
      shapes: (msg) => this.board.setShapes(msg.shapes ?? [], true),
    });
    if (summary) document.title = `${variant.name} · Tetrarch`;
    // The page's state, for the browser tests and for people debugging.
    window.__tetrarch = this;
  }

  layout() {
    const v = this.variant;
    this.app.innerHTML = `
      <div id="conn-banner" class="banner" role="alert" hidden></div>
      <div class="game" data-game="${esc(this.id)}">
        <div class="board-area">
          <div class="board-wrap"></div>
          ${v.drops ? `<div class="pockets" aria-label="pieces in hand"></div>` : ""}
        </div>
        <div class="side">
          <div class="turn-banner" id="turn-banner" aria-live="polite"></div>
          <div class="seats" id="seats"></div>
          <section class="panel">
            <h2>Moves</h2>
            <div class="moves" id="moves" style="--per-row:${v.seats.length}" aria-label="move list"></div>
            <div class="review-bar">
              <button type="button" data-review="first" aria-label="first position">«</button>
              <button type="button" data-review="prev" aria-label="previous move">◀</button>
              <button type="button" data-review="next" aria-label="next move">▶</button>
              <button type="button" data-review="last" aria-label="current position">»</button>
            </div>
          </section>
          <form class="entry" id="entry" autocomplete="off">
            <label class="visually-hidden" for="move-input">Type a move</label>
            <input id="move-input" placeholder="Type a move" spellcheck="false" autocapitalize="off">
            <button type="submit">Play</button>
          </form>
          <p class="entry-error" id="entry-error" role="alert"></p>
          <div class="offers" id="offers"></div>
          <div class="controls" id="controls"></div>
          <section class="panel" id="chat"></section>
        </div>
      </div>
      <dialog id="promotion"><h2>Promote to</h2><div class="promotion-choices"></div><p><button type="button" value="cancel">Cancel</button></p></dialog>
      <dialog id="game-over"><h2>Game over</h2><p id="game-over-text"></p>
        <p class="controls"><button type="button" data-action="rematch">Rematch</button> <button type="button" data-close>Close</button> <a href="/">Lobby</a></p></dialog>`;
  }

  bindControls() {
    const $ = (s) => this.app.querySelector(s);
    $("#entry").addEventListener("submit", (e) => {
      e.preventDefault();
      this.typedMove($("#move-input").value);
    });
    $(".review-bar").addEventListener("click", (e) => {
      const b = e.target.closest("button");
      if (b) this.review(b.dataset.review);
    });
    $("#moves").addEventListener("click", (e) => {
      const b = e.target.closest("button[data-ply]");
      if (b) this.showPly(Number(b.dataset.ply));
    });
    document.addEventListener("keydown", (e) => {
      if (e.target.closest?.("input, textarea, select")) return;
      const keys = { ArrowLeft: "prev", ArrowRight: "next", ArrowUp: "first", ArrowDown: "last", Home: "first", End: "last" };
      if (keys[e.key]) {
        e.preventDefault();
        this.review(keys[e.key]);
      }
    });
    $("#controls").addEventListener("click", (e) => {
      const b = e.target.closest("button[data-action]");
      if (b) this.action(b.dataset.action, b.dataset);
    });
    $("#offers").addEventListener("click", (e) => {
      const b = e.target.closest("button[data-action]");
      if (b) this.action(b.dataset.action, b.dataset);
    });
    const over = $("#game-over");
    over.addEventListener("click", (e) => {
      if (e.target.closest("[data-close]")) over.close();
      const b = e.target.closest("button[data-action]");
      if (b) this.action(b.dataset.action, b.dataset);
    });
    this.app.querySelector(".pockets")?.addEventListener("pointerdown", (e) => this.pocketDown(e));
  }

  // ---- the model ----

  onFull(model) {
    const first = !this.model;
    this.model = model;
    // A game already over when the page opens shows its result in the
    // banner; the dialog is for an ending seen live (or missed while away).
    if (first) this.overShown = !!model.outcome;
    if (first && model.you !== undefined && model.you !== null && !this.mySeats.includes(model.you)) {
      this.mySeats.push(model.you);
    }
    this.boards.clear();
    this.moveViews = [];
    this.boards.set(model.moves.length, model.board);
    this.render({ animate: false });
    if (this.isMyTurn()) this.tryPremove();
  }

  onEvent(model, moved) {
    const before = this.model?.moves.length ?? 0;
    this.model = model;
    if (model.moves.length < before) {
      // A takeback: the boards after the moves taken back are gone.
      for (const ply of [...this.boards.keys()]) if (ply > model.moves.length) this.boards.delete(ply);
    }
    this.boards.set(model.moves.length, model.board);
    if (moved) this.moveViews[model.moves.length - 1] = moved;
    this.render({ animate: !!moved });
    if (moved) this.afterMove(model, moved);
    else if (model.outcome && !this.overShown) this.gameOver();
  }

  onStatus(s) {
    const banner = this.app.querySelector("#conn-banner");
    const top = document.getElementById("net-status");
    if (s.state === "open") {
      banner.hidden = true;
      top.textContent = s.lag_ms !== undefined ? `online · ${Math.round(s.lag_ms)} ms` : "online";
      top.className = "net-status";
    } else {
      banner.hidden = false;
      banner.textContent =
        s.state === "gone"
          ? `The game's connection was refused: ${s.reason}`
          : `Disconnected from the server — reconnecting${s.retryIn ? ` in ${Math.ceil(s.retryIn / 1000)} s` : ""}… Moves you make are sent once it is back.`;
      top.textContent = "offline";
      top.className = "net-status down";
    }
  }

  onError(e) {
    this.app.querySelector("#entry-error").textContent = e.message;
    if (this.model) this.render({ animate: false });
  }

  afterMove(model, moved) {
    announce(`${seatTitle(this.variant, moved.seat ?? 0)}: ${moved.san ?? moved.uci}`);
    if (this.isMyTurn()) {
      playTurnSound();
      this.tryPremove();
    }
    if (model.outcome) this.gameOver();
  }

  isMyTurn() {
    const m = this.model;
    if (!m || m.outcome || m.status !== "started" || !m.legal.length) return false;
    return movingSeats(m).some((s) => this.mySeats.includes(s));
  }

  // ---- drawing ----

  render({ animate }) {
    const m = this.model;
    const live = this.reviewPly === null;
    const board = live ? m.board : this.boards.get(this.reviewPly);
    this.board.update({
      state: board ?? m.board,
      moves: live && !m.outcome ? m.legal : [],
      mySeats: live ? this.mySeats : [],
      lastMove: live ? m.lastMove : this.moveViews[this.reviewPly - 1] ?? null,
      animate: animate && live,
      over: !!m.outcome || m.status !== "started",
    });
    this.drawTurn();
    this.drawSeats();
    this.clocks.set(m.clocks_ms ?? [], m.outcome || m.status !== "started" ? null : m.running ?? null);
    this.drawMoves();
    this.drawPockets(board ?? m.board);
    this.drawControls();
    this.drawOffers();
    // Chat is drawn again only when it changed, so typing is not disturbed.
    const chatKey = `${m.chat?.length ?? 0}/${this.mySeats.join(",")}`;
    if (chatKey !== this.chatKey) {
      this.chatKey = chatKey;
      renderChat(this.app.querySelector("#chat"), this);
    }
    if (m.outcome && !this.overShown) this.gameOver();
  }

  drawTurn() {
    const m = this.model;
    const el = this.app.querySelector("#turn-banner");
    const v = this.variant;
    if (m.outcome) {
      el.textContent = `Game over: ${outcomeLabel(m.outcome, v)}`;
      el.className = "turn-banner";
    } else if (m.status === "aborted") {
      el.textContent = "The game was aborted";
      el.className = "turn-banner";
    } else if (m.status === "created") {
      el.textContent = "Waiting for players to join";
      el.className = "turn-banner";
    } else {
      const mine = this.isMyTurn();
      el.textContent = mine ? "Your move" : `${seatTitle(v, m.board.turn)} to move`;
      el.className = `turn-banner ${mine ? "mine" : ""} ${seatClass(v, m.board.turn)}`;
      // The die that just fell stays in sight while the turn it decides is played.
      const face = rolledFace(m.moves[m.moves.length - 1]);
      if (face !== null) el.insertAdjacentHTML("beforeend", ` <span class="rolled" data-rolled="${face}">rolled ${dieSvg(face)} ${face}</span>`);
    }
  }

  drawSeats() {
    const m = this.model;
    const v = this.variant;
    const box = this.app.querySelector("#seats");
    const moving = movingSeats(m);
    box.innerHTML = m.seats
      .map((s) => {
        const state = s.state ?? m.board.seats?.[s.seat] ?? "playing";
        const toMove = m.status === "started" && moving.includes(s.seat);
        const who = s.kind === "bot" ? `bot, level ${s.level}` : s.kind === "open" ? "open seat" : s.player ?? "player";
        const conn =
          s.kind !== "player"
            ? ""
            : s.connected
              ? `<span class="conn on" data-conn="on">● online</span>`
              : `<span class="conn off" data-conn="off">○ ${s.absent ? "absent" : "offline"}</span>`;
        const status = state === "playing" ? "" : ` · ${state === "out" ? "eliminated" : state}`;
        const combined = moving.length > 1 && moving.includes(s.seat) ? " · combined army" : "";
        const pts = m.board.points?.[s.seat];
        // The nation the seat plays now (with Lightning it changes in play).
        const named = nationName(v, m.board, s.seat);
        const nation = named ? `<span class="nation" data-nation="${s.seat}">${esc(named)}</span>` : "";
        const points = pts === undefined ? "" : `<span class="points" data-points="${s.seat}" aria-label="${esc(seatTitle(v, s.seat))} points">${pts} pts</span>`;
        // Cargo the viewer may not place in one knight or another: the pool, on the seat's card.
        const pool = cargoPool(m.board, s.seat);
        const carried = pool
          ? `<span class="cargo-pool" data-cargo-pool="${esc(pool)}" aria-label="carried in its knights: ${esc([...pool].map((k) => kindName(v, k)).join(", "))}">carried: ${esc(pool.toUpperCase())}</span>`
          : "";
        // A standing consent is public: the giving seat's card says it on every page.
        const note = consentNote(v, m.board, s.seat);
        const consent = note
          ? `<span class="consent" data-consent-to="${note.to.join(" ")}" aria-label="${esc(note.label)}" title="${esc(note.label)}">${esc(note.text)}</span>`
          : "";
        return `<div class="seat-card ${seatClass(v, s.seat)} ${toMove ? "to-move" : ""} ${this.mySeats.includes(s.seat) ? "me" : ""} state-${state}"
            data-seat="${s.seat}" aria-current="${toMove}">
          <span class="swatch" aria-hidden="true"></span>
          <span class="who"><strong>${esc(seatTitle(v, s.seat))}</strong>${nation}${carried}${consent}<small>${esc(who)}${status}${combined} ${conn}</small></span>
          ${points}
          <span class="clock" data-clock="${s.seat}" aria-label="${esc(seatTitle(v, s.seat))} clock">${m.clocks_ms ? "" : "–"}</span>
        </div>`;
      })
      .join("");
  }

  drawClocks(times) {
    for (const el of this.app.querySelectorAll("[data-clock]")) {
      const t = times[Number(el.dataset.clock)];
      if (t === null || t === undefined) continue;
      el.textContent = clockText(t);
      el.closest(".seat-card").classList.toggle("low", t < LOW_MS);
    }
  }

  drawMoves() {
    const m = this.model;
    const box = this.app.querySelector("#moves");
    const per = this.variant.seats.length;
    const current = this.reviewPly ?? m.moves.length;
    let html = "";
    m.moves.forEach((uci, i) => {
      if (i % per === 0) html += `<span class="num">${i / per + 1}.</span>`;
      const face = rolledFace(uci);
      const text = face === null ? esc(m.san[i] ?? uci) : `<span class="roll">${dieSvg(face)}${face}</span>`;
      html += `<button type="button" data-ply="${i + 1}" data-uci="${esc(uci)}" aria-current="${i + 1 === current}">${text}</button>`;
    });
    box.innerHTML = html;
    box.querySelector('[aria-current="true"]')?.scrollIntoView({ block: "nearest" });
  }

  drawPockets(board) {
    const box = this.app.querySelector(".pockets");
    if (!box) return;
    const v = this.variant;
    const me = this.mySeats[0];
    // Only seats that can hold pieces off the board have a pocket (in a
    // line-up, the nations with a reserve); the viewer's goes nearest to
    // them: last, at the bottom.
    const holders = new Set((board.hands ?? []).map((h) => h.seat));
    const order = v.seats
      .map((s) => s.seat)
      .filter((seat) => holders.has(seat))
      .sort((a, b) => (a === me) - (b === me));
    const selected = this.board.selected?.drop;
    box.innerHTML = order
      .map((seat) => {
        const hand = board.hands?.find((h) => h.seat === seat)?.pieces ?? [];
        const items = hand
          .filter(([, n]) => n > 0)
          .map(
            ([k, n]) =>
              `<button type="button" data-pocket-seat="${seat}" data-kind="${esc(k)}" aria-pressed="${selected === k && this.board.selected.seat === seat}"
                 aria-label="${esc(seatTitle(v, seat))} ${esc(kindName(v, k))} in hand, ${n}"><span class="count">${n}</span></button>`,
          )
          .join("");
        return `<div class="pocket ${seatClass(v, seat)}" data-pocket="${seat}" aria-label="${esc(seatTitle(v, seat))}'s pieces in hand">${items || `<span class="hint">—</span>`}</div>`;
      })
      .join("");
    for (const b of box.querySelectorAll("button[data-kind]")) {
      const seat = Number(b.dataset.pocketSeat);
      b.prepend(pieceIcon(v, b.dataset.kind, seatClass(v, seat)));
    }
  }

  pocketDown(e) {
    const b = e.target.closest("button[data-kind]");
    if (!b || this.reviewPly !== null) return;
    const seat = Number(b.dataset.pocketSeat);
    if (!this.board.ownSeats().includes(seat)) return;
    e.preventDefault();
    this.board.startPocketDrag(e, seat, b.dataset.kind);
    this.drawPockets(this.model.board);
  }

  drawControls() {
    const m = this.model;
    const box = this.app.querySelector("#controls");
    const playing = this.mySeats.length > 0 && (m.status === "started" || m.status === "created");
    const offers = m.offers ?? { draw: [], takeback: [], rematch: [] };
    const buttons = [];
    if (playing) {
      // A turn of several steps (France's extra moves) ends with a pass.
      const legal = m.legal ?? [];
      if (this.isMyTurn() && legal.length > 1 && legal.some((x) => x.uci === "0000")) {
        buttons.push(`<button type="button" data-action="end-turn">End turn</button>`);
      }
      // A power used on a cell has no piece to pick up: its button arms it, a click on the cell uses it.
      if (this.isMyTurn()) {
        const armed = this.board.selected?.power;
        for (const p of cellPowers(legal)) {
          const { text, title } = powerButton(p, legal, m.board, this.variant);
          const tip = title ? ` title="${esc(title)}"` : "";
          buttons.push(`<button type="button" data-action="power" data-power="${esc(p)}" aria-pressed="${armed === p}"${tip}>${esc(text)}</button>`);
        }
        // A pick names pieces by clicks on them; this plays the pieces named so far.
        const picked = this.board.selected?.picked;
        const pick = picked?.length ? pickOf(legal, armed, picked) : null;
        if (pick) buttons.push(`<button type="button" data-action="pick" data-uci="${esc(pick.uci)}">${esc(powerLabel(armed))}: ${esc(picked.join(" "))}</button>`);
      }
      buttons.push(`<button type="button" data-action="resign" class="danger">Resign</button>`);
      if (!offers.draw.some((s) => this.mySeats.includes(s))) buttons.push(`<button type="button" data-action="draw-offer">Offer draw</button>`);
      if (m.moves.length && !offers.takeback.some((s) => this.mySeats.includes(s))) buttons.push(`<button type="button" data-action="takeback-offer">Takeback</button>`);
      if (m.moves.length < m.seats.length) buttons.push(`<button type="button" data-action="abort">Abort</button>`);
      buttons.push(`<button type="button" data-action="claim-draw">Claim draw</button>`);
      if ((m.board.may_claim_win ?? []).some((s) => this.mySeats.includes(s))) buttons.push(`<button type="button" data-action="claim-win">Claim win</button>`);
      if (m.seats.some((s) => s.absent)) buttons.push(`<button type="button" data-action="claim-victory">Claim victory</button>`);
    }
    if ((m.outcome || m.status === "aborted") && this.mySeats.length) {
      const wants = (offers.rematch ?? []).some((s) => this.mySeats.includes(s));
      buttons.push(`<button type="button" data-action="rematch" ${wants ? "disabled" : ""}>${wants ? "Rematch offered" : "Rematch"}</button>`);
    }
    buttons.push(`<button type="button" data-action="flip" aria-label="turn the board">⟳ Turn board</button>`);
    buttons.push(`<button type="button" data-action="export" data-format="">Export game</button>`);
    buttons.push(`<button type="button" data-action="export" data-format="fen">Export position</button>`);
    box.innerHTML = buttons.join(" ");
    // The move box's example comes from the legal moves, in the variant's own notation.
    const example = m.legal?.[0]?.san;
    this.app.querySelector("#move-input")?.setAttribute("placeholder", example ? `Type a move, such as ${example}` : "Type a move");
  }

  drawOffers() {
    const m = this.model;
    const v = this.variant;
    const box = this.app.querySelector("#offers");
    const offers = m.offers ?? { draw: [], takeback: [], rematch: [] };
    const rows = [];
    const line = (kind, seats, yes, no) => {
      const names = seats.map((s) => seatTitle(v, s)).join(", ");
      const mineToAnswer = this.mySeats.some((s) => !seats.includes(s));
      rows.push(`<div class="offer" data-offer="${kind}"><span>${esc(names)} ${{ draw: "offer a draw", takeback: "ask to take back a move", rematch: "want a rematch" }[kind]}</span>
        ${mineToAnswer && !m.outcome ? `<button type="button" data-action="${yes}">Accept</button><button type="button" data-action="${no}">Decline</button>` : ""}</div>`);
    };
    if (offers.draw.length && !m.outcome) line("draw", offers.draw, "draw-yes", "draw-no");
    if (offers.takeback.length && !m.outcome) line("takeback", offers.takeback, "takeback-yes", "takeback-no");
    if (offers.rematch?.length) line("rematch", offers.rematch, "rematch", "rematch-no");
    box.innerHTML = rows.join("");
  }

  // ---- review ----

  review(where) {
    if (!this.model) return;
    const n = this.model.moves.length;
    const cur = this.reviewPly ?? n;
    const next = { first: 0, prev: Math.max(0, cur - 1), next: Math.min(n, cur + 1), last: n }[where];
    this.showPly(next);
  }

  async showPly(ply) {
    const n = this.model.moves.length;
    if (ply >= n) {
      this.reviewPly = null;
      return this.render({ animate: false });
    }
    if (!this.boards.has(ply)) {
      try {
        await this.loadBoards();
      } catch (err) {
        this.app.querySelector("#entry-error").textContent = `Earlier positions could not be read: ${err.message}`;
        return;
      }
    }
    this.reviewPly = ply;
    this.render({ animate: false });
    announce(`Position after move ${ply}`);
  }

  /** The token whose seat's view this page shows (a seat sees its own hidden pieces, in review
   * and exports too); none for a spectator. */
  viewToken() {
    return this.tokens[this.mySeats[0]];
  }

  /** Download the record (`format` "") or the position ("fen") as this page's seat may see it:
   * with its token, so a seat gets its own view (its hidden pieces), a spectator the public one. */
  async download(format) {
    const query = format ? `?format=${encodeURIComponent(format)}` : "";
    let text;
    try {
      text = await apiText(`/api/games/${encodeURIComponent(this.id)}/export${query}`, { token: this.viewToken() });
    } catch (e) {
      this.app.querySelector("#entry-error").textContent = e.message;
      return;
    }
    // The server writes the record in the variant's own format (PGN, PGN4, a draughts record);
    // the file is named with that format's extension, which `tetrarch replay` reads it by.
    const ext = format ? this.variant.position_format : this.variant.record_format;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    link.download = `tetrarch-${this.id}.${ext}`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  }

  /** The board after every ply, from the server (for review after a reload). */
  async loadBoards() {
    const all = await api(`/api/games/${encodeURIComponent(this.id)}/boards`, { token: this.viewToken() });
    all.forEach((b, i) => this.boards.set(i, b.board ?? b));
    if (Array.isArray(all) && all[0]?.last_move !== undefined) this.moveViews = all.slice(1).map((b) => b.last_move);
  }

  // ---- playing ----

  play(uci) {
    this.app.querySelector("#entry-error").textContent = "";
    this.socket.move(uci, this.model.moves.length, this.actingSeat());
  }

  /** Which of the viewer's seats acts now: the one to move, else the first. */
  actingSeat() {
    const moving = this.model ? movingSeats(this.model) : [];
    return moving.find((s) => this.mySeats.includes(s)) ?? this.mySeats[0];
  }

  typedMove(text) {
    const err = this.app.querySelector("#entry-error");
    if (!this.isMyTurn()) {
      err.textContent = this.model?.outcome ? "The game is over." : "It is not your move.";
      return;
    }
    const found = matchMove(text, this.model.legal);
    if (found.error) {
      err.textContent = found.error;
      return;
    }
    err.textContent = "";
    this.app.querySelector("#move-input").value = "";
    this.play(found.move.uci);
  }

  setPremove(intent) {
    this.premove = intent;
  }

  /** Play the premove now that the turn has come, if it is still legal. */
  tryPremove() {
    const p = this.premove;
    if (!p) return;
    this.premove = null;
    this.board.setPremove(null);
    const options = this.model.legal.filter((m) => m.to === p.to && (p.drop ? m.drop === p.drop && !m.from : m.from === p.from));
    if (!options.length) return;
    // A premove to the last rank promotes to the first choice offered (a queen in chess).
    const best = options.find((m) => m.promotion === "q") ?? options[0];
    this.play(best.uci);
  }

  pickPromotion(options, cell) {
    const dialog = this.app.querySelector("#promotion");
    const box = dialog.querySelector(".promotion-choices");
    const v = this.variant;
    const seat = this.model.board.turn;
    box.innerHTML = "";
    for (const m of options) {
      const b = document.createElement("button");
      b.type = "button";
      // A move that chooses a cell for a power (the piece Jerusalem
      // shelters, the piece a Dutch piece trades with) shows that piece.
      const chosen = m.chosen ? this.board.pieceAt(m.chosen) : null;
      const kind = m.promotion ?? chosen?.kind ?? this.board.pieceAt(m.from ?? m.to)?.kind ?? "";
      const promotes = m.promotion ? `promote to ${kindName(v, m.promotion)}` : "";
      // A nation's power landing where a plain move also lands is told apart by name.
      const power = !m.from && m.power ? m.san : m.chosen ? `${m.power} ${m.chosen}` : m.power ? `use the power ${m.power}` : "";
      const plain = options.some((o) => o.power) ? "move without the power" : "do not promote";
      const label = [promotes, power].filter(Boolean).join(", ") || plain;
      b.setAttribute("aria-label", label);
      b.dataset.promotion = m.promotion ?? "";
      b.appendChild(pieceIcon(v, kind, seatClass(v, m.promotion ? seat : chosen?.seat ?? seat)));
      if (m.power) {
        b.title = m.uci;
        // A cargo move names its pieces (`=k`): the chooser shows them.
        const letters = moveLetters(m);
        b.append(!m.from ? m.san : m.chosen ?? (letters ? `${m.power} ${letters}` : m.power));
        if (letters) b.setAttribute("aria-label", `${m.power} ${letters}`);
      }
      b.addEventListener("click", () => {
        dialog.close();
        this.play(m.uci);
      });
      box.appendChild(b);
    }
    dialog.querySelector('[value="cancel"]').onclick = () => dialog.close();
    dialog.showModal();
    dialog.dataset.cell = cell;
  }

  action(name, data = {}) {
    const s = this.socket;
    switch (name) {
      case "flip": {
        const homes = [...new Set(this.variant.seats.map((x) => x.home))];
        const i = homes.indexOf(this.board.home);
        this.board.setOrientation(homes[(i + 1) % homes.length]);
        this.render({ animate: false });
        return;
      }
      case "end-turn":
        this.play("0000");
        return;
      case "export":
        this.download(data.format);
        return;
      case "power":
        if (this.board.selected?.power === data.power) this.board.deselect();
        else if (picksPieces(this.model.legal ?? [], data.power)) this.board.select({ power: data.power, picked: [] });
        else this.board.select({ power: data.power });
        this.drawControls();
        return;
      case "pick":
        this.board.deselect();
        this.play(data.uci);
        return;
      case "resign":
        if (confirm("Resign this game?")) s.action({ t: "resign" }, this.actingSeat());
        return;
      default: {
        const map = {
          "draw-offer": { t: "draw", accept: true },
          "draw-yes": { t: "draw", accept: true },
          "draw-no": { t: "draw", accept: false },
          "takeback-offer": { t: "takeback", accept: true },
          "takeback-yes": { t: "takeback", accept: true },
          "takeback-no": { t: "takeback", accept: false },
          abort: { t: "abort" },
          "claim-draw": { t: "claim-draw" },
          "claim-win": { t: "claim-win" },
          "claim-victory": { t: "claim-victory" },
          rematch: { t: "rematch", accept: true },
          "rematch-no": { t: "rematch", accept: false },
        };
        if (map[name]) s.action(map[name], this.actingSeat());
      }
    }
  }

  gameOver() {
    const m = this.model;
    this.overShown = true;
    const dialog = this.app.querySelector("#game-over");
    this.app.querySelector("#game-over-text").textContent = m.outcome ? outcomeLabel(m.outcome, this.variant) : "The game was aborted.";
    announce(`Game over. ${this.app.querySelector("#game-over-text").textContent}`);
    if (!dialog.open) dialog.showModal();
  }

  // ---- arrows and chat ----

  shareShapes(shapes) {
    const mine = this.mySeats[0];
    if (mine === undefined || !partners(this.variant, mine).length) return;
    this.socket.shapes?.(shapes);
  }

  /** Every player agreed to a rematch: the same seats keep their tokens. */
  onRematch(game) {
    for (const [seat, token] of Object.entries(this.tokens)) saveToken(game, Number(seat), token);
    const box = this.app.querySelector("#game-over");
    this.app.querySelector("#game-over-text").innerHTML = `The rematch has started. <a id="rematch-link" href="/game/${esc(game)}">Go to it</a>`;
    if (!box.open) box.showModal();
    setTimeout(() => (location.href = `/game/${encodeURIComponent(game)}`), 1200);
  }

}

function kindName(v, letter) {
  return v.pieces.find((p) => p.letter === letter)?.name ?? letter;
}
