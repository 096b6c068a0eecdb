// The game as the page knows it: the server's full state, brought up to
// date by its events. Pure functions (unit-tested under node).

/** Fields an event may carry that replace the model's own. */
const REPLACED = [
  "ply",
  "turn",
  "clocks_ms",
  "running",
  "board",
  "legal",
  "status",
  "outcome",
  "offers",
  "seats",
  "moves",
  "san",
  "fen",
];

/** The cells a move's protocol text names, first and last: `e2e4` -> e2, e4;
 * `P@e4` -> none, e4. For highlighting when no move description came with it. */
export function cellsOfMove(text) {
  const found = String(text ?? "").match(/[a-z]\d{1,2}/g) ?? [];
  if (!found.length) return null;
  const drop = text.includes("@");
  return { uci: text, from: drop ? null : found[0], to: found[found.length - 1] };
}

/** The model from the server's full state. */
export function fromFull(full) {
  const model = structuredClone(full);
  model.chat ??= [];
  model.lastMove = model.last_move ?? (model.moves.length ? cellsOfMove(model.moves[model.moves.length - 1]) : null);
  return model;
}

/**
 * The model after `event` (a new object; the old one is left as it was).
 * Returns `{model, moved}`: `moved` is the move played, if the event is one.
 */
export function applyEvent(model, event) {
  const next = { ...model };
  let moved = null;
  if (event.t === "move") {
    const described = model.legal?.find((m) => m.uci === event.uci);
    moved = described ?? cellsOfMove(event.uci) ?? { uci: event.uci };
    moved = { ...moved, san: event.san, seat: event.seat };
    next.moves = [...model.moves, event.uci];
    next.san = [...model.san, event.san];
    next.lastMove = moved;
  }
  for (const key of REPLACED) {
    if (event.t === "move" && (key === "moves" || key === "san")) continue;
    if (key in event) next[key] = event[key];
  }
  if (event.t === "takeback") {
    next.lastMove = next.moves.length ? cellsOfMove(next.moves[next.moves.length - 1]) : null;
  }
  if (event.t === "offers") {
    const { draw = [], takeback_by = null, takeback = [], rematch = [] } = event;
    next.offers = { draw, takeback_by, takeback, rematch };
  }
  if (event.t === "chat") next.chat = [...(model.chat ?? []), event];
  if (event.v !== undefined) next.v = event.v;
  return { model: next, moved };
}

/** The seats whose pieces move now (two for a combined army). */
export function movingSeats(model) {
  const b = model.board;
  return b.moving?.length ? b.moving : [b.turn];
}
