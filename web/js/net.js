// The game's WebSocket (docs/protocol.md): says which version it has on
// every (re)connect and gets the missed events or the full state; every
// action carries an id until the server acknowledges it, and actions not
// acknowledged when the socket drops are sent again on reconnect (the
// server applies each at most once).

import { api } from "./api.js";
import { applyEvent, fromFull } from "./model.js";

/** The protocol version of docs/protocol.md this client speaks. */
const PROTOCOL = 1;
/** How often the client asks for its measured lag. */
const PING_MS = 10000;
/** Waits between reconnection attempts, in ms; the last repeats. */
const BACKOFF = [300, 1000, 2000, 4000, 8000];

export class GameSocket {
  /**
   * `tokens`: {seat: token} this browser holds; the socket speaks for the
   * first seat, other seats act through the HTTP API with their own token.
   * `on`: {full(model), event(model, moved, ev), status(s), error(e), chat(c), shapes(s)}.
   */
  constructor(id, tokens, on) {
    this.id = id;
    this.tokens = tokens;
    this.seat = Object.keys(tokens).map(Number).sort((a, b) => a - b)[0];
    this.token = this.seat === undefined ? null : tokens[this.seat];
    this.on = on;
    this.model = null;
    this.nextId = 1;
    this.pending = new Map();
    this.attempt = 0;
    this.closedForGood = false;
    window.addEventListener("online", () => this.reconnectNow());
    this.connect();
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    return `${proto}//${location.host}/api/games/${encodeURIComponent(this.id)}/ws`;
  }

  connect() {
    clearTimeout(this.retryTimer);
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch (err) {
      return this.retry(err.message);
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      const hello = { t: "hello", protocol: PROTOCOL };
      if (this.token) hello.token = this.token;
      if (this.model) Object.assign(hello, { v: this.model.v, epoch: this.model.epoch });
      ws.send(JSON.stringify(hello));
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.ws === ws && ws.send(JSON.stringify({ t: "ping" })), PING_MS);
    };
    ws.onmessage = (e) => this.receive(e.data);
    ws.onclose = (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pinger);
      if (this.closedForGood) return;
      // 4xxx codes are the server's final word (no such game, bad token).
      if (e.code >= 4400 && e.code < 4500) {
        this.closedForGood = true;
        this.on.status({ state: "gone", reason: e.reason || `closed (${e.code})` });
        return;
      }
      this.retry(e.reason);
    };
    ws.onerror = () => {};
  }

  retry() {
    if (this.held) return this.on.status({ state: "down" });
    const wait = BACKOFF[Math.min(this.attempt, BACKOFF.length - 1)];
    this.attempt++;
    this.on.status({ state: "down", retryIn: wait });
    this.retryTimer = setTimeout(() => this.connect(), wait);
  }

  reconnectNow() {
    if (!this.ws && !this.closedForGood && !this.held) this.connect();
  }

  /** Cut the socket as a network failure would; with `stayDown` it does
   * not come back until `resume()` (the browser tests cut it so). */
  drop(stayDown = false) {
    this.held = stayDown;
    this.ws?.close();
  }

  resume() {
    this.held = false;
    this.reconnectNow();
  }

  receive(text) {
    let msg;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    switch (msg.t) {
      case "full":
        this.model = fromFull(msg);
        this.on.status({ state: "open" });
        this.on.full(this.model);
        this.resend();
        break;
      case "synced":
        // The missed events came; the model is current again.
        this.on.status({ state: "open" });
        this.resend();
        break;
      case "ack":
        this.pending.delete(msg.id);
        break;
      case "error":
        this.onRefused(msg);
        break;
      case "pong":
        if (msg.lag_ms !== null && msg.lag_ms !== undefined) this.on.status({ state: "open", lag_ms: msg.lag_ms });
        break;
      case "resync":
        // The server wants this client to start again from the full state.
        this.model = null;
        this.ws?.close();
        break;
      case "shapes":
        // A partner's arrows: not numbered, never part of the model.
        this.on.shapes?.(msg);
        break;
      case "rematch":
        this.on.rematch?.(msg.game);
        this.event(msg);
        break;
      default:
        if (this.model) this.event(msg);
    }
  }

  /** An error reply: an action refused (nothing changed), or a hello refused. */
  onRefused(msg) {
    if (msg.id !== undefined && msg.id !== null) this.pending.delete(msg.id);
    if (msg.code === "bad-token" && !this.model) {
      // This browser's token is no seat's (an old game's database): watch instead.
      this.on.error({ message: "This browser's seat token is not valid for this game; you are watching it." });
      delete this.tokens[this.seat];
      this.seat = undefined;
      this.token = null;
      this.ws?.close();
      return;
    }
    this.on.error({ message: msg.message ?? "refused", code: msg.code });
  }

  event(ev) {
    if (ev.v !== undefined && ev.v <= this.model.v) return;
    const before = this.model.status;
    const { model, moved } = applyEvent(this.model, ev);
    this.model = model;
    this.on.event(model, moved, ev);
    // The last seat joined: the game starts, and the state (its legal
    // moves above all) is read again, since the seats event carries none.
    if (before === "created" && model.status !== "created") this.refresh();
  }

  /** Read the full state over HTTP (as this socket's seat). */
  async refresh() {
    try {
      const full = await api(`/api/games/${encodeURIComponent(this.id)}`, { token: this.token ?? undefined });
      if (this.model && full.v < this.model.v) return;
      this.model = fromFull(full);
      this.on.full(this.model);
    } catch (err) {
      this.on.error({ message: `The game could not be read: ${err.message}` });
    }
  }

  /** Send an action (and keep it until acknowledged). */
  act(action, seat = this.seat) {
    if (seat !== this.seat && this.tokens[seat]) return this.viaHttp(action, seat);
    const id = this.nextId++;
    const msg = { ...action, id };
    // Moves are kept until acknowledged and sent again after a reconnect
    // (the server plays a move at most once, by its id and ply); other
    // actions are not worth repeating once the game has moved on.
    if (action.t === "move") this.pending.set(id, msg);
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(msg));
  }

  resend() {
    for (const msg of this.pending.values()) this.ws?.send(JSON.stringify(msg));
  }

  /** An action of another seat this browser holds, through the HTTP API. */
  async viaHttp(action, seat) {
    const base = `/api/games/${encodeURIComponent(this.id)}`;
    const token = this.tokens[seat];
    const path = {
      move: () => `${base}/move/${encodeURIComponent(action.move)}`,
      resign: () => `${base}/resign`,
      draw: () => `${base}/draw/${action.accept ? "yes" : "no"}`,
      takeback: () => `${base}/takeback/${action.accept ? "yes" : "no"}`,
      abort: () => `${base}/abort`,
      "claim-draw": () => `${base}/claim-draw`,
      "claim-win": () => `${base}/claim-win`,
      "claim-victory": () => `${base}/claim-victory`,
      rematch: () => `${base}/rematch/${action.accept ? "yes" : "no"}`,
      chat: () => `${base}/chat`,
    }[action.t]?.();
    if (!path) return;
    try {
      await api(path, { method: "POST", token, body: action.t === "chat" ? { room: action.room, to: action.to, text: action.text } : undefined });
    } catch (err) {
      this.on.error({ message: err.message });
    }
  }

  move(uci, ply, seat) {
    this.act({ t: "move", move: uci, ply }, seat);
  }

  action(a, seat) {
    this.act(a, seat);
  }

  /** This seat's arrows and circles, for its partners (not kept if the socket is down). */
  shapes(shapes) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify({ t: "shapes", shapes }));
  }

  chat(room, text) {
    const msg = { t: "chat", room: room.room, text };
    if (room.to !== undefined && room.to !== null) msg.to = room.to;
    this.act(msg);
  }
}
