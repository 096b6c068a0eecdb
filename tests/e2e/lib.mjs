// Helpers of the browser tests: one headless Chromium, pages that fail
// the test on any page error, and the moves a person makes (clicks on
// cells, typed moves), all through the real client and server.

import { chromium } from "playwright-core";
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const BASE = process.env.TETRARCH_URL ?? "http://127.0.0.1:8080";
const here = dirname(fileURLToPath(import.meta.url));
/** Where screenshots go: SCREENSHOTS=dir, or artifacts/ beside the tests. */
export const SHOTS = process.env.SCREENSHOTS ?? join(here, "artifacts");

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
}

/** A page in a context of its own (its own storage, so its own seats). */
export async function newPage(browser, { viewport = { width: 1280, height: 900 }, ...options } = {}) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(e.message));
  page.on("console", (m) => {
    if (m.type() === "error" && !/Failed to load resource|WebSocket connection/.test(m.text())) page.errors.push(m.text());
  });
  page.setDefaultTimeout(15000);
  return page;
}

/** No uncaught error on any of `pages`. */
export function assertNoErrors(...pages) {
  for (const p of pages) assert.deepEqual(p.errors, [], "errors on the page");
}

export async function shot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** Create a game in the lobby's form; returns {url, invites: [{seat, url}]}. */
export async function createGame(page, { variant, seats, clock = "5+3", fen, customClock, partner, keepForm = false }) {
  // `keepForm`: the page is on the lobby with the variant chosen and other
  // choices made already.
  if (!keepForm) {
    await page.goto(`${BASE}/`);
    await page.selectOption("#variant", variant);
  }
  for (const [i, s] of seats.entries()) {
    const kind = typeof s === "string" ? s : s.kind;
    await page.selectOption(`#seat-kind-${i}`, kind);
    if (kind === "bot") await page.selectOption(`.seat-row[data-seat="${i}"] .seat-level`, String(s.level ?? 1));
  }
  await page.click(`#presets button[data-clock="${clock}"]`);
  if (customClock) {
    await page.fill("#clock-min", String(customClock.minutes));
    await page.fill("#clock-inc", String(customClock.increment));
  }
  if (fen) await page.fill("#start-fen", fen);
  if (partner !== undefined) await page.selectOption("#partner", String(partner));
  await page.click("#create-button");
  await page.waitForSelector("[data-created]");
  const invites = await page.$$eval("[data-created] [data-invite-seat]", (els) => els.map((e) => ({ seat: Number(e.dataset.inviteSeat), url: e.value })));
  const url = await page.getAttribute("#go-game", "href");
  return { url: new URL(url, BASE).href, invites };
}

/** Open a game page and wait for its board and first state. */
export async function openGame(page, url) {
  await page.goto(url);
  await waitReady(page);
}

export async function waitReady(page) {
  await page.waitForFunction(() => window.__tetrarch?.model && document.querySelector("svg.board .piece"));
}

/** The page's game model (what its socket made of the server's events). */
export function model(page) {
  return page.evaluate(() => {
    const m = window.__tetrarch.model;
    return { ply: m.moves.length, moves: m.moves, san: m.san, turn: m.board.turn, status: m.status, outcome: m.outcome, legal: m.legal, you: m.you };
  });
}

/** Wait until the page has seen `ply` moves. */
export async function waitPly(page, ply) {
  await page.waitForFunction((n) => window.__tetrarch?.model?.moves.length >= n, ply);
}

/** Wait until it is this page's move. */
export async function waitMyTurn(page) {
  await page.waitForFunction(() => window.__tetrarch?.isMyTurn());
}

/** The centre of a cell on the screen. */
export async function cellCenter(page, cell) {
  const box = await page.locator(`svg.board .layer-squares [data-cell="${cell}"]`).boundingBox();
  assert.ok(box, `cell ${cell} is drawn`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Click one cell, then another: a move as a person makes it. */
export async function clickMove(page, from, to) {
  const a = await cellCenter(page, from);
  await page.mouse.click(a.x, a.y);
  await page.waitForSelector(`svg.board [data-target="${to}"]`);
  const b = await cellCenter(page, to);
  await page.mouse.click(b.x, b.y);
}

/** Drag a piece from one cell to another. */
export async function dragMove(page, from, to) {
  const a = await cellCenter(page, from);
  const b = await cellCenter(page, to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

/** Type a move into the move box and press Enter. */
export async function typeMove(page, text) {
  await page.fill("#move-input", text);
  await page.press("#move-input", "Enter");
}

/** Play a move on the page whose turn it is and wait until `others` saw it. */
export async function playAndSync(page, others, how) {
  const before = (await model(page)).ply;
  await waitMyTurn(page);
  await how();
  for (const p of [page, ...others]) await waitPly(p, before + 1);
}

/** Wait for the game-over dialog; returns its text. */
export async function gameOverText(page) {
  await page.waitForSelector("#game-over[open]");
  return page.textContent("#game-over-text");
}

/**
 * Keep every message the page's sockets receive (`page.frames`, as text)
 * and the bodies of the game API's answers it reads (`page.answers`):
 * what a seat's browser was sent, for the tests of hidden information
 * (nothing the seat may not see may reach it, drawn or not). Call before
 * the page opens the game.
 */
export function recordTraffic(page) {
  page.frames = [];
  page.answers = [];
  page.on("websocket", (ws) => ws.on("framereceived", (f) => page.frames.push(String(f.payload))));
  page.on("response", async (r) => {
    if (!new URL(r.url()).pathname.startsWith("/api/games/")) return;
    try {
      page.answers.push(await r.text());
    } catch {
      // A body the browser dropped (a redirect, a closed page) holds nothing to check.
    }
  });
}

/** The messages and answers `page` received that match `pattern`. */
export function trafficMatching(page, pattern) {
  return [...page.frames, ...page.answers].filter((text) => pattern.test(text));
}

/** Take seat `seat` of game `id` with an invite's code, over HTTP (a
 * seat played by the test itself, not by a page): its token. */
export async function joinSeat(invite) {
  const url = new URL(invite.url);
  const id = url.pathname.split("/").pop();
  const code = url.searchParams.get("code");
  const res = await fetch(`${BASE}/api/games/${encodeURIComponent(id)}/join/${invite.seat}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ code }),
  });
  assert.equal(res.status, 200, `join seat ${invite.seat}: ${await res.clone().text()}`);
  return { id, seat: invite.seat, token: (await res.json()).token };
}

/** Play `uci` for a seat joined with `joinSeat`, over HTTP. */
export async function postMove(seat, uci) {
  const res = await fetch(`${BASE}/api/games/${encodeURIComponent(seat.id)}/move/${encodeURIComponent(uci)}`, {
    method: "POST",
    headers: { authorization: `Bearer ${seat.token}` },
  });
  assert.equal(res.status, 200, `${uci} for seat ${seat.seat}: ${await res.text()}`);
}

/** Resign a seat joined with `joinSeat`, over HTTP. */
export async function postResign(seat) {
  const res = await fetch(`${BASE}/api/games/${encodeURIComponent(seat.id)}/resign`, {
    method: "POST",
    headers: { authorization: `Bearer ${seat.token}` },
  });
  assert.equal(res.status, 200, `resign seat ${seat.seat}: ${await res.text()}`);
}

/** The pieces drawn on a page's board. */
export function drawnPieces(page) {
  return page.$$eval("svg.board .layer-pieces [data-cell]", (els) =>
    els.map((g) => ({
      cell: g.dataset.cell,
      seat: Number(g.dataset.seat),
      kind: g.dataset.kind,
      hidden: g.classList.contains("hidden-piece"),
      cargo: g.querySelector(".cargo-label")?.textContent ?? "",
      label: g.getAttribute("aria-label"),
    })),
  );
}

/** The move list as drawn: each button's text and its move's protocol text. */
export function drawnMoves(page) {
  return page.$$eval("#moves button[data-ply]", (els) => els.map((b) => ({ text: b.textContent.trim(), uci: b.dataset.uci, face: b.querySelector("svg.die")?.dataset.face ?? null })));
}

/** A click on a cell of the board. */
export async function clickCell(page, cell) {
  const c = await cellCenter(page, cell);
  await page.mouse.click(c.x, c.y);
}

/**
 * A European Chess game made in the lobby with `nation` for red and the
 * default army for the others, from `fen` or the start: red's page (the
 * creator), blue's page (by its invite), a spectator's page, each keeping
 * its traffic (`recordTraffic`); yellow and green are seats the test plays
 * over HTTP (`postMove`), so their moves are known in advance.
 */
export async function europeanLineup(browser, nation, fen) {
  const red = await newPage(browser);
  await red.goto(`${BASE}/`);
  await red.selectOption("#variant", "european-ffa");
  await red.selectOption('select.nation[data-seat="0"]', nation);
  for (const s of [1, 2, 3]) await red.selectOption(`select.nation[data-seat="${s}"]`, "default");
  const game = await createGame(red, { variant: "european-ffa", seats: ["me", "open", "open", "open"], fen, keepForm: true });
  const invite = (seat) => game.invites.find((i) => i.seat === seat);
  const yellow = await joinSeat(invite(2));
  const green = await joinSeat(invite(3));
  const blue = await newPage(browser);
  const watcher = await newPage(browser);
  for (const p of [red, blue, watcher]) recordTraffic(p);
  await openGame(blue, invite(1).url);
  await openGame(red, game.url);
  await openGame(watcher, game.url);
  for (const p of [red, blue, watcher]) await p.waitForFunction(() => window.__tetrarch.model.status === "started");
  return { red, blue, watcher, yellow, green, url: game.url };
}

/** Read the game's exports (the record and the position) from `page` by
 * its "Export game" and "Export position" buttons, as a person would: the
 * page asks with its seat's token, and the answers join its recorded
 * traffic. Returns [record, position] as the downloads hold them. */
export async function readExports(page) {
  const texts = [];
  for (const name of ["Export game", "Export position"]) {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.click(`#controls button:has-text("${name}")`),
    ]);
    const path = await download.path();
    texts.push(await readFile(path, "utf8"));
  }
  return texts;
}
