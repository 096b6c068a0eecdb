// Piece pictures, drawn here (no image files, no GPL piece sets): SVG
// symbols in a 100 x 100 box, filled with the seat's colour through CSS
// (`fill: currentColor` comes from the <use> element's class). Which
// picture a piece gets follows the variant's view: its family and the
// piece kind's name; a kind with no picture is its letter on a disc.

const SVG = "http://www.w3.org/2000/svg";

// Outlines share one style: the body in the seat's colour, lines in the
// seat's line colour (dark on light armies, light on dark ones).
const body = (d) => `<path class="pc-body" d="${d}"/>`;
const line = (d) => `<path class="pc-line" d="${d}"/>`;
const ball = (x, y, r) => `<circle class="pc-body" cx="${x}" cy="${y}" r="${r}"/>`;

/** Chess pictures by kind name. */
const CHESS = {
  pawn:
    body("M30 84 H70 Q71 70 59 63 Q55 56 58 49 H42 Q45 56 41 63 Q29 70 30 84 Z") +
    ball(50, 36, 14),
  rook:
    body(
      "M27 84 H73 V75 H66 L63 43 H70 V22 H61 V30 H54 V22 H46 V30 H39 V22 H30 V43 H37 L34 75 H27 Z",
    ) + line("M36 43 H64 M34 75 H66"),
  knight:
    body(
      "M33 84 H75 Q78 52 62 31 L61 18 L52 27 Q46 26 40 32 L24 52 Q23 60 31 61 Q37 58 42 54 Q49 55 45 63 Q34 72 33 84 Z",
    ) + `<circle class="pc-eye" cx="44" cy="38" r="3"/>` + line("M40 32 L33 45"),
  bishop:
    body(
      "M33 84 H67 V77 Q56 74 58 67 Q69 59 65 45 Q60 33 50 25 Q40 33 35 45 Q31 59 42 67 Q44 74 33 77 Z",
    ) + ball(50, 19, 6) + line("M55 37 L46 52 M42 67 H58"),
  queen:
    body(
      "M28 84 H72 L70 72 L80 33 L64 55 L63 24 L53 52 L50 20 L47 52 L37 24 L36 55 L20 33 L30 72 Z",
    ) +
    ball(20, 31, 5) + ball(37, 22, 5) + ball(50, 18, 5) + ball(63, 22, 5) + ball(80, 31, 5) +
    line("M30 72 H70"),
  king:
    body("M29 84 H71 L69 71 Q82 56 72 46 Q62 38 50 52 Q38 38 28 46 Q18 56 31 71 Z") +
    body("M46 14 H54 V22 H61 V29 H54 V44 H46 V29 H39 V22 H46 Z") +
    line("M31 71 H69 M50 52 V70"),
};

/** Draughts men and kings. */
const DRAUGHTS = {
  man:
    `<ellipse class="pc-body" cx="50" cy="58" rx="34" ry="18"/>` +
    `<ellipse class="pc-body" cx="50" cy="50" rx="34" ry="18"/>` +
    `<ellipse class="pc-line" cx="50" cy="50" rx="22" ry="11"/>`,
  king:
    `<ellipse class="pc-body" cx="50" cy="66" rx="34" ry="16"/>` +
    `<ellipse class="pc-body" cx="50" cy="56" rx="34" ry="16"/>` +
    `<ellipse class="pc-body" cx="50" cy="46" rx="34" ry="16"/>` +
    line("M36 48 L38 36 L45 43 L50 32 L55 43 L62 36 L64 48 Z"),
};

/** A shogi-style token pointing up (away from its owner). */
const TOKEN = "M50 8 L74 18 L84 90 H16 L26 18 Z";

/** Small glyphs drawn on tokens: the chess picture of the kind, shrunk,
 * or for kinds chess lacks a mark of their own. */
const TOKEN_GLYPH = {
  general: body("M32 74 H68 L64 44 L74 34 L58 38 L50 26 L42 38 L26 34 L36 44 Z") + ball(50, 22, 5),
  silver: body("M34 74 H66 L60 40 L50 28 L40 40 Z"),
  lance: body("M46 74 H54 V40 L60 40 L50 22 L40 40 L46 40 Z"),
};

/** Whether the variant draws its pieces as tokens (it has promoted kinds,
 * as shogi has): tokens turn with their owner, chess pieces stay upright. */
export function usesTokens(variant) {
  return variant.pieces.some((p) => p.letter.startsWith("+"));
}

/** The name a picture is looked up by: `promoted pawn` -> `pawn`. */
function baseName(name) {
  return name.replace(/^promoted\s+/, "").trim().toLowerCase();
}

/** The inner SVG of one kind's picture, and whether it turns. */
export function pictureFor(variant, kind) {
  const name = (kind.name ?? "").toLowerCase();
  const promoted = kind.letter.startsWith("+");
  if (variant.family === "draughts" && DRAUGHTS[name]) return { svg: DRAUGHTS[name], turns: false };
  if (variant.family !== "draughts" && usesTokens(variant)) {
    const base = baseName(name);
    const glyph = TOKEN_GLYPH[base] ?? CHESS[base];
    const inner = glyph
      ? `<g transform="translate(20 22) scale(0.6)">${glyph}</g>`
      : letterText(kind.letter.replace("+", ""), 56, 40);
    const badge = promoted
      ? `<circle class="pc-promoted" cx="72" cy="80" r="11"/><path class="pc-promoted-mark" d="M66 80 H78 M72 74 V86"/>`
      : "";
    return {
      svg: `<path class="pc-token${promoted ? " pc-token-promoted" : ""}" d="${TOKEN}"/>${inner}${badge}`,
      turns: true,
    };
  }
  if (!promoted && CHESS[name]) return { svg: CHESS[name], turns: false };
  // The Soviet Union's face-down cards: its owner sees each as the piece
  // its card names ("knight card"); the others see an unknown piece, "?".
  const card = name.endsWith(" card") ? CHESS[name.slice(0, -" card".length)] : null;
  if (!promoted && card) return { svg: card, turns: false };
  if (name === "unknown piece") return { svg: letterDisc("?"), turns: false };
  return { svg: letterDisc(kind.letter), turns: false };
}

function letterText(text, y, size) {
  return `<text class="pc-letter" x="50" y="${y}" font-size="${size}" text-anchor="middle" dominant-baseline="central">${escapeXml(text.toUpperCase())}</text>`;
}

/** The fallback: the kind's letter on a disc (`+` shown as a ring). */
function letterDisc(letter) {
  const promoted = letter.startsWith("+");
  const text = letter.replace("+", "");
  return (
    `<circle class="pc-body" cx="50" cy="50" r="36"/>` +
    (promoted ? `<circle class="pc-line" cx="50" cy="50" r="30"/>` : "") +
    letterText(text, 52, text.length > 1 ? 34 : 46)
  );
}

function escapeXml(s) {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The symbol id of a kind (letters may hold `+`, which ids avoid). */
export function symbolId(letter) {
  return `pc-${letter.replace("+", "plus-")}`;
}

/** A <defs> element with one <symbol> per kind of the variant. */
export function pieceDefs(variant, prefix = "") {
  const defs = document.createElementNS(SVG, "defs");
  let html = "";
  for (const kind of variant.pieces) {
    const { svg } = pictureFor(variant, kind);
    html += `<symbol id="${prefix}${symbolId(kind.letter)}" viewBox="0 0 100 100">${svg}</symbol>`;
  }
  defs.innerHTML = html;
  return defs;
}

/** Whether pictures of this variant turn with their owner's direction. */
export function piecesTurn(variant) {
  return variant.family !== "draughts" && usesTokens(variant);
}

/** A standalone <svg> of one kind, for pockets and the promotion picker. */
export function pieceIcon(variant, letter, seatClass, turn = 0) {
  const kind = variant.pieces.find((p) => p.letter === letter) ?? { letter, name: letter };
  const { svg } = pictureFor(variant, kind);
  const el = document.createElementNS(SVG, "svg");
  el.setAttribute("viewBox", "0 0 100 100");
  el.setAttribute("class", `piece-icon ${seatClass}`);
  el.setAttribute("aria-hidden", "true");
  el.innerHTML = turn ? `<g transform="rotate(${turn} 50 50)">${svg}</g>` : svg;
  return el;
}
