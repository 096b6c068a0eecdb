#!/usr/bin/env bash
# Fill fuzz/corpus/<target>/ with seed inputs from the kernel's test data
# and the built-in variants (the same seeds tests/fuzzing.rs mutates).
set -euo pipefail
cd "$(dirname "$0")"
data=../crates/rules/tests/data
corpus=corpus
mkdir -p "$corpus"/{fen,fen4,san,uci,pgn,pgn4,variant}

n=0
seed() { # target, text
    n=$((n + 1))
    printf '%s' "$2" > "$corpus/$1/seed-$n"
}

for f in chess.epd chess960.epd euroshogi.epd; do
    grep -v '^#' "$data/$f" | cut -d';' -f1 | sed 's/ *$//' | while IFS= read -r l; do
        [[ -n "$l" ]] && printf '%s' "$l" > "$corpus/fen/$(printf '%s' "$l" | md5sum | cut -c1-16)"
    done
done
grep -v '^#' "$data/fourway.epd" | cut -d';' -f1 | sed 's/^[^ ]* //; s/ *$//' | while IFS= read -r l; do
    [[ -n "$l" ]] && printf '%s' "$l" > "$corpus/fen4/$(printf '%s' "$l" | md5sum | cut -c1-16)"
done
for f in "$data"/*.pgn; do cp "$f" "$corpus/pgn/"; done
for f in "$data"/pgn4/*.pgn4; do cp "$f" "$corpus/pgn4/"; done
cat "$data"/*.pgn | tr -s ' \n' '\n\n' | grep -E '^[A-Za-z]' | sort -u | while IFS= read -r t; do
    printf '%s' "$t" > "$corpus/san/$(printf '%s' "$t" | md5sum | cut -c1-16)"
done
for m in e2e4 e7e8q e1g1 e1h1 g1f3 P@e4 0000 a7a8n d5e6; do seed uci "$m"; done
for f in ../crates/rules/variants/*.toml "$data"/full-variants/*.toml; do
    cp "$f" "$corpus/variant/$(basename "$(dirname "$f")")-$(basename "$f")"
done
for t in fen fen4 san uci pgn pgn4 variant; do
    echo "$t: $(ls "$corpus/$t" | wc -l) seeds"
done
