#!/usr/bin/env python3
"""Builds the 9x9 opening book: KataGo's move in every opening position of a few stones.

The positions, each counted once up to the board's eight symmetries, Tromp-Taylor rules
at the book's komi:

- level 0: the empty board, Black to play;
- level 1: one black stone anywhere, White to play;
- level 2: one black and one white stone anywhere (every pair of points), Black to play:
  every position two random opening moves can give;
- level 3: a level-2 position and one of Black's likely moves there: KataGo's
  `--replies` most visited candidates, and the move of each `--reply-engine` (a GTP
  engine's command, asked once in every level-2 position), White to play;
- level 4: a level-3 position whose black move was the book's own, and one of White's
  `--replies` likeliest moves there, Black to play.

`--levels N` builds levels 0 to N - 1: 3 by default, the repository's book (862
positions). KataGo's analysis engine judges each at `--visits` visits; the book keeps
its most visited move and the win rate it gives the side to play. Answers are cached in
`--cache` (a JSON file), so an interrupted run goes on where it stopped. Example:

    scripts/opening_book.py --katago /path/to/katago --model /path/to/b6c96.bin.gz \\
        --out data/opening-books/book_9x9.txt
"""

import argparse
import json
import os
import shlex
import subprocess
import sys

COLUMNS = "ABCDEFGHJ"
SIZE = 9


def vertex(point):
    """GTP vertex of a (column, row) point, rows from the bottom."""
    column, row = point
    return f"{COLUMNS[column]}{row + 1}"


def point_of(text):
    """(column, row) of a GTP vertex."""
    return COLUMNS.index(text[0].upper()), int(text[1:]) - 1


def symmetries():
    """The board's eight symmetries as functions on points."""
    last = SIZE - 1
    return [
        lambda p: (p[0], p[1]),
        lambda p: (last - p[0], p[1]),
        lambda p: (p[0], last - p[1]),
        lambda p: (last - p[0], last - p[1]),
        lambda p: (p[1], p[0]),
        lambda p: (last - p[1], p[0]),
        lambda p: (p[1], last - p[0]),
        lambda p: (last - p[1], last - p[0]),
    ]


SYMMETRIES = symmetries()


def canonical(black, white):
    """The least image of a position under the symmetries, as sorted point tuples."""
    images = []
    for sym in SYMMETRIES:
        images.append(
            (tuple(sorted(sym(p) for p in black)), tuple(sorted(sym(p) for p in white)))
        )
    return min(images)


def to_play(black, white):
    """Who moves in a position of an even game: Black when the counts are level."""
    return "B" if len(black) == len(white) else "W"


def key(position):
    black, white = position
    return " ".join(
        [",".join(vertex(p) for p in black) or "-", ",".join(vertex(p) for p in white) or "-"]
    )


def ask_katago(args, positions, cache):
    """KataGo's candidates for each position not yet in the cache, added to it."""
    todo = [p for p in positions if key(p) not in cache]
    if not todo:
        return
    queries = []
    for index, (black, white) in enumerate(todo):
        stones = [["B", vertex(p)] for p in black] + [["W", vertex(p)] for p in white]
        queries.append({
            "id": str(index),
            "moves": [],
            "initialStones": stones,
            "initialPlayer": to_play(black, white),
            "rules": "tromp-taylor",
            "komi": args.komi,
            "boardXSize": SIZE,
            "boardYSize": SIZE,
            "maxVisits": args.visits,
        })
    command = [args.katago, "analysis", "-model", args.model, "-config", args.config,
               "-override-config",
               f"numAnalysisThreads={args.jobs},numSearchThreadsPerAnalysisThread=1"]
    print(f"asking KataGo about {len(todo)} positions", file=sys.stderr)
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True)
    process.stdin.write("".join(json.dumps(q) + "\n" for q in queries))
    process.stdin.close()
    done = 0
    for line in process.stdout:
        answer = json.loads(line)
        if "error" in answer:
            raise SystemExit(f"KataGo refused a query: {answer}")
        if "moveInfos" not in answer:
            continue
        player_is_black = to_play(*todo[int(answer["id"])]) == "B"
        black_rate = answer["rootInfo"]["winrate"]
        infos = sorted(answer["moveInfos"], key=lambda m: -m["visits"])
        cache[key(todo[int(answer["id"])])] = {
            "winrate": black_rate if player_is_black else 1 - black_rate,
            "moves": [[m["move"], m["visits"]] for m in infos[:6]],
        }
        done += 1
        if done % 100 == 0:
            save(args.cache, cache)
            print(f"  {done} of {len(todo)}", file=sys.stderr)
    if process.wait() != 0:
        raise SystemExit("KataGo failed")
    save(args.cache, cache)


def save(path, cache):
    with open(path + ".tmp", "w", encoding="utf-8") as file:
        json.dump(cache, file)
    os.replace(path + ".tmp", path)


def played(position, move):
    """The position after the side to play puts a stone on `move` (no captures this
    early), canonical."""
    black, white = position
    point = point_of(move)
    if to_play(black, white) == "B":
        return canonical(black + (point,), white)
    return canonical(black, white + (point,))


def ask_engine(args, command, positions, cache):
    """A GTP engine's move (`genmove b`) in each level-2 position not yet in the cache,
    added to it under the command."""
    todo = [p for p in positions if f"reply|{command}|{key(p)}" not in cache]
    if not todo:
        return
    print(f"asking {command} about {len(todo)} positions", file=sys.stderr)
    engine = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def ask(line):
        engine.stdin.write(line + "\n")
        engine.stdin.flush()
        answer = []
        while not answer or answer[-1] != "":
            answer.append(engine.stdout.readline().strip())
        if not answer[0].startswith("="):
            raise SystemExit(f"{command} answered {answer[0]!r} to {line!r}")
        return answer[0][1:].strip().upper()

    ask("boardsize 9")
    ask(f"komi {args.komi:g}")
    for done, position in enumerate(todo, 1):
        black, white = position
        ask("clear_board")
        ask(f"play b {vertex(black[0])}")
        ask(f"play w {vertex(white[0])}")
        cache[f"reply|{command}|{key(position)}"] = ask("genmove b")
        if done % 100 == 0:
            save(args.cache, cache)
    engine.stdin.close()
    engine.wait()
    save(args.cache, cache)


def replies(cache, position, count):
    """The `count` most visited moves (no pass) KataGo considered in `position`."""
    return [m for m, _ in cache[key(position)]["moves"] if m != "pass"][:count]


def engine_replies(cache, position, commands):
    """The moves the `--reply-engine`s chose in `position` (passes and resignations
    left out)."""
    moves = [cache[f"reply|{command}|{key(position)}"] for command in commands]
    return [move for move in moves if move not in ("PASS", "RESIGN")]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--katago", required=True, help="the katago binary")
    parser.add_argument("--model", required=True, help="KataGo's network file")
    parser.add_argument("--config", default="scripts/katago_analysis.cfg")
    parser.add_argument("--komi", type=float, default=7.0)
    parser.add_argument("--visits", type=int, default=200)
    parser.add_argument("--replies", type=int, default=3,
                        help="the likeliest moves followed from each level-2 and level-3 "
                        "position")
    parser.add_argument("--reply-engine", action="append", default=[], metavar="COMMAND",
                        help="a GTP engine whose move in each level-2 position is followed "
                        "too (repeatable: once per command)")
    parser.add_argument("--levels", type=int, default=3, choices=range(1, 6))
    parser.add_argument("--jobs", type=int, default=2, help="positions judged at once")
    parser.add_argument("--cache", default="opening_book_cache.json")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()

    cache = {}
    if os.path.exists(args.cache):
        with open(args.cache, encoding="utf-8") as file:
            cache = json.load(file)

    points = [(c, r) for c in range(SIZE) for r in range(SIZE)]
    levels = [[canonical((), ())]]
    levels.append(sorted({canonical((p,), ()) for p in points}))
    levels.append(sorted({canonical((b,), (w,)) for b in points for w in points if b != w}))
    for level in range(args.levels):
        if level == 3:
            for command in args.reply_engine:
                ask_engine(args, command, levels[2], cache)
            levels.append(sorted({played(p, m) for p in levels[2]
                                  for m in replies(cache, p, args.replies)
                                  + engine_replies(cache, p, args.reply_engine)}))
        if level == 4:
            book_moves = {played(p, replies(cache, p, 1)[0]) for p in levels[2]}
            levels.append(sorted({played(p, m) for p in book_moves
                                  for m in replies(cache, p, args.replies)}))
        print(f"level {level}: {len(levels[level])} positions", file=sys.stderr)
        ask_katago(args, levels[level], cache)

    lines = [
        "gamebot-opening-book 1",
        f"size {SIZE}",
        f"komi {args.komi:g}",
        f"# KataGo's move at {args.visits} visits, Tromp-Taylor rules: to play, Black's "
        "stones, White's stones, the move, its win rate for the side to play",
    ]
    for level in levels[: args.levels]:
        for position in level:
            answer = cache[key(position)]
            move = answer["moves"][0][0]
            lines.append(
                f"{to_play(*position)} {key(position)} {move} {answer['winrate']:.3f}"
            )
    with open(args.out, "w", encoding="utf-8") as file:
        file.write("\n".join(lines) + "\n")
    print(f"wrote {len(lines) - 4} positions to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
