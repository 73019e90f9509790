#!/usr/bin/env python3
"""A GTP proxy that times an engine's moves.

Usage: GENMOVE_TIMES=FILE genmove_times.py ENGINE [ARGS...]

Runs ENGINE, passes every command line from standard input to it and its answer back,
and appends to FILE the wall time in seconds from each `genmove` command to the end of
its answer, one a line. Put it in front of each engine of a `gamebot arena` match to see
how long each one really thinks a move.
"""
import os
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 2 or "GENMOVE_TIMES" not in os.environ:
        sys.exit(__doc__)
    engine = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, bufsize=1)
    with open(os.environ["GENMOVE_TIMES"], "a") as times:
        for line in sys.stdin:
            if not line.strip() or line.lstrip().startswith("#"):
                continue  # GTP answers neither empty lines nor comments: none to wait for
            start = time.monotonic()
            engine.stdin.write(line)
            engine.stdin.flush()
            answer = []
            while True:
                out = engine.stdout.readline()
                if out == "":
                    return
                answer.append(out)
                if out == "\n":
                    break
            if "genmove" in line:
                times.write(f"{time.monotonic() - start:.4f}\n")
                times.flush()
            sys.stdout.write("".join(answer))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
