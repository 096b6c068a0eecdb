#!/usr/bin/env bash
# Measures how long a dead node's games take to play again: three
# `tetrarch serve` nodes on one PostgreSQL database, GAMES games created on
# (so owned by) node 1 with a move each, node 1 killed with SIGKILL, then
# every game's next move is sent to node 2 every 20 ms (a client per game)
# until it is accepted.
# Prints, per game, the seconds from the kill to its accepted move.
#
#   tests/bench/takeover.sh postgres://USER@HOST:PORT/EMPTY_DB [GAMES] [LEASE_MS]
# (the database should be empty or a Tetrarch database; needs curl, python3)
set -euo pipefail
db=$1
games=${2:-20}
lease=${3:-5000}
bin=${TETRARCH_BIN:-target/release/tetrarch}
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
for i in 1 2 3; do
    "$bin" serve --listen "127.0.0.1:1870$i" --db "$db" --lease-ms "$lease" --http-rate 0 \
        --log warn >/dev/null 2>&1 &
    pids+=($!)
done
for i in 1 2 3; do
    until curl -sf "http://127.0.0.1:1870$i/healthz" >/dev/null; do sleep 0.1; done
done
json() { python3 -c "import json,sys; d=json.load(sys.stdin); print($1)"; }
ids=()
blacks=()
for _ in $(seq "$games"); do
    created=$(curl -sf -XPOST http://127.0.0.1:18701/api/games -H 'content-type: application/json' \
        -d '{"variant":"chess","seats":[{"kind":"me"},{"kind":"me"}],"clock":{"initial_ms":600000,"increment_ms":0}}')
    id=$(json 'd["id"]' <<<"$created")
    white=$(json 'd["seats"][0]["token"]' <<<"$created")
    curl -sf -XPOST "http://127.0.0.1:18701/api/games/$id/move/e2e4" -H "authorization: Bearer $white" >/dev/null
    ids+=("$id")
    blacks+=("$(json 'd["seats"][1]["token"]' <<<"$created")")
done
kill -9 "${pids[0]}"
killed=$(date +%s.%N)
# Each game's client retries on its own, as players would.
retry() {
    local id=$1 black=$2 code
    while true; do
        code=$(curl -s -o /dev/null -w '%{http_code}' -XPOST --max-time 10 \
            "http://127.0.0.1:18702/api/games/$id/move/e7e5" -H "authorization: Bearer $black")
        if [[ $code == 200 ]]; then
            python3 -c "print(f'{$(date +%s.%N) - $killed:.2f} $id')"
            return
        fi
        sleep 0.02
    done
}
waits=()
for g in "${!ids[@]}"; do
    retry "${ids[g]}" "${blacks[g]}" &
    waits+=($!)
done
wait "${waits[@]}"
