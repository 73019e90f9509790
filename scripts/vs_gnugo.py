#!/usr/bin/env python3
"""Strength match: gamebot against GNU Go, with GNU Go as the referee.

Plays GAMES games of gamebot (`gamebot stdio`) against `gnugo --mode gtp --level L
--chinese-rules` on SIZE x SIZE with komi KOMI. Games come in pairs: each pair starts
from the same few random opening moves and is played once with each colour. The final
count is GNU Go's `final_score` after its dead-stone removal. Prints each game and the
score (a win 1, a draw 1/2) with its 95% interval (Wilson).

    scripts/vs_gnugo.py --games 100 --size 9 --move-time 1 --level 10

With `--main-time SECS`, gamebot plays under sudden death instead: `time_settings SECS 0
0`, and before each of its moves `time_left` with what its clock holds, measured here
as the wall time from sending `genmove` to reading the answer; a clock that runs out
loses the game on time. GNU Go plays untimed. Each game's line then says the least time
gamebot had left.

Needs GNU Go (Debian: apt-get install gnugo) and a release build (cargo build --release).
"""

import argparse
import math
import os
import random
import shutil
import subprocess
import sys
import time


class Engine:
    """A GTP engine on the other end of a pipe."""

    def __init__(self, argv):
        self.process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def ask(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
        lines = []
        while True:
            text = self.process.stdout.readline()
            if text == "":
                raise RuntimeError(f"engine closed after {line!r}")
            if text == "\n" and lines:
                break
            if text.strip():
                lines.append(text.rstrip("\n"))
        answer = "\n".join(lines)
        if answer.startswith("?"):
            raise RuntimeError(f"{line!r} refused: {answer}")
        return answer[1:].strip()

    def close(self):
        try:
            self.ask("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.process.wait(timeout=10)


def letters():
    return "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def opening(size, moves, rng):
    """A few random moves away from the edge, as vertices."""
    points = [
        f"{letters()[c]}{r + 1}"
        for c in range(2, size - 2)
        for r in range(2, size - 2)
    ]
    return rng.sample(points, moves)


def play_game(gamebot, gnugo, gamebot_colour, start, args, clock):
    """Plays one game; `clock` (a one-entry list, or None) holds gamebot's main time."""
    engines = {"black": None, "white": None}
    engines[gamebot_colour] = gamebot
    engines["white" if gamebot_colour == "black" else "black"] = gnugo
    for engine in (gamebot, gnugo):
        engine.ask(f"boardsize {args.size}")
        engine.ask("clear_board")
        engine.ask(f"komi {args.komi}")
    if clock is not None:
        gamebot.ask(f"time_settings {clock[0]:.0f} 0 0")
    colour = "black"
    moves = []
    for vertex in start:
        for engine in (gamebot, gnugo):
            engine.ask(f"play {colour} {vertex}")
        moves.append(vertex)
        colour = "white" if colour == "black" else "black"
    passes = 0
    while passes < 2 and len(moves) < 3 * args.size * args.size:
        mover = engines[colour]
        other = gnugo if mover is gamebot else gamebot
        timed = clock is not None and mover is gamebot
        if timed:
            mover.ask(f"time_left {colour} {clock[0]:.3f} 0")
        asked = time.monotonic()
        vertex = mover.ask(f"genmove {colour}")
        if timed:
            clock[0] -= time.monotonic() - asked
            clock[1] = min(clock[1], clock[0])
            if clock[0] < 0:
                return ("white" if colour == "black" else "black"), "time", moves
        if vertex.lower() == "resign":
            return ("white" if colour == "black" else "black"), "resign", moves
        other.ask(f"play {colour} {vertex}")
        moves.append(vertex)
        passes = passes + 1 if vertex.lower() == "pass" else 0
        colour = "white" if colour == "black" else "black"
    result = gnugo.ask("final_score")
    winner = "black" if result.startswith("B") else "white" if result.startswith("W") else None
    return winner, result, moves


def wilson(wins, games):
    if games == 0:
        return 0.0, 0.0, 1.0
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return p, max(0.0, centre - spread), min(1.0, centre + spread)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--komi", default="7")
    parser.add_argument("--move-time", type=float, default=1.0)
    parser.add_argument("--main-time", type=float, default=None,
                        help="sudden death for gamebot: seconds for the whole game")
    parser.add_argument("--level", type=int, default=10)
    parser.add_argument("--opening-moves", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--gamebot", default="target/release/gamebot")
    parser.add_argument("--gamebot-arg", action="append", default=[],
                        help="an extra argument for `gamebot stdio` (repeat for more)")
    parser.add_argument("--show-moves", action="store_true",
                        help="print each game's moves")
    args = parser.parse_args()
    gnugo_path = shutil.which("gnugo") or "/usr/games/gnugo"
    if not os.path.exists(gnugo_path):
        sys.exit("GNU Go is not installed: apt-get install gnugo")
    rng = random.Random(args.seed)
    wins = 0
    played = 0
    for index in range(args.games):
        if index % 2 == 0:
            start = opening(args.size, args.opening_moves, rng)
        gamebot_colour = "black" if index % 2 == 0 else "white"
        gamebot = Engine([args.gamebot, "stdio", "--go-move-time", str(args.move_time)]
                         + args.gamebot_arg)
        gnugo = Engine([gnugo_path, "--mode", "gtp", "--level", str(args.level),
                        "--chinese-rules", "--positional-superko", "--seed", str(index + 1)])
        began = time.time()
        clock = None if args.main_time is None else [args.main_time, args.main_time]
        winner, result, moves = play_game(gamebot, gnugo, gamebot_colour, start, args, clock)
        gamebot.close()
        gnugo.close()
        played += 1
        points = 0.5 if winner is None else float(winner == gamebot_colour)
        wins += points
        rate, low, high = wilson(wins, played)
        outcome = {1.0: "win", 0.5: "draw", 0.0: "loss"}[points]
        print(
            f"game {index + 1}: gamebot {gamebot_colour}, {result}, "
            f"{outcome} in {len(moves)} moves, {time.time() - began:.0f} s; "
            f"gamebot {wins}/{played} = {rate:.0%} (95% {low:.0%}..{high:.0%})"
            + ("" if clock is None else f"; least time left {clock[1]:.2f} s"),
            flush=True,
        )
        if args.show_moves:
            print("  moves: " + " ".join(moves), flush=True)


if __name__ == "__main__":
    main()
