#!/usr/bin/env python3
"""How far engines' own judgement of positions follows KataGo's.

Takes the positions before fixed turns (`--turns 60,100,140`, counted from 0) of the
games of arena matches (`games.jsonl`; `--lost-by NAME` keeps the games NAME did not
win), has KataGo's analysis engine judge each (Black's win rate and score lead at
`--kata-visits` visits, Tromp-Taylor rules), and asks every engine for its own root
judgement of the same positions:

- `--engine NAME=COMMAND`: an engine speaking KataGo's JSON analysis protocol, such as
  `gamebot analysis` (one query a game, `maxVisits` `--visits`; the root's `winrate` and
  `scoreLead`);
- `--pachi NAME=COMMAND`: Pachi over GTP (`genmove` in each position; from what it
  writes on stderr, the chosen move's win rate, `WINNER is ... with score P%`, and the
  mean score of its playouts, `Playouts: W+S`, komi included).

For each engine it prints the correlation of its win rates and of its score leads with
KataGo's over the positions, and their spread (standard deviation): a Monte-Carlo
engine whose playouts wash a position's lead out sees every position as nearly even, and
its search can then barely tell good moves from bad. Each figure is also given for each
turn. A run of 84 positions takes a few minutes an engine.

    scripts/value_screen.py DIR1/games.jsonl DIR2/games.jsonl --size 19 \\
        --lost-by gamebot --turns 60,100,140 \\
        --katago /path/to/katago --model /path/to/network.bin.gz \\
        --engine "main=target/release/gamebot analysis --analysis-threads 1 \\
            --search-threads 1 --seed 1" \\
        --pachi "pachi=/path/to/pachi --nodcnn -t 3 threads=1"

`--cache FILE` keeps KataGo's judgements (JSON) for later runs.
"""

import argparse
import json
import os
import re
import shlex
import statistics
import subprocess

from kata_queries import ask, colour_of, load_games, query


def positions_of(records, lost_by, turns):
    """(label, moves so far, the game's moves) for the positions before each of `turns`
    of every game (of those `lost_by` did not win, when given) that goes on at least ten
    moves past it."""
    positions = []
    for path in records:
        label = os.path.basename(os.path.dirname(os.path.abspath(path)))
        for game in load_games(path):
            if lost_by and game.get("winner") == lost_by:
                continue
            for turn in turns:
                if turn + 10 < len(game["moves"]):
                    positions.append((f"{label}:{game['game']}@{turn}", game["moves"][:turn],
                                      game["moves"]))
    return positions


def analysis_answers(command, positions, size, komi, visits, cache=None, cache_key=None):
    """Black's (win rate, score lead) from a KataGo-protocol engine for each position,
    keyed by label; asked one query a game (all its turns at once), or read from
    `cache` under `cache_key` (answers are added to it)."""
    cache = {} if cache is None else cache
    found = {}
    todo = []
    for label, moves, game_moves in positions:
        key = json.dumps([cache_key, visits, size, komi, moves])
        if key in cache:
            found[label] = tuple(cache[key])
        else:
            todo.append((label, moves, game_moves, key))
    games = {}
    for label, moves, game_moves, key in todo:
        games.setdefault(label.split("@")[0], (game_moves, []))[1].append((label, moves, key))
    queries, wanted = [], {}
    for game, (game_moves, turns) in sorted(games.items()):
        queries.append(query({"game": game, "moves": game_moves},
                             sorted(len(moves) for _, moves, _ in turns), size, komi, visits))
        for label, moves, key in turns:
            wanted[(game, len(moves))] = (label, key)
    if queries:
        for answer in ask(command, queries):
            if "error" in answer:
                raise SystemExit(f"{command[0]} refused a query: {answer}")
            if "turnNumber" not in answer:
                continue
            label, key = wanted[(answer["id"], answer["turnNumber"])]
            root = answer["rootInfo"]
            found[label] = cache[key] = (root["winrate"], root["scoreLead"])
    return found


def pachi_answers(command, positions, size, komi):
    """Black's (win rate, mean playout score) from Pachi's stderr after a `genmove` in
    each position, keyed by label."""
    found = {}
    for label, moves, _ in positions:
        lines = [f"boardsize {size}", "clear_board", f"komi {komi}"]
        lines += [f"play {colour_of(turn)} {move}" for turn, move in enumerate(moves)]
        lines += [f"genmove {colour_of(len(moves))}", "quit"]
        run = subprocess.run(command, input="\n".join(lines) + "\n", capture_output=True,
                             text=True, check=False)
        rates = re.findall(r"WINNER is \S+ with score\s+([\d.]+)%", run.stderr)
        scores = re.findall(r"Playouts: ([BW])\+([\d.]+)", run.stderr)
        if not rates or not scores:
            raise SystemExit(f"{command[0]} wrote no win rate or playout score at {label}")
        mover = float(rates[-1]) / 100
        black_rate = mover if colour_of(len(moves)) == "B" else 1 - mover
        side, points = scores[-1]
        found[label] = (black_rate, float(points) if side == "B" else -float(points))
    return found


def correlation(xs, ys):
    """Pearson's correlation of two equal-length lists (0 when either is constant)."""
    try:
        return statistics.correlation(xs, ys)
    except statistics.StatisticsError:
        return 0.0


def report(name, answers, kata, turns):
    """The engine's win-rate and score-lead correlation with KataGo's and spread: a line
    over all positions, then a line for each turn."""
    def figures(labels):
        if len(labels) < 2:
            return "too few positions"
        rate = correlation([kata[l][0] for l in labels], [answers[l][0] for l in labels])
        lead = correlation([kata[l][1] for l in labels], [answers[l][1] for l in labels])
        return (f"win rate r {rate:.3f} sd {statistics.pstdev(answers[l][0] for l in labels):.3f}, "
                f"lead r {lead:.3f} sd {statistics.pstdev(answers[l][1] for l in labels):.1f}")

    labels = sorted(answers)
    parts = [f"{name} ({len(labels)}): {figures(labels)}"]
    for turn in turns:
        parts.append(f"  before move {turn + 1}: "
                     f"{figures([l for l in labels if l.endswith(f'@{turn}')])}")
    return "\n".join(parts)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record", nargs="+", help="arena matches' games.jsonl")
    parser.add_argument("--engine", action="append", default=[], metavar="NAME=COMMAND")
    parser.add_argument("--pachi", action="append", default=[], metavar="NAME=COMMAND")
    parser.add_argument("--katago", required=True, help="the katago binary")
    parser.add_argument("--model", required=True, help="a KataGo network file")
    parser.add_argument("--config", default="scripts/katago_analysis.cfg")
    parser.add_argument("--kata-visits", type=int, default=64)
    parser.add_argument("--visits", type=int, default=150,
                        help="maxVisits for the --engine engines")
    parser.add_argument("--turns", default="60,100,140",
                        help="the positions before these turns (from 0) of each game")
    parser.add_argument("--lost-by", metavar="NAME", help="only the games NAME did not win")
    parser.add_argument("--size", type=int, default=19)
    parser.add_argument("--komi", type=float, default=7.0)
    parser.add_argument("--cache", help="a JSON file of KataGo's judgements to reuse")
    args = parser.parse_args()
    try:
        turns = [int(turn) for turn in args.turns.split(",")]
    except ValueError:
        parser.error(f"--turns {args.turns!r} is not a comma-separated list of turns")
    if not args.engine and not args.pachi:
        parser.error("name at least one --engine or --pachi")

    positions = positions_of(args.record, args.lost_by, turns)
    if not positions:
        raise SystemExit("no positions: the records have no game that long")
    cache = {}
    if args.cache and os.path.exists(args.cache):
        with open(args.cache, encoding="utf-8") as file:
            cache = json.load(file)
    kata = analysis_answers([args.katago, "analysis", "-model", args.model, "-config",
                             args.config], positions, args.size, args.komi,
                            args.kata_visits, cache, "katago")
    if args.cache:
        with open(args.cache, "w", encoding="utf-8") as file:
            json.dump(cache, file)
    print(f"{len(positions)} positions; KataGo at {args.kata_visits} visits: "
          f"win rate sd {statistics.pstdev(v[0] for v in kata.values()):.3f}, "
          f"lead sd {statistics.pstdev(v[1] for v in kata.values()):.1f}")
    for spec in args.engine:
        name, command = spec.split("=", 1)
        answers = analysis_answers(shlex.split(command), positions, args.size, args.komi,
                                   args.visits)
        print(report(name, answers, kata, turns))
    for spec in args.pachi:
        name, command = spec.split("=", 1)
        print(report(name, pachi_answers(shlex.split(command), positions, args.size,
                                         args.komi), kata, turns))


if __name__ == "__main__":
    main()
