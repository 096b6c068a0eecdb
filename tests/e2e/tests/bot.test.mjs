// A game against a bot runs to its end: the page plays a random legal move
// whenever its turn comes; the bot answers on its own clock.

import test from "node:test";
import assert from "node:assert/strict";
import { launch, newPage, createGame, openGame, typeMove, gameOverText, assertNoErrors, model } from "../lib.mjs";

test("a game against a bot runs to its end", { timeout: 240000 }, async (t) => {
  const browser = await launch();
  t.after(() => browser.close());
  const page = await newPage(browser);
  const game = await createGame(page, {
    variant: "chess",
    seats: ["me", { kind: "bot", level: 1 }],
    clock: "custom",
    customClock: { minutes: 0.5, increment: 0 },
  });
  await openGame(page, game.url);
  await page.waitForFunction(() => window.__tetrarch.model.seats[1].kind === "bot");
  const deadline = Date.now() + 200000;
  while (Date.now() < deadline) {
    await page.waitForFunction(() => window.__tetrarch.isMyTurn() || window.__tetrarch.model.outcome, null, { timeout: 60000 });
    const m = await model(page);
    if (m.outcome) break;
    const pick = m.legal[Math.floor(Math.random() * m.legal.length)];
    await typeMove(page, pick.uci);
    await page.waitForFunction((n) => window.__tetrarch.model.moves.length > n || window.__tetrarch.model.outcome, m.ply);
  }
  const text = await gameOverText(page);
  assert.ok(text.length > 0);
  const end = await model(page);
  assert.equal(end.status, "finished");
  assert.ok(end.ply >= 2, "the bot moved");
  assertNoErrors(page);
});
