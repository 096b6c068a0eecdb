// A die's face: chance steps (`roll=4`) are drawn as the die that fell.

const PIPS = {
  1: [[1, 1]],
  2: [[0, 0], [2, 2]],
  3: [[0, 0], [1, 1], [2, 2]],
  4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]],
  6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
};

/** The face a step's protocol text rolls (`roll=4` is 4), or null for any other step. */
export function rolledFace(uci) {
  const m = /^roll=(\d+)$/.exec(uci ?? "");
  return m ? Number(m[1]) : null;
}

/** An SVG picture of a die showing `face` (1-6; other faces as a number). */
export function dieSvg(face) {
  const pips = PIPS[face];
  const body = pips
    ? pips.map(([x, y]) => `<circle cx="${5 + x * 5}" cy="${5 + y * 5}" r="1.6"/>`).join("")
    : `<text x="10" y="14" text-anchor="middle" font-size="10">${Number(face)}</text>`;
  return `<svg class="die" viewBox="0 0 20 20" width="1.2em" height="1.2em" role="img" aria-label="die showing ${Number(face)}" data-face="${Number(face)}"><rect x="1" y="1" width="18" height="18" rx="4"/>${body}</svg>`;
}
