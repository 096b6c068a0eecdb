// Unit tests of the client's pure modules (node's test runner, no browser).
import test from "node:test";
import assert from "node:assert/strict";
import { Orientation, cells, parseCell, isDark, wallSegment } from "../../web/js/geometry.js";
import { matchMove } from "../../web/js/entry.js";
import { clockText } from "../../web/js/clock.js";

test("every orientation is a bijection with its inverse", () => {
  for (const home of ["south", "west", "north", "east"]) {
    for (const [w, h] of [[8, 8], [14, 14], [10, 8]]) {
      const o = new Orientation(w, h, home);
      const seen = new Set();
      for (const c of cells(w, h)) {
        const s = o.toScreen(c.file, c.rank);
        assert.ok(s.col >= 0 && s.col < o.cols && s.row >= 0 && s.row < o.rows, `${home} ${c.name}`);
        seen.add(`${s.col},${s.row}`);
        assert.deepEqual(o.fromScreen(s.col, s.row), { file: c.file, rank: c.rank });
      }
      assert.equal(seen.size, w * h);
    }
  }
});

test("the home edge is drawn at the bottom, forward is up", () => {
  const at = (home, name) => {
    const c = parseCell(name);
    return new Orientation(14, 14, home).toScreen(c.file, c.rank);
  };
  // Red (south) has h1 at the bottom; Blue (west) has a7 at the bottom;
  // Yellow (north) has g14 at the bottom; Green (east) has n8 at the bottom.
  assert.equal(at("south", "h1").row, 13);
  assert.equal(at("west", "a7").row, 13);
  assert.equal(at("north", "g14").row, 13);
  assert.equal(at("east", "n8").row, 13);
  // A step forward goes up the screen for each.
  assert.equal(at("west", "b7").row, 12);
  assert.equal(at("east", "m8").row, 12);
  // Looking from the west, the north side is on the left.
  assert.ok(at("west", "a14").col < at("west", "a1").col);
  assert.ok(at("east", "n1").col < at("east", "n14").col);
});

test("labels follow the turned board", () => {
  assert.deepEqual(new Orientation(8, 8, "south").labels().cols.join(""), "abcdefgh");
  assert.deepEqual(new Orientation(8, 8, "north").labels().cols.join(""), "hgfedcba");
  assert.deepEqual(new Orientation(8, 8, "south").labels().rows[0], "8");
  assert.deepEqual(new Orientation(8, 8, "west").labels().cols[0], "8");
});

test("a1 is dark", () => {
  assert.ok(isDark(0, 0));
  assert.ok(!isDark(1, 0));
});

test("keyboard entry matches protocol and display notation", () => {
  const moves = [
    { uci: "e2e4", san: "e4" },
    { uci: "g1f3", san: "Nf3" },
    { uci: "P@e5", san: "P@e5" },
    { uci: "e1g1", san: "O-O" },
    { uci: "b7b8q", san: "b8=Q+" },
    { uci: "b7b8n", san: "b8=N" },
  ];
  assert.equal(matchMove("e2e4", moves).move.uci, "e2e4");
  assert.equal(matchMove("Nf3", moves).move.uci, "g1f3");
  assert.equal(matchMove("nf3", moves).move.uci, "g1f3");
  assert.equal(matchMove("p@e5", moves).move.uci, "P@e5");
  assert.equal(matchMove("0-0", moves).move.uci, "e1g1");
  assert.equal(matchMove("b8Q", moves).move.uci, "b7b8q");
  assert.match(matchMove("Nf6", moves).error, /not a legal move/);
  assert.match(matchMove("", moves).error, /Type a move/);
});

test("clock text", () => {
  assert.equal(clockText(83000), "1:23");
  assert.equal(clockText(9400), "9.4");
  assert.equal(clockText(3723000), "1:02:03");
  assert.equal(clockText(-5), "0.0");
});

test("a wall is drawn on the edge two cells share, however the board turns", () => {
  const size = 100;
  // Red's view (south): d3 below d4, the wall the horizontal edge between.
  const south = new Orientation(8, 8, "south");
  assert.deepEqual(wallSegment(south, "d3", "d4", size), { x1: 300, y1: 500, x2: 400, y2: 500 });
  // e2 | f2: the vertical edge at the left of f.
  assert.deepEqual(wallSegment(south, "e2", "f2", size), { x1: 500, y1: 600, x2: 500, y2: 700 });
  // The order of the two cells does not matter.
  assert.deepEqual(wallSegment(south, "f2", "e2", size), wallSegment(south, "e2", "f2", size));
  // Blue's view (west): files run up the screen, so d3|d4 stands upright.
  const west = new Orientation(8, 8, "west");
  const seg = wallSegment(west, "d3", "d4", size);
  assert.equal(seg.x1, seg.x2);
  assert.equal(Math.abs(seg.y2 - seg.y1), size);
  // The segment lies between the two cells' squares on the screen.
  const a = west.toScreen(3, 2);
  const b = west.toScreen(3, 3);
  assert.equal(seg.x1, Math.max(a.col, b.col) * size);
  // Cells that are not neighbours along a file or rank have no wall.
  assert.equal(wallSegment(south, "d3", "e4", size), null);
  assert.equal(wallSegment(south, "d3", "d5", size), null);
  assert.equal(wallSegment(south, "x9", "d5", size), null);
});
