// Two pages play EuroShogi through captures and a drop from the pocket.

import test from "node:test";
import assert from "node:assert/strict";
import { launch, newPage, createGame, openGame, waitPly, waitMyTurn, clickMove, model, assertNoErrors, shot } from "../lib.mjs";

/** Click from one cell to another; a promotion choice, if offered, takes the promoted form. */
async function moveMaybePromoting(page, from, to) {
  await clickMove(page, from, to);
  const picker = await page.waitForSelector("#promotion[open]", { timeout: 1500 }).catch(() => null);
  if (picker) await page.click('#promotion button[data-promotion^="+"]');
}

test("EuroShogi: a capture puts the piece in the pocket, and it is dropped", async (t) => {
  const browser = await launch();
  t.after(() => browser.close());
  const white = await newPage(browser);
  const black = await newPage(browser);
  const game = await createGame(white, { variant: "euroshogi", seats: ["me", "open"] });
  await openGame(white, game.url);
  await openGame(black, game.invites[0].url);

  const plies = [
    [white, "c3", "c4"],
    [black, "a6", "a5"],
    [white, "b2", "f6"], // the bishop takes a pawn and promotes in the zone
    [black, "a5", "a4"],
    [white, "f6", "g7"], // and takes the bishop
    [black, "h6", "h5"],
  ];
  for (const [i, [page, from, to]] of plies.entries()) {
    await waitMyTurn(page);
    await moveMaybePromoting(page, from, to);
    await waitPly(white, i + 1);
    await waitPly(black, i + 1);
  }

  // White's pocket holds the pawn and the bishop it took; the bishop is dropped.
  await waitMyTurn(white);
  const pocket = await white.$$eval('.pocket[data-pocket="0"] button[data-kind]', (bs) => bs.map((b) => b.dataset.kind).sort());
  assert.deepEqual(pocket, ["b", "p"]);
  const b = await white.locator('.pocket[data-pocket="0"] button[data-kind="b"]').boundingBox();
  await white.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
  await white.waitForSelector('svg.board [data-target="e5"]');
  const target = await white.locator('svg.board .layer-squares [data-cell="e5"]').boundingBox();
  await white.mouse.click(target.x + target.width / 2, target.y + target.height / 2);
  await waitPly(black, 7);
  const after = await model(black);
  assert.equal(after.moves[6].toLowerCase(), "b@e5");
  await black.waitForSelector('svg.board .layer-pieces [data-cell="e5"][data-seat="0"][data-kind="b"]');
  const left = await white.$$eval('.pocket[data-pocket="0"] button[data-kind]', (bs) => bs.map((x) => x.dataset.kind));
  assert.deepEqual(left, ["p"]);
  await shot(white, "euroshogi-pockets");
  assertNoErrors(white, black);
});
