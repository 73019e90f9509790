#!/usr/bin/env python3
"""What each engine's moves cost, by KataGo's judgement, through an arena match.

Reads an arena match's `games.jsonl` (`gamebot arena ... --out DIR`), has KataGo's
analysis engine judge every position of every game (the win rate for Black at
`--visits` visits, Tromp-Taylor rules, `--komi`, default 7), and charges each move with
what it cost its player: the player's win rate before the move less the same after it.
Prints,
for each engine and by move number, the moves judged, their mean cost, how many cost
more than 0.1, and how often the move played was KataGo's first choice; then the
costliest moves. A far stronger judge than either engine shows where one of them gives
ground: in the opening, the middle game or the end, in a few blunders or a little at
every move.

    scripts/katago_losses.py DIR/games.jsonl --katago /path/to/katago \\
        --model /path/to/network.bin.gz --config scripts/katago_analysis.cfg

Games are taken to be even, Black moving first. The first two moves of each game (the
arena's random opening) are not charged. With the small test network of KataGo's
repository, a 9x9 position at 100 visits takes about a second on one core; `--games N`
judges only the first N games.
"""

import argparse
import collections

from kata_queries import ask, load_games, mover_cost, query

PHASES = [(0, 10), (10, 20), (20, 35), (35, 60), (60, 10_000)]


def judge(args, games):
    """KataGo's answers, every turn of every game judged, as {game: {turn: answer}}."""
    queries = [query(game, range(len(game["moves"]) + 1), args.size, args.komi, args.visits)
               for game in games]
    command = [args.katago, "analysis", "-model", args.model, "-config", args.config]
    answers = collections.defaultdict(dict)
    for answer in ask(command, queries):
        if "error" in answer:
            raise SystemExit(f"KataGo refused a query: {answer}")
        if "turnNumber" not in answer:
            continue  # a warning, not an answer
        answers[int(answer["id"])][answer["turnNumber"]] = answer
    return answers


def costs(games, answers):
    """(player, turn, cost, move, KataGo's choice, game) for each move after the opening."""
    for game in games:
        turns = answers[game["game"]]
        for turn, move in enumerate(game["moves"]):
            if turn < 2 or turn not in turns or turn + 1 not in turns:
                continue
            black = turn % 2 == 0
            before = turns[turn]["rootInfo"]["winrate"]
            after = turns[turn + 1]["rootInfo"]["winrate"]
            cost = mover_cost(turn, before, after)
            player = game["players"][0 if black else 1]
            best = turns[turn]["moveInfos"][0]["move"]
            yield player, turn, cost, move, best, game["game"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("record", help="an arena match's games.jsonl")
    parser.add_argument("--katago", required=True, help="the katago binary")
    parser.add_argument("--model", required=True, help="a KataGo network file")
    parser.add_argument("--config", default="scripts/katago_analysis.cfg")
    parser.add_argument("--visits", type=int, default=100)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--komi", type=float, default=7)
    parser.add_argument("--games", type=int, help="judge only the first N games")
    parser.add_argument("--worst", type=int, default=10, help="costliest moves to list")
    args = parser.parse_args()

    games = load_games(args.record, args.games)
    rows = list(costs(games, judge(args, games)))

    print(f"{len(games)} games, {len(rows)} moves judged at {args.visits} visits")
    for player in sorted({row[0] for row in rows}):
        mine = [row for row in rows if row[0] == player]
        mean = sum(row[2] for row in mine) / len(mine)
        print(f"{player}: {len(mine)} moves, mean cost {mean:.3f}")
        for low, high in PHASES:
            phase = [row for row in mine if low <= row[1] < high]
            if not phase:
                continue
            cost = sum(row[2] for row in phase) / len(phase)
            large = sum(row[2] > 0.1 for row in phase)
            agree = sum(row[3] == row[4] for row in phase) / len(phase)
            upper = "+" if high == PHASES[-1][1] else f"-{high}"
            print(
                f"  moves {max(low, 2) + 1}{upper}: {len(phase)} moves, mean cost {cost:.3f}, "
                f"{large} over 0.1, KataGo's first choice {agree:.0%}"
            )
    print("costliest moves:")
    for player, turn, cost, move, best, game in sorted(rows, key=lambda row: -row[2])[: args.worst]:
        print(f"  {cost:.2f}  game {game} move {turn + 1}: {player} played {move}, KataGo {best}")


if __name__ == "__main__":
    main()
