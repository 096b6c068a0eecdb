// Bad input: a game that does not exist, an invite used twice, a server
// that goes away and comes back. Each gives a message on the page.

import test from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { openSync, readFileSync, writeFileSync } from "node:fs";
import { launch, newPage, createGame, openGame, clickMove, waitPly, waitMyTurn, BASE, assertNoErrors } from "../lib.mjs";

test("a game link that does not exist says so", async (t) => {
  const browser = await launch();
  t.after(() => browser.close());
  const page = await newPage(browser);
  await page.goto(`${BASE}/game/no-such-game`);
  await page.waitForSelector('[role="alert"]');
  assert.match(await page.textContent('[role="alert"]'), /No such game/);
  await page.goto(`${BASE}/nothing/here`);
  assert.match(await page.textContent('[role="alert"]'), /No such page/);
});

test("an invite used twice is refused with a message", async (t) => {
  const browser = await launch();
  t.after(() => browser.close());
  const [a, b, c] = [await newPage(browser), await newPage(browser), await newPage(browser)];
  const game = await createGame(a, { variant: "chess", seats: ["me", "open"] });
  await openGame(b, game.invites[0].url);
  await c.goto(game.invites[0].url);
  await c.waitForSelector('[role="alert"]');
  assert.match(await c.textContent('[role="alert"]'), /Could not join/);
  assert.match(await c.textContent('[role="alert"]'), /used|taken|wrong/);
  assertNoErrors(a, b);
});

test("a server that goes away: the page says so, and carries on when it is back", async (t) => {
  const pidFile = process.env.TETRARCH_SERVER_PIDFILE;
  if (!pidFile) return t.skip("run through run.sh, which says how to restart the server");
  const browser = await launch();
  t.after(() => browser.close());
  const [a, b] = [await newPage(browser), await newPage(browser)];
  const game = await createGame(a, { variant: "chess", seats: ["me", "open"] });
  await openGame(a, game.url);
  await openGame(b, game.invites[0].url);
  // The game starts when b's seat is taken; a click before a hears of it
  // selects nothing.
  await waitMyTurn(a);
  await clickMove(a, "e2", "e4");
  await waitPly(b, 1);

  process.kill(Number(readFileSync(pidFile, "utf8")), "SIGTERM");
  for (const p of [a, b]) {
    await p.waitForSelector("#conn-banner:not([hidden])");
    assert.match(await p.textContent("#conn-banner"), /Disconnected/);
  }
  const log = openSync(process.env.TETRARCH_SERVER_LOG, "a");
  const server = spawn(process.env.TETRARCH_BIN, process.env.TETRARCH_SERVE_ARGS.split(" "), { stdio: ["ignore", log, log], detached: true });
  writeFileSync(pidFile, String(server.pid));
  server.unref();
  for (const p of [a, b]) await p.waitForSelector("#conn-banner[hidden]", { state: "attached", timeout: 30000 });
  await waitMyTurn(b);
  await clickMove(b, "e7", "e5");
  await waitPly(a, 2);
  assertNoErrors(a, b);
});
