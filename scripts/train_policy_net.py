#!/usr/bin/env python3
"""Train the Go engine's policy network from SGF game records (needs PyTorch).

Reads every record of the given directories on the board sizes of --sizes (9x9 alone
by default), turns each position (after the first
two moves, the arena's random openings) into the engine's 14 input planes, and trains
five 3x3 convolutions of 32 channels with ReLU and a 1x1 head to predict the move
played, a random rotation or reflection a batch. The last --held-out records of each
--weighted directory are kept out, as are the records of the --held-out-dirs, and the
network's top-1 and top-5 rates on them are printed after each epoch (with --evaluate,
those of the weights files named, and nothing is trained). A batch holds
positions of one size. Writes the weights file the engine reads
(data/policy-nets/policy_9x9.txt, or --out), which `--go-policy-net` takes; a network
for more sizes than 9x9 names them in its second line.

    python3 scripts/train_policy_net.py    # the repository's network, about 10 min

The planes are documented in src/go/engine/policy_net/planes.rs and must stay in step
with it.
"""
import argparse
import glob
import os
import re
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

PLANES = 14
# The first line of a weights file: version 1 holds a 9x9 network, version 2 names
# the board sizes it was trained for on its second line.
HEADER_ONE_SIZE = "gamebot-policy-net 1"
HEADER_SIZES = "gamebot-policy-net 2"
RECORDS = os.path.join(os.path.dirname(__file__), "..", "data", "go-records")


def neighbours(p, size):
    r, c = divmod(p, size)
    if r > 0:
        yield p - size
    if r < size - 1:
        yield p + size
    if c > 0:
        yield p - 1
    if c < size - 1:
        yield p + 1


def string_of(board, p, size):
    """The stones of the string through p and its liberties."""
    colour, stack, stones, liberties = board[p], [p], {p}, set()
    while stack:
        q = stack.pop()
        for n in neighbours(q, size):
            if board[n] == 0:
                liberties.add(n)
            elif board[n] == colour and n not in stones:
                stones.add(n)
                stack.append(n)
    return stones, liberties


def play(board, p, colour, size):
    """Plays p; the stones it captured, or None when illegal (occupied or suicide)."""
    if board[p] != 0:
        return None
    board[p] = colour
    captured = []
    for n in neighbours(p, size):
        if board[n] == -colour:
            stones, liberties = string_of(board, n, size)
            if not liberties:
                captured.extend(stones)
    for q in captured:
        board[q] = 0
    if not string_of(board, p, size)[1]:
        board[p] = 0
        return None
    return captured


def planes(board, colour, last, before, ko, size):
    """The input planes for `colour` to move; points numbered by rows from the top."""
    x = np.zeros((PLANES, size, size), np.uint8)
    liberties = {}
    for p in range(size * size):
        r, c = divmod(p, size)
        if board[p] == 0:
            x[2, r, c] = 1
            continue
        if p not in liberties:
            stones, libs = string_of(board, p, size)
            for q in stones:
                liberties[q] = len(libs)
        own = board[p] == colour
        x[0 if own else 1, r, c] = 1
        x[(2 if own else 5) + min(liberties[p], 3), r, c] = 1
    for plane, p in ((9, last), (10, before), (11, ko)):
        if p is not None:
            x[plane, p // size, p % size] = 1
    x[12] = 1
    for p in range(size * size):
        if board[p] != 0 or p == ko:
            continue
        for n in neighbours(p, size):
            v = board[n]
            if v == 0 or (v == colour and liberties[n] > 1) or (v == -colour and liberties[n] == 1):
                x[13, p // size, p % size] = 1
                break
    return x


def moves_of(text, size):
    for m in re.finditer(r";([BW])\[([a-z]{0,2})\]", text):
        colour = 1 if m.group(1) == "B" else -1
        s = m.group(2)
        pass_ = len(s) < 2 or (s == "tt" and size <= 19)
        yield colour, None if pass_ else (ord(s[1]) - 97) * size + ord(s[0]) - 97


def replay(text, size):
    """Each move of a record with the position before it: (turn, colour, point or None
    for a pass, the input planes of the position for `colour`), up to the end or the
    first illegal move. The planes are worked out only when asked for (call them)."""
    board, last, before, ko = [0] * size * size, None, None, None
    for turn, (colour, p) in enumerate(moves_of(text, size)):
        state = (list(board), colour, last, before, ko, size)
        yield turn, colour, p, lambda state=state: planes(*state)
        if p is None:
            ko, before, last = None, last, None
            continue
        captured = play(board, p, colour, size)
        if captured is None:
            return
        stones, libs = string_of(board, p, size)
        ko = captured[0] if len(captured) == 1 and len(stones) == 1 and len(libs) == 1 else None
        before, last = last, p


def positions(files, size, skip=2):
    """The planes and the move played of every position of the records of `size`."""
    xs, ys = [], []
    for name in files:
        text = open(name).read()
        if f"SZ[{size}]" not in text:
            continue
        for turn, _, p, position in replay(text, size):
            if p is not None and turn >= skip:
                xs.append(position())
                ys.append(p)
    xs = np.array(xs) if xs else np.zeros((0, PLANES, size, size), np.uint8)
    return torch.tensor(xs, dtype=torch.float32), torch.tensor(ys, dtype=torch.int64)


class Net(nn.Module):
    def __init__(self, channels, layers):
        super().__init__()
        self.convs = nn.ModuleList(
            nn.Conv2d(PLANES if i == 0 else channels, channels, 3, padding=1) for i in range(layers)
        )
        self.head = nn.Conv2d(channels, 1, 1)

    def forward(self, x):
        h = x
        for conv in self.convs:
            h = F.relu(conv(h))
        logits = self.head(h).flatten(1)
        return logits.masked_fill(x[:, 13].flatten(1) == 0, -1e9)


def symmetry(x, y, k):
    """Rotates the batch k % 4 times, reflected first when k >= 4."""
    size = x.shape[-1]
    target = torch.zeros(len(y), size * size)
    target[torch.arange(len(y)), y] = 1
    target = target.view(-1, 1, size, size)
    if k >= 4:
        x, target = x.flip(3), target.flip(3)
    x, target = torch.rot90(x, k % 4, (2, 3)), torch.rot90(target, k % 4, (2, 3))
    return x, target.flatten(1).argmax(1)


def rates(net, tests):
    net.eval()
    with torch.no_grad():
        out = {}
        for name, (x, y) in tests.items():
            top5 = net(x).topk(5, 1).indices
            out[name] = (
                round(100 * (top5[:, 0] == y).float().mean().item(), 1),
                round(100 * (top5 == y[:, None]).any(1).float().mean().item(), 1),
            )
    net.train()
    return out


def write(net, channels, layers, sizes, path):
    with open(path, "w") as f:
        if sizes == [9]:
            f.write(HEADER_ONE_SIZE + "\n")
        else:
            f.write(HEADER_SIZES + "\nsizes " + " ".join(map(str, sizes)) + "\n")
        f.write(f"{channels} {layers}\n")
        for conv in list(net.convs) + [net.head]:
            w, b = conv.weight.detach().numpy(), conv.bias.detach().numpy()
            f.write(" ".join(str(v) for v in w.shape) + "\n")
            f.write(" ".join(f"{v:.6g}" for v in w.flatten()) + "\n")
            f.write(" ".join(f"{v:.6g}" for v in b.flatten()) + "\n")


def read(path):
    """The network of a weights file as `write` writes it."""
    lines = open(path).read().split("\n")
    at = 2 if lines[0] == HEADER_SIZES else 1
    channels, layers = map(int, lines[at].split())
    net = Net(channels, layers)
    at += 1
    for conv in list(net.convs) + [net.head]:
        shape = tuple(map(int, lines[at].split()))
        conv.weight.data = torch.tensor(list(map(float, lines[at + 1].split()))).view(shape)
        conv.bias.data = torch.tensor(list(map(float, lines[at + 2].split())))
        at += 3
    return net


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", nargs="*", type=int, default=[9],
                        help="the board sizes to train on and for")
    parser.add_argument("--plain", nargs="*", default=["9x9-pachi*"],
                        help="record directories (globs under data/go-records) counted once")
    parser.add_argument("--weighted", nargs="*", default=["9x9-katago", "gnugo-9x9"],
                        help="directories counted --weight times, their last --held-out records kept out")
    parser.add_argument("--weight", type=int, default=3)
    parser.add_argument("--held-out", type=int, default=25)
    parser.add_argument("--held-out-dirs", nargs="*", default=[],
                        help="directories kept out whole, to measure on")
    parser.add_argument("--channels", type=int, default=32)
    parser.add_argument("--layers", type=int, default=5)
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--evaluate", nargs="*", default=[], metavar="FILE",
                        help="print these weights files' rates on the held-out records, train nothing")
    parser.add_argument("--out", default=os.path.join(
        os.path.dirname(__file__), "..", "data", "policy-nets", "policy_9x9.txt"))
    args = parser.parse_args()
    torch.manual_seed(1)
    np.random.seed(1)

    def records(pattern):
        return sorted(glob.glob(os.path.join(RECORDS, pattern, "*.sgf")))

    def named(name, size):
        return name if args.sizes == [9] else f"{name} {size}x{size}"

    plain = sorted(name for pattern in args.plain for name in records(pattern))
    weighted, held_out = [], {}
    for directory in args.weighted:
        files = records(directory)
        weighted += files[:-args.held_out]
        held_out[directory] = files[-args.held_out:]
    for directory in args.held_out_dirs:
        held_out[directory] = records(directory)
    groups, tests = [], {}
    for size in args.sizes:
        for directory, files in held_out.items():
            x, y = positions(files, size)
            if len(y):
                tests[named(directory, size)] = (x, y)
        if args.evaluate:
            continue
        x_plain, y_plain = positions(plain, size)
        x_weighted, y_weighted = positions(weighted, size)
        print(f"{size}x{size}: {len(plain)} plain records "
              f"({len(y_plain)} positions), {len(weighted)} weighted "
              f"({len(y_weighted)} positions, x{args.weight}); held out: "
              + ", ".join(f"{name} {len(y)}" for name, (_, y) in tests.items()), flush=True)
        x = torch.cat([x_plain] + [x_weighted] * args.weight)
        y = torch.cat([y_plain] + [y_weighted] * args.weight)
        if len(y):
            groups.append((x, y))

    for path in args.evaluate:
        print(path, "top-1 / top-5 %:", rates(read(path), tests), flush=True)
    if args.evaluate:
        return
    net = Net(args.channels, args.layers)
    optimiser = torch.optim.Adam(net.parameters(), lr=2e-3, weight_decay=1e-5)
    batch = 256
    steps = args.epochs * sum(len(x) // batch for x, _ in groups)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, 2e-3, total_steps=steps)
    start = time.time()
    for epoch in range(args.epochs):
        batches = []
        for group, (x, _) in enumerate(groups):
            order = torch.randperm(len(x))
            batches += [(group, order[i:i + batch]) for i in range(0, len(x) - batch + 1, batch)]
        if len(groups) > 1:
            batches = [batches[i] for i in np.random.permutation(len(batches))]
        for group, chosen in batches:
            x, y = groups[group]
            xb, yb = symmetry(x[chosen], y[chosen], np.random.randint(8))
            loss = F.cross_entropy(net(xb), yb)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
        print(f"epoch {epoch + 1}, {time.time() - start:.0f} s, top-1 / top-5 %:", rates(net, tests), flush=True)
    write(net, args.channels, args.layers, args.sizes, args.out)
    print("wrote", os.path.normpath(args.out))


if __name__ == "__main__":
    main()
