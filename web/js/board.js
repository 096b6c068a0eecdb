// The board: one SVG for every geometry the rules kernel describes (a
// width, a height and holes), turned so that the viewer's home edge is at
// the bottom. It draws what it is given and reports what the user does
// (a move chosen, a premove, an arrow); it knows no rules beyond the list
// of legal moves it is handed.

import { Orientation, cells, isDark, parseCell, wallSegment } from "./geometry.js";
import { pieceDefs, piecesTurn, symbolId } from "./pieces.js";
import { cargoEntryAt, isCellPower, picksWith } from "./powers.js";
import { seatClass } from "./seats.js";

const SVG = "http://www.w3.org/2000/svg";
/** The side of a cell in SVG units. */
const CELL = 100;
/** Room for the coordinates left of and below the board. */
const MARGIN = 40;
/** Room above and right of the board for the bar that marks the side to move. */
const PAD = 12;
/** Boards on one page give their piece symbols distinct ids. */
let boardCount = 0;

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/**
 * A board bound to one variant. `handlers`:
 * - `move(uci)`: the user chose a legal move;
 * - `premove(intent)`: the user chose a move while it is not their turn
 *   (`{from, to}` or `{drop, to}`), or `null` to cancel it;
 * - `annotate(shapes)`: the arrows and circles changed.
 */
export class Board {
  constructor(root, variant, handlers = {}) {
    this.root = root;
    this.variant = variant;
    this.handlers = handlers;
    this.home = variant.seats[0]?.home ?? "south";
    this.state = { pieces: [], checks: [], seats: [], hands: [] };
    this.moves = [];
    this.myTurn = false;
    this.mySeats = [];
    this.lastMove = null;
    this.selected = null;
    this.premove = null;
    this.shapes = [];
    this.remoteShapes = [];
    this.turnPictures = piecesTurn(variant);
    this.prefix = `b${boardCount++}-`;
    this.svg = el("svg", {
      class: "board",
      role: "img",
      "aria-label": `${variant.name} board`,
      "data-variant": variant.name,
    });
    this.svg.appendChild(pieceDefs(variant, this.prefix));
    root.replaceChildren(this.svg);
    this.layers = {};
    for (const name of ["squares", "marks", "coords", "edge", "walls", "pieces", "targets", "shapes", "drag"]) {
      this.layers[name] = el("g", { class: `layer-${name}` }, this.svg);
    }
    this.bindPointer();
    this.setOrientation(this.home);
  }

  /** Turn the board so that `home` is at the bottom. */
  setOrientation(home) {
    this.home = home;
    this.orient = new Orientation(this.variant.width, this.variant.height, home);
    const w = this.orient.cols * CELL + MARGIN + PAD;
    const h = this.orient.rows * CELL + MARGIN + PAD;
    this.svg.setAttribute("viewBox", `${-MARGIN} ${-PAD} ${w} ${h}`);
    this.svg.dataset.home = home;
    this.drawSquares();
    this.drawCoords();
    this.redraw();
  }

  /** Where a cell's top-left corner is drawn. */
  cellXY(name) {
    const c = parseCell(name);
    const { col, row } = this.orient.toScreen(c.file, c.rank);
    return { x: col * CELL, y: row * CELL };
  }

  drawSquares() {
    const layer = this.layers.squares;
    layer.replaceChildren();
    const v = this.variant;
    // Draughts plays on the variant's dark cells; elsewhere they alternate.
    const played = v.dark_cells?.length ? new Set(v.dark_cells) : null;
    const dark = (c) => (played ? played.has(c.name) : isDark(c.file, c.rank));
    for (const c of cells(v.width, v.height, v.holes)) {
      if (c.hole) continue;
      const { x, y } = this.cellXY(c.name);
      el(
        "rect",
        {
          x,
          y,
          width: CELL,
          height: CELL,
          class: `sq ${dark(c) ? "dark" : "light"}`,
          "data-cell": c.name,
        },
        layer,
      );
    }
  }

  drawCoords() {
    const layer = this.layers.coords;
    layer.replaceChildren();
    const { cols, rows } = this.orient.labels();
    const bottom = this.orient.rows * CELL;
    cols.forEach((t, i) => {
      const text = el("text", { x: i * CELL + CELL / 2, y: bottom + 36, class: "coord" }, layer);
      text.textContent = t;
    });
    rows.forEach((t, i) => {
      const text = el("text", { x: -MARGIN / 2 - 6, y: i * CELL + CELL / 2 + 8, class: "coord" }, layer);
      text.textContent = t;
    });
  }

  /**
   * New position and context: `state` is the rules' BoardView, `moves`
   * the legal moves (MoveView) of the side to move, `mySeats` the seats
   * the viewer plays, `lastMove` the MoveView last played (animated when
   * `animate`).
   */
  update({ state, moves = [], mySeats = [], lastMove = null, animate = false, over = false }) {
    this.state = state;
    this.over = over;
    this.moves = moves;
    this.mySeats = mySeats;
    const moving = state.moving?.length ? state.moving : [state.turn];
    this.myTurn = moves.length > 0 && moving.some((s) => mySeats.includes(s));
    this.lastMove = lastMove;
    this.selected = null;
    this.redraw();
    if (animate && lastMove) this.animateMove(lastMove);
  }

  /** Seats whose pieces the viewer may pick up now (or premove). */
  ownSeats() {
    if (this.myTurn) return this.state.moving?.length ? this.state.moving : [this.state.turn];
    return this.mySeats;
  }

  redraw() {
    this.drawEdge();
    this.drawMarks();
    this.drawWalls();
    this.drawPieces();
    this.drawTargets();
    this.drawShapes();
  }

  /** A bar in the seat's colour along the home edge of the side to move:
   * in a four-player game the eye finds it before any clock. */
  drawEdge() {
    const layer = this.layers.edge;
    layer.replaceChildren();
    const seat = this.state.turn;
    if (seat === undefined || this.over) return;
    const home = this.variant.seats[seat]?.home;
    const turn = (["south", "west", "north", "east"].indexOf(home) - ["south", "west", "north", "east"].indexOf(this.home) + 4) % 4;
    const W = this.orient.cols * CELL;
    const H = this.orient.rows * CELL;
    const T = 9;
    const bar = [
      { x: 0, y: H + 2, width: W, height: T }, // bottom
      { x: -T - 2, y: 0, width: T, height: H }, // left
      { x: 0, y: -T - 2, width: W, height: T }, // top
      { x: W + 2, y: 0, width: T, height: H }, // right
    ][turn];
    el("rect", { ...bar, rx: 4, class: `turn-edge ${seatClass(this.variant, seat)}`, "data-turn-edge": home }, layer);
  }

  mark(name, cls) {
    const { x, y } = this.cellXY(name);
    el("rect", { x, y, width: CELL, height: CELL, class: `mark ${cls}`, "data-mark": cls }, this.layers.marks);
  }

  drawMarks() {
    this.layers.marks.replaceChildren();
    const lm = this.lastMove;
    if (lm) {
      if (lm.from) this.mark(lm.from, "last");
      if (lm.to) this.mark(lm.to, "last");
    }
    for (const c of this.state.checks ?? []) this.mark(c, "check");
    if (this.premove) {
      if (this.premove.from) this.mark(this.premove.from, "premove");
      this.mark(this.premove.to, "premove");
    }
    if (this.selected?.from) this.mark(this.selected.from, "selected");
    for (const c of this.selected?.picked ?? []) this.mark(c, "selected");
  }

  /** The walls on the board (a nation's power: Ancient China's Great
   * Wall), each a segment on the edge between the two cells it separates. */
  drawWalls() {
    const layer = this.layers.walls;
    layer.replaceChildren();
    for (const [a, b] of this.state.walls ?? []) {
      const seg = wallSegment(this.orient, a, b, CELL);
      if (seg) el("line", { ...seg, class: "wall", "data-wall": `${a}-${b}` }, layer);
    }
  }

  drawPieces() {
    const layer = this.layers.pieces;
    layer.replaceChildren();
    const states = this.state.seats ?? [];
    const seatName = (s) => this.variant.seats[s]?.name ?? `seat ${s + 1}`;
    const kindName = (k) => this.variant.pieces.find((p) => p.letter === k)?.name ?? k;
    for (const p of this.state.pieces) {
      const { x, y } = this.cellXY(p.cell);
      const seatState = states[p.seat] ?? "playing";
      const g = this.pieceNode(p.seat, p.kind);
      g.classList.add(`state-${seatState}`);
      g.dataset.cell = p.cell;
      g.dataset.seat = p.seat;
      g.dataset.kind = p.kind;
      g.setAttribute("aria-label", `${seatName(p.seat)} ${kindName(p.kind)} on ${p.cell}`);
      // A hidden piece (the Assassins' Guild's knight) reaches only its
      // owner's board: drawn there faded, and said so.
      if (p.hidden) {
        g.classList.add("hidden-piece");
        g.setAttribute("aria-label", `${g.getAttribute("aria-label")}, hidden from the others`);
      }
      this.drawCargo(g, p.cell, seatName, kindName);
      place(g, x, y);
      layer.appendChild(g);
    }
  }

  /** A loaded knight (Mycenae's cargo, on its owner's board only; another
   * seat's piece riding in it, on every board): its cargo's letters in a
   * corner of the cell, a passenger's in its owner's colour, and said so. */
  drawCargo(g, cell, seatName, kindName) {
    const load = cargoEntryAt(this.state, cell);
    if (!load?.pieces) return;
    const foreign = typeof load.owner === "number";
    g.classList.add("loaded-piece");
    const cls = foreign ? `cargo-label passenger ${seatClass(this.variant, load.owner)}` : "cargo-label";
    const label = el("text", { x: CELL - 2, y: CELL - 3, class: cls, "text-anchor": "end" }, g);
    label.textContent = load.pieces.toUpperCase();
    const names = [...load.pieces].map(kindName).join(", ");
    const said = `${g.getAttribute("aria-label")}, carrying ${foreign ? `${seatName(load.owner)}'s ${names}` : names}`;
    g.setAttribute("aria-label", said);
    if (!foreign) return;
    g.dataset.cargoOwner = load.owner;
    el("title", {}, g).textContent = said;
  }

  /** A piece's picture at the origin, turned for its owner if it turns. */
  pieceNode(seat, kind) {
    const g = el("g", { class: `piece ${seatClass(this.variant, seat)}` });
    const use = el("use", { href: `#${this.prefix}${symbolId(kind)}`, width: CELL, height: CELL }, g);
    if (this.turnPictures) {
      const turn = this.orient.pieceTurn(this.variant.seats[seat]?.home ?? "south");
      if (turn) use.setAttribute("transform", `rotate(${turn} ${CELL / 2} ${CELL / 2})`);
    }
    return g;
  }

  /** The legal moves that start from the current selection. */
  selectedMoves() {
    const s = this.selected;
    if (!s || !this.myTurn) return [];
    if (s.drop) return this.moves.filter((m) => m.drop === s.drop && !m.from);
    if (s.picked) return picksWith(this.moves, s.power, s.picked);
    if (s.power) return this.moves.filter((m) => isCellPower(m) && m.power === s.power);
    return this.moves.filter((m) => m.from === s.from);
  }

  drawTargets() {
    const layer = this.layers.targets;
    layer.replaceChildren();
    const seen = new Set();
    // A pick's targets are the pieces it may still name (drawn as
    // pieces to take up, not as captures).
    const picked = this.selected?.picked;
    const targets = picked
      ? this.selectedMoves().flatMap((m) => m.picks.filter((c) => !picked.includes(c)).map((to) => ({ to, occupied: false })))
      : this.selectedMoves().map((m) => ({ to: m.to, occupied: m.capture || this.pieceAt(m.to) }));
    for (const { to, occupied } of targets) {
      if (!to || seen.has(to)) continue;
      seen.add(to);
      const { x, y } = this.cellXY(to);
      el(
        "circle",
        {
          cx: x + CELL / 2,
          cy: y + CELL / 2,
          r: occupied ? CELL * 0.46 : CELL * 0.15,
          class: occupied ? "target capture" : "target",
          "data-target": to,
        },
        layer,
      );
    }
  }

  pieceAt(cell) {
    return this.state.pieces.find((p) => p.cell === cell) ?? null;
  }

  /** The cell under a pointer event, or null off the board or on a hole. */
  cellAt(evt) {
    const pt = this.svgPoint(evt);
    const col = Math.floor(pt.x / CELL);
    const row = Math.floor(pt.y / CELL);
    if (col < 0 || row < 0 || col >= this.orient.cols || row >= this.orient.rows) return null;
    const { file, rank } = this.orient.fromScreen(col, row);
    const name = `${String.fromCharCode(97 + file)}${rank + 1}`;
    return (this.variant.holes ?? []).includes(name) ? null : name;
  }

  svgPoint(evt) {
    const m = this.svg.getScreenCTM().inverse();
    const p = new DOMPoint(evt.clientX, evt.clientY).matrixTransform(m);
    return { x: p.x, y: p.y };
  }

  bindPointer() {
    this.svg.addEventListener("contextmenu", (e) => e.preventDefault());
    this.svg.addEventListener("pointerdown", (e) => this.onDown(e));
    this.svg.addEventListener("pointermove", (e) => this.onMove(e));
    this.svg.addEventListener("pointerup", (e) => this.onUp(e));
    this.svg.addEventListener("pointercancel", () => this.endDrag());
  }

  onDown(e) {
    const cell = this.cellAt(e);
    if (e.button === 2) {
      this.shapeStart = cell;
      return;
    }
    if (e.button !== 0) return;
    if (this.shapes.length) this.setShapes([]);
    if (!cell) return this.deselect();
    if (this.selected && this.tryTarget(cell)) return;
    const piece = this.pieceAt(cell);
    // Another seat's piece is picked up where a legal move starts from it
    // (loaded into one of the seat's knights, with its owner's consent).
    const movable = piece && this.myTurn && this.moves.some((m) => m.from === cell);
    if (piece && (this.ownSeats().includes(piece.seat) || movable)) {
      this.select({ from: cell, seat: piece.seat, kind: piece.kind });
      this.startDrag(e, piece);
    } else {
      if (this.premove) this.setPremove(null);
      this.deselect();
    }
  }

  onMove(e) {
    if (!this.drag) return;
    const pt = this.svgPoint(e);
    this.drag.moved ||= Math.hypot(pt.x - this.drag.x0, pt.y - this.drag.y0) > CELL / 5;
    place(this.drag.ghost, pt.x - CELL / 2, pt.y - CELL / 2);
  }

  onUp(e) {
    if (e.button === 2) return this.finishShape(this.cellAt(e));
    const drag = this.drag;
    this.endDrag();
    if (!drag || !drag.moved) return;
    const cell = this.cellAt(e);
    if (cell && cell !== drag.from) this.tryTarget(cell);
  }

  /** Pick up a piece: a ghost follows the pointer until it is let go. */
  startDrag(e, piece) {
    const { x, y } = this.cellXY(piece.cell);
    const source = this.layers.pieces.querySelector(`[data-cell="${piece.cell}"]`);
    const ghost = source.cloneNode(true);
    ghost.classList.add("ghost");
    this.layers.drag.appendChild(ghost);
    source.classList.add("lifted");
    const pt = this.svgPoint(e);
    this.drag = { from: piece.cell, ghost, source, x0: pt.x, y0: pt.y, moved: false, x, y };
    this.svg.setPointerCapture?.(e.pointerId);
  }

  /** A drag from a pocket: the ghost is the pocket's kind. */
  startPocketDrag(e, seat, kind) {
    this.select({ drop: kind, seat });
    const ghost = this.pieceNode(seat, kind);
    ghost.classList.add("ghost");
    this.layers.drag.appendChild(ghost);
    const pt = this.svgPoint(e);
    place(ghost, pt.x - CELL / 2, pt.y - CELL / 2);
    this.drag = { drop: kind, ghost, x0: pt.x, y0: pt.y, moved: false };
    const move = (ev) => this.onMove(ev);
    const up = (ev) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      const drag = this.drag;
      this.endDrag();
      const cell = this.cellAt(ev);
      if (drag && drag.moved && cell) this.tryTarget(cell);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  }

  endDrag() {
    if (!this.drag) return;
    this.drag.ghost.remove();
    this.drag.source?.classList.remove("lifted");
    this.drag = null;
  }

  select(sel) {
    this.selected = sel;
    this.drawMarks();
    this.drawTargets();
    this.root.dispatchEvent(new CustomEvent("selection", { detail: sel }));
  }

  deselect() {
    if (!this.selected) return;
    this.selected = null;
    this.drawMarks();
    this.drawTargets();
    this.root.dispatchEvent(new CustomEvent("selection", { detail: null }));
  }

  /** The user let go of (or clicked) `cell` with a selection: a move, a
   * premove, or nothing. Returns whether the click was used. */
  tryTarget(cell) {
    const sel = this.selected;
    if (!sel) return false;
    // A power is used on one's own turn only: it has no premove.
    if (sel.power && !this.myTurn) return false;
    if (sel.picked) return this.togglePick(cell);
    if (!this.myTurn) {
      if (sel.from === cell) return false;
      // Another of one's own pieces: pick it instead (no move lands on one's own piece).
      const there = this.pieceAt(cell);
      if (there && this.mySeats.includes(there.seat)) return false;
      this.deselect();
      this.setPremove(sel.drop ? { drop: sel.drop, to: cell } : { from: sel.from, to: cell });
      return true;
    }
    const options = this.selectedMoves().filter((m) => m.to === cell);
    if (!options.length) return false;
    this.deselect();
    if (options.length === 1) this.handlers.move?.(options[0].uci);
    else this.choosePromotion(options, cell);
    return true;
  }

  /** A pick under way: `cell` named or named no more, if a legal pick
   * still holds the cells so named; the game plays the pick when told. */
  togglePick(cell) {
    const sel = this.selected;
    const picked = sel.picked.includes(cell) ? sel.picked.filter((c) => c !== cell) : [...sel.picked, cell];
    if (!picksWith(this.moves, sel.power, picked).length) return false;
    this.select({ ...sel, picked });
    this.handlers.picked?.(picked);
    return true;
  }

  setPremove(intent) {
    this.premove = intent;
    this.drawMarks();
    this.handlers.premove?.(intent);
  }

  /** Offer the moves that differ only in what they promote to. */
  choosePromotion(options, cell) {
    this.handlers.choose?.(options, cell);
  }

  /** The arrows and circles: the user's own and the partner's. */
  setShapes(shapes, remote = false) {
    if (remote) this.remoteShapes = shapes;
    else {
      this.shapes = shapes;
      this.handlers.annotate?.(shapes);
    }
    this.drawShapes();
  }

  finishShape(cell) {
    const from = this.shapeStart;
    this.shapeStart = null;
    if (!from || !cell) return;
    const key = (s) => `${s.from}-${s.to ?? ""}`;
    const shape = from === cell ? { from } : { from, to: cell };
    const rest = this.shapes.filter((s) => key(s) !== key(shape));
    this.setShapes(rest.length === this.shapes.length ? [...this.shapes, shape] : rest);
  }

  drawShapes() {
    const layer = this.layers.shapes;
    layer.replaceChildren();
    const all = [
      ...this.shapes.map((s) => [s, "mine"]),
      ...this.remoteShapes.map((s) => [s, "partner"]),
    ];
    for (const [s, who] of all) {
      const a = this.cellXY(s.from);
      const ax = a.x + CELL / 2;
      const ay = a.y + CELL / 2;
      if (!s.to) {
        el("circle", { cx: ax, cy: ay, r: CELL * 0.44, class: `shape circle ${who}` }, layer);
        continue;
      }
      const b = this.cellXY(s.to);
      const bx = b.x + CELL / 2;
      const by = b.y + CELL / 2;
      const len = Math.hypot(bx - ax, by - ay);
      const ux = (bx - ax) / len;
      const uy = (by - ay) / len;
      const tipX = bx - ux * CELL * 0.3;
      const tipY = by - uy * CELL * 0.3;
      el("line", { x1: ax, y1: ay, x2: tipX, y2: tipY, class: `shape arrow ${who}` }, layer);
      const head = CELL * 0.32;
      const px = -uy * head * 0.6;
      const py = ux * head * 0.6;
      const points = [
        [bx - ux * CELL * 0.08, by - uy * CELL * 0.08],
        [tipX - ux * head * 0.2 + px, tipY - uy * head * 0.2 + py],
        [tipX - ux * head * 0.2 - px, tipY - uy * head * 0.2 - py],
      ];
      el("polygon", { points: points.map((p) => p.join(",")).join(" "), class: `shape head ${who}` }, layer);
    }
  }

  /** Slide the piece that just moved from where it came. */
  animateMove(m) {
    if (!m.from || !m.to || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const piece = this.layers.pieces.querySelector(`[data-cell="${m.to}"]`);
    if (!piece?.animate) return;
    const a = this.cellXY(m.from);
    const b = this.cellXY(m.to);
    piece.animate(
      [{ transform: `translate(${a.x}px, ${a.y}px)` }, { transform: `translate(${b.x}px, ${b.y}px)` }],
      { duration: 180, easing: "ease-out" },
    );
  }
}

/** Put a piece's group with its top-left corner at x, y (a CSS transform,
 * which animations can interpolate). */
function place(g, x, y) {
  g.style.transform = `translate(${x}px, ${y}px)`;
}
