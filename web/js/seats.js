// Seats as people see them: their colour class, their name, their side.
// Colours come from the seat's name where CSS knows it (white, black,
// red, blue, yellow, green), otherwise from its number.

const NAMED = new Set(["white", "black", "red", "blue", "yellow", "green"]);

/** The CSS classes that colour a seat's pieces, clock and name. */
export function seatClass(variant, seat) {
  const name = variant.seats[seat]?.name ?? "";
  return NAMED.has(name) ? `seat-${name}` : `seat-n${seat % 8}`;
}

/** `white` -> `White`. */
export function seatTitle(variant, seat) {
  const name = variant.seats[seat]?.name ?? `seat ${seat + 1}`;
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** The seats on the same team as `seat`, other than itself. */
export function partners(variant, seat) {
  const team = variant.seats[seat]?.team;
  return variant.seats.filter((s) => s.team === team && s.seat !== seat).map((s) => s.seat);
}

/** Whether the variant has teams of more than one seat. */
export function hasTeams(variant) {
  const teams = new Map();
  for (const s of variant.seats) teams.set(s.team, (teams.get(s.team) ?? 0) + 1);
  return [...teams.values()].some((n) => n > 1);
}

/** The name of the nation `seat` plays now (`board.nations`), or "" where
 * seats play none. A game's variant names the nations it offers or its
 * line-up plays; a nation file of one's own is known by its id alone, so
 * that id is written as a name (`my-empire` -> `My Empire`). */
export function nationName(variant, board, seat) {
  const id = board?.nations?.[seat];
  if (!id) return "";
  const named = variant.nations?.find((n) => n.id === id)?.name;
  return named ?? id.split("-").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}
