// Moves of a nation's power that act on a cell rather than move a piece
// from one (a Balkan assassination's target, a piece transformed, a turn
// of two piece moves): the board offers them from a power button, then by
// a click on the cell they act on.

/** Whether a legal move is a power used on a cell, with no piece moved from one. */
export function isCellPower(m) {
  return !!m.power && !m.from && !m.drop && !!m.to;
}

/** The powers the legal moves let the seat use on a cell, each once, in order. */
export function cellPowers(moves) {
  return [...new Set(moves.filter(isCellPower).map((m) => m.power))];
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
