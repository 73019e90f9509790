#!/usr/bin/env python3
"""Where gamebot misjudged the games it lost: its own win rate, turn by turn.

Reads an arena match's `games.jsonl` (`gamebot arena ... --out DIR`), and for every game
the engine named `--engine` (default `gamebot`) did not win, analyses each position where
it was to move with `gamebot analysis` (KataGo's JSON protocol, win rates for the side to
move). Prints the first turn of each game where its win rate was 0.4 or more and had
fallen by `--drop` (default 0.25) or more at its next turn: the move it played, the
opponent's reply it did not foresee, and the move its analysis preferred. Those are the
positions to study (and to turn into tests): a winning belief that one reply overturns.

    scripts/surprises.py DIR/games.jsonl --binary target/release/gamebot --visits 300

With `--curves` it also prints each lost game's win rates, turn by turn, in hundredths,
and the turn from which they stay under 0.5 after falling under 0.35: a slow slide
(outplayed) tells itself apart from a sudden fall (a misjudged fight).

Only 9x9 and komi 7 unless `--size` and `--komi` say otherwise; one analysis at a time,
on one search thread, from seed 1, so a rerun prints the same turns.
"""

import argparse
import sys

from kata_queries import ask, colour_of, load_games, query


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", help="an arena match's games.jsonl")
    parser.add_argument("--binary", default="target/release/gamebot")
    parser.add_argument("--engine", default="gamebot", help="the engine's name in the match")
    parser.add_argument("--visits", type=int, default=300, help="maxVisits a position")
    parser.add_argument("--drop", type=float, default=0.25)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--komi", type=float, default=7)
    parser.add_argument("--curves", action="store_true",
                        help="also print each lost game's win rates turn by turn")
    args = parser.parse_args()

    lost = [g for g in load_games(args.games)
            if args.engine in g["players"] and g["winner"] != args.engine]
    queries = []
    for game in lost:
        own = "B" if game["players"][0] == args.engine else "W"
        turns = [turn for turn in range(len(game["moves"]) + 1) if colour_of(turn) == own]
        queries.append(query(game, turns, args.size, args.komi, args.visits,
                             overrideSettings={"reportAnalysisWinratesAs": "SIDETOMOVE"}))
    command = [args.binary, "analysis", "--analysis-threads", "1", "--search-threads", "1",
               "--seed", "1"]
    rates = {}
    for answer in ask(command, queries):
        if "rootInfo" not in answer:
            print(f"game {answer.get('id')}: {answer.get('error', answer)}", file=sys.stderr)
            continue
        best = answer["moveInfos"][0]["move"] if answer["moveInfos"] else None
        rates.setdefault(answer["id"], {})[answer["turnNumber"]] = (
            answer["rootInfo"]["winrate"], best)

    if args.curves:
        for game in lost:
            seen = rates.get(str(game["game"]), {})
            turns = sorted(seen)
            lost_from = next((turn for index, turn in enumerate(turns)
                              if seen[turn][0] < 0.35
                              and all(seen[later][0] < 0.5 for later in turns[index:])), None)
            curve = " ".join(f"{round(100 * seen[turn][0]):2d}" for turn in turns)
            print(f"game {game['game']} (under 0.35 from turn {lost_from}): {curve}")

    found = 0
    for game in lost:
        seen = rates.get(str(game["game"]), {})
        turns = sorted(seen)
        for turn, following in zip(turns, turns[1:]):
            (rate, wanted), (later, _) = seen[turn], seen[following]
            if rate >= 0.4 and rate - later >= args.drop:
                moves = game["moves"]
                reply = moves[turn + 1] if turn + 1 < len(moves) else "-"
                print(f"game {game['game']} turn {turn}: {rate:.2f} -> {later:.2f}; "
                      f"played {moves[turn]}, then {reply} (analysis preferred {wanted})")
                found += 1
                break
    print(f"{found} of {len(lost)} games not won turn on one reply")


if __name__ == "__main__":
    main()
