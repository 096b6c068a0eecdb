// Moves of a nation's power that act on a cell rather than move a piece
// from one (a Balkan assassination's target, a piece transformed, a turn
// of two piece moves): the board offers them from a power button, then by
// a click on the cell they act on.

import { nationName, seatTitle } from "./seats.js";

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

/** Steps a seat takes toward another seat's power, as their buttons say
 * them to people: the text, given the seats they concern, and a line on
 * what the step does. `on: "cell"`: the seats are the owners of the
 * pieces on the cells the steps act on (a consent's is the carrying
 * seat's first knight); `on: "passenger"`: the seats whose knights carry
 * a piece of the seat to move (its unload lands on an empty cell). */
const TOWARD = {
  consent: { on: "cell", text: (who) => `Give consent to ${who}`, title: "Let them carry one of your pieces in an empty knight" },
  "withdraw-consent": { on: "cell", text: (who) => `Withdraw consent from ${who}`, title: "They may no longer load your pieces into their knights" },
  unload: { on: "passenger", text: (who) => `Unload from the knight of ${who}`, title: "Put your piece down on a square next to the knight" },
};

/** `Red (Mycenae)`: a seat's name and, where seats play nations, its nation's. */
function seatWithNation(variant, board, seat) {
  const nation = nationName(variant, board, seat);
  return nation ? `${seatTitle(variant, seat)} (${nation})` : seatTitle(variant, seat);
}

/** The seats a step toward another seat (`TOWARD`) concerns, each once. */
function concerned(step, power, moves, board) {
  const seats =
    step.on === "cell"
      ? moves.filter((m) => m.power === power && m.to).map((m) => board?.pieces?.find((p) => p.cell === m.to)?.seat)
      : (board?.cargo ?? []).filter((c) => c.owner === board.turn).map((c) => c.seat);
  return [...new Set(seats.filter((s) => s !== undefined))];
}

/** What `power`'s button says and its tooltip, `{text, title}`: a step
 * toward another seat names that seat (`Give consent to Red (Mycenae)`),
 * any other power its id for people. */
export function powerButton(power, moves, board, variant) {
  const step = TOWARD[power];
  const seats = step ? concerned(step, power, moves, board) : [];
  if (!seats.length) return { text: powerLabel(power), title: step?.title ?? "" };
  return { text: step.text(seats.map((s) => seatWithNation(variant, board, s)).join(" or ")), title: step.title };
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
  return cargoEntryAt(board, cell)?.pieces ?? "";
}

/** The board state's record of what the knight on `cell` carries,
 * `{seat, cell, pieces, owner}` (`owner` only for another seat's piece
 * riding in it, which every view shows), or null. */
export function cargoEntryAt(board, cell) {
  return (board?.cargo ?? []).find((c) => c.cell === cell) ?? null;
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

/** The seats whose knights `seat` lets carry its pieces (Mycenae's cargo,
 * `board.consents`: public, every page has the same), in seat order. */
export function consentsGiven(board, seat) {
  return (board?.consents ?? []).filter((c) => (c.from ?? []).includes(seat)).map((c) => c.seat);
}

/** What the card of `seat` says of the consents it gives, `{to, text,
 * label}` (`consents to Red (Mycenae)`, `to` the carrying seats), or null
 * where it gives none. */
export function consentNote(variant, board, seat) {
  const to = consentsGiven(board, seat);
  if (!to.length) return null;
  const whom = to.map((s) => seatWithNation(variant, board, s)).join(" and ");
  return {
    to,
    text: `consents to ${whom}`,
    label: `${seatTitle(variant, seat)} consents to ${whom} carrying its pieces in their knights`,
  };
}
