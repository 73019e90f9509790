#!/usr/bin/env bash
# Runs the README's test command N times in a row (default 20) with a CPU hog beside it,
# a shell loop that keeps one core busy, as a loaded CI machine would; stops at the first
# failing run. Not part of CI. Prints one line per run and the tally at the end.
#
#     scripts/repeat_tests.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."

runs=${1:-20}
log_dir=target/repeat-tests
mkdir -p "$log_dir"

cargo test --no-run --quiet
( while :; do :; done ) &
hog=$!
trap 'kill $hog 2>/dev/null' EXIT

passed=0
for ((run = 1; run <= runs; run++)); do
    start=$(date +%s)
    if cargo test >"$log_dir/run-$run.log" 2>&1; then
        passed=$((passed + 1))
        echo "run $run: passed in $(( $(date +%s) - start )) s"
    else
        echo "run $run: FAILED in $(( $(date +%s) - start )) s; log: $log_dir/run-$run.log"
        grep -E "^test .* FAILED|panicked|ran past its limit" "$log_dir/run-$run.log" | head -20
        echo "$passed passed, 1 failed"
        exit 1
    fi
done
echo "$passed passed, 0 failed"
