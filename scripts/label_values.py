#!/usr/bin/env python3
"""Label every position of SGF game records with KataGo's win rate, for the value network.

Reads the SGF records of each directory given (even games, Black first), has KataGo's
analysis engine judge every position of each game, from the empty board to the final
one (its first pass ends a game), at `--visits` visits (1: the network's own value),
Tromp-Taylor rules and `--komi`, and writes one JSON line a game: its record's path
(relative to the repository), the board size, the komi, and Black's win rate before
each move (`black`, one number a position; the last is the final position's).
`scripts/train_value_net.py` reads the file.

    scripts/label_values.py data/go-records/13x13-pachi --out values-13.jsonl \\
        --katago /path/to/katago --model /path/to/g170-b6c96.bin.gz

KataGo sees each position in a random symmetry, so labels differ a little between runs.
"""

import argparse
import glob
import json
import os
import re
import time

from kata_queries import ask, load_sgf_games, query

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("dirs", nargs="+", help="directories of SGF records")
    parser.add_argument("--out", required=True, help="the JSON lines file to write")
    parser.add_argument("--katago", required=True, help="the katago binary")
    parser.add_argument("--model", required=True, help="KataGo's network file")
    parser.add_argument("--config", default=os.path.join(ROOT, "scripts", "katago_analysis.cfg"))
    parser.add_argument("--komi", type=float, default=7.0)
    parser.add_argument("--visits", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2, help="KataGo's analysis threads")
    parser.add_argument("--ownership", action="store_true",
                        help="also KataGo's ownership of each point (`owner`, for Black, "
                             "rows from the top), for the network's ownership head")
    parser.add_argument("--policy", action="store_true",
                        help="also KataGo's raw policy of each position (`policy`: the points, "
                             "numbered by rows from the top, pass as size*size, of "
                             "probability 0.001 or more, as [point, probability] pairs), "
                             "soft targets for train_policy_net.py --soft")
    args = parser.parse_args()

    command = [args.katago, "analysis", "-model", args.model, "-config", args.config,
               "-override-config", f"numAnalysisThreads={args.jobs},nnMaxBatchSize={args.jobs}"]
    start = time.time()
    with open(args.out, "w", encoding="utf-8") as out:
        for directory in args.dirs:
            paths = sorted(glob.glob(os.path.join(directory, "*.sgf")))
            games = load_sgf_games(directory)
            queries, sizes = [], {}
            for path, game in zip(paths, games):
                with open(path, encoding="utf-8") as file:
                    found = re.search(r"SZ\[(\d+)\]", file.read())
                size = int(found.group(1)) if found else 19
                moves = game["moves"]
                if "pass" in moves:
                    moves = moves[: moves.index("pass")]
                game = {"game": game["game"], "moves": moves}
                sizes[str(game["game"])] = (os.path.relpath(path, ROOT), size, len(moves))
                extra = {"includeOwnership": True} if args.ownership else {}
                if args.policy:
                    extra["includePolicy"] = True
                queries.append(query(game, range(len(moves) + 1), size, args.komi, args.visits,
                                     **extra))
            answers, owners, policies = {}, {}, {}
            for answer in ask(command, queries):
                if "turnNumber" in answer:
                    key = (answer["id"], answer["turnNumber"])
                    answers[key] = answer["rootInfo"]["winrate"]
                    if args.ownership:
                        owners[key] = [round(o, 2) for o in answer["ownership"]]
                    if args.policy:
                        policies[key] = [[point, round(p, 3)]
                                         for point, p in enumerate(answer["policy"]) if p >= 0.001]
                elif "error" in answer:
                    print("katago:", answer)
            for game_id, (path, size, count) in sizes.items():
                black = [answers.get((game_id, turn)) for turn in range(count + 1)]
                if None in black:
                    print(f"{path}: {black.count(None)} positions unanswered, left out")
                    continue
                line = {"record": path, "size": size, "komi": args.komi,
                        "black": [round(b, 4) for b in black]}
                if args.ownership:
                    line["owner"] = [owners[(game_id, turn)] for turn in range(count + 1)]
                if args.policy:
                    line["policy"] = [policies[(game_id, turn)] for turn in range(count + 1)]
                out.write(json.dumps(line) + "\n")
            print(f"{directory}: {len(sizes)} records, {time.time() - start:.0f} s")


if __name__ == "__main__":
    main()
