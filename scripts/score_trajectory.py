#!/usr/bin/env python3
"""Who led when: GNU Go's score estimate of each game of a match, at chosen moves.

Reads an arena match's `games.jsonl` (`gamebot arena ... --out DIR`), replays every game
into GNU Go (`--mode gtp --chinese-rules --level 1`) and asks `estimate_score` after the
moves given by `--at`. Prints one line a game: its number, the colour of the engine named
`--engine` (default `gamebot`), the result, its length, and the estimates as that
engine's lead in points, komi included (positive: it is ahead). A quick and rough
reading (GNU Go's influence function, not a search): it tells a game lost in the
opening from one lost in a later fight, and no more. Then, for each move of `--at`,
the mean lead and how many games the engine trailed in.

    scripts/score_trajectory.py DIR/games.jsonl --size 19 --at 20,40,60,100,160
"""

import argparse
import json

from gtp_process import GtpProcess


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", help="an arena match's games.jsonl")
    parser.add_argument("--size", type=int, default=19)
    parser.add_argument("--komi", type=float, default=7.0)
    parser.add_argument("--at", default="20,40,60,100,160", help="moves, comma-separated")
    parser.add_argument("--engine", default="gamebot")
    parser.add_argument("--gnugo", default="gnugo")
    args = parser.parse_args()
    checkpoints = [int(move) for move in args.at.split(",")]
    leads = {move: [] for move in checkpoints}
    with open(args.games) as lines:
        games = [json.loads(line) for line in lines if line.strip()]
    for game in games:
        row = trajectory(game, checkpoints, args)
        for move, lead in zip(checkpoints, row):
            leads[move].append(lead)
        black = game["players"][0] == args.engine
        shown = " ".join(f"{lead:+.1f}" for lead in row)
        print(f"{game['game']} {'B' if black else 'W'} {game['result']} "
              f"{len(game['moves'])} moves: {shown}")
    for move in checkpoints:
        got = leads[move]
        if got:
            behind = sum(1 for lead in got if lead < 0)
            print(f"after move {move}: mean lead {sum(got) / len(got):+.1f} over "
                  f"{len(got)} games, behind in {behind}")


def trajectory(game, checkpoints, args):
    """The engine's lead by GNU Go's estimate after each checkpoint the game reaches."""
    gnugo = GtpProcess(
        "GNU Go", [args.gnugo, "--mode", "gtp", "--chinese-rules", "--level", "1"])

    def ask(command):
        text = " ".join(gnugo.ask(command))
        if not text.startswith("="):
            raise RuntimeError(f"GNU Go refused {command!r}: {text}")
        return text[1:].strip()

    black = game["players"][0] == args.engine
    ask(f"boardsize {args.size}")
    ask(f"komi {args.komi}")
    ask("clear_board")
    row = []
    for index, move in enumerate(game["moves"]):
        ask(f"play {'b' if index % 2 == 0 else 'w'} {move}")
        if index + 1 in checkpoints:
            # "B+12.5 (upper bound: ...)", "W+3.0 ..." or "0": Black's lead, signed.
            estimate = ask("estimate_score").split()[0]
            if estimate[0] in "BW":
                lead = float(estimate[2:]) * (1 if estimate[0] == "B" else -1)
            else:
                lead = float(estimate)
            row.append(lead if black else -lead)
    gnugo.close()
    return row


if __name__ == "__main__":
    main()
