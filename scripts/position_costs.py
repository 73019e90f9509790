#!/usr/bin/env python3
"""What engines' moves cost on one fixed set of positions, by KataGo's judgement.

Samples `--positions` positions from an arena match's `games.jsonl`, or from a directory
of SGF records (seeded, so the same set each run), asks every engine for its move in
each (GTP: `boardsize`, `clear_board`, `komi`, the moves, `genmove`), and has KataGo's
analysis engine judge the positions before and after each move (win rate for Black at
`--visits` visits, Tromp-Taylor rules). A move's cost is its player's win rate before it
less the same after it. Prints each engine's mean cost and how often it chose KataGo's
first choice, and for every engine after the first the paired difference from the first,
with its 95% interval: positions where both chose the same move differ by nothing, so
two versions of an engine compare on a few hundred positions in minutes instead of a
match's hours.

    scripts/position_costs.py DIR/games.jsonl --katago /path/to/katago \\
        --model /path/to/network.bin.gz --positions 600 \\
        --engine "main=target/release/gamebot stdio --go-playouts 4000 --seed 1" \\
        --engine "pachi=/path/to/pachi --nodcnn -t =4000 threads=1"

Engines should think a fixed amount (simulations, not seconds) so that a rerun gives the
same moves. KataGo's answers vary from run to run (its network sees each position in a
random symmetry), so each position is judged once for every engine of a run, and
`--cache FILE` keeps every move and every judgement (JSON) for later runs: a rerun with
one new engine asks only it and judges only its new moves. Positions where an engine
resigned are left out of the comparison and counted. Only even games, Black first.

A search's move at a fixed budget is partly its seed's chance (on an open 19x19 board
two seeds of one engine may agree on one move in ten), so `--engine-seeds 1,2,3` runs
every engine once for each seed, with `{seed}` in its command replaced by it, and
compares engines on each position's cost averaged over the seeds:

    scripts/position_costs.py DIR --size 19 ... --engine-seeds 1,2,3 \\
        --engine "main=target/release/gamebot stdio --go-playouts 5000 --seed {seed}" \\
        --engine "new=/path/to/new/gamebot stdio --go-playouts 5000 --seed {seed}"
"""

import argparse
import concurrent.futures
import json
import math
import os
import random
import shlex
import statistics

from gtp_process import GtpProcess
from kata_queries import ask, colour_of, load_games, load_sgf_games, mover_cost, query


def sample_positions(games, count, seed, turns=(2, None)):
    """`count` positions (each the moves that led to it), seeded, before turns
    `turns[0]` (from 0; 2 leaves out the arena's random opening) to `turns[1]` (`None`:
    no limit), up to the game's end or its first pass."""
    first, last = turns
    positions = []
    for game in games:
        for turn, move in enumerate(game["moves"]):
            if move == "pass" or (last is not None and turn > last):
                break
            if turn >= first:
                positions.append(tuple(game["moves"][:turn]))
    rng = random.Random(seed)
    return sorted(rng.sample(positions, min(count, len(positions))), key=len)


def ask_engine(name, command, positions, size, komi):
    """The engine's move (as KataGo writes it: `C3`, `pass`; or `resign`) in each
    position, in order."""
    engine = GtpProcess(name, shlex.split(command))
    moves = []
    try:
        engine.ask(f"boardsize {size}")
        engine.ask(f"komi {komi}")
        for moves_so_far in positions:
            engine.ask("clear_board")
            for turn, move in enumerate(moves_so_far):
                answer = engine.ask(f"play {colour_of(turn)} {move}")
                if not answer[0].startswith("="):
                    raise SystemExit(f"{name} refused {move} at turn {turn}: {answer}")
            answer = engine.ask(f"genmove {colour_of(len(moves_so_far))}")
            if not answer[0].startswith("="):
                raise SystemExit(f"{name} failed a genmove: {answer}")
            move = answer[0][1:].strip().upper()
            moves.append(move.lower() if move in ("PASS", "RESIGN") else move)
    finally:
        engine.close()
    return moves


def engine_moves(name, command, positions, args, cache):
    """The engine's moves, from the cache where it has them; the rest asked over
    `--jobs` engine processes at once."""
    def key(position):
        return json.dumps(["move", command, args.size, args.komi, list(position)])

    todo = [p for p in positions if key(p) not in cache]
    if todo:
        chunks = [todo[i :: args.jobs] for i in range(args.jobs)]
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            answers = pool.map(
                lambda chunk: ask_engine(name, command, chunk, args.size, args.komi), chunks
            )
            for chunk, moves in zip(chunks, answers):
                for p, move in zip(chunk, moves):
                    cache[key(p)] = move
    return [cache[key(p)] for p in positions]


def judge(all_moves, args, cache):
    """KataGo's win rate for Black after each move list, from the cache or asked."""
    def key(moves):
        return json.dumps(["judge", args.visits, args.size, args.komi, list(moves)])

    todo = sorted({tuple(m) for m in all_moves if key(m) not in cache})
    if todo:
        queries = [
            query({"game": i, "moves": list(m)}, [len(m)], args.size, args.komi, args.visits)
            for i, m in enumerate(todo)
        ]
        command = [args.katago, "analysis", "-model", args.model, "-config", args.config,
                   "-override-config", f"numAnalysisThreads={args.jobs}"]
        for answer in ask(command, queries):
            if "error" in answer:
                raise SystemExit(f"KataGo refused a query: {answer}")
            if "turnNumber" in answer:
                cache[key(todo[int(answer["id"])])] = {
                    "winrate": answer["rootInfo"]["winrate"],
                    "best": answer["moveInfos"][0]["move"],
                }
    return {tuple(m): cache[key(m)] for m in all_moves}


def seed_list(text):
    """`1,2,3` as a list of seeds."""
    try:
        seeds = [int(part) for part in text.split(",")]
    except ValueError:
        seeds = []
    if not seeds:
        raise argparse.ArgumentTypeError(f"{text!r} is not a comma-separated list of seeds")
    return seeds


def move_range(text):
    """`FIRST-LAST` or `FIRST-` (moves numbered from 1) as turns from 0, `None` for no
    last."""
    first, dash, last = text.partition("-")
    try:
        turns = (int(first) - 1, int(last) - 1 if last else None)
    except ValueError:
        turns = None
    if not dash or turns is None or turns[0] < 0 or (turns[1] is not None and turns[1] < turns[0]):
        raise argparse.ArgumentTypeError(f"{text!r} is not FIRST-LAST or FIRST- (from 1)")
    return turns


def interval(diffs):
    """The mean of `diffs` and its 95% half-width (normal approximation)."""
    spread = statistics.stdev(diffs) if len(diffs) > 1 else 0.0
    return statistics.fmean(diffs), 1.96 * spread / math.sqrt(len(diffs))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record", help="an arena match's games.jsonl, or a directory of "
                        "SGF records (even games)")
    parser.add_argument("--engine", action="append", required=True, metavar="NAME=COMMAND")
    parser.add_argument("--katago", required=True, help="the katago binary")
    parser.add_argument("--model", required=True, help="a KataGo network file")
    parser.add_argument("--config", default="scripts/katago_analysis.cfg")
    parser.add_argument("--visits", type=int, default=100)
    parser.add_argument("--positions", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1, help="which positions are sampled")
    parser.add_argument("--moves", default="3-", metavar="FIRST-LAST", type=move_range,
                        help="the moves asked for, numbered from 1 (default 3-: all "
                             "after the arena's two-move opening)")
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--komi", type=float, default=7.0)
    parser.add_argument("--jobs", type=int, default=2, help="processes at once")
    parser.add_argument("--cache", help="a JSON file of moves and judgements to reuse")
    parser.add_argument("--engine-seeds", type=seed_list, metavar="S1,S2,...",
                        help="run each engine once per seed, `{seed}` in its command "
                             "replaced, and average each position's cost over them")
    args = parser.parse_args()
    engines = [spec.split("=", 1) for spec in args.engine]
    if args.engine_seeds:
        for name, command in engines:
            if "{seed}" not in command:
                parser.error(f"--engine-seeds: the command of {name} has no {{seed}}")

    cache = {}
    if args.cache and os.path.exists(args.cache):
        with open(args.cache, encoding="utf-8") as file:
            cache = json.load(file)
    games = load_sgf_games(args.record) if os.path.isdir(args.record) else load_games(args.record)
    positions = sample_positions(games, args.positions, args.seed, args.moves)
    seeds = args.engine_seeds or [None]
    runs = {(name, seed): engine_moves(name, command if seed is None
                                       else command.replace("{seed}", str(seed)),
                                       positions, args, cache)
            for name, command in engines for seed in seeds}
    afters = [p + (move,) for moves in runs.values() for p, move in zip(positions, moves)
              if move != "resign"]
    values = judge(list(positions) + afters, args, cache)
    if args.cache:
        with open(args.cache, "w", encoding="utf-8") as file:
            json.dump(cache, file)

    def cost(position, move):
        if move == "resign":
            return None
        return mover_cost(
            len(position), values[position]["winrate"], values[position + (move,)]["winrate"]
        )

    run_costs = {run: [cost(p, m) for p, m in zip(positions, moves)]
                 for run, moves in runs.items()}
    # Each position's cost for an engine: the mean over the seeds it did not resign in.
    costs = {}
    for name, _ in engines:
        per_seed = [run_costs[name, seed] for seed in seeds]
        costs[name] = [None if all(c is None for c in cs)
                       else statistics.fmean(c for c in cs if c is not None)
                       for cs in zip(*per_seed)]
    low, high = args.moves
    moves = f"{low + 1}-{'' if high is None else high + 1}"
    over = "" if args.engine_seeds is None else f", each engine over seeds {seeds}"
    print(f"{len(positions)} positions (seed {args.seed}, moves {moves}), "
          f"judged at {args.visits} visits{over}")

    def summary(label, run_cost, agree):
        mine = [c for c in run_cost if c is not None]
        return (f"{label}: mean cost {sum(mine) / len(mine):.4f} over {len(mine)} moves "
                f"({len(positions) - len(mine)} resigned), KataGo's first choice "
                f"{agree / len(positions):.1%}")

    first = engines[0][0]
    for name, _ in engines:
        agree = [sum(values[p]["best"] == m for p, m in zip(positions, runs[name, seed]))
                 for seed in seeds]
        if args.engine_seeds:
            for seed, count in zip(seeds, agree):
                print("  " + summary(f"{name}, seed {seed}", run_costs[name, seed], count))
        line = summary(name, costs[name], statistics.fmean(agree))
        if name != first:
            pairs = [(a, b) for a, b in zip(costs[first], costs[name])
                     if a is not None and b is not None]
            mean, half = interval([b - a for a, b in pairs])
            line += f"; less {first}: {mean:+.4f} ({mean - half:+.4f} to {mean + half:+.4f})"
            if args.engine_seeds is None:
                same = sum(x == y for x, y in zip(runs[first, None], runs[name, None]))
                line += f", same move in {same}"
        print(line)


if __name__ == "__main__":
    main()
