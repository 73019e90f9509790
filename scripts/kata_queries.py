"""Arena game records as queries for KataGo's JSON analysis protocol, and the answers.

Shared by `surprises.py` (asking `gamebot analysis`), `katago_losses.py` and
`position_costs.py` (asking KataGo's analysis engine), and `value_screen.py` (asking
both): each reads an arena match's `games.jsonl` (`position_costs.py` a directory of SGF
records too), asks for positions of its games, and reads back one answer a position.
`prior_ranks.py` reads SGF moves with `sgf_moves` too.
"""

import glob
import json
import os
import re
import subprocess

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def load_games(path, limit=None):
    """The games of an arena match's `games.jsonl`, the first `limit` of them if given."""
    with open(path, encoding="utf-8") as file:
        games = [json.loads(line) for line in file if line.strip()]
    return games[:limit] if limit else games


def sgf_moves(text, size):
    """The moves of an SGF record's main line as (colour, GTP vertex), passes as `pass`
    (an empty move, or `tt` on boards up to 19x19)."""
    moves = []
    for colour, point in re.findall(r";([BW])\[([a-z]*)\]", text):
        if point == "" or (point == "tt" and size <= 19):
            moves.append((colour, "pass"))
        else:
            column, row = ord(point[0]) - ord("a"), ord(point[1]) - ord("a")
            moves.append((colour, f"{COLUMNS[column]}{size - row}"))
    return moves


def load_sgf_games(directory):
    """The even games (Black first) of a directory's SGF records, in path order, as
    `games.jsonl` would hold them: numbered from 1, moves as GTP vertices or `pass`; a
    record without `SZ` is 19x19."""
    games = []
    for number, path in enumerate(sorted(glob.glob(os.path.join(directory, "*.sgf"))), 1):
        with open(path, encoding="utf-8") as file:
            text = file.read()
        found = re.search(r"SZ\[(\d+)\]", text)
        size = int(found.group(1)) if found else 19
        games.append({"game": number, "moves": [move for _, move in sgf_moves(text, size)]})
    return games


def colour_of(turn):
    """Who plays at `turn` (from 0) of an even game: Black first."""
    return "B" if turn % 2 == 0 else "W"


def mover_cost(turn, before, after):
    """What the move at `turn` (from 0) of an even game cost its player, from Black's win
    rates before and after it."""
    return before - after if colour_of(turn) == "B" else after - before


def query(game, turns, size, komi, visits, **extra):
    """The query for `game`'s positions before the moves `turns` (a turn past the last
    move is the final position), Tromp-Taylor rules; `extra` adds fields."""
    moves = [[colour_of(turn), move] for turn, move in enumerate(game["moves"])]
    return {
        "id": str(game["game"]),
        "moves": moves,
        "rules": "tromp-taylor",
        "komi": komi,
        "boardXSize": size,
        "boardYSize": size,
        "analyzeTurns": list(turns),
        "maxVisits": visits,
        **extra,
    }


def ask(command, queries):
    """Runs `command` with `queries` on its input, one a line, and returns what came back
    as parsed lines: answers (they have a `turnNumber`), errors and warnings."""
    text = "".join(json.dumps(q) + "\n" for q in queries)
    out = subprocess.run(command, input=text, capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]
