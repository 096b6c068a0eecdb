// Keyboard move entry: `e2e4`, `Nf3`, `P@e4`, `O-O`, matched against the
// legal moves the server sent (their protocol and display notations).

/** A move's notation without check marks and annotations. */
function plain(s) {
  return s.replace(/[+#!?]+$/g, "").replace(/0-0/g, "O-O").trim();
}

/** Looser still: no capture mark, no `=` before a promotion, any case. */
function loose(s) {
  return plain(s).replace(/[x:=-]/gi, (c) => (c === "-" ? "-" : "")).toLowerCase();
}

/**
 * The legal move that `text` names, or an error for people. Protocol
 * notation is matched first (case does not matter), then the display
 * notation exactly, then loosely when that leaves one move.
 */
export function matchMove(text, moves) {
  const typed = (text ?? "").trim();
  if (!typed) return { error: "Type a move first." };
  if (!moves.length) return { error: "No move can be played now." };
  const lower = typed.toLowerCase();
  const byUci = moves.filter((m) => m.uci.toLowerCase() === lower);
  if (byUci.length === 1) return { move: byUci[0] };
  const exact = moves.filter((m) => plain(m.san) === plain(typed));
  if (exact.length === 1) return { move: exact[0] };
  const wanted = loose(typed);
  const near = moves.filter((m) => loose(m.san) === wanted || loose(m.uci) === wanted);
  if (near.length === 1) return { move: near[0] };
  if (near.length > 1) {
    return { error: `'${typed}' could be ${near.map((m) => m.san).join(" or ")}: say which.` };
  }
  return { error: `'${typed}' is not a legal move here.` };
}
