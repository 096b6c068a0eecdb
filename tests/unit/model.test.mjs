import test from "node:test";
import assert from "node:assert/strict";
import { applyEvent, cellsOfMove, fromFull, movingSeats } from "../../web/js/model.js";

const full = {
  v: 3,
  epoch: 1,
  moves: ["e2e4"],
  san: ["e4"],
  board: { turn: 1, moving: [1], pieces: [], hands: [], checks: [], seats: ["playing", "playing"] },
  legal: [{ uci: "e7e5", san: "e5", from: "e7", to: "e5", path: [], capture: false }],
  status: "started",
  offers: { draw: [], takeback: [], rematch: [] },
  seats: [],
};

test("cells of a move's text", () => {
  assert.deepEqual(cellsOfMove("e2e4"), { uci: "e2e4", from: "e2", to: "e4" });
  assert.deepEqual(cellsOfMove("k10k12"), { uci: "k10k12", from: "k10", to: "k12" });
  assert.deepEqual(cellsOfMove("P@e4"), { uci: "P@e4", from: null, to: "e4" });
  assert.equal(cellsOfMove("0000"), null);
});

test("a move event appends the move and describes it from the legal moves", () => {
  const m = fromFull(full);
  assert.equal(m.lastMove.to, "e4");
  const board = { ...full.board, turn: 0, moving: [0] };
  const { model, moved } = applyEvent(m, { t: "move", v: 4, ply: 2, seat: 1, uci: "e7e5", san: "e5", turn: 0, board, legal: [] });
  assert.deepEqual(model.moves, ["e2e4", "e7e5"]);
  assert.deepEqual(model.san, ["e4", "e5"]);
  assert.equal(moved.from, "e7");
  assert.equal(model.v, 4);
  assert.equal(model.board.turn, 0);
  assert.deepEqual(m.moves, ["e2e4"], "the old model is left as it was");
  assert.deepEqual(movingSeats(model), [0]);
});

test("a takeback replaces the moves", () => {
  const { model, moved } = applyEvent(fromFull(full), { t: "takeback", v: 4, moves: [], san: [], board: full.board, legal: [] });
  assert.equal(moved, null);
  assert.deepEqual(model.moves, []);
  assert.equal(model.lastMove, null);
});

test("other events merge the fields they carry", () => {
  const { model } = applyEvent(fromFull(full), { t: "offers", v: 4, draw: [0], takeback_by: null, takeback: [], rematch: [] });
  assert.deepEqual(model.offers.draw, [0]);
  assert.deepEqual(model.moves, ["e2e4"]);
});
