// Moves of a nation's power that act on a cell rather than move a piece
// from one (a Balkan assassination's target, a piece transformed, a turn
// of two piece moves): the board offers them from a power button, then by
// a click on the cell they act on.

/** Whether a legal move is a power used on a cell, with no piece moved from one. */
export function isCellPower(m) {
  return !!m.power && !m.from && !m.drop && !!m.to;
}

/** Whether a legal move is a pick: a power naming several of the seat's
 * pieces at once and moving none (North Korea's `insanity@a2b1c1`). */
export function isPick(m) {
  return !!m.power && (m.picks?.length ?? 0) > 0;
}

/** The powers the legal moves let the seat use from a button (on a cell,
 * or as a pick of pieces), each once, in order. */
export function cellPowers(moves) {
  return [...new Set(moves.filter((m) => isCellPower(m) || isPick(m)).map((m) => m.power))];
}

/** Whether `power`'s legal moves are picks of pieces. */
export function picksPieces(moves, power) {
  return moves.some((m) => isPick(m) && m.power === power);
}

/** The picks of `power` that hold every cell of `picked` (what the pieces
 * toggled so far can still become). */
export function picksWith(moves, power, picked) {
  return moves.filter((m) => isPick(m) && m.power === power && picked.every((c) => m.picks.includes(c)));
}

/** The legal pick of `power` naming exactly the cells `picked`, in any order, or null. */
export function pickOf(moves, power, picked) {
  return picksWith(moves, power, picked).find((m) => m.picks.length === picked.length) ?? null;
}

/** A power's id for people: `move-again` is "Move again". */
export function powerLabel(id) {
  const words = id.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The piece letters a power move names after its `=` (what Mycenae's
 * knight unloads, `cargo@b1b2=k`; its first knight's share at the packing,
 * `cargo@b1c1=kbp`, `-` for none), or "" for a move that names none. */
export function moveLetters(m) {
  const at = (m.uci ?? "").indexOf("=");
  return m.power && at >= 0 ? m.uci.slice(at + 1) : "";
}

/** What the knight on `cell` carries in the board state (Mycenae's cargo,
 * shown to its owner only: another seat's view has no cell), or "". */
export function cargoAt(board, cell) {
  return (board?.cargo ?? []).find((c) => c.cell === cell)?.pieces ?? "";
}

/** What `seat`'s knights carry together where the board does not say
 * which knight holds what (Mycenae's cargo as every other seat and a
 * spectator see it: one pool, no cell), or "". */
export function cargoPool(board, seat) {
  return (board?.cargo ?? [])
    .filter((c) => c.seat === seat && !c.cell)
    .map((c) => c.pieces)
    .join("");
}
