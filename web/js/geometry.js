// Board geometry for any rectangular board with holes: cell names, and
// where each cell is drawn once the board is turned so that one edge (the
// viewer's home edge) is at the bottom. Pure functions, no DOM: the unit
// tests in tests/unit run them under node.

/** File letters as cell names write them: a, b, ... (boards up to 26 wide). */
const FILES = "abcdefghijklmnopqrstuvwxyz";

/** The edges a seat's home can be, and how far the board turns for each. */
export const EDGES = ["south", "west", "north", "east"];

/** `e4` -> {file: 4, rank: 3}; null for text that is no cell. */
export function parseCell(name) {
  const m = /^([a-z])(\d{1,2})$/.exec(name ?? "");
  if (!m) return null;
  return { file: FILES.indexOf(m[1]), rank: Number(m[2]) - 1 };
}

/** {file: 4, rank: 3} -> `e4`. */
export function cellName(file, rank) {
  return `${FILES[file]}${rank + 1}`;
}

/** The file's letter. */
export function fileName(file) {
  return FILES[file];
}

/**
 * The board's shape as drawn from `home`: how many columns and rows, and
 * where a cell goes. The viewer's army stands on `home`, which comes to the
 * bottom: a west home turns the board a quarter counter-clockwise, and so on.
 */
export class Orientation {
  constructor(width, height, home = "south") {
    if (!EDGES.includes(home)) throw new Error(`unknown edge '${home}'`);
    this.width = width;
    this.height = height;
    this.home = home;
    const sideways = home === "west" || home === "east";
    this.cols = sideways ? height : width;
    this.rows = sideways ? width : height;
  }

  /** Screen column and row (row 0 at the top) of board file and rank. */
  toScreen(file, rank) {
    const { width: w, height: h } = this;
    switch (this.home) {
      case "south":
        return { col: file, row: h - 1 - rank };
      case "north":
        return { col: w - 1 - file, row: rank };
      case "west":
        return { col: h - 1 - rank, row: w - 1 - file };
      default: // east
        return { col: rank, row: file };
    }
  }

  /** Board file and rank drawn at screen column and row. */
  fromScreen(col, row) {
    const { width: w, height: h } = this;
    switch (this.home) {
      case "south":
        return { file: col, rank: h - 1 - row };
      case "north":
        return { file: w - 1 - col, rank: row };
      case "west":
        return { file: w - 1 - row, rank: h - 1 - col };
      default:
        return { file: row, rank: col };
    }
  }

  /**
   * What the edge labels say: for each screen column the coordinate that
   * runs along the bottom, for each screen row the one that runs up the side
   * (files along the bottom when the board stands upright, ranks when it
   * lies sideways).
   */
  labels() {
    const sideways = this.home === "west" || this.home === "east";
    const cols = [];
    for (let c = 0; c < this.cols; c++) {
      const { file, rank } = this.fromScreen(c, this.rows - 1);
      cols.push(sideways ? String(rank + 1) : fileName(file));
    }
    const rows = [];
    for (let r = 0; r < this.rows; r++) {
      const { file, rank } = this.fromScreen(0, r);
      rows.push(sideways ? fileName(file) : String(rank + 1));
    }
    return { cols, rows };
  }

  /** The rotation of a piece's picture, in degrees, so that pieces of a
   * seat whose home is `edge` point away from it as the viewer sees it. */
  pieceTurn(edge) {
    const turn = (EDGES.indexOf(edge) - EDGES.indexOf(this.home) + 4) % 4;
    // A seat one quarter clockwise of the viewer faces right, and so on.
    return turn * 90;
  }
}

/** Every cell of a board: name, file, rank, whether it is a hole. */
export function cells(width, height, holes = []) {
  const gone = new Set(holes);
  const out = [];
  for (let rank = 0; rank < height; rank++) {
    for (let file = 0; file < width; file++) {
      const name = cellName(file, rank);
      out.push({ name, file, rank, hole: gone.has(name) });
    }
  }
  return out;
}

/** Whether a cell is a dark square: a1 is dark, as on a chess board. */
export function isDark(file, rank) {
  return (file + rank) % 2 === 0;
}

/**
 * The segment drawn for a wall between two orthogonally adjacent cells
 * (`a`, `b`: names) as `orient` turns the board, cells `size` wide: the
 * edge the two cells share, in screen coordinates ({x1, y1, x2, y2});
 * null when the cells are not next to each other along a file or rank.
 */
export function wallSegment(orient, a, b, size) {
  const ca = parseCell(a);
  const cb = parseCell(b);
  if (!ca || !cb) return null;
  if (Math.abs(ca.file - cb.file) + Math.abs(ca.rank - cb.rank) !== 1) return null;
  const sa = orient.toScreen(ca.file, ca.rank);
  const sb = orient.toScreen(cb.file, cb.rank);
  if (sa.row === sb.row) {
    // Side by side on the screen: the wall is the vertical edge between.
    const x = Math.max(sa.col, sb.col) * size;
    return { x1: x, y1: sa.row * size, x2: x, y2: (sa.row + 1) * size };
  }
  // One above the other: the horizontal edge between.
  const y = Math.max(sa.row, sb.row) * size;
  return { x1: sa.col * size, y1: y, x2: (sa.col + 1) * size, y2: y };
}
