#!/usr/bin/env bash
# End-to-end tests of the web client: builds `tetrarch`, starts the real
# `tetrarch serve` on a free loopback port with a fresh SQLite database,
# runs the browser tests (headless Chromium through playwright-core), and
# exits with their result. See README.md in this folder.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$here"

chromium="${CHROMIUM:-/usr/bin/chromium}"
if [ ! -x "$chromium" ]; then
  echo "e2e: $chromium is missing: apt-get install -y chromium" >&2
  exit 1
fi
if [ ! -d node_modules/playwright-core ]; then
  npm install --no-audit --no-fund --loglevel=error
fi

bin="${TETRARCH_BIN:-}"
if [ -z "$bin" ]; then
  (cd "$root" && cargo build --quiet -p tetrarch --bin tetrarch)
  bin="$root/target/debug/tetrarch"
fi

work="$(mktemp -d)"
port="$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
serve_args="serve --listen 127.0.0.1:$port --db sqlite://$work/e2e.db --bot-threads 1"
# shellcheck disable=SC2086
"$bin" $serve_args >"$work/server.log" 2>&1 &
echo $! >"$work/server.pid"
server=$!
cleanup() {
  # A test may have restarted the server: the pid file names the one running now.
  live="$(cat "$work/server.pid" 2>/dev/null || echo "$server")"
  kill "$live" 2>/dev/null || true
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  for _ in $(seq 1 50); do kill -0 "$live" 2>/dev/null || break; sleep 0.1; done
  if [ "${status:-1}" != 0 ]; then
    echo "e2e: server log (last 40 lines):" >&2
    tail -n 40 "$work/server.log" >&2 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

for _ in $(seq 1 100); do
  if curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$server" 2>/dev/null; then
    echo "e2e: the server did not start:" >&2
    cat "$work/server.log" >&2
    exit 1
  fi
  sleep 0.2
done

# Test files may be named (tests/chess.test.mjs ...); by default all run.
files=("$@")
if [ ${#files[@]} -eq 0 ]; then files=(tests/*.test.mjs); fi

status=0
TETRARCH_URL="http://127.0.0.1:$port" CHROMIUM="$chromium" TETRARCH_BIN="$bin" \
  TETRARCH_SERVE_ARGS="$serve_args" TETRARCH_SERVER_PIDFILE="$work/server.pid" TETRARCH_SERVER_LOG="$work/server.log" \
  node --test --test-concurrency=1 "${files[@]}" || status=$?
exit "$status"
