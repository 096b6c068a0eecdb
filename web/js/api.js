// The HTTP API: JSON in and out, errors turned into messages for people.

/** An HTTP answer that was not a success, with the server's reason. */
export class ApiError extends Error {
  constructor(status, message, body = null) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/** The reason a failed answer gives: its JSON `error` (or `message`), else its text. */
async function reason(res) {
  const text = await res.text().catch(() => "");
  try {
    const body = JSON.parse(text);
    return [body.message ?? body.error ?? text, body];
  } catch {
    return [text || res.statusText || `HTTP ${res.status}`, null];
  }
}

/** Call the API: `GET path`, or a method with a JSON body and a seat token. */
export async function api(path, { method = "GET", body, token } = {}) {
  const res = await request(path, { method, body, token, accept: "application/json" });
  if (res.status === 204) return null;
  const text = await res.text();
  return text ? JSON.parse(text) : null;
}

/** `GET path` as text (an export), with the seat's token when there is one. */
export async function apiText(path, { token } = {}) {
  const res = await request(path, { method: "GET", token, accept: "text/plain" });
  return res.text();
}

/** The answer to one request, or an ApiError with the server's reason. */
async function request(path, { method, body, token, accept }) {
  const headers = { Accept: accept };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  } catch {
    throw new ApiError(0, "The server cannot be reached. Is it running? Retrying will help once it is back.");
  }
  if (!res.ok) {
    const [msg, json] = await reason(res);
    throw new ApiError(res.status, typeof msg === "string" ? msg : JSON.stringify(msg), json);
  }
  return res;
}

/** Where seat tokens are kept, so that a reload or a new tab keeps its seats. */
const TOKENS = "tetrarch.tokens";

function allTokens() {
  try {
    return JSON.parse(localStorage.getItem(TOKENS) ?? "{}");
  } catch {
    return {};
  }
}

/** The tokens this browser holds for game `id`: {seat: token}. */
export function tokensFor(id) {
  return allTokens()[id] ?? {};
}

/** Remember the token of `seat` in game `id`. */
export function saveToken(id, seat, token) {
  const all = allTokens();
  all[id] = { ...(all[id] ?? {}), [seat]: token };
  localStorage.setItem(TOKENS, JSON.stringify(all));
}

/** Text for people, escaped for HTML. */
export function esc(s) {
  return String(s ?? "").replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Say something to screen readers. */
export function announce(text) {
  const el = document.getElementById("announcer");
  if (!el) return;
  el.textContent = "";
  // A fresh text node is read even when the words repeat.
  setTimeout(() => (el.textContent = text), 30);
}

/** Where the invite links of games this browser created are kept. */
const INVITES = "tetrarch.invites";

/** Remember the invite links of game `id`: [{seat, url}]. */
export function saveInvites(id, invites) {
  if (!invites.length) return;
  const all = readJson(INVITES);
  all[id] = invites;
  localStorage.setItem(INVITES, JSON.stringify(all));
}

/** The invite links this browser has for game `id`. */
export function invitesFor(id) {
  return readJson(INVITES)[id] ?? [];
}

function readJson(key) {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "{}");
  } catch {
    return {};
  }
}
