// 4-Way Checkers in the browser: men drawn on the dark cells of the cross
// board only, moves made with the mouse (a capture path included when the
// rules force one), three bots answering.

import test from "node:test";
import assert from "node:assert/strict";
import { launch, newPage, createGame, openGame, clickMove, model, assertNoErrors, shot } from "../lib.mjs";

/** The cells the page draws pieces on, and the dark cells of the variant. */
function drawn(page) {
  return page.evaluate(() => ({
    pieces: [...document.querySelectorAll("svg.board .layer-pieces [data-cell]")].map((g) => g.dataset.cell),
    dark: window.__tetrarch.variant.dark_cells ?? [],
  }));
}

test("4-Way Checkers: men on the dark cells, moves by mouse, three bots answer", { timeout: 180000 }, async (t) => {
  const browser = await launch();
  t.after(() => browser.close());
  const page = await newPage(browser, { viewport: { width: 1100, height: 900 } });
  const bot = { kind: "bot", level: 1 };
  const game = await createGame(page, { variant: "fourway-checkers", seats: ["me", bot, bot, bot] });
  await openGame(page, game.url);

  const start = await drawn(page);
  assert.equal(start.pieces.length, 48, "twelve men for each of the four seats");
  assert.ok(start.dark.length > 0, "the variant names its dark cells");
  const dark = new Set(start.dark);
  for (const cell of start.pieces) assert.ok(dark.has(cell), `a man on ${cell}, a light cell`);
  // The board shades exactly those cells dark.
  const shaded = await page.evaluate(() => [...document.querySelectorAll("svg.board .layer-squares .sq.dark")].map((r) => r.dataset.cell));
  assert.deepEqual(new Set(shaded), dark);

  for (let round = 0; round < 3; round++) {
    await page.waitForFunction(() => window.__tetrarch.isMyTurn() || window.__tetrarch.model.outcome, null, { timeout: 60000 });
    const m = await model(page);
    if (m.outcome) break;
    // One step or one jump, clicked from its start to where it lands (a
    // capture, when one is forced, is the only kind offered).
    const single = m.legal.filter((mv) => (mv.path?.length ?? 0) <= 1);
    assert.ok(single.length > 0, "a move of one step or jump");
    const pick = single[round % single.length];
    await clickMove(page, pick.from, pick.to);
    await page.waitForFunction((n) => window.__tetrarch.model.moves.length > n, m.ply);
    const after = await model(page);
    assert.equal(after.moves[m.ply], pick.uci, "the move played is the one clicked");
  }
  // Bots moved in between: more than the page's own three moves were played.
  const end = await model(page);
  assert.ok(end.ply >= 3 + 2 * 3, `bots answered (ply ${end.ply})`);
  const now = await drawn(page);
  for (const cell of now.pieces) assert.ok(dark.has(cell), `a piece on ${cell}, a light cell`);
  await shot(page, "fourway-checkers");
  assertNoErrors(page);
});
