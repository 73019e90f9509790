#!/usr/bin/env python3
"""Soak test: mixed traffic against one `gamebot serve` for a long time, its memory
sampled, and a verdict on whether the memory stays flat.

Not part of CI (it runs for 30 minutes by default). Build first:

    cargo build --release
    scripts/soak.py                      # 30 minutes, 64 sessions at a time
    scripts/soak.py --minutes 5 --sessions 32

Each of the `--sessions` workers loops: connect, play one kind of session, close, and
again. The kinds, in turn: a whole Wythoff game against the engine; a QTTT game
(tokens, then the engine's moves late in the game); a 9x9 Go game of a few `play` and
`genmove`; bad input (invalid UTF-8, a line over the limit, unknown verbs, illegal moves,
huge numbers); a pipelined burst of light commands; a client that sends a search and
vanishes without reading (its search must be cancelled). Every answer is checked for
its form (`=`/`?`, the id, the empty line) and, where the answer is known, its text.

The server's resident memory (VmRSS) is sampled every `--sample-seconds`. Verdict: after
a warm-up (the first fifth of the run), the memory is flat when the median of the last
quarter of the samples is at most 10% above the median of the first quarter (medians, so
that a moment of many 1 MiB lines in flight does not count as growth). The fitted slope
is printed too. Exits 0 when the memory is flat and no answer was wrong, 1 otherwise.
"""

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Wrong(Exception):
    """An answer that breaks the protocol or differs from the known one."""


class Client:
    def __init__(self, reader, writer):
        self.reader = reader
        self.writer = writer

    @classmethod
    async def connect(cls, port):
        reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 22)
        return cls(reader, writer)

    async def send(self, data):
        self.writer.write(data)
        await self.writer.drain()

    async def response(self):
        lines = []
        while True:
            line = await asyncio.wait_for(self.reader.readline(), 120)
            if not line:
                raise Wrong(f"closed mid-response after {lines!r}")
            if line == b"\n":
                break
            lines.append(line.decode())
        text = "".join(lines).rstrip("\n")
        if not text or text[0] not in "=?":
            raise Wrong(f"not a response: {text!r}")
        return text

    async def ask(self, line, expect=None, ok=None):
        await self.send(line.encode() + b"\n")
        text = await self.response()
        if ok is True and not text.startswith("="):
            raise Wrong(f"{line!r} failed: {text!r}")
        if ok is False and not text.startswith("?"):
            raise Wrong(f"{line!r} should fail: {text!r}")
        if expect is not None and text != expect:
            raise Wrong(f"{line!r}: {text!r}, expected {expect!r}")
        return text

    async def close(self):
        self.writer.close()
        try:
            await self.writer.wait_closed()
        except OSError:
            pass


async def wythoff(client, rng):
    a, b = rng.randint(1, 200), rng.randint(1, 200)
    await client.ask(f"wythoff-new {a} {b}", expect="= ")
    while True:
        status = await client.ask("wythoff-status", ok=True)
        if status.startswith("= 0 0"):
            break
        await client.ask("wythoff-genmove", ok=True)


async def qttt(client, rng):
    await client.ask("qttt-new", expect="= ")
    await client.ask("qttt-play AI EG BE EH DG AI 1", expect="= move x")
    while True:
        status = await client.ask("qttt-status", ok=True)
        if status.startswith("= over"):
            break
        await client.ask("qttt-genmove", ok=True)
    await client.ask("qttt-record", ok=True)
    await client.ask("qttt-undo", ok=True)


async def go(client, rng):
    await client.ask("boardsize 9", expect="= ")
    await client.ask("komi 7", expect="= ")
    for _ in range(rng.randint(1, 3)):
        await client.ask(f"play b {rng.choice('ABCDEFGHJ')}{rng.randint(1, 9)}")
        await client.ask("genmove w", ok=True)
    await client.ask("showboard", ok=True)
    await client.ask("final_score", ok=True)


async def bad_input(client, rng):
    await client.send(b"name \xff\xfe\n")
    if await client.response() != "? invalid UTF-8":
        raise Wrong("invalid UTF-8 not refused")
    await client.send(b"known_command " + b"x" * (1 << 20) + b"\n")
    if await client.response() != "? line too long":
        raise Wrong("long line not refused")
    await client.ask("fly", expect="? unknown command")
    await client.ask("7 wythoff-play 1 1", ok=False)
    await client.ask("play b Z99", ok=False)
    await client.ask("qttt-play zz", ok=False)
    await client.ask("wythoff-solve " + "9" * 5000 + " " + "8" * 5000, ok=True)
    await client.ask("18446744073709551616 name", ok=False)


async def burst(client, rng):
    count = rng.randint(10, 200)
    await client.send(b"".join(b"%d name\n" % i for i in range(count)))
    for i in range(count):
        if await client.response() != f"={i} gamebot":
            raise Wrong("pipelined answer out of order")


async def vanish(client, rng):
    # A search, then gone without reading: the server cancels it.
    await client.send(rng.choice([b"qttt-new\nqttt-genmove\n", b"boardsize 19\ngenmove b\n"]))


KINDS = [wythoff, qttt, go, bad_input, burst, vanish]


async def worker(port, index, deadline, counts):
    rng = random.Random(index)
    turn = index
    while time.monotonic() < deadline:
        kind = KINDS[turn % len(KINDS)]
        turn += 1
        client = await Client.connect(port)
        try:
            await kind(client, rng)
            if kind is not vanish:
                await client.ask("quit", expect="= ")
            counts[kind.__name__] = counts.get(kind.__name__, 0) + 1
        except (Wrong, asyncio.TimeoutError, ConnectionError) as error:
            counts["errors"] = counts.get("errors", 0) + 1
            print(f"error in {kind.__name__}: {error}", file=sys.stderr)
        finally:
            await client.close()


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


async def sampler(pid, deadline, every, samples):
    start = time.monotonic()
    while time.monotonic() < deadline:
        kib = rss_kib(pid)
        samples.append((time.monotonic() - start, kib))
        print(f"{samples[-1][0]:8.0f} s  RSS {kib} KiB", flush=True)
        await asyncio.sleep(every)


def verdict(samples):
    """Whether the memory stayed flat after the warm-up, with the figures."""
    kept = samples[len(samples) // 5:]
    if len(kept) < 4:
        return True, "too few samples to judge"
    quarter = max(1, len(kept) // 4)
    first = statistics.median(kib for _, kib in kept[:quarter])
    last = statistics.median(kib for _, kib in kept[-quarter:])
    times = [t for t, _ in kept]
    values = [kib for _, kib in kept]
    mean_t, mean_v = statistics.mean(times), statistics.mean(values)
    slope = sum((t - mean_t) * (v - mean_v) for t, v in kept) / max(
        1e-9, sum((t - mean_t) ** 2 for t in times)
    )
    per_10_min = slope * 600
    flat = last <= first * 1.10
    return flat, (
        f"median of the first quarter {first:.0f} KiB, of the last {last:.0f} KiB "
        f"({(last / first - 1) * 100:+.1f}%), slope {per_10_min:+.0f} KiB per 10 min"
    )


async def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--sessions", type=int, default=64)
    parser.add_argument("--sample-seconds", type=float, default=10)
    parser.add_argument("--binary", default=os.path.join(ROOT, "target/release/gamebot"))
    args = parser.parse_args()
    server = subprocess.Popen(
        [args.binary, "serve", "--listen", "127.0.0.1:0", "--go-move-time", "0.05"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "RUST_LOG": "warn"},
    )
    first = server.stdout.readline().decode()
    port = int(first.strip().rsplit(":", 1)[1])
    deadline = time.monotonic() + args.minutes * 60
    counts, samples = {}, []
    try:
        await asyncio.gather(
            sampler(server.pid, deadline, args.sample_seconds, samples),
            *(worker(port, i, deadline, counts) for i in range(args.sessions)),
        )
    finally:
        server.terminate()
        server.wait(timeout=30)
    flat, figures = verdict(samples)
    errors = counts.pop("errors", 0)
    print(f"sessions played: {sum(counts.values())} {counts}")
    print(f"wrong answers: {errors}")
    print(f"memory: {figures}: {'flat' if flat else 'NOT flat'}")
    return 0 if flat and errors == 0 else 1


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
