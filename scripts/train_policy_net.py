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

With --soft, positions of the records that KataGo labelled (`scripts/label_values.py
--policy`) learn KataGo's raw policy, mixed with the move played at --soft-share, in
place of the move alone, and the held-out rates add how often the network's first
choice is KataGo's. Such a network spreads its probabilities wider than one learnt
from the moves alone; --sharpen multiplies its logits in the file it writes.

    python3 scripts/train_policy_net.py    # the repository's network, about 10 min

The planes are documented in src/go/engine/policy_net/planes.rs and must stay in step
with it.
"""
import argparse
import glob
import json
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
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
RECORDS = os.path.join(ROOT, "data", "go-records")


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


def load_soft(paths):
    """KataGo's policies of `scripts/label_values.py --policy` files: for each record (its
    path relative to the repository) one list of [point, probability] pairs a turn."""
    soft = {}
    for path in paths:
        with open(path, encoding="utf-8") as file:
            for line in file:
                if line.strip():
                    labels = json.loads(line)
                    soft[os.path.normpath(labels["record"])] = labels["policy"]
    return soft


def target(x, p, labels, share):
    """The training target of a position: the move played `p`, mixed with KataGo's policy
    `labels` (its legal points, pass left out, made to sum to one) at `share`."""
    size = x.shape[-1]
    t = np.zeros(size * size, np.float32)
    for point, probability in labels or []:
        if point < size * size:
            t[point] = probability
    t *= x[13].flatten()
    played = np.zeros(size * size, np.float32)
    played[p] = 1
    if t.sum() <= 0:
        return played
    return share * t / t.sum() + (1 - share) * played


def positions(files, size, skip=2, soft=None, share=1.0):
    """The planes, the move played and the target (the move, or mixed with KataGo's
    policy where `soft` has the record) of every position of the records of `size`."""
    xs, ys, ts = [], [], []
    for name in files:
        text = open(name).read()
        if f"SZ[{size}]" not in text:
            continue
        labels = (soft or {}).get(os.path.relpath(os.path.normpath(name), ROOT))
        for turn, _, p, position in replay(text, size):
            if p is not None and turn >= skip:
                x = position()
                xs.append(x)
                ys.append(p)
                # KataGo labelled each record up to its first pass
                known = labels[turn] if labels and turn < len(labels) else None
                ts.append(target(x, p, known, share))
    xs = np.array(xs) if xs else np.zeros((0, PLANES, size, size), np.uint8)
    ts = np.array(ts) if ts else np.zeros((0, size * size), np.float32)
    return (torch.tensor(xs, dtype=torch.float32), torch.tensor(ys, dtype=torch.int64),
            torch.tensor(ts))


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


def symmetry(x, t, k):
    """Rotates the batch and its targets k % 4 times, reflected first when k >= 4."""
    size = x.shape[-1]
    t = t.view(-1, 1, size, size)
    if k >= 4:
        x, t = x.flip(3), t.flip(3)
    x, t = torch.rot90(x, k % 4, (2, 3)), torch.rot90(t, k % 4, (2, 3))
    return x, t.flatten(1)


def rates(net, tests):
    net.eval()
    with torch.no_grad():
        out = {}
        for name, (x, y, t) in tests.items():
            top5 = net(x).topk(5, 1).indices
            out[name] = (
                round(100 * (top5[:, 0] == y).float().mean().item(), 1),
                round(100 * (top5 == y[:, None]).any(1).float().mean().item(), 1),
            )
            # KataGo's policy where it labelled the record (its own choice not certain)
            labelled = t.max(1).values < 1
            if labelled.any():
                agrees = top5[labelled, 0] == t[labelled].argmax(1)
                out[name + " (KataGo's first choice)"] = round(
                    100 * agrees.float().mean().item(), 1)
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
    parser.add_argument("--soft", nargs="*", default=[], metavar="FILE",
                        help="KataGo's policies (label_values.py --policy) to learn from "
                             "beside the moves played, on the records they name")
    parser.add_argument("--soft-share", type=float, default=1.0,
                        help="KataGo's policy's share of a labelled position's target")
    parser.add_argument("--sharpen", type=float, default=1.0,
                        help="multiplies the head's weights and bias in the file written (the "
                             "logits, so a softmax temperature of 1/SHARPEN): a network "
                             "learnt from soft targets spreads its probabilities wider")
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
    soft = load_soft(args.soft)
    for size in args.sizes:
        for directory, files in held_out.items():
            x, y, t = positions(files, size, soft=soft, share=1.0)
            if len(y):
                tests[named(directory, size)] = (x, y, t)
        if args.evaluate:
            continue
        x_plain, y_plain, t_plain = positions(plain, size, soft=soft, share=args.soft_share)
        x_weighted, y_weighted, t_weighted = positions(weighted, size, soft=soft,
                                                       share=args.soft_share)
        print(f"{size}x{size}: {len(plain)} plain records "
              f"({len(y_plain)} positions), {len(weighted)} weighted "
              f"({len(y_weighted)} positions, x{args.weight}); held out: "
              + ", ".join(f"{name} {len(y)}" for name, (_, y, _) in tests.items()), flush=True)
        x = torch.cat([x_plain] + [x_weighted] * args.weight)
        t = torch.cat([t_plain] + [t_weighted] * args.weight)
        if len(t):
            groups.append((x, t))

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
            x, t = groups[group]
            xb, tb = symmetry(x[chosen], t[chosen], np.random.randint(8))
            # Without KataGo's policies the targets are the moves played: the loss the
            # repository's networks were trained with, so their files come out as before.
            if soft:
                loss = -(tb * F.log_softmax(net(xb), 1)).sum(1).mean()
            else:
                loss = F.cross_entropy(net(xb), tb.argmax(1))
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
        print(f"epoch {epoch + 1}, {time.time() - start:.0f} s, top-1 / top-5 %:", rates(net, tests), flush=True)
    if args.sharpen != 1.0:
        net.head.weight.data *= args.sharpen
        net.head.bias.data *= args.sharpen
    write(net, args.channels, args.layers, args.sizes, args.out)
    print("wrote", os.path.normpath(args.out))


if __name__ == "__main__":
    main()
