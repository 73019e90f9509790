#!/usr/bin/env python3
"""KaTrain's own engine client against `gamebot analysis`, without KaTrain's window.

Imports `katrain.core.engine.KataGoEngine` and `katrain.core.game_node.GameNode` from
the installed `katrain` package (nothing of KaTrain is copied here), starts the engine
the way KaTrain does (`GAMEBOT analysis -model ... -config ... -override-config ...`),
analyses a few positions of a 9x9 game through `GameNode.analyze` as KaTrain's board
does, and prints what KaTrain then holds: win rate, score, candidate moves with their
points lost, ownership and policy. Exits 1 if KaTrain got no analysis, or logged an
error.

Set up once (KaTrain without its dependencies but for kivy, which its engine module
imports, and pysgf):

    python3 -m venv /tmp/katrain-venv
    /tmp/katrain-venv/bin/pip install --no-deps katrain
    /tmp/katrain-venv/bin/pip install pysgf kivy

Run:

    cargo build --release
    /tmp/katrain-venv/bin/python scripts/katrain_check.py target/release/gamebot
"""

import os
import sys
import tempfile
import time

# Kivy reads no command line and writes its logs and settings out of the way: only its
# event and utility modules are imported, no window is opened.
os.environ.setdefault("KIVY_NO_ARGS", "1")
os.environ.setdefault("KIVY_NO_CONSOLELOG", "1")
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="kivy-home-"))

from katrain.core.constants import OUTPUT_ERROR  # noqa: E402
from katrain.core.engine import KataGoEngine  # noqa: E402
from katrain.core.game_node import GameNode  # noqa: E402
from pysgf import Move  # noqa: E402


class Host:
    """What KataGoEngine calls back: KaTrain's app object, reduced to its log."""

    def __init__(self):
        self.errors = []

    def log(self, message, level):
        if level == OUTPUT_ERROR:
            self.errors.append(str(message))
            print(f"KaTrain error: {message}", file=sys.stderr)

    def __call__(self, event, *args):
        # KaTrain's popups (engine recovery): recorded as errors.
        self.errors.append(f"{event}: {args}")


def main():
    if len(sys.argv) != 2:
        sys.exit(f"usage: {sys.argv[0]} PATH/TO/gamebot")
    gamebot = os.path.abspath(sys.argv[1])
    host = Host()
    # KaTrain's engine settings: model and config are KataGo's files, which gamebot
    # ignores; the paths need not exist.
    config = {
        "katago": gamebot,
        "model": "/nonexistent/kata1-model.bin.gz",
        "config": "/nonexistent/analysis_config.cfg",
        "max_visits": 100,
        "fast_visits": 25,
        "max_time": 8.0,
        "wide_root_noise": 0.04,
        "_enable_ownership": True,
        "allow_recovery": False,
    }
    engine = KataGoEngine(host, config)
    print("engine command:", " ".join(engine.command))

    root = GameNode(properties={"SZ": 9, "KM": 6.5, "RU": "japanese"})
    nodes = [root]
    for player, vertex in [("B", "E5"), ("W", "C3"), ("B", "G4"), ("W", "pass")]:
        nodes.append(nodes[-1].play(Move.from_gtp(vertex, player=player)))
    for node in nodes:
        node.analyze(engine)
    deadline = time.time() + 120
    while not all(node.analysis_complete for node in nodes) and time.time() < deadline:
        time.sleep(0.1)

    failed = bool(host.errors)
    for number, node in enumerate(nodes):
        if not node.analysis_complete:
            print(f"move {number}: no analysis")
            failed = True
            continue
        candidates = node.candidate_moves
        ownership = node.ownership or []
        policy = node.policy or []
        print(
            f"move {number} ({node.move.gtp() if node.move else 'root'}): "
            f"{node.format_winrate()}, score {node.format_score()}, "
            f"{node.root_visits} visits, {len(candidates)} candidates, "
            f"{len(ownership)} ownership values, {len(policy)} policy values"
        )
        for candidate in candidates[:3]:
            print(
                f"    {candidate['move']:>4} visits {candidate['visits']:>5} "
                f"winrate {candidate['winrate']:.3f} scoreLead {candidate['scoreLead']:+.1f} "
                f"pointsLost {candidate['pointsLost']:+.1f} pv {' '.join(candidate['pv'][:6])}"
            )
        if number > 0 and node.points_lost is None:
            print(f"move {number}: KaTrain found no points lost")
            failed = True
        if not candidates or len(ownership) != 81 or len(policy) != 82:
            failed = True
    engine.shutdown(finish=False)
    if failed:
        print("FAILED", *host.errors, sep="\n")
        sys.exit(1)
    print("ok: KaTrain's engine client got analysis for every move")


if __name__ == "__main__":
    main()
