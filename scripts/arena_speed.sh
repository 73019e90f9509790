#!/usr/bin/env bash
# The arena's overhead: a Wythoff match between two gamebot servers over TCP.
#
#     scripts/arena_speed.sh [GAMES] [CONCURRENCY] [MAX_PILE]
#
# Starts two `gamebot serve --listen 127.0.0.1:0` processes, plays GAMES games
# (default 1000) with CONCURRENCY games at once (default 8) from random piles up to
# MAX_PILE (default 100), and prints the results table, the wall time and games per
# second. Needs a release build (cargo build --release); GAMEBOT overrides the binary.
set -euo pipefail

games=${1:-1000}
concurrency=${2:-8}
max_pile=${3:-100}
gamebot=${GAMEBOT:-$(dirname "$0")/../target/release/gamebot}

servers=()
stop() {
    for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
}
trap stop EXIT

# Starts a server; its address goes to the named variable.
start() {
    local fifo
    fifo=$(mktemp -u)
    mkfifo "$fifo"
    "$gamebot" serve --listen 127.0.0.1:0 >"$fifo" 2>/dev/null &
    servers+=($!)
    local line
    read -r line <"$fifo"
    rm "$fifo"
    printf -v "$1" '%s' "${line#listening on }"
}
start first
start second

began=$(date +%s.%N)
"$gamebot" arena --game wythoff --engine "a=tcp:$first" --engine "b=tcp:$second" \
    --games "$games" --concurrency "$concurrency" --max-pile "$max_pile"
ended=$(date +%s.%N)
awk -v g="$games" -v a="$began" -v b="$ended" \
    'BEGIN { printf "%d games in %.3f s: %.0f games/s\n", g, b - a, g / (b - a) }'
