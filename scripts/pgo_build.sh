#!/usr/bin/env bash
# Builds gamebot with profile-guided optimisation: an instrumented build plays seeded
# searches on 9x9, 13x13 and 19x19, and the release build is then laid out by what that
# run measured (hot branches first, cold code out of the way). The engine plays the same
# moves; it only runs faster (README, "A profile-guided build"). Not part of CI.
#
#     scripts/pgo_build.sh [--native]
#
# --native also tunes the build for this machine's processor (`-C target-cpu=native`,
# as Pachi's Makefile does by default): the binary may then not run on an older one.
# Needs llvm-profdata of the LLVM version rustc was built with (`rustc -vV`; on Debian,
# the package llvm-N gives llvm-profdata-N). Prints the path of the binary it built:
# target/pgo/release/gamebot.
set -euo pipefail
cd "$(dirname "$0")/.."

flags=()
case "${1:-}" in
    --native) flags+=(-Ctarget-cpu=native) ;;
    "") ;;
    *) echo "usage: scripts/pgo_build.sh [--native]" >&2; exit 2 ;;
esac

llvm=$(rustc -vV | sed -n 's/^LLVM version: \([0-9]*\).*/\1/p')
profdata=""
for candidate in "llvm-profdata-$llvm" llvm-profdata; do
    if command -v "$candidate" >/dev/null \
        && "$candidate" --version | grep -q "LLVM version $llvm\."; then
        profdata=$candidate
        break
    fi
done
if [[ -z $profdata ]]; then
    echo "error: no llvm-profdata of LLVM $llvm (rustc's); on Debian: apt-get install llvm-$llvm" >&2
    exit 1
fi

profiles=$PWD/target/pgo-profiles
rm -rf "$profiles"
mkdir -p "$profiles"

echo "instrumented build (target/pgo-gen)" >&2
RUSTFLAGS="${flags[*]} -Cprofile-generate=$profiles/raw" \
    cargo build --release --quiet --bin gamebot --target-dir target/pgo-gen

# The workload: seeded genmove sequences from the empty board on the three usual sizes,
# one search thread, and a two-thread search of a 9x9 middle game.
instrumented=target/pgo-gen/release/gamebot
genmoves() { # SIZE MOVES
    echo "boardsize $1"
    echo "komi 7"
    for ((move = 0; move < $2; move++)); do
        if ((move % 2 == 0)); then echo "genmove b"; else echo "genmove w"; fi
    done
    echo quit
}
echo "training run" >&2
genmoves 9 30 | "$instrumented" stdio --go-playouts 3000 --seed 7 >/dev/null 2>&1
genmoves 13 16 | "$instrumented" stdio --go-playouts 2000 --seed 7 >/dev/null 2>&1
genmoves 19 10 | "$instrumented" stdio --go-playouts 1500 --seed 7 >/dev/null 2>&1
printf 'boardsize 9\nkomi 7\nplay b e5\nplay w c4\nplay b g4\nplay w d6\nplay b c6\nplay w f6\ngenmove b\nquit\n' \
    | "$instrumented" stdio --go-playouts 20000 --search-threads 2 >/dev/null 2>&1
"$profdata" merge -o "$profiles/merged.profdata" "$profiles/raw"

echo "optimised build (target/pgo)" >&2
RUSTFLAGS="${flags[*]} -Cprofile-use=$profiles/merged.profdata" \
    cargo build --release --quiet --bin gamebot --target-dir target/pgo
echo target/pgo/release/gamebot
