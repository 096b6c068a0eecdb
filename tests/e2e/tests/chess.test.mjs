// Two pages play chess to mate through a promotion: clicks, a drag, taps
// on a phone-sized page and typed moves; one page reloads in the middle,
// the other has its socket cut and catches up on the moves it missed.

import test from "node:test";
import assert from "node:assert/strict";
import {
  launch, newPage, createGame, openGame, waitPly, waitMyTurn, clickMove, dragMove, typeMove,
  cellCenter, model, gameOverText, assertNoErrors, shot, waitReady,
} from "../lib.mjs";

// White: Kb6, pawns c7 and g2; Black: Ka8, pawn h7. Black's king cannot
// move, so Black pushes the h-pawn while White walks the g-pawn up, then
// c8=Q is mate.
const FEN = "k7/2P4p/1K6/8/8/8/6P1/8 w - - 0 1";

async function tapMove(page, from, to) {
  const a = await cellCenter(page, from);
  await page.touchscreen.tap(a.x, a.y);
  await page.waitForSelector(`svg.board [data-target="${to}"]`);
  const b = await cellCenter(page, to);
  await page.touchscreen.tap(b.x, b.y);
}

test("chess: promotion to mate, keyboard entry, reload and reconnect", async (t) => {
  const browser = await launch();
  t.after(() => browser.close());
  const white = await newPage(browser);
  const black = await newPage(browser, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  const game = await createGame(white, { variant: "chess", seats: ["me", "open"], fen: FEN });
  assert.equal(game.invites.length, 1);
  await openGame(white, game.url);
  await openGame(black, game.invites[0].url);
  assert.equal((await model(black)).you, 1, "the invite gave Black's seat");

  // White is at the bottom for White, Black at the bottom for Black.
  const whiteKing = await cellCenter(white, "b6");
  const whitePawn = await cellCenter(white, "g2");
  assert.ok(whitePawn.y > whiteKing.y, "rank 2 is below rank 6 for White");
  const bb6 = await cellCenter(black, "b6");
  const bg2 = await cellCenter(black, "g2");
  assert.ok(bg2.y < bb6.y, "rank 2 is above rank 6 for Black");

  await waitMyTurn(white);
  await clickMove(white, "g2", "g3");
  await waitPly(black, 1);
  await tapMove(black, "h7", "h6");
  await waitPly(white, 2);

  // Keyboard entry: SAN and UCI; a bad move gets a message and changes nothing.
  await typeMove(white, "Kb7");
  await white.waitForFunction(() => document.querySelector("#entry-error").textContent.includes("not a legal move"));
  await typeMove(white, "g4");
  await waitPly(black, 3);
  await typeMove(black, "h6h5");
  await waitPly(white, 4);

  // Black reloads in the middle of the game and carries on.
  await black.reload();
  await waitReady(black);
  assert.equal((await model(black)).ply, 4);
  await dragMove(white, "g4", "g5");
  await waitPly(white, 5);
  await waitPly(black, 5);
  await tapMove(black, "h5", "h4");
  await waitPly(white, 6);

  // White's socket is cut and stays down: the page says so; Black moves;
  // once back, White shows the move it missed.
  await typeMove(white, "g6");
  await waitPly(black, 7);
  // White's own move must be confirmed to White before the cut, or the
  // echo of it is among what White misses.
  await waitPly(white, 7);
  await white.evaluate(() => window.__tetrarch.socket.drop(true));
  await white.waitForSelector("#conn-banner:not([hidden])");
  assert.match(await white.textContent("#conn-banner"), /Disconnected/);
  await typeMove(black, "h3");
  await waitPly(black, 8);
  assert.equal((await model(white)).ply, 7, "White has not seen Black's move yet");
  await white.evaluate(() => window.__tetrarch.socket.resume());
  await waitPly(white, 8);
  await white.waitForSelector("#conn-banner[hidden]", { state: "attached" });
  assert.equal(await white.getAttribute('#moves button[data-ply="8"]', "data-uci"), "h4h3");

  await typeMove(white, "g7");
  await waitPly(black, 9);
  await typeMove(black, "h2");
  await waitPly(white, 10);

  // The promotion picker offers exactly the four legal choices.
  await waitMyTurn(white);
  await clickMove(white, "c7", "c8");
  await white.waitForSelector("#promotion[open]");
  const choices = await white.$$eval("#promotion .promotion-choices button", (bs) => bs.map((b) => b.dataset.promotion).sort());
  assert.deepEqual(choices, ["b", "n", "q", "r"]);
  await shot(white, "chess-promotion");
  await white.click('#promotion button[data-promotion="q"]');

  for (const p of [white, black]) {
    const text = await gameOverText(p);
    assert.match(text, /white/i);
    assert.match(text, /mate/i);
  }
  const end = await model(black);
  assert.deepEqual(end.outcome.winners, [0]);
  assert.equal(end.san[end.san.length - 1], "c8=Q#");
  await white.click("#game-over [data-close]");
  await shot(white, "chess-game");
  await black.click("#game-over [data-close]");
  await shot(black, "phone");
  assertNoErrors(white, black);
});
