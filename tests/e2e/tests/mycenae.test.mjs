// Mycenae's Trojan horses in the browser: red (Mycenae) packs its army
// into its two knights from the page (a click on one knight, one on the
// other, the share chosen in the chooser), then unloads, loads and burns
// through the page. Red's board shows which knight carries what; blue's
// page and a spectator's show only the pool of both knights together, and
// no message their sockets receive names a knight's cargo or the packing;
// loads, unloads and burns are drawn for everyone; when the game is over
// every page shows the true record. Yellow and green move over HTTP.

import test from "node:test";
import assert from "node:assert/strict";
import {
  launch,
  europeanLineup,
  clickMove,
  clickCell,
  typeMove,
  postMove,
  postResign,
  waitPly,
  model,
  drawnPieces,
  drawnMoves,
  assertNoErrors,
  readExports,
  shot,
} from "../lib.mjs";

/** What a message tells of which knight carries what: the packing's
 * text, a cargo record on a cell, a FEN4 cargo extra naming a cell. The
 * legal moves of the start position (sent to all while nothing is hidden
 * yet) list every packing: the rules, not the one chosen. */
function cargoSecrets(text) {
  const found = [];
  const inString = (v) => {
    if (v.includes("cargo@b1c1=")) found.push(`the packing: ${v}`);
    if (/'cargo':\('[a-z]/.test(v)) found.push(`a knight's cargo in a FEN4: ${v}`);
  };
  let message;
  try {
    message = JSON.parse(text);
  } catch {
    inString(text);
    return found;
  }
  const walk = (v, key) => {
    if (typeof v === "string") return inString(v);
    if (v === null || typeof v !== "object") return;
    if (key === "legal" && message.ply === 0) return;
    if (Array.isArray(v)) return v.forEach((x) => walk(x));
    if (Array.isArray(v.cargo) && v.cargo.some((c) => c.cell)) found.push(`a knight's cargo: ${JSON.stringify(v.cargo)}`);
    for (const [k, x] of Object.entries(v)) walk(x, k);
  };
  walk(message);
  return found;
}

/** Each loaded knight's label on a page's board: {cell: letters}. */
async function labels(page) {
  const out = {};
  for (const p of await drawnPieces(page)) if (p.cargo) out[p.cell] = p.cargo;
  return out;
}

/** The pool a page's seat card shows for red ("" for none). */
function pool(page) {
  return page.$eval('#seats [data-seat="0"]', (card) => card.querySelector("[data-cargo-pool]")?.dataset.cargoPool ?? "");
}

test("Mycenae: the packing from the page, each knight's cargo for its owner only, loads, unloads and a burn for all", { timeout: 90000 }, async (t) => {
  const browser = await launch();
  t.after(() => browser.close());
  const { red, blue, watcher, yellow, green } = await europeanLineup(browser, "mycenae");
  const all = [red, blue, watcher];
  const others = [blue, watcher];
  // Red's turn ended at `ply`: blue moves from its page, yellow and green over HTTP.
  const afterRed = async (ply, blueMove, yellowMove, greenMove) => {
    await blue.waitForFunction(() => window.__tetrarch.isMyTurn());
    await typeMove(blue, blueMove);
    await waitPly(red, ply + 1);
    await postMove(yellow, yellowMove);
    await postMove(green, greenMove);
    for (const p of all) await waitPly(p, ply + 3);
  };
  // Red's turn of loads and unloads ends with the end step, at `ply`.
  const endTurn = async (ply) => {
    await red.click('#controls button[data-action="end-turn"]');
    for (const p of all) await waitPly(p, ply);
    for (const p of all) assert.equal((await model(p)).moves[ply - 1], "0000");
  };

  // Before the packing nothing is carried on any board; the others see the pool.
  for (const p of all) assert.deepEqual(await labels(p), {});
  for (const p of others) assert.equal(await pool(p), "krbbppp");

  // The packing: the knight on b1, then the one on c1; b1 takes R, B, B.
  await red.waitForFunction(() => window.__tetrarch.isMyTurn());
  await clickMove(red, "b1", "c1");
  await red.waitForSelector("#promotion[open]");
  assert.equal(await red.locator("#promotion button[aria-label^='cargo ']").count(), 48, "every share offered");
  await red.click('#promotion button[aria-label="cargo rbb"]');
  await waitPly(red, 1);
  await clickMove(red, "b1", "c3");
  for (const p of all) await waitPly(p, 2);
  assert.deepEqual(await labels(red), { c1: "KPPP", c3: "RBB" }, "red sees which knight holds what");
  assert.deepEqual((await model(red)).moves, ["cargo@b1c1=rbb", "b1c3"]);
  for (const p of others) {
    assert.deepEqual(await labels(p), {}, "no knight's cargo drawn");
    assert.equal(await pool(p), "krbbppp", "the pool of both knights");
    const listed = await drawnMoves(p);
    assert.deepEqual(listed.map((m) => m.uci), ["?", "b1c3"], "the packing is ?");
    assert.equal(listed[0].text, "?");
  }
  await afterRed(2, "b5c5", "e7e6", "g4f4");

  // An unload: the knight on c3 puts a bishop on d4, for everyone to see.
  await clickMove(red, "c3", "d4");
  await red.waitForSelector("#promotion[open]");
  await red.click('#promotion button[aria-label="cargo b"]');
  for (const p of all) await waitPly(p, 6);
  for (const p of all) {
    assert.ok((await drawnPieces(p)).some((x) => x.cell === "d4" && x.seat === 0 && x.kind === "b"), "the bishop on d4");
    assert.equal((await model(p)).moves[5], "cargo@c3d4=b");
  }
  assert.deepEqual(await labels(red), { c1: "KPPP", c3: "RB" });
  for (const p of others) assert.equal(await pool(p), "krbppp");
  // Loads and unloads go on ("any number"): red ends its turn from the button.
  await endTurn(7);
  await afterRed(7, "b6c6", "f7f6", "g3f3");

  // A load: the bishop back into the knight on c3.
  await clickMove(red, "d4", "c3");
  for (const p of all) await waitPly(p, 11);
  for (const p of all) {
    assert.ok(!(await drawnPieces(p)).some((x) => x.cell === "d4"), "d4 empty again");
    assert.equal((await model(p)).moves[10], "cargo@d4c3");
  }
  assert.deepEqual(await labels(red), { c1: "KPPP", c3: "RBB" });
  for (const p of others) assert.equal(await pool(p), "krbbppp");
  await endTurn(12);
  await afterRed(12, "b7c7", "h7h6", "g1f1");

  // A burn: the knight on c3 and its cargo go, from the power's button.
  await red.click('#controls button[data-power="cargo"]');
  await clickCell(red, "c3");
  for (const p of all) await waitPly(p, 16);
  for (const p of all) {
    assert.ok(!(await drawnPieces(p)).some((x) => x.cell === "c3"), "the burnt knight is gone");
    assert.equal((await model(p)).moves[15], "cargo@c3");
  }
  assert.deepEqual(await labels(red), { c1: "KPPP" });
  for (const p of others) assert.equal(await pool(p), "kppp");

  // The owner reloads and looks back: the earlier board is its own view.
  await red.reload();
  await red.waitForFunction(() => window.__tetrarch?.model);
  await red.click('#moves button[data-ply="2"]');
  await red.waitForFunction(() => window.__tetrarch.reviewPly === 2);
  assert.deepEqual(await labels(red), { c1: "KPPP", c3: "RBB" }, "red's review shows its knights' cargo");

  // The "Export game" and "Export position" buttons: each page gets its own view, the owner its knights' cargo.
  for (const p of others) await readExports(p);
  const [, redPosition] = await readExports(red);
  assert.match(redPosition, /'cargo':\('[a-z]/, "the owner's exported position holds its knights' cargo");

  // Nothing the others' browsers received told them which knight holds what.
  for (const [name, p] of [["blue", blue], ["spectator", watcher]]) {
    const leaks = [...p.frames, ...p.answers].flatMap(cargoSecrets);
    assert.deepEqual(leaks, [], `${name} was sent a secret`);
    assert.ok(p.frames.length > 10, `${name}'s socket was heard`);
  }

  // The end: the others resign, and every page shows the true record.
  await postResign(yellow);
  await postResign(green);
  blue.once("dialog", (d) => d.accept());
  await blue.click('#controls button[data-action="resign"]');
  for (const p of all) {
    await p.waitForFunction(() => window.__tetrarch.model.outcome);
    await p.waitForFunction(() => window.__tetrarch.model.moves[0] === "cargo@b1c1=rbb");
    assert.equal((await drawnMoves(p))[0].uci, "cargo@b1c1=rbb", "the packing in the move list");
  }
  assertNoErrors(...all);
});

/** The passenger drawn on a page's knight on `cell`: its letters, the
 * owner seat the page marks, the label's fill, what it says, and the
 * colour of the owner's seat card (the seat's colour on that page). */
function passengerAt(page, cell) {
  return page.$eval(`svg.board .layer-pieces [data-cell="${cell}"]`, (g) => {
    const text = g.querySelector(".cargo-label.passenger");
    const owner = g.dataset.cargoOwner;
    const swatch = owner === undefined ? null : document.querySelector(`#seats [data-seat="${owner}"] .swatch`);
    return {
      letters: text?.textContent ?? "",
      owner: owner === undefined ? null : Number(owner),
      fill: text ? getComputedStyle(text).fill : "",
      seatColour: swatch ? getComputedStyle(swatch).backgroundColor : "",
      label: g.getAttribute("aria-label"),
      title: g.querySelector("title")?.textContent ?? "",
    };
  });
}

/** The power buttons a page offers: {power: text}. */
function powerButtons(page) {
  return page.$$eval('#controls button[data-action="power"]', (bs) => Object.fromEntries(bs.map((b) => [b.dataset.power, b.textContent])));
}

/** The consent labels a page's seat cards show: [{seat, to, text, label, shown}]. */
function consentLabels(page) {
  return page.$$eval("#seats [data-consent-to]", (els) =>
    els.map((el) => ({
      seat: Number(el.closest(".seat-card").dataset.seat),
      to: el.dataset.consentTo,
      text: el.textContent,
      label: el.getAttribute("aria-label"),
      shown: el.getBoundingClientRect().width > 0 && el.scrollWidth <= el.clientWidth,
    })),
  );
}

/** Blue's standing consent to red, as its card tells it on every page. */
const BLUE_CONSENTS = {
  seat: 1,
  to: "0",
  text: "consents to Red (Mycenae)",
  label: "Blue consents to Red (Mycenae) carrying its pieces in their knights",
  shown: true,
};

// Red (Mycenae) has knights on d4 (its king inside) and f4 (empty) and a
// pawn on b2; blue's pawn stands on e5, next to f4; blue moves first.
const CONSENT_FEN =
  "B-0,0,0,0-0,0,0,0-0,0,0,0-0,0,0,0-0-{'turns':(2,2,2,2),'cargo':('d4=k','','','')}-" +
  "bK,5,yN,yK/bN,7/8/4,bP,3/3,rH,1,rH,2/8/1,rP,5,gN/7,gK";

test("Mycenae's consent from the page: given, a passenger in its owner's colour for all, unloaded by its owner, withdrawn", { timeout: 90000 }, async (t) => {
  const browser = await launch();
  t.after(() => browser.close());
  const { red, blue, watcher, yellow, green } = await europeanLineup(browser, "mycenae", CONSENT_FEN);
  const all = [red, blue, watcher];
  const others = async (ply, yellowMove, greenMove) => {
    await postMove(yellow, yellowMove);
    await postMove(green, greenMove);
    for (const p of all) await waitPly(p, ply + 2);
  };

  // Blue consents from its button, on red's first knight (d4).
  await blue.waitForFunction(() => window.__tetrarch.isMyTurn());
  assert.deepEqual(await powerButtons(blue), { consent: "Give consent to Red (Mycenae)" }, "the consent named for people");
  assert.ok(!(await model(red)).legal.some((m) => m.uci === "cargo@e5f4"), "no load without consent");
  for (const p of all) assert.deepEqual(await consentLabels(p), [], "no consent stands yet");
  await blue.click('#controls button[data-power="consent"]');
  await clickCell(blue, "d4");
  for (const p of all) await waitPly(p, 1);
  assert.equal((await model(blue)).moves[0], "consent@d4");
  for (const p of all) {
    assert.deepEqual(await consentLabels(p), [BLUE_CONSENTS], "blue's card says its consent on every page");
    assert.deepEqual(await p.evaluate(() => window.__tetrarch.model.board.consents), [{ seat: 0, from: [1] }], "the server lists it");
  }
  await shot(watcher, "mycenae-consent");
  await others(1, "h8h7", "h1g1");

  // Red loads blue's pawn into its empty knight by a click on each, and ends its turn.
  await red.waitForFunction(() => window.__tetrarch.isMyTurn());
  await clickMove(red, "e5", "f4");
  for (const p of all) await waitPly(p, 4);
  assert.equal((await model(red)).moves[3], "cargo@e5f4");
  await red.click('#controls button[data-action="end-turn"]');
  for (const p of all) await waitPly(p, 5);

  // Every page draws the pawn on red's knight in blue's colour and says whose it is.
  for (const p of all) {
    assert.ok(!(await drawnPieces(p)).some((x) => x.cell === "e5"), "e5 empty");
    const seen = await passengerAt(p, "f4");
    assert.equal(seen.letters, "P");
    assert.equal(seen.owner, 1, "the passenger's owner is blue");
    assert.equal(seen.fill, seen.seatColour, "the letter in blue's colour");
    assert.equal(seen.fill, "rgb(0, 114, 178)");
    assert.match(seen.label, /^red .* on f4, carrying blue's pawn$/);
    assert.equal(seen.title, seen.label, "a tooltip says it too");
    const cargo = await p.evaluate(() => window.__tetrarch.model.board.cargo);
    assert.deepEqual(cargo.find((c) => c.cell === "f4"), { seat: 0, cell: "f4", pieces: "p", owner: 1 }, "the server names the owner");
  }
  assert.equal(await (await red.$('svg.board [data-cell="d4"] .cargo-label')).getAttribute("class"), "cargo-label", "red's own cargo is no passenger");
  await shot(blue, "mycenae-passenger");

  // Blue, and only blue, unloads it from its button onto e4.
  await blue.waitForFunction(() => window.__tetrarch.isMyTurn());
  assert.deepEqual(await powerButtons(blue), {
    "withdraw-consent": "Withdraw consent from Red (Mycenae)",
    unload: "Unload from the knight of Red (Mycenae)",
  });
  await blue.click('#controls button[data-power="unload"]');
  await clickCell(blue, "e4");
  for (const p of all) await waitPly(p, 6);
  for (const p of all) {
    assert.equal((await model(p)).moves[5], "cargo@f4e4=p");
    assert.ok((await drawnPieces(p)).some((x) => x.cell === "e4" && x.seat === 1 && x.kind === "p"), "blue's pawn on e4");
    assert.equal((await passengerAt(p, "f4")).letters, "", "the knight is empty");
  }
  await others(6, "h7h8", "g1h1");

  // The consent stands: red may load the pawn again; it moves its own pawn instead.
  await red.waitForFunction(() => window.__tetrarch.isMyTurn());
  assert.ok((await model(red)).legal.some((m) => m.uci === "cargo@e4f4"), "consent given: the load is offered");
  await clickMove(red, "b2", "b3");
  for (const p of all) await waitPly(p, 9);

  // Blue withdraws it from its button; red may load no blue piece any more.
  await blue.waitForFunction(() => window.__tetrarch.isMyTurn());
  assert.deepEqual(await powerButtons(blue), { "withdraw-consent": "Withdraw consent from Red (Mycenae)" });
  for (const p of all) assert.deepEqual(await consentLabels(p), [BLUE_CONSENTS], "the consent still stands");
  await blue.click('#controls button[data-power="withdraw-consent"]');
  await clickCell(blue, "d4");
  for (const p of all) await waitPly(p, 10);
  assert.equal((await model(blue)).moves[9], "withdraw-consent@d4");
  for (const p of all) {
    assert.deepEqual(await consentLabels(p), [], "withdrawn: no card says it");
    assert.equal(await p.evaluate(() => window.__tetrarch.model.board.consents), undefined, "the server lists none");
  }
  await others(10, "h8h7", "h1g1");
  await red.waitForFunction(() => window.__tetrarch.isMyTurn());
  assert.ok(!(await model(red)).legal.some((m) => m.uci.startsWith("cargo@e4")), "consent withdrawn: no load");
  await clickMove(red, "b3", "b4");
  for (const p of all) await waitPly(p, 13);
  await blue.waitForFunction(() => window.__tetrarch.isMyTurn());
  assert.deepEqual(await powerButtons(blue), { consent: "Give consent to Red (Mycenae)" }, "blue may consent again");
  assertNoErrors(...all);
});
