#!/usr/bin/env python3
"""How well gamebot's priors, and optionally Pachi's pattern priors, predict recorded moves.

For every position of the first `--games` SGF records matched by `records` (9x9, the
first `--skip` moves of each skipped, passes left out), ranks the move the record plays
among gamebot's priors (`gamebot analysis` with `includePolicy` and one visit: the prior
of every candidate) and, with `--pachi PATH`, among Pachi's pattern ratings
(`gogui-pattern_rating`, Pachi started in its own directory so that it loads its pattern
files). `--model FILE` ranks by a weights file of `gamebot train-model` instead of the
model gamebot ships with. Prints the share of moves ranked first and in the top five,
overall and by move number, on the positions both rank, so the two engines are measured
on the same moves.

    scripts/prior_ranks.py 'data/go-records/9x9-pachi-4/*.sgf' --games 300 \\
        --binary target/release/gamebot --pachi /path/to/pachi

Ties count against the recorded move for gamebot (its rank is one more than the number of
candidates with a higher prior); Pachi's ratings come in its own order, rounded to whole
percent. Pachi rating its own records has an edge: its moves were chosen by a search
that started from these same priors.
"""

import argparse
import glob
import json
import os
import subprocess

from gtp_process import GtpProcess
from kata_queries import COLUMNS, sgf_moves

BANDS = [(2, 10), (10, 20), (20, 35), (35, 60), (60, 1000)]


def read_record(path, size):
    """The record's moves as (colour, GTP vertex), passes as "pass"."""
    with open(path, encoding="utf-8") as file:
        return sgf_moves(file.read(), size)


def gamebot_ranks(binary, model, records, size, skip):
    """{(record, turn): rank} from gamebot's priors (of `model`, a weights file, if given)."""
    process = subprocess.Popen(
        [binary, "analysis", "--search-threads", "1"] + (["--go-model", model] if model else []),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    ranks = {}
    for index, (name, moves) in enumerate(records):
        turns = [t for t in range(skip, len(moves)) if moves[t][1] != "pass"]
        query = {
            "id": str(index),
            "moves": [list(move) for move in moves],
            "rules": "tromp-taylor",
            "komi": 7,
            "boardXSize": size,
            "boardYSize": size,
            "analyzeTurns": turns,
            "maxVisits": 1,
            "includePolicy": True,
        }
        process.stdin.write(json.dumps(query) + "\n")
        process.stdin.flush()
        for _ in turns:
            answer = json.loads(process.stdout.readline())
            turn, policy = answer["turnNumber"], answer["policy"]
            vertex = moves[turn][1]
            slot = (size - int(vertex[1:])) * size + COLUMNS.index(vertex[0])
            ranks[(name, turn)] = 1 + sum(1 for p in policy if p > policy[slot])
    process.stdin.close()
    process.wait()
    return ranks


def pachi_ranks(pachi, records, size, skip):
    """{(record, turn): rank} from Pachi's pattern ratings."""
    pachi_process = GtpProcess(
        "pachi", [os.path.abspath(pachi), "--nodcnn"], cwd=os.path.dirname(os.path.abspath(pachi))
    )

    def ask(command):
        return [line.lstrip("= ") for line in pachi_process.ask(command)]

    ranks = {}
    for name, moves in records:
        for command in (f"boardsize {size}", "clear_board"):
            ask(command)
        for turn, (colour, vertex) in enumerate(moves):
            if turn >= skip and vertex != "pass":
                order = [line.split()[1] for line in ask("gogui-pattern_rating") if line.startswith("LABEL")]
                ranks[(name, turn)] = order.index(vertex) + 1 if vertex in order else len(order) + 1
            ask(f"play {colour} {vertex}")
    pachi_process.close()
    return ranks


def report(label, ranks, keys):
    line = f"{label:>8}"
    for low, high in [(0, 1000)] + BANDS:
        band = [key for key in keys if low <= key[1] < high]
        if band:
            top1 = sum(ranks[key] <= 1 for key in band) / len(band)
            top5 = sum(ranks[key] <= 5 for key in band) / len(band)
            line += f"  {100 * top1:5.1f}/{100 * top5:5.1f}"
        else:
            line += f"  {'-':>11}"
    print(line)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("records", help="a glob of SGF files, taken in path order")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--binary", default="target/release/gamebot")
    parser.add_argument("--model", help="a move model (weights file) for gamebot's priors")
    parser.add_argument("--pachi", help="Pachi's binary, to rank by its pattern priors too")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--skip", type=int, default=2, help="moves skipped at each record's start")
    args = parser.parse_args()

    paths = sorted(glob.glob(args.records))[: args.games]
    records = [(os.path.basename(path), read_record(path, args.size)) for path in paths]
    engines = [("gamebot", gamebot_ranks(args.binary, args.model, records, args.size, args.skip))]
    if args.pachi:
        engines.append(("pachi", pachi_ranks(args.pachi, records, args.size, args.skip)))
    keys = sorted(set.intersection(*(set(ranks) for _, ranks in engines)))
    print(f"{len(keys)} positions of {len(records)} records; top-1/top-5 in %")
    columns = ["all moves"] + [f"{low}-{high - 1}" if high < 1000 else f"{low}+" for low, high in BANDS]
    print(f"{'':>8}" + "".join(f"  {column:>11}" for column in columns))
    for label, ranks in engines:
        report(label, ranks, keys)


if __name__ == "__main__":
    main()
