// The Assassins' Guild's hidden knight in the browser: red (the Guild)
// hides its knight and moves it; red's board draws it faded on its new
// square, blue's board does not draw it at all and its move list shows
// the two steps as "?". Yellow and green are bots, handed their views.

import test from "node:test";
import assert from "node:assert/strict";
import { launch, newPage, createGame, openGame, typeMove, model, waitPly, assertNoErrors, BASE } from "../lib.mjs";

/** The pieces drawn on a page's board. */
function drawn(page) {
  return page.$$eval("svg.board .layer-pieces [data-cell]", (els) =>
    els.map((g) => ({ cell: g.dataset.cell, seat: Number(g.dataset.seat), kind: g.dataset.kind, hidden: g.classList.contains("hidden-piece") })),
  );
}

test("The Assassins' Guild: the hidden knight is drawn for its owner only", { timeout: 180000 }, async (t) => {
  const browser = await launch();
  t.after(() => browser.close());
  const red = await newPage(browser);
  await red.goto(`${BASE}/`);
  await red.selectOption("#variant", "european-ffa");
  await red.selectOption('select.nation[data-seat="0"]', "assassins-guild");
  for (const s of [1, 2, 3]) await red.selectOption(`select.nation[data-seat="${s}"]`, "default");
  const bot = { kind: "bot", level: 1 };
  const game = await createGame(red, { variant: "european-ffa", seats: ["me", "open", bot, bot], keepForm: true });
  const blue = await newPage(browser);
  const invite = game.invites.find((i) => i.seat === 1);
  assert.ok(invite, "an invite for blue");
  await openGame(blue, invite.url);
  await openGame(red, game.url);
  await red.waitForFunction(() => window.__tetrarch.model.status === "started");
  await red.waitForFunction(() => window.__tetrarch.isMyTurn());

  await typeMove(red, "stealth@d1");
  await waitPly(red, 1);
  await typeMove(red, "d1e3");
  await waitPly(red, 2);
  const mine = await drawn(red);
  assert.ok(mine.some((p) => p.cell === "e3" && p.seat === 0 && p.hidden), `red sees its hidden knight: ${JSON.stringify(mine)}`);
  assert.deepEqual((await model(red)).moves.slice(0, 2), ["stealth@d1", "d1e3"]);

  await waitPly(blue, 2);
  const theirs = await drawn(blue);
  assert.ok(!theirs.some((p) => p.seat === 0 && p.kind.toLowerCase() === "n"), `blue sees no red knight: ${JSON.stringify(theirs)}`);
  assert.ok(!theirs.some((p) => p.cell === "e3"), "nothing on e3 for blue");
  assert.deepEqual((await model(blue)).moves.slice(0, 2), ["?", "?"]);
  assertNoErrors(red, blue);
});
