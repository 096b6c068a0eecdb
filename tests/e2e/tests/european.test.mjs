// European Chess in the browser: four armies in the corners of an 8x8
// board; the page of the blue seat (a8, pawns east) turns the board so its
// army stands on the two bottom rows and its pawns advance up the screen;
// a move by mouse, three bots answering.

import test from "node:test";
import assert from "node:assert/strict";
import { launch, newPage, createGame, openGame, clickMove, model, assertNoErrors, shot, BASE } from "../lib.mjs";

/** Where each square is drawn, and where each seat's pieces stand. */
function geometry(page) {
  return page.evaluate(() => {
    const svg = document.querySelector("svg.board");
    const squares = [...svg.querySelectorAll(".layer-squares [data-cell]")].map((r) => {
      const b = r.getBoundingClientRect();
      return { cell: r.dataset.cell, x: b.x + b.width / 2, y: b.y + b.height / 2, w: b.width };
    });
    const pieces = [...svg.querySelectorAll(".layer-pieces [data-cell]")].map((g) => ({ cell: g.dataset.cell, seat: Number(g.dataset.seat) }));
    return { squares, pieces };
  });
}

test("European Chess: the blue army at the bottom of blue's page, a pawn pushed up the screen, bots answer", { timeout: 180000 }, async (t) => {
  const browser = await launch();
  t.after(() => browser.close());
  const page = await newPage(browser, { viewport: { width: 1100, height: 900 } });
  const bot = { kind: "bot", level: 1 };
  const game = await createGame(page, { variant: "european-ffa", seats: [bot, "me", bot, bot] });
  await openGame(page, game.url);
  await page.waitForFunction(() => window.__tetrarch.model.status === "started");
  assert.equal((await model(page)).you, 1);

  const { squares, pieces } = await geometry(page);
  assert.equal(squares.length, 64);
  assert.equal(pieces.length, 32, "eight pieces in each corner");
  const at = new Map(squares.map((s) => [s.cell, s]));
  const bottom = Math.max(...squares.map((s) => s.y));
  const size = squares[0].w;
  const rowsUp = (cell) => Math.round((bottom - at.get(cell).y) / size);
  const own = pieces.filter((p) => p.seat === 1);
  assert.equal(own.length, 8);
  for (const p of own) assert.ok(rowsUp(p.cell) <= 1, `blue's piece on ${p.cell} is ${rowsUp(p.cell)} rows up`);
  // Blue's home edge is the a-file: a8..a5 hold the pieces, b8..b5 the pawns.
  for (const cell of ["a8", "a7", "a6", "a5"]) assert.equal(rowsUp(cell), 0, `${cell} on the bottom row`);
  for (const cell of ["b8", "b7", "b6", "b5"]) assert.equal(rowsUp(cell), 1, `${cell} on the second row`);

  // Red (a bot) moves first; then blue pushes a pawn one square east, which is up the screen.
  await page.waitForFunction(() => window.__tetrarch.isMyTurn(), null, { timeout: 60000 });
  const m = await model(page);
  const push = m.legal.find((mv) => mv.from === "b6" && mv.to === "c6");
  assert.ok(push, `b6-c6 is legal for blue: ${m.legal.map((mv) => mv.uci).join(" ")}`);
  await clickMove(page, "b6", "c6");
  await page.waitForFunction((n) => window.__tetrarch.model.moves.length > n, m.ply);
  assert.equal((await model(page)).moves[m.ply], push.uci);
  assert.equal(rowsUp("c6"), 2, "the pawn went up the screen");

  // The three bots answer: the turn comes back to blue.
  await page.waitForFunction(() => window.__tetrarch.isMyTurn() || window.__tetrarch.model.outcome, null, { timeout: 60000 });
  assert.ok((await model(page)).ply >= m.ply + 4, "bots answered");
  await page.waitForTimeout(600); // the last move's slide
  await shot(page, "european-ffa");
  assertNoErrors(page);
});

test("European Chess 2v2: partners chosen in the lobby are the game's", { timeout: 120000 }, async (t) => {
  const browser = await launch();
  t.after(() => browser.close());
  const page = await newPage(browser);
  await page.goto(`${BASE}/`);
  await page.selectOption("#variant", "european-teams");
  // Red's partner: blue, yellow (across, the default) or green.
  const options = await page.$$eval("#partner option", (els) => els.map((e) => [e.value, e.selected]));
  assert.deepEqual(options, [["1", false], ["2", true], ["3", false]]);
  // The optional rule, turned on in the same form.
  await page.check('.option-rule[value="declare_check"]');
  const bot = { kind: "bot", level: 1 };
  const game = await createGame(page, { variant: "european-teams", seats: ["me", bot, bot, bot], partner: 1, keepForm: true });
  await openGame(page, game.url);
  const teams = await page.evaluate(() => window.__tetrarch.variant.seats.map((s) => s.team));
  assert.deepEqual(teams, [0, 0, 1, 1], "red and blue against yellow and green");
  const id = new URL(game.url).pathname.split("/").pop();
  const state = await (await fetch(`${BASE}/api/games/${id}`)).json();
  assert.deepEqual(state.options, ["declare_check"]);
  assertNoErrors(page);
});

test("European Chess: Jerusalem picks the piece it shelters in the board's chooser", { timeout: 120000 }, async (t) => {
  const browser = await launch();
  t.after(() => browser.close());
  const page = await newPage(browser);
  await page.goto(`${BASE}/`);
  await page.selectOption("#variant", "european-ffa");
  await page.selectOption('select.nation[data-seat="0"]', "jerusalem");
  const bot = { kind: "bot", level: 1 };
  const game = await createGame(page, { variant: "european-ffa", seats: ["me", bot, bot, bot], keepForm: true });
  await openGame(page, game.url);
  await page.waitForFunction(() => window.__tetrarch.isMyTurn(), null, { timeout: 60000 });
  const m = await model(page);
  // d2-d3 is offered once per piece that did not move and is not the king.
  const forms = m.legal.filter((mv) => mv.from === "d2" && mv.to === "d3").map((mv) => mv.uci).sort();
  assert.deepEqual(forms, ["d2d3@a2", "d2d3@b1", "d2d3@b2", "d2d3@c1", "d2d3@c2", "d2d3@d1"]);
  assert.ok(m.legal.filter((mv) => mv.from === "d2").every((mv) => mv.power === "shelter" && mv.chosen));
  await clickMove(page, "d2", "d3");
  const choice = page.locator('#promotion button[aria-label="shelter c1"]');
  await choice.waitFor();
  assert.equal(await page.locator("#promotion .promotion-choices button").count(), 6);
  await choice.click();
  await page.waitForFunction((n) => window.__tetrarch.model.moves.length > n, m.ply);
  assert.equal((await model(page)).moves[m.ply], "d2d3@c1");
  assertNoErrors(page);
});

test("European Chess: Ancient China's Great Wall is drawn between the 3x5 and the board", { timeout: 120000 }, async (t) => {
  const browser = await launch();
  t.after(() => browser.close());
  const page = await newPage(browser);
  await page.goto(`${BASE}/`);
  await page.selectOption("#variant", "european-ffa");
  await page.selectOption('select.nation[data-seat="0"]', "ancient-china");
  const bot = { kind: "bot", level: 1 };
  const game = await createGame(page, { variant: "european-ffa", seats: ["me", bot, bot, bot], keepForm: true });
  await openGame(page, game.url);
  // The state names the walls as pairs of cells; the board draws each.
  const walls = await page.evaluate(() => window.__tetrarch.model.board.walls);
  const pairs = walls.map(([a, b]) => `${a}-${b}`).sort();
  assert.deepEqual(pairs, ["a3-a4", "b3-b4", "c3-c4", "d3-d4", "e1-f1", "e2-f2", "e3-e4", "e3-f3"]);
  const drawn = await page.$$eval(".layer-walls line.wall", (ls) =>
    ls.map((l) => ({ wall: l.dataset.wall, x1: +l.getAttribute("x1"), y1: +l.getAttribute("y1"), x2: +l.getAttribute("x2"), y2: +l.getAttribute("y2") })),
  );
  assert.deepEqual(drawn.map((d) => d.wall).sort(), pairs);
  // Each segment lies on the edge between its two squares: red's page has
  // a1 at the bottom left, so d3|d4 is a level line and e2|f2 an upright one.
  const edge = (w) => drawn.find((d) => d.wall === w);
  assert.equal(edge("d3-d4").y1, edge("d3-d4").y2);
  assert.equal(edge("e2-f2").x1, edge("e2-f2").x2);
  await shot(page, "european-great-wall");
  assertNoErrors(page);
});

test("European Chess: the Ottoman reserve is a pocket, and its king is deployed from it", { timeout: 120000 }, async (t) => {
  const browser = await launch();
  t.after(() => browser.close());
  const page = await newPage(browser);
  await page.goto(`${BASE}/`);
  await page.selectOption("#variant", "european-ffa");
  await page.selectOption('select.nation[data-seat="0"]', "ottoman-empire");
  const bot = { kind: "bot", level: 1 };
  const game = await createGame(page, { variant: "european-ffa", seats: ["me", bot, bot, bot], keepForm: true });
  await openGame(page, game.url);
  await page.waitForFunction(() => window.__tetrarch.isMyTurn(), null, { timeout: 60000 });
  // Only the Ottoman seat holds a reserve: one pocket, with its five kinds.
  assert.deepEqual(await page.$$eval(".pocket[data-pocket]", (ps) => ps.map((p) => p.dataset.pocket)), ["0"]);
  const kinds = await page.$$eval('.pocket[data-pocket="0"] button[data-kind]', (bs) =>
    bs.map((b) => `${b.dataset.kind}${b.querySelector(".count").textContent}`).sort(),
  );
  assert.deepEqual(kinds, ["b2", "k1", "n2", "p2", "r1"]);
  const m = await model(page);
  const k = await page.locator('.pocket[data-pocket="0"] button[data-kind="k"]').boundingBox();
  await page.mouse.click(k.x + k.width / 2, k.y + k.height / 2);
  // The deployment squares are the targets offered.
  await page.waitForSelector('svg.board [data-target="c1"]');
  const targets = await page.$$eval("svg.board [data-target]", (ts) => ts.map((x) => x.dataset.target).sort());
  assert.deepEqual(targets, ["a1", "b2", "c1", "d2"]);
  const c1 = await page.locator('svg.board .layer-squares [data-cell="c1"]').boundingBox();
  await page.mouse.click(c1.x + c1.width / 2, c1.y + c1.height / 2);
  await page.waitForFunction((n) => window.__tetrarch.model.moves.length > n, m.ply);
  assert.equal((await model(page)).moves[m.ply].toLowerCase(), "k@c1");
  await page.waitForSelector('svg.board .layer-pieces [data-cell="c1"][data-seat="0"][data-kind="k"]');
  const left = await page.$$eval('.pocket[data-pocket="0"] button[data-kind]', (bs) => bs.map((b) => b.dataset.kind).sort());
  assert.deepEqual(left, ["b", "n", "p", "r"]);
  await shot(page, "european-ottoman-reserve");
  assertNoErrors(page);
});

test("European Chess: France's turn goes on after its move until End turn passes it", { timeout: 120000 }, async (t) => {
  const browser = await launch();
  t.after(() => browser.close());
  const page = await newPage(browser);
  await page.goto(`${BASE}/`);
  await page.selectOption("#variant", "european-ffa");
  await page.selectOption('select.nation[data-seat="0"]', "france");
  const bot = { kind: "bot", level: 1 };
  const game = await createGame(page, { variant: "european-ffa", seats: ["me", bot, bot, bot], keepForm: true });
  await openGame(page, game.url);
  await page.waitForFunction(() => window.__tetrarch.isMyTurn(), null, { timeout: 60000 });
  // Before the move there is nothing to end.
  assert.equal(await page.locator('#controls [data-action="end-turn"]').count(), 0);
  const m = await model(page);
  await clickMove(page, "d2", "d3");
  await page.waitForFunction((n) => window.__tetrarch.model.moves.length > n, m.ply);
  // The turn stays with France: extra moves paid with a sacrifice, and the pass.
  const after = await model(page);
  assert.equal(after.turn, 0);
  assert.ok(after.legal.some((x) => x.uci === "0000"));
  assert.ok(after.legal.some((x) => /^[a-h][1-8][a-h][1-8]@[a-h][1-8]$/.test(x.uci)), "extra moves with a sacrifice");
  const end = page.locator('#controls [data-action="end-turn"]');
  await end.waitFor();
  await end.click();
  await page.waitForFunction((n) => window.__tetrarch.model.moves.length > n + 1, m.ply);
  assert.equal((await model(page)).moves[m.ply + 1], "0000");
  // The bots take their turns and the turn comes back to France.
  await page.waitForFunction(() => window.__tetrarch.isMyTurn() || window.__tetrarch.model.outcome, null, { timeout: 60000 });
  assert.ok((await model(page)).ply >= m.ply + 5, "the three others moved");
  assertNoErrors(page);
});

test("European Chess: the Balkan States arm their power by its button, pick the target on the board, and the die is shown", { timeout: 120000 }, async (t) => {
  const browser = await launch();
  t.after(() => browser.close());
  const page = await newPage(browser);
  await page.goto(`${BASE}/`);
  await page.selectOption("#variant", "european-ffa");
  await page.selectOption('select.nation[data-seat="0"]', "balkan-states");
  const bot = { kind: "bot", level: 1 };
  // Red (the Balkans) holds three pieces; a blue pawn stands on c3, inside red's 4x4.
  const fen = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'turns':(2,2,2,2)}-bK,6,yK/8/8/8/8/2,bP,5/4,rP,3/rK,rN,5,gK";
  const game = await createGame(page, { variant: "european-ffa", seats: ["me", bot, bot, bot], fen, keepForm: true });
  await openGame(page, game.url);
  await page.waitForFunction(() => window.__tetrarch.isMyTurn(), null, { timeout: 60000 });
  const m = await model(page);
  assert.ok(m.legal.some((x) => x.uci === "assassinate@c3"), m.legal.map((x) => x.uci).join(" "));
  // No target is offered before the power is armed.
  assert.equal(await page.locator('svg.board [data-target="c3"]').count(), 0);
  const arm = page.locator('#controls [data-action="power"][data-power="assassinate"]');
  await arm.click();
  await page.waitForSelector('svg.board [data-target="c3"]');
  assert.equal(await page.locator('#controls [data-action="power"][data-power="assassinate"]').getAttribute("aria-pressed"), "true");
  const c3 = await page.locator('svg.board .layer-squares [data-cell="c3"]').boundingBox();
  await page.mouse.click(c3.x + c3.width / 2, c3.y + c3.height / 2);
  // The pick, then the game's roll: a step of its own, drawn as a die.
  await page.waitForFunction((n) => window.__tetrarch.model.moves.length > n + 1, m.ply);
  const after = await model(page);
  assert.equal(after.moves[m.ply], "assassinate@c3");
  const face = Number(/^roll=(\d)$/.exec(after.moves[m.ply + 1])[1]);
  assert.ok(face >= 1 && face <= 6);
  const shown = await page.$eval(`#moves [data-ply="${m.ply + 2}"] svg.die`, (d) => Number(d.dataset.face));
  assert.equal(shown, face);
  assert.equal(await page.$eval("#turn-banner [data-rolled]", (e) => Number(e.dataset.rolled)), face);
  assert.equal(after.turn, 0, "the Balkan turn goes on with its move");
  await shot(page, "european-balkan-dice");
  assertNoErrors(page);
});

test("European Chess: North Korea names its pieces by clicks and plays the pick from its button; the game rolls a die per piece", { timeout: 120000 }, async (t) => {
  const browser = await launch();
  t.after(() => browser.close());
  const page = await newPage(browser);
  await page.goto(`${BASE}/`);
  await page.selectOption("#variant", "european-ffa");
  await page.selectOption('select.nation[data-seat="0"]', "north-korea");
  const bot = { kind: "bot", level: 1 };
  // Red (North Korea) rolled 5 then 6: it names up to three of its four pieces.
  const fen = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'turns':(2,2,2,2),'insanity':('pick3','','','')}-bK,6,yK/8/8/8/8/8/2,rP,5/rK,rN,1,rR,3,gK";
  const game = await createGame(page, { variant: "european-ffa", seats: ["me", bot, bot, bot], fen, keepForm: true });
  await openGame(page, game.url);
  await page.waitForFunction(() => window.__tetrarch.isMyTurn(), null, { timeout: 60000 });
  const m = await model(page);
  assert.equal(m.legal.length, 14, m.legal.map((x) => x.uci).join(" "));
  assert.ok(m.legal.every((x) => x.picks?.length && !x.from && !x.to), "picks name pieces and move none");
  const click = async (cell) => {
    const b = await page.locator(`svg.board .layer-squares [data-cell="${cell}"]`).boundingBox();
    await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
  };
  const targets = () => page.$$eval("svg.board [data-target]", (ts) => ts.map((x) => x.dataset.target).sort());
  const picked = () => page.$$eval('svg.board [data-mark="selected"]', (ms) => ms.length);
  await page.locator('#controls [data-action="power"][data-power="insanity"]').click();
  assert.deepEqual(await targets(), ["a1", "b1", "c2", "d1"], "every piece may be named");
  await click("b1");
  await click("d1");
  assert.equal(await picked(), 2);
  assert.deepEqual(await targets(), ["a1", "c2"]);
  // Named by mistake, and named no more.
  await click("a1");
  await click("a1");
  assert.equal(await picked(), 2);
  await click("c2");
  assert.deepEqual(await targets(), [], "three pieces: none more");
  const play = page.locator('#controls [data-action="pick"]');
  assert.equal(await play.textContent(), "Insanity: b1 d1 c2");
  await play.click();
  // The pick, then the game's three rolls, one per piece, each a step of its own.
  await page.waitForFunction((n) => window.__tetrarch.model.moves.length >= n + 4, m.ply);
  const after = await model(page);
  assert.equal(after.moves[m.ply], "insanity@b1d1c2");
  for (let i = 1; i <= 3; i++) assert.match(after.moves[m.ply + i], /^roll=[1-6]$/);
  assert.equal(after.turn, 0, "North Korea's turn goes on with the pieces' moves");
  await shot(page, "european-north-korea-pick");
  assertNoErrors(page);
});
