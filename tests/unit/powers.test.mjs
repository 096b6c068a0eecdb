import test from "node:test";
import assert from "node:assert/strict";
import { cellPowers, isCellPower, powerLabel } from "../../web/js/powers.js";
import { dieSvg, rolledFace } from "../../web/js/dice.js";

const pick = { uci: "assassinate@c3", san: "assassinate@c3", from: null, to: "c3", power: "assassinate" };
const misfire = { uci: "assassinate@c3b3", san: "assassinate@c3b3", from: null, to: "c3", power: "assassinate", chosen: "b3" };
const trade = { uci: "d2d3@e3", san: "d2d3@e3", from: "d2", to: "d3", power: "trade", chosen: "e3" };
const drop = { uci: "K@c1", san: "K@c1", from: null, to: "c1", drop: "k" };
const pass = { uci: "0000", san: "--", from: null, to: null };

test("a power used on a cell is told from piece moves, drops and passes", () => {
  assert.ok(isCellPower(pick));
  assert.ok(isCellPower(misfire));
  assert.ok(!isCellPower(trade), "a piece moved from a cell is picked up, not armed");
  assert.ok(!isCellPower(drop));
  assert.ok(!isCellPower(pass));
});

test("each power is offered once, in the order of the moves", () => {
  const transform = { uci: "transform@d1", san: "transform@d1", from: null, to: "d1", power: "transform" };
  assert.deepEqual(cellPowers([trade, pick, misfire, drop, transform, pass]), ["assassinate", "transform"]);
  assert.deepEqual(cellPowers([trade, drop, pass]), []);
});

test("a power's label for people", () => {
  assert.equal(powerLabel("move-again"), "Move again");
  assert.equal(powerLabel("assassinate"), "Assassinate");
});

test("a roll's face, and the die drawn for it", () => {
  assert.equal(rolledFace("roll=4"), 4);
  assert.equal(rolledFace("roll=12"), 12);
  assert.equal(rolledFace("e2e4"), null);
  assert.equal(rolledFace(undefined), null);
  for (let face = 1; face <= 6; face++) {
    const svg = dieSvg(face);
    assert.equal((svg.match(/<circle/g) ?? []).length, face, `${face} pips`);
    assert.ok(svg.includes(`data-face="${face}"`));
  }
  assert.ok(dieSvg(9).includes(">9</text>"), "a face with no pips is written as its number");
});

test("a cargo move's letters and a knight's cargo", async () => {
  const { moveLetters, cargoAt } = await import("../../web/js/powers.js");
  const unload = { uci: "cargo@b1b2=k", san: "cargo@b1b2=k", from: "b1", to: "b2", power: "cargo" };
  const pack = { uci: "cargo@b1c1=-", san: "cargo@b1c1=-", from: "b1", to: "c1", power: "cargo" };
  const load = { uci: "cargo@b2b1", san: "cargo@b2b1", from: "b2", to: "b1", power: "cargo" };
  assert.equal(moveLetters(unload), "k");
  assert.equal(moveLetters(pack), "-");
  assert.equal(moveLetters(load), "");
  assert.equal(moveLetters({ uci: "e7e8=q", from: "e7", to: "e8" }), "", "no power, no letters");
  const mine = { cargo: [{ seat: 0, cell: "b1", pieces: "kbp" }, { seat: 0, cell: "c1", pieces: "rbpp" }] };
  assert.equal(cargoAt(mine, "c1"), "rbpp");
  assert.equal(cargoAt(mine, "d1"), "");
  const theirs = { cargo: [{ seat: 0, cell: null, pieces: "krbbppp" }] };
  assert.equal(cargoAt(theirs, "b1"), "", "the pool is on no knight");
  assert.equal(cargoAt({}, "b1"), "");
});
