#!/usr/bin/env python3
"""Nodes a second of Morphy's search beside other UCI engines', on the same positions.

Each engine searches each position for the same time (one thread, Hash 16), the engines
taking turns position by position so that a busy moment of the machine falls on all of
them alike. The figure is each engine's nodes over its time as its own last `info` line
reports them, summed over the positions, and the median of its per-position rates.
Nodes are counted differently by each engine (Morphy counts every position it makes,
quiescence included, as most engines do), so the ratio says how fast each searches its
own tree, not which is stronger.

Usage:
  ETHEREAL=/path/to/ethereal STASH=/path/to/stash scripts/nps_compare.py [--positions N]
      [--movetime MS] [--morphy target/release/morphy]
Any engine whose variable is unset is left out; ENGINES="name=/path,name2=/path2" adds
more. The anchors are built from their public sources outside this repository.
"""

import argparse
import os
import queue
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def positions(count):
    """The first `count` positions of scripts/openings/openings.epd, as FEN."""
    fens = []
    for line in (ROOT / "scripts/openings/openings.epd").read_text().splitlines():
        fields = line.split()
        if len(fields) < 4:
            continue
        board = " ".join(fields[:4])
        rest = " ".join(fields[4:])
        half, full = "0", "1"
        for op in rest.split(";"):
            op = op.split()
            if len(op) == 2 and op[0] == "hmvc":
                half = op[1]
            if len(op) == 2 and op[0] == "fmvn":
                full = op[1]
        fens.append(f"{board} {half} {full}")
        if len(fens) == count:
            break
    return fens


class Engine:
    """A UCI engine in a subprocess."""

    def __init__(self, name, path):
        self.name = name
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1,
        )
        # Lines read on a thread of their own, so that a silent engine meets the deadline.
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.send("uci")
        self.wait_for("uciok")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")
        self.send("isready")
        self.wait_for("readyok")

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line)
        self.lines.put(None)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, word, deadline=60.0):
        end = time.monotonic() + deadline
        lines = []
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=max(end - time.monotonic(), 0.01))
            except queue.Empty:
                break
            if line is None:
                sys.exit(f"{self.name} closed its output while waiting for {word}")
            line = line.strip()
            lines.append(line)
            if line.split()[:1] == [word]:
                return lines
        sys.exit(f"{self.name} did not answer {word} within {deadline} s")

    def search(self, fen, movetime):
        """(nodes, milliseconds) of one search, from its last info line with both."""
        self.send("ucinewgame")
        self.send("isready")
        self.wait_for("readyok")
        self.send(f"position fen {fen}")
        self.send(f"go movetime {movetime}")
        nodes = ms = None
        for line in self.wait_for("bestmove", deadline=movetime / 1000 + 30):
            words = line.split()
            if words[:1] != ["info"] or "nodes" not in words or "time" not in words:
                continue
            nodes = int(words[words.index("nodes") + 1])
            ms = int(words[words.index("time") + 1])
        if nodes is None or not ms:
            sys.exit(f"{self.name} reported no nodes and time on {fen}")
        return nodes, ms

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--movetime", type=int, default=2000)
    parser.add_argument("--morphy", default=str(ROOT / "target/release/morphy"))
    args = parser.parse_args()
    wanted = [("Morphy", args.morphy)]
    for name in ("ETHEREAL", "STASH"):
        if os.environ.get(name):
            wanted.append((name.capitalize(), os.environ[name]))
    for pair in filter(None, os.environ.get("ENGINES", "").split(",")):
        name, _, path = pair.partition("=")
        wanted.append((name, path))
    for name, path in wanted:
        if not os.access(path, os.X_OK):
            sys.exit(f"{name}: {path} is not an executable file")
    engines = [Engine(name, path) for name, path in wanted]
    fens = positions(args.positions)
    totals = {e.name: [0, 0, []] for e in engines}
    for n, fen in enumerate(fens):
        # Taking turns, the first engine changing from position to position.
        order = engines[n % len(engines):] + engines[: n % len(engines)]
        for engine in order:
            nodes, ms = engine.search(fen, args.movetime)
            t = totals[engine.name]
            t[0] += nodes
            t[1] += ms
            t[2].append(nodes * 1000 / ms)
    for engine in engines:
        engine.quit()
    base = totals["Morphy"][0] * 1000 / totals["Morphy"][1]
    print(f"{len(fens)} positions of scripts/openings/openings.epd, go movetime "
          f"{args.movetime}, one thread, Hash 16, engines in turn")
    print("| engine | nodes | seconds | nodes/s | median nodes/s | against Morphy |")
    print("|---|---|---|---|---|---|")
    for name, (nodes, ms, rates) in totals.items():
        nps = nodes * 1000 / ms
        print(f"| {name} | {nodes:,} | {ms / 1000:.1f} | {nps:,.0f} | "
              f"{statistics.median(rates):,.0f} | {nps / base:.2f}× |")


if __name__ == "__main__":
    main()
