#!/usr/bin/env python3
"""The levels' calibration table, from the runs of scripts/level_match.sh.

Each run folder holds row.txt ("LEVEL RATING ANCHOR BUDGET": BUDGET is the node budget
given by MORPHY_NODES, or "table" for the level's own) and games.pgn (Morphy is the player
named "morphy"). Runs of the same level and budget against the same anchor are pooled. For
each level and anchor, and for each level over all its anchors, the measured rating is the
maximum-likelihood R for which Morphy's expected score against an anchor rated A is
1 / (1 + 10^((A - R) / 400)), a draw counting half a win and half a loss; the 95% interval
is the profile likelihood's (every R whose log-likelihood lies within 1.92 of the
maximum). A row whose games are all won (or all lost) has no finite maximum: it shows the
interval's one end.

Usage: scripts/level_table.py RUN_DIR [RUN_DIR ...] [--tolerance 75]
"""

import argparse
import math
import os
import re
import sys
from collections import defaultdict


def results_of(pgn, me="morphy", depths=None):
    """(wins, draws, losses) of `me` in the finished games of one PGN file.

    With `depths` (a list), the depth fastchess noted for each of the opponent's moves
    (the comment "{+0.34/13 0.150s}" after a move) is appended to it.
    """
    w = d = l = 0
    text = open(pgn, encoding="utf-8", errors="replace").read()
    for game in re.split(r"\n(?=\[Event )", text):
        tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', game, re.M))
        white, black, result = tags.get("White"), tags.get("Black"), tags.get("Result")
        if result not in ("1-0", "0-1", "1/2-1/2"):
            continue
        if me not in (white, black):
            sys.exit(f"{pgn}: a game without a player named {me!r}")
        if result == "1/2-1/2":
            d += 1
        elif (result == "1-0") == (white == me):
            w += 1
        else:
            l += 1
        if depths is not None:
            mover = tags.get("FEN", "x w").split()[1]
            moves = game[game.rfind("]") + 1:]
            for c in re.findall(r"\{([^}]*)\}", moves):
                theirs = (mover == "w") != (white == me)
                found = re.match(r"\s*[-+#M0-9.]+/(\d+)", c)
                if theirs and found:
                    depths.append(int(found.group(1)))
                mover = "b" if mover == "w" else "w"
    return w, d, l


def sf16_skill_level(elo):
    """Stockfish 16's skill level at UCI_Elo `elo` (its src/search.cpp, the 2023 fit)."""
    e = (min(max(elo, 1320), 3190) - 1320) / (3190 - 1320)
    return min(max(((37.2473 * e - 40.8525) * e + 22.2943) * e - 0.311438, 0.0), 19.0)


def sf11_skill_level(elo):
    """Stockfish 11's fractional skill level at UCI_Elo `elo` (its src/search.cpp: a fit
    at 60s+0.6s anchored to CCRL); each search rounds it up or down at random."""
    e = min(max(elo, 1350), 2850)
    return min(max(((e - 1346.6) / 143.4) ** (1 / 0.806), 0.0), 20.0)


# Each Stockfish anchor's skill level by UCI_Elo, and what 1 + its integer part is: its
# pick depth (Stockfish 11 rounds its level up or down at random, so the least one).
PICK_DEPTH = {
    "sf": (sf16_skill_level, "pick depth"),
    "sf11": (sf11_skill_level, "least pick depth"),
}


def loglik(r, cells):
    """Log-likelihood of rating r over cells [(anchor, wins, draws, losses)]."""
    total = 0.0
    for a, w, d, l in cells:
        p = 1 / (1 + 10 ** ((a - r) / 400))
        p = min(max(p, 1e-12), 1 - 1e-12)
        total += (w + d / 2) * math.log(p) + (l + d / 2) * math.log(1 - p)
    return total


def fit(cells):
    """(estimate, low, high); an end is None where the likelihood does not fall off."""
    lo_r, hi_r = -1000.0, 5000.0
    grid = [lo_r + i for i in range(int(hi_r - lo_r) + 1)]
    values = [loglik(r, cells) for r in grid]
    best = max(range(len(grid)), key=lambda i: values[i])
    inside = [grid[i] for i, v in enumerate(values) if v >= values[best] - 1.92]
    low = inside[0] if inside[0] > lo_r else None
    high = inside[-1] if inside[-1] < hi_r else None
    estimate = grid[best] if low is not None and high is not None else None
    return estimate, low, high


def fmt(estimate, low, high):
    if estimate is not None:
        return f"{estimate:.0f} ({low:.0f} to {high:.0f})"
    if low is not None:
        return f"≥ {low:.0f}"
    return f"≤ {high:.0f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("runs", nargs="+")
    ap.add_argument("--tolerance", type=float, default=75)
    args = ap.parse_args()
    cells = defaultdict(lambda: [0, 0, 0])
    anchor_depths = defaultdict(list)
    for run in args.runs:
        row = os.path.join(run, "row.txt")
        if not os.path.exists(row):
            sys.exit(f"{run}: no row.txt (not a scripts/level_match.sh run?)")
        fields = open(row).read().split()
        level, rating, anchor = fields[:3]
        budget = fields[3] if len(fields) > 3 else "table"
        w, d, l = results_of(os.path.join(run, "games.pgn"), depths=anchor_depths[anchor])
        c = cells[((int(level), budget), anchor, int(rating))]
        c[0] += w
        c[1] += d
        c[2] += l
    print("| level | budget | anchor (rating) | games | W-D-L | score | measured (95%) |")
    print("|---|---|---|---|---|---|---|")
    by_level = defaultdict(list)
    for (level, anchor, rating), (w, d, l) in sorted(cells.items()):
        n = w + d + l
        if n == 0:
            continue
        by_level[level].append((rating, w, d, l))
        score = 100 * (w + d / 2) / n
        print(f"| {level[0]} | {level[1]} | {anchor} ({rating}) | {n} | {w}-{d}-{l} | {score:.1f}% | {fmt(*fit([(rating, w, d, l)]))} |")
    print()
    print("The anchors' moves by the depth their search reached (Stockfish at UCI_Elo picks")
    print("its move once its search completes depth 1 + its skill level; Stockfish 11 rounds")
    print("its fractional skill level up or down at random, so its least pick depth is shown):")
    for anchor, ds in sorted(anchor_depths.items()):
        if not ds:
            continue
        line = f"- {anchor}: {len(ds)} moves, least depth {min(ds)}, median {sorted(ds)[len(ds) // 2]}"
        kind, _, elo = anchor.partition(":")
        if kind in PICK_DEPTH:
            skill, which = PICK_DEPTH[kind]
            pick = 1 + int(skill(int(elo)))
            line += f"; its {which} {pick}, moves short of it: {sum(1 for x in ds if x < pick)}"
        print(line)
    print()
    print(f"| level | budget | games | measured over its anchors (95%) | within ±{args.tolerance:.0f}? |")
    print("|---|---|---|---|---|")
    for level, cs in sorted(by_level.items()):
        estimate, low, high = fit(cs)
        n = sum(w + d + l for _, w, d, l in cs)
        ok = "yes" if estimate is not None and abs(estimate - level[0]) <= args.tolerance else "no"
        print(f"| {level[0]} | {level[1]} | {n} | {fmt(estimate, low, high)} | {ok} |")


if __name__ == "__main__":
    main()
