// Four pages: one creates a four-player team game and sends the invite
// links to the other three, who join; each page draws the cross board with
// its own army at the bottom; they play a round and agree to a draw.

import test from "node:test";
import assert from "node:assert/strict";
import { launch, newPage, createGame, openGame, waitPly, clickMove, cellCenter, model, gameOverText, assertNoErrors, shot, BASE } from "../lib.mjs";

/** Where each square of the board is drawn, and where each seat's pieces stand, on one page. */
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

test("four-player game: invites, each army at the bottom for its seat, a round, a draw agreed by all", async (t) => {
  const browser = await launch();
  t.after(() => browser.close());
  const pages = [];
  for (let i = 0; i < 4; i++) pages.push(await newPage(browser, { viewport: { width: 1280, height: 960 } }));
  const [red] = pages;

  const game = await createGame(red, { variant: "fourway-teams", seats: ["me", "open", "open", "open"], clock: "10+5" });
  assert.deepEqual(game.invites.map((i) => i.seat), [1, 2, 3]);
  // The lobby lists the new game, with the invite links to copy.
  await red.goto(`${BASE}/`);
  await red.waitForSelector(`#open-games [data-game] [data-invite-seat="3"]`);
  await shot(red, "lobby");

  await openGame(red, game.url);
  for (const inv of game.invites) await openGame(pages[inv.seat], inv.url);
  for (const [seat, p] of pages.entries()) {
    await p.waitForFunction(() => window.__tetrarch.model.status === "started");
    assert.equal((await model(p)).you, seat);
  }

  // The cross board: 160 squares, each seat's army on the two bottom rows of its own page.
  for (const [seat, p] of pages.entries()) {
    const { squares, pieces } = await geometry(p);
    assert.equal(squares.length, 160, "14 x 14 less four 3 x 3 corners");
    const at = new Map(squares.map((s) => [s.cell, s]));
    const ys = squares.map((s) => s.y);
    const bottom = Math.max(...ys);
    const size = squares[0].w;
    for (const piece of pieces) {
      const rowsUp = Math.round((bottom - at.get(piece.cell).y) / size);
      if (piece.seat === seat) assert.ok(rowsUp <= 1, `seat ${seat}: own piece on ${piece.cell} is ${rowsUp} rows up`);
      else assert.ok(rowsUp >= 3, `seat ${seat}: seat ${piece.seat}'s piece on ${piece.cell} is near the bottom`);
    }
    // The squares of the home edge form the bottom row, left to right as the player sees them.
    const homeRow = squares.filter((s) => Math.abs(s.y - bottom) < 1).sort((a, b) => a.x - b.x).map((s) => s.cell);
    assert.equal(homeRow.length, 8);
    const expected = [
      ["d1", "e1", "f1", "g1", "h1", "i1", "j1", "k1"],
      ["a11", "a10", "a9", "a8", "a7", "a6", "a5", "a4"],
      ["k14", "j14", "i14", "h14", "g14", "f14", "e14", "d14"],
      ["n4", "n5", "n6", "n7", "n8", "n9", "n10", "n11"],
    ][seat];
    assert.deepEqual(homeRow, expected);
  }

  // One round: each seat moves a pawn one step forward.
  const round = [["h2", "h3"], ["b7", "c7"], ["g13", "g12"], ["m8", "l8"]];
  for (const [seat, [from, to]] of round.entries()) {
    await pages[seat].waitForFunction(() => window.__tetrarch.isMyTurn());
    await clickMove(pages[seat], from, to);
    for (const p of pages) await waitPly(p, seat + 1);
  }
  await shot(pages[0], "fourway-red");
  await shot(pages[1], "fourway-blue");

  // Red draws an arrow with the right button: its partner (yellow, across)
  // sees it, the opponents do not.
  const from = await cellCenter(red, "h3");
  const to = await cellCenter(red, "h5");
  await red.mouse.move(from.x, from.y);
  await red.mouse.down({ button: "right" });
  await red.mouse.move(to.x, to.y, { steps: 3 });
  await red.mouse.up({ button: "right" });
  await red.waitForSelector("svg.board .layer-shapes .arrow.mine", { state: "attached" });
  await pages[2].waitForSelector("svg.board .layer-shapes .arrow.partner", { state: "attached" });
  // A move later, blue's board still shows no arrow of red's.
  assert.equal(await pages[1].locator("svg.board .layer-shapes .partner").count(), 0);
  assert.equal(await pages[3].locator("svg.board .layer-shapes .partner").count(), 0);

  // Green reloads and reviews the first move: the boards come from the server.
  const green = pages[3];
  await green.reload();
  await green.waitForFunction(() => window.__tetrarch.model?.ply === 4);
  await green.click('#moves button[data-ply="1"]');
  await green.waitForFunction(() => window.__tetrarch.reviewPly === 1);
  const cells = await green.evaluate(() => [...document.querySelectorAll("svg.board .layer-pieces [data-cell]")].map((g) => g.dataset.cell));
  assert.ok(cells.includes("h3") && !cells.includes("h2"), "red's pawn has moved after ply 1");
  assert.ok(cells.includes("g13") && !cells.includes("g12"), "yellow's pawn has not moved yet after ply 1");
  await green.keyboard.press("End");
  await green.waitForFunction(() => window.__tetrarch.reviewPly === null);

  // Red offers a draw; the other three accept on their pages.
  await red.click('#controls button[data-action="draw-offer"]');
  for (const p of pages.slice(1)) {
    await p.waitForSelector('#offers [data-offer="draw"] button[data-action="draw-yes"]');
    await p.click('#offers [data-offer="draw"] button[data-action="draw-yes"]');
  }
  for (const p of pages) {
    const text = await gameOverText(p);
    assert.match(text, /draw/i);
  }
  const end = await model(pages[3]);
  assert.equal(end.status, "finished");
  assert.deepEqual(end.outcome.winners, []);
  assertNoErrors(...pages);
});
