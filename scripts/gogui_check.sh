#!/usr/bin/env bash
# GoGui's own command-line tools run against gamebot (see the README's GUI section).
#
#   scripts/gogui_check.sh GAMEBOT GOGUI_SOURCE [WORKDIR]
#
# GOGUI_SOURCE is a clone of https://github.com/Remi-Coulom/gogui (bare or not). GoGui's
# classes are compiled with javac alone (its Ant build also wants DocBook for the manual,
# which the tools do not need) into WORKDIR (default target/gogui), then:
#   1. gogui-twogtp: 2 games on 9x9, komi 7, colours alternating, gamebot against GNU Go
#      level 1 with GNU Go as referee, SGF files and the results table kept;
#   2. gogui-regress on tests/data/gogui/gamebot.tst over `gamebot stdio`;
#   3. the same through gogui-client, GoGui's TCP relay, to `gamebot serve --sgf-dir`.
# Needs java, javac, git and GNU Go (on PATH or in /usr/games). Prints "ok: GoGui" when
# every step passed; exits non-zero otherwise.
set -euo pipefail

gamebot=$(realpath "$1")
source=$(realpath "$2")
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(realpath -m "${3:-$here/target/gogui}")
gnugo=$(command -v gnugo || echo /usr/games/gnugo)
mkdir -p "$work"

commit=$(git --git-dir="$( [[ -d $source/.git ]] && echo "$source/.git" || echo "$source")" rev-parse HEAD)
classes=$work/classes-$commit
if [[ ! -f $classes/net/sf/gogui/tools/twogtp/Main.class ]]; then
    rm -rf "$work/src-$commit" "$classes.tmp"
    git clone -q "$source" "$work/src-$commit"
    git -C "$work/src-$commit" checkout -q "$commit"
    cd "$work/src-$commit"
    version=$(sed -n 's/.*name="version" value="\([^"]*\)".*/\1/p' build.xml)
    sed "s/@VERSION@/$version/" src/net/sf/gogui/version/Version.java.in \
        > src/net/sf/gogui/version/Version.java
    find src -name '*.java' > "$work/sources.txt"
    mkdir -p "$classes.tmp"
    javac -nowarn -encoding UTF-8 --release 8 -d "$classes.tmp" @"$work/sources.txt"
    (cd src && find net \( -name '*.properties' -o -name '*.png' -o -name analyze-commands \) \
        -exec cp --parents {} "$classes.tmp/" \;)
    mv "$classes.tmp" "$classes"
    cd "$here"
fi
gogui() { java -cp "$classes" "net.sf.gogui.tools.$1.Main" "${@:2}"; }
echo "GoGui $(gogui twogtp -version) from commit $commit"

# 1. gogui-twogtp against GNU Go.
run=$work/run
rm -rf "$run"
mkdir -p "$run"
gogui twogtp -auto -black "$gamebot stdio --go-playouts 200" \
    -white "$gnugo --mode gtp --level 1" -referee "$gnugo --mode gtp --level 1" \
    -size 9 -komi 7 -games 2 -alternate -sgffile "$run/match" -verbose \
    < /dev/null 2> "$run/twogtp.log"
grep -v '^#' "$run/match.dat"
games=$(grep -vc '^#' "$run/match.dat")
[[ $games == 2 ]] || { echo "twogtp finished $games games, not 2" >&2; exit 1; }
# Column 12 is ERR: 1 when a program failed a command or played an illegal move.
if awk -F'\t' '!/^#/ && $12 != 0 { bad = 1 } END { exit !bad }' "$run/match.dat"; then
    echo "twogtp recorded an error" >&2
    exit 1
fi
if grep -n '^B<< ?' "$run/twogtp.log"; then
    echo "gamebot answered an error to twogtp (log: $run/twogtp.log)" >&2
    exit 1
fi
ls "$run"/match-0.sgf "$run"/match-1.sgf > /dev/null

# 2. gogui-regress over stdio.
cp "$here"/tests/data/gogui/* "$run/"
(cd "$run" && gogui regress -long -output regress-stdio "$gamebot stdio --go-playouts 200" gamebot.tst)

# 3. gogui-regress through gogui-client to a server.
"$gamebot" serve --listen 127.0.0.1:0 --go-playouts 200 --sgf-dir "$run" > "$run/serve.out" 2> /dev/null &
server=$!
trap 'kill $server 2> /dev/null || true' EXIT
for _ in $(seq 100); do
    grep -q 'listening on' "$run/serve.out" && break
    sleep 0.1
done
port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$run/serve.out")
(cd "$run" && gogui regress -long -output regress-client \
    "java -cp $classes net.sf.gogui.tools.client.Main 127.0.0.1 $port" gamebot.tst)

echo "ok: GoGui"
