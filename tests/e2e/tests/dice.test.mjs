// Dice shown to everyone: the game rolls them (a chance step, `roll=4`),
// and every page, not only the roller's (european.test.mjs covers the
// roller's page for the Balkan States and North Korea), draws the die that
// fell in its move list: the roller's, another seat's, a spectator's; the
// die's outcome is the same on every board, and the roller's banner shows
// it while the turn it decides goes on.

import test from "node:test";
import assert from "node:assert/strict";
import { launch, waitPly, model, drawnMoves, drawnPieces, clickCell, europeanLineup, typeMove, assertNoErrors } from "../lib.mjs";

/** The rolls a page's move list draws, as [ply, face]. */
async function rollsDrawn(page) {
  return (await drawnMoves(page)).flatMap((m, i) => (m.face === null ? [] : [[i + 1, Number(m.face)]]));
}

test("The Balkan States: the game's die drawn on the roller's page, another seat's and a spectator's", { timeout: 60000 }, async (t) => {
  const browser = await launch();
  t.after(() => browser.close());
  // Red's pawn-free corner faces a blue pawn on c3 inside red's 4 x 4;
  // no red piece stands orthogonally next to it (no misfire's victim to choose).
  const fen = "R-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'turns':(2,2,2,2)}-bK,6,yK/8/8/8/8/2,bP,5/4,rP,3/rK,rN,5,gK";
  const { red, blue, watcher } = await europeanLineup(browser, "balkan-states", fen);
  await red.waitForFunction(() => window.__tetrarch.isMyTurn());
  await red.click('#controls button[data-power="assassinate"]');
  await clickCell(red, "c3");
  for (const p of [red, blue, watcher]) await waitPly(p, 2);

  const { moves } = await model(red);
  assert.equal(moves[0], "assassinate@c3");
  const face = /^roll=([1-6])$/.exec(moves[1])?.[1];
  assert.ok(face, `the game rolled: ${moves}`);
  for (const p of [red, blue, watcher]) {
    assert.deepEqual(await rollsDrawn(p), [[2, Number(face)]], "the die in the move list");
    // The die decided the pawn's fate, the same on every page: 2 to 6 take
    // a pawn; 1 is a misfire with no red piece next to it, nothing goes.
    const pawn = (await drawnPieces(p)).some((x) => x.cell === "c3" && x.seat === 1);
    assert.equal(pawn, face === "1", `blue's pawn on c3 after a ${face}`);
  }
  // Red's turn goes on: its banner shows the die while red moves.
  assert.equal(await red.getAttribute("#turn-banner [data-rolled]", "data-rolled"), face);
  assert.equal(await red.getAttribute("#turn-banner svg.die", "data-face"), face);
  await typeMove(red, "e2e3");
  await waitPly(blue, 3);
  assert.equal((await model(blue)).moves[2], "e2e3");
  assert.equal(await blue.$("#turn-banner [data-rolled]"), null, "the die leaves the banner once the turn moved on");
  assertNoErrors(red, blue, watcher);
});
