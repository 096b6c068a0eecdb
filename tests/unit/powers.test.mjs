import test from "node:test";
import assert from "node:assert/strict";
import { cellPowers, consentNote, consentsGiven, isCellPower, powerLabel } from "../../web/js/powers.js";
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

test("a pick names pieces, is offered from its button, and is found by its cells in any order", async () => {
  const { isPick, picksPieces, picksWith, pickOf } = await import("../../web/js/powers.js");
  const p = (cells) => ({ uci: `insanity@${cells.join("")}`, san: `insanity@${cells.join("")}`, from: null, to: null, power: "insanity", picks: cells });
  const picks = [p(["a1"]), p(["b1"]), p(["a1", "b1"]), p(["a1", "c2"]), p(["a1", "b1", "c2"])];
  assert.ok(picks.every(isPick));
  assert.ok(!isPick(trade) && !isPick(pick) && !isPick(pass));
  assert.ok(!isCellPower(picks[0]), "a pick is no click on one cell");
  assert.deepEqual(cellPowers([trade, ...picks, pass]), ["insanity"]);
  assert.ok(picksPieces(picks, "insanity"));
  assert.ok(!picksPieces([pick, trade], "assassinate"));
  assert.equal(picksWith(picks, "insanity", []).length, 5);
  assert.deepEqual(picksWith(picks, "insanity", ["b1"]).map((m) => m.uci), ["insanity@b1", "insanity@a1b1", "insanity@a1b1c2"]);
  assert.deepEqual(picksWith(picks, "insanity", ["b1", "c2"]).map((m) => m.uci), ["insanity@a1b1c2"]);
  assert.equal(pickOf(picks, "insanity", ["b1", "a1"]).uci, "insanity@a1b1");
  assert.equal(pickOf(picks, "insanity", ["c2"]), null, "c2 alone is no legal pick");
  assert.equal(pickOf(picks, "insanity", ["c2", "b1", "a1"]).uci, "insanity@a1b1c2");
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

test("the pool of a seat's knights, as the others see it", async () => {
  const { cargoPool } = await import("../../web/js/powers.js");
  const theirs = { cargo: [{ seat: 0, cell: null, pieces: "krbbppp" }, { seat: 2, cell: null, pieces: "pp" }] };
  assert.equal(cargoPool(theirs, 0), "krbbppp");
  assert.equal(cargoPool(theirs, 2), "pp");
  assert.equal(cargoPool(theirs, 1), "", "a seat with no knights' cargo");
  const mine = { cargo: [{ seat: 0, cell: "b1", pieces: "kbp" }, { seat: 0, cell: "c1", pieces: "rbpp" }] };
  assert.equal(cargoPool(mine, 0), "", "the owner's board places each knight's cargo: no pool");
  assert.equal(cargoPool({}, 0), "");
});

test("a challenge of the Soviet Union's move is a power used on its cell", () => {
  // As the server describes it: no origin, the challenged piece's cell.
  const challenge = { uci: "challenge@b4", san: "challenge@b4", from: null, to: "b4", power: "challenge" };
  assert.ok(isCellPower(challenge));
  assert.deepEqual(cellPowers([challenge, pass]), ["challenge"]);
  assert.equal(powerLabel("challenge"), "Challenge");
});

test("a consent's buttons name the seat whose knights would carry the pieces", async () => {
  const { powerButton, cargoEntryAt, cargoAt } = await import("../../web/js/powers.js");
  const variant = {
    seats: ["red", "blue", "yellow", "green"].map((name, seat) => ({ seat, name, team: seat, home: "south" })),
    nations: [{ id: "mycenae", name: "Mycenae" }, { id: "default", name: "Default" }],
  };
  // Blue to move; red's first knight on d4; blue's pawn rides in red's f4.
  const board = {
    turn: 1,
    nations: ["mycenae", "default", "default", "default"],
    pieces: [{ cell: "d4", seat: 0, kind: "h" }, { cell: "f4", seat: 0, kind: "h" }, { cell: "a8", seat: 1, kind: "k" }],
    cargo: [{ seat: 0, cell: null, pieces: "k" }, { seat: 0, cell: "f4", pieces: "p", owner: 1 }],
  };
  const consent = { uci: "consent@d4", san: "consent@d4", from: null, to: "d4", power: "consent" };
  const withdraw = { ...consent, uci: "withdraw-consent@d4", power: "withdraw-consent" };
  const unload = { uci: "cargo@f4e4=p", san: "cargo@f4e4=p", from: null, to: "e4", power: "unload" };
  assert.equal(powerButton("consent", [consent], board, variant).text, "Give consent to Red (Mycenae)");
  assert.equal(powerButton("withdraw-consent", [withdraw], board, variant).text, "Withdraw consent from Red (Mycenae)");
  assert.equal(powerButton("unload", [unload], board, variant).text, "Unload from the knight of Red (Mycenae)");
  assert.match(powerButton("consent", [consent], board, variant).title, /carry one of your pieces/);
  // Without nations, the seat's name alone; a step whose seat is not on the board, the power's label.
  const plain = { ...board, nations: undefined };
  assert.equal(powerButton("consent", [consent], plain, variant).text, "Give consent to Red");
  assert.equal(powerButton("consent", [{ ...consent, to: "h1" }], board, variant).text, "Consent");
  assert.equal(powerButton("unload", [unload], { ...board, turn: 2 }, variant).text, "Unload", "not yellow's piece");
  // A game whose line-up is fixed lists no nations: the id, written as a name.
  const fixed = { ...variant, nations: [] };
  assert.equal(powerButton("consent", [consent], board, fixed).text, "Give consent to Red (Mycenae)");
  const { nationName } = await import("../../web/js/seats.js");
  assert.equal(nationName(fixed, { nations: ["balkan-states"] }, 0), "Balkan States");
  assert.equal(nationName(variant, { nations: ["default", "mycenae"] }, 1), "Mycenae");
  assert.equal(nationName(variant, {}, 0), "", "no nations, no name");
  // Any other power: its label, no tooltip.
  assert.deepEqual(powerButton("move-again", [], board, variant), { text: "Move again", title: "" });
  // The passenger's record names its owner; Mycenae's own cargo names none.
  assert.deepEqual(cargoEntryAt(board, "f4"), { seat: 0, cell: "f4", pieces: "p", owner: 1 });
  assert.equal(cargoAt(board, "f4"), "p");
  assert.equal(cargoEntryAt(board, "d4"), null, "the pool is on no knight");
  assert.equal(cargoEntryAt({}, "f4"), null);
});

test("a standing consent, on the giving seat's card", () => {
  const variant = {
    seats: ["red", "blue", "yellow", "green"].map((name, seat) => ({ seat, name, team: seat })),
    nations: [{ id: "mycenae", name: "Mycenae" }],
  };
  const board = { nations: ["mycenae", "default", "default", "default"], consents: [{ seat: 0, from: [1, 3] }] };
  assert.deepEqual(consentsGiven(board, 1), [0]);
  assert.deepEqual(consentsGiven(board, 3), [0]);
  assert.deepEqual(consentsGiven(board, 2), [], "yellow gave none");
  assert.deepEqual(consentsGiven(board, 0), [], "the carrier consents to nobody");
  const note = consentNote(variant, board, 1);
  assert.deepEqual(note.to, [0]);
  assert.equal(note.text, "consents to Red (Mycenae)");
  assert.equal(note.label, "Blue consents to Red (Mycenae) carrying its pieces in their knights");
  assert.equal(consentNote(variant, board, 2), null);
  assert.equal(consentNote(variant, { nations: board.nations }, 1), null, "no consents field: none");
  assert.equal(consentNote(variant, undefined, 1), null);
});
