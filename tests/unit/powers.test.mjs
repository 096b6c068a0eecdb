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

test("a challenge of the Soviet Union's move is a power used on its cell", () => {
  // As the server describes it: no origin, the challenged piece's cell.
  const challenge = { uci: "challenge@b4", san: "challenge@b4", from: null, to: "b4", power: "challenge" };
  assert.ok(isCellPower(challenge));
  assert.deepEqual(cellPowers([challenge, pass]), ["challenge"]);
  assert.equal(powerLabel("challenge"), "Challenge");
});
