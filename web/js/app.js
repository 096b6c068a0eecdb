// The client's entry: picks the page from the address, sets the theme.

import { showLobby } from "./lobby.js";
import { showGame } from "./game.js";
import { esc } from "./api.js";

const THEME = "tetrarch.theme";

const systemDark = matchMedia("(prefers-color-scheme: dark)");

/** The saved choice, or the system's preference while nothing is saved. */
function applyTheme() {
  const saved = localStorage.getItem(THEME);
  document.documentElement.dataset.theme = saved ?? (systemDark.matches ? "dark" : "light");
}

function setupTheme() {
  applyTheme();
  systemDark.addEventListener("change", applyTheme);
  document.getElementById("theme-toggle").addEventListener("click", () => {
    const next = document.documentElement.dataset.theme === "dark" ? "light" : "dark";
    localStorage.setItem(THEME, next);
    applyTheme();
  });
}

/** An error the page shows instead of going blank. */
export function showFatal(title, detail) {
  const app = document.getElementById("app");
  app.innerHTML = `<div class="notice error" role="alert"><strong>${esc(title)}</strong><p>${esc(detail)}</p><p><a href="/">Back to the lobby</a></p></div>`;
}

async function route() {
  const app = document.getElementById("app");
  const path = location.pathname;
  const game = /^\/(?:game|g)\/([^/]+)\/?(?:([^/]+)\/?)?$/.exec(path);
  try {
    if (game) await showGame(app, decodeURIComponent(game[1]), new URLSearchParams(location.search), game[2]);
    else if (path === "/" || path === "/index.html") await showLobby(app);
    else showFatal("No such page", `There is nothing at ${path}.`);
  } catch (err) {
    console.error(err);
    showFatal("Something went wrong", err.message ?? String(err));
  }
}

window.addEventListener("unhandledrejection", (e) => console.error(e.reason));
setupTheme();
route();
