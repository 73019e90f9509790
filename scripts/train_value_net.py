#!/usr/bin/env python3
"""Train the Go engine's value network from KataGo-labelled positions (needs PyTorch).

Reads the JSON lines of `scripts/label_values.py` (each record's path, board size, komi
and Black's win rate before every move), replays each record into the engine's 14 input
planes (those of the policy network, `scripts/train_policy_net.py`) seen by the side to
move, and trains 3x3 convolutions with ReLU, their mean over the board's points, and two
fully connected layers (the mean and whether White is to move in, one logit out) to
predict the side to move's win rate by KataGo, a random rotation or reflection a batch.
The records whose index modulo --held-out-every is 0 are kept out, and the mean squared
error of the win rates on them (and that of always answering the training mean) is
printed after each epoch. Writes the weights file the engine reads (`--go-value-net`).

    python3 scripts/train_value_net.py values-13.jsonl --out value_13.txt

The network is trained at the labels' komi; the engine uses it only at that komi.

With `--trunk POLICY`, the network is instead a value head on a policy network's
convolutions (`scripts/train_policy_net.py`'s weights file): their activations, left as
they are, go through `--layers` more 3x3 convolutions (one by default) to the mean and
the two fully connected layers, and the policy network's file is written again for the
labels' board sizes alone, with the head after it, for `--go-policy-net`. The engine
then has the win rate for little more than the policy's own cost, wherever it asks the
policy and the komi is the head's.

    python3 scripts/train_value_net.py values-13.jsonl --trunk policy_9_13_19.txt \
        --out policy_value_13.txt
"""
import argparse
import json
import os
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from train_policy_net import HEADER_ONE_SIZE, HEADER_SIZES, PLANES, read, replay

# The first line of a value network's weights file.
HEADER = "gamebot-value-net 1"
# The line that starts a value head in a policy network's weights file.
HEAD = "value-head"
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def positions(labels):
    """The planes, White-to-move flags, the mover's win rates and (where the labels have
    them, zeros otherwise) the mover's ownership of each point of every labelled position
    of `labels` (records of one size)."""
    xs, whites, ys, owners = [], [], [], []
    for label in labels:
        size = label["size"]
        text = open(os.path.join(ROOT, label["record"]), encoding="utf-8").read()
        black = label["black"]
        for turn, colour, p, position in replay(text, size):
            if turn >= len(black) or p is None:
                break
            xs.append(position())
            whites.append(1.0 if colour == -1 else 0.0)
            ys.append(black[turn] if colour == 1 else 1.0 - black[turn])
            owner = label.get("owner", [[0.0] * size * size] * len(black))[turn]
            owners.append(np.array(owner, np.float32).reshape(size, size) * colour)
    return (torch.tensor(np.array(xs), dtype=torch.float32),
            torch.tensor(whites).view(-1, 1), torch.tensor(ys).view(-1, 1),
            torch.tensor(np.array(owners)).unsqueeze(1))


class ValueNet(nn.Module):
    def __init__(self, channels, layers, hidden, inputs=PLANES):
        super().__init__()
        self.convs = nn.ModuleList(
            nn.Conv2d(inputs if i == 0 else channels, channels, 3, padding=1) for i in range(layers)
        )
        self.fc1 = nn.Linear(channels + 1, hidden)
        self.fc2 = nn.Linear(hidden, 1)
        # Trained beside the value, not written: it teaches the convolutions territory.
        self.owner = nn.Conv2d(channels, 1, 1)

    def forward(self, x, white):
        """The win-rate logit and the predicted ownership of each point."""
        h = x
        for conv in self.convs:
            h = F.relu(conv(h))
        pooled = h.mean((2, 3))
        return self.fc2(F.relu(self.fc1(torch.cat([pooled, white], 1)))), torch.tanh(self.owner(h))


def trunk_of(policy):
    """The activations of a policy network's last convolution, as a function of planes."""
    def activations(x):
        with torch.no_grad():
            for conv in policy.convs:
                x = F.relu(conv(x))
        return x
    return activations


def write(net, channels, layers, hidden, sizes, komi, path, trunk=None):
    """Writes a value network's weights file, or with `trunk` (a policy network's weights
    file) that file for `sizes` alone with the network after it as its value head."""
    with open(path, "w") as f:
        if trunk is not None:
            lines = open(trunk).read().rstrip("\n").split("\n")
            body = lines[2:] if lines[0] == HEADER_SIZES else lines[1:]
            assert lines[0] in (HEADER_SIZES, HEADER_ONE_SIZE), "not a policy network"
            f.write("\n".join([HEADER_SIZES, "sizes " + " ".join(map(str, sizes))] + body) + "\n")
        f.write((HEADER if trunk is None else HEAD) + "\n")
        f.write("sizes " + " ".join(map(str, sizes)) + "\n")
        f.write(f"komi {komi:g}\n")
        f.write(f"{channels} {layers} {hidden}\n")
        for conv in net.convs:
            w, b = conv.weight.detach().numpy(), conv.bias.detach().numpy()
            f.write(" ".join(str(v) for v in w.shape) + "\n")
            f.write(" ".join(f"{v:.6g}" for v in w.flatten()) + "\n")
            f.write(" ".join(f"{v:.6g}" for v in b.flatten()) + "\n")
        for fc in (net.fc1, net.fc2):
            w, b = fc.weight.detach().numpy(), fc.bias.detach().numpy()
            f.write(" ".join(str(v) for v in w.shape) + " 1 1\n")
            f.write(" ".join(f"{v:.6g}" for v in w.flatten()) + "\n")
            f.write(" ".join(f"{v:.6g}" for v in b.flatten()) + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("labels", nargs="+", help="JSON lines of scripts/label_values.py")
    parser.add_argument("--out", required=True)
    parser.add_argument("--channels", type=int, default=32)
    parser.add_argument("--layers", type=int, default=None,
                        help="3x3 convolutions (5, or 1 on a --trunk)")
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--held-out-every", type=int, default=20)
    parser.add_argument("--owner-weight", type=float, default=1.0,
                        help="the ownership loss's weight, where the labels have ownership")
    parser.add_argument("--trunk", help="a policy network's weights file: train a value head "
                                        "on its convolutions, and write the file with the head")
    args = parser.parse_args()
    if args.layers is None:
        args.layers = 1 if args.trunk else 5
    torch.manual_seed(1)
    np.random.seed(1)
    torch.set_num_threads(2)

    labels = [json.loads(line) for name in args.labels for line in open(name) if line.strip()]
    komis = {label["komi"] for label in labels}
    if len(komis) != 1:
        raise SystemExit(f"the labels must share one komi, not {sorted(komis)}")
    sizes = sorted({label["size"] for label in labels})
    train, test = {}, {}
    for size in sizes:
        of_size = [label for label in labels if label["size"] == size]
        train[size] = positions([l for i, l in enumerate(of_size) if i % args.held_out_every])
        test[size] = positions([l for i, l in enumerate(of_size) if i % args.held_out_every == 0])
        print(f"{size}x{size}: {len(train[size][0])} positions to learn, {len(test[size][0])} held out")

    inputs = PLANES
    if args.trunk:
        # The policy network's activations stand for the planes: worked out once, as they
        # do not learn (and so without the random symmetries, which they would not follow).
        policy = read(args.trunk)
        activations = trunk_of(policy)
        inputs = policy.convs[-1].out_channels
        for data in (train, test):
            for size, (x, *rest) in data.items():
                data[size] = (torch.cat([activations(part) for part in x.split(1024)]), *rest)
    net = ValueNet(args.channels, args.layers, args.hidden, inputs)
    batch = 256
    steps = args.epochs * sum(len(t[0]) // batch for t in train.values())
    optimiser = torch.optim.Adam(net.parameters(), lr=1e-3, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, 3e-3, total_steps=steps)
    start, best, komi = time.time(), float("inf"), komis.pop()
    for epoch in range(args.epochs):
        batches = [(size, idx) for size, (x, _, _, _) in train.items()
                   for idx in torch.randperm(len(x)).split(batch) if len(idx) == batch]
        np.random.shuffle(batches)
        for size, idx in batches:
            x, white, y, owner = (t[idx] for t in train[size])
            k = 0 if args.trunk else np.random.randint(8)
            if k >= 4:
                x, owner = x.flip(3), owner.flip(3)
            x, owner = torch.rot90(x, k % 4, (2, 3)), torch.rot90(owner, k % 4, (2, 3))
            logit, owned = net(x, white)
            loss = F.binary_cross_entropy_with_logits(logit, y)
            loss = loss + args.owner_weight * ((owned - owner) ** 2).mean()
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
        net.eval()
        with torch.no_grad():
            total = 0.0
            for size, (x, white, y, _) in test.items():
                mean = train[size][2].mean()
                mse = ((torch.sigmoid(net(x, white)[0]) - y) ** 2).mean().item()
                base = ((mean - y) ** 2).mean().item()
                total += mse * len(y)
                print(f"epoch {epoch + 1} {size}x{size}: held-out mse {mse:.4f} "
                      f"(the mean alone {base:.4f}), {time.time() - start:.0f} s", flush=True)
        net.train()
        # The epoch that judges the held-out positions best is the one written.
        if total < best:
            best = total
            write(net, args.channels, args.layers, args.hidden, sizes, komi, args.out,
                  args.trunk)
            print(f"epoch {epoch + 1} written to {args.out}", flush=True)


if __name__ == "__main__":
    main()
