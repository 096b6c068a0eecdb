// The Soviet Union's face-down cards in the browser: red (the Soviet
// Union) deals its cards from the page (the power's button and the King
// card's cell, then a click from cell to cell for each pair); red's board
// draws each card as the piece it names, blue's page and a spectator's
// draw every red piece as the unknown piece, and no message their sockets
// receive names a card or the deal. A move of a face-down piece opens the
// challenge window: blue's page offers the challenge button, and both
// outcomes are played from it and drawn on every page: a bluff's piece is
// removed and the challenger moves on; a legal move's challenger loses
// its turn. Yellow and green move over HTTP.

import test from "node:test";
import assert from "node:assert/strict";
import { launch, europeanLineup, clickMove, clickCell, typeMove, postMove, waitPly, model, drawnPieces, drawnMoves, assertNoErrors, readExports } from "../lib.mjs";

/** The kinds of the face-down cards (the stand-in `u` is not one). */
const CARDS = new Set(["x", "y", "z", "w"]);

/** What a message tells of red's cards: the deal's steps, the FEN4's
 * cards, a red piece of a card's kind, a true kind where `turned` does
 * not allow one (the cells whose card was turned over in public). */
function cardSecrets(text, turned = new Set()) {
  const found = [];
  if (text.includes("secrecy@")) found.push("a step of the deal");
  if (text.includes("'cards'")) found.push("the cards in a FEN4");
  const walk = (v) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (v === null || typeof v !== "object") return;
    if (Array.isArray(v.pieces) && v.pieces.every((p) => typeof p === "object")) {
      for (const p of v.pieces) {
        if (p.seat === 0 && p.kind !== "u" && !turned.has(p.cell)) found.push(`red's ${p.kind} on ${p.cell}`);
        if (CARDS.has(p.kind)) found.push(`a card: ${JSON.stringify(p)}`);
      }
    }
    Object.values(v).forEach(walk);
  };
  try {
    walk(JSON.parse(text));
  } catch {
    // Not JSON: the patterns above judged it.
  }
  return found;
}

/** The symbol a board draws for a kind: the text of its picture, if any. */
function pictureText(page, kind) {
  return page.$eval(`svg.board defs symbol[id$="pc-${kind}"]`, (s) => s.textContent.trim());
}

test("The Soviet Union: the deal from the page, the cards for their owner only, a challenge of a bluff and of a legal move", { timeout: 90000 }, async (t) => {
  const browser = await launch();
  t.after(() => browser.close());
  const { red, blue, watcher, yellow, green } = await europeanLineup(browser, "soviet-union");
  const all = [red, blue, watcher];
  const others = [blue, watcher];

  // The deal: the King card on a1, the bishop cards on b1 and c1, the knight cards on d1 and a2.
  await red.waitForFunction(() => window.__tetrarch.isMyTurn());
  await red.click('#controls button[data-power="secrecy"]');
  await clickCell(red, "a1");
  await waitPly(red, 1);
  await clickMove(red, "b1", "c1");
  await waitPly(red, 2);
  await clickMove(red, "d1", "a2");
  await waitPly(red, 3);
  assert.deepEqual((await model(red)).moves, ["secrecy@a1", "secrecy@b1c1", "secrecy@d1a2"]);
  const mine = Object.fromEntries((await drawnPieces(red)).filter((p) => p.seat === 0).map((p) => [p.cell, p.kind]));
  assert.deepEqual(mine, { a1: "x", b1: "z", c1: "z", d1: "y", a2: "y", b2: "w", c2: "w", d2: "w" }, "red sees its cards");

  // A bluff: the bishop card on b1 goes to b4 as no bishop does.
  await clickMove(red, "b1", "b4");
  for (const p of all) await waitPly(p, 4);
  for (const p of others) {
    const reds = (await drawnPieces(p)).filter((x) => x.seat === 0);
    assert.equal(reds.length, 8);
    assert.ok(reds.every((x) => x.kind === "u"), `only unknown pieces: ${JSON.stringify(reds)}`);
    assert.ok(reds.some((x) => x.cell === "b4"));
    assert.deepEqual((await drawnMoves(p)).map((m) => m.uci), ["?", "?", "?", "b1b4"], "the deal is ?");
  }
  // What the web draws for the stand-in: a question mark; for a card, the piece it names.
  assert.equal(await pictureText(blue, "u"), "?");
  assert.equal(await pictureText(red, "z"), "", "a bishop card is drawn as a bishop, no letter");

  // Blue's page offers the challenge; blue plays it from the button: a bluff, so the piece goes.
  await blue.waitForFunction(() => window.__tetrarch.isMyTurn());
  assert.equal(await watcher.$('#controls button[data-power="challenge"]'), null, "no button for a spectator");
  await blue.click('#controls button[data-power="challenge"]');
  await clickCell(blue, "b4");
  for (const p of all) await waitPly(p, 5);
  for (const p of all) {
    assert.ok(!(await drawnPieces(p)).some((x) => x.cell === "b4"), "the bluff's piece is removed");
    assert.equal((await model(p)).moves[4], "challenge@b4");
  }
  assert.equal((await model(blue)).turn, 1, "blue's turn goes on after a bluff");
  await typeMove(blue, "b5c5");
  for (const p of all) await waitPly(p, 6);
  await postMove(yellow, "e7e6");
  await postMove(green, "g4f4");
  for (const p of all) await waitPly(p, 8);

  // A legal move: the knight card on d1 leaps to e3; blue challenges and loses its turn.
  await red.waitForFunction(() => window.__tetrarch.isMyTurn());
  await clickMove(red, "d1", "e3");
  await blue.waitForFunction(() => window.__tetrarch.isMyTurn());
  await blue.click('#controls button[data-power="challenge"]');
  await clickCell(blue, "e3");
  for (const p of all) await waitPly(p, 10);
  for (const p of all) {
    const m = await model(p);
    assert.equal(m.moves[9], "challenge@e3");
    assert.equal(m.turn, 2, "the challenger's turn is over: yellow moves");
    // The card is turned over: a plain knight, for everyone.
    assert.ok((await drawnPieces(p)).some((x) => x.cell === "e3" && x.seat === 0 && x.kind === "n"), "the knight card turned");
  }
  assert.match(await blue.textContent("#turn-banner"), /Yellow to move/i);

  // The "Export game" and "Export position" buttons: each page gets its own view, the owner its deal.
  for (const p of others) await readExports(p);
  const [redRecord] = await readExports(red);
  assert.match(redRecord, /secrecy@/, "the owner's export holds its deal");

  // Nothing the others' browsers received named a card, but the one turned in public.
  for (const [name, p] of [["blue", blue], ["spectator", watcher]]) {
    const leaks = [...p.frames, ...p.answers].flatMap((text) => cardSecrets(text, new Set(["e3"])).map((what) => `${what} in ${text.slice(0, 200)}`));
    assert.deepEqual(leaks, [], `${name} was sent a secret`);
    assert.ok(p.frames.length > 5, `${name}'s socket was heard`);
  }
  assertNoErrors(...all);
});
