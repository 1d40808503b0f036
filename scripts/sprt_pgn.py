#!/usr/bin/env python3
"""The SPRT of one or more fastchess runs of the same pair, counted from their PGN files.

A run stopped by the end of a session can be continued by a new run of the same two
binaries at the same time control; this script pools the games of all the runs and
computes what fastchess would report for them together: the pentanomial counts of game
pairs (both colours of one opening, matched by the PGN's Round tag), the score with its
95% interval from the pairs' spread and the Elo of the three, the normalized Elo
with its 95% interval, and the log-likelihood ratio of the normalized-Elo SPRT (the
maximum-likelihood method of M. Van den Bergh, "Comments on normalized Elo", section 4.1,
which fastchess's `model=normalized` also follows), with its bounds for alpha = beta = 0.05.

Usage: scripts/sprt_pgn.py --new NAME --elo0 0 --elo1 10 [--ptnml LL,LD,DD,WD,WW ...]
                           RUN1/games.pgn [RUN2/games.pgn ...]
  NAME: the PGN player name of the binary under test (scripts/sprt.sh calls it "new").
  --ptnml: the pentanomial counts of an earlier run whose PGN is no longer kept, as
           docs/STRENGTH.md logs them (repeat it for each such run); they are pooled too.
Only complete pairs count (an unfinished last pair of a stopped run is left out).
"""

import argparse
import math
import re
import sys

SCORES = [0.0, 0.25, 0.5, 0.75, 1.0]


def pairs_of(path, new):
    """Each complete pair's points for `new` (0 .. 2), in file order."""
    games = {}
    white = black = rnd = None
    for line in open(path, encoding="utf-8", errors="replace"):
        m = re.match(r'\[(\w+) "(.*)"\]', line)
        if not m:
            continue
        tag, value = m.groups()
        if tag == "Round":
            rnd = value
        elif tag == "White":
            white = value
        elif tag == "Black":
            black = value
        elif tag == "Result":
            if value not in ("1-0", "0-1", "1/2-1/2"):
                continue
            white_points = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[value]
            if white == new:
                points = white_points
            elif black == new:
                points = 1.0 - white_points
            else:
                sys.exit(f"{path}: round {rnd} has no player named {new!r}")
            games.setdefault(rnd, []).append(points)
    return [sum(g) for g in games.values() if len(g) == 2]


def mean_var(p):
    mu = sum(a * q for a, q in zip(SCORES, p))
    return mu, sum(q * (a - mu) ** 2 for a, q in zip(SCORES, p))


def solve(f, lo, hi, eps=1e-10):
    """A root of the increasing-or-decreasing f on the open interval (lo, hi), by bisection."""
    lo_sign = f(lo + (hi - lo) * 1e-12) > 0
    for _ in range(200):
        mid = (lo + hi) / 2
        if (f(mid) > 0) == lo_sign:
            lo = mid
        else:
            hi = mid
        if hi - lo < eps:
            break
    return (lo + hi) / 2


def mle(probs, t_star):
    """The distribution nearest `probs` (maximum likelihood) with (mu - 1/2) / sigma = t_star."""
    p = [1 / len(SCORES)] * len(SCORES)
    for _ in range(20):
        mu, var = mean_var(p)
        sigma = math.sqrt(var)
        phi = [a - 0.5 - 0.5 * t_star * sigma * (1 + ((a - mu) / sigma) ** 2) for a in SCORES]
        lo, hi = -1 / max(phi), -1 / min(phi)
        theta = solve(lambda x: sum(q * f / (1 + x * f) for q, f in zip(probs, phi)), lo, hi)
        new = [q / (1 + theta * f) for q, f in zip(probs, phi)]
        done = max(abs(a - b) for a, b in zip(new, p)) < 1e-9
        p = new
        if done:
            break
    return p


def elo_of(score):
    """The logistic Elo difference of a score (kept off 0 and 1, where it is infinite)."""
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def ptnml(text):
    """An earlier run's pentanomial counts, "LL,LD,DD,WD,WW"."""
    fields = [f.strip() for f in text.split(",")]
    if len(fields) != 5 or not all(f.isascii() and f.isdecimal() for f in fields):
        raise argparse.ArgumentTypeError(f"{text!r}: five whole counts LL,LD,DD,WD,WW were expected")
    return [int(f) for f in fields]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--new", default="new")
    ap.add_argument("--elo0", type=float, default=0.0)
    ap.add_argument("--elo1", type=float, default=5.0)
    ap.add_argument("--ptnml", type=ptnml, action="append", default=[], metavar="LL,LD,DD,WD,WW")
    ap.add_argument("pgn", nargs="*")
    args = ap.parse_args()
    pairs = [x for path in args.pgn for x in pairs_of(path, args.new)]
    # LL, LD, DD+WL, WD, WW, as fastchess counts them (0 is regularised to 0.001).
    counts = [sum(1 for x in pairs if x == k / 2) for k in range(5)]
    for earlier in args.ptnml:
        counts = [c + e for c, e in zip(counts, earlier)]
    if sum(counts) == 0:
        sys.exit("no complete pair of games")
    n = sum(max(c, 1e-3) for c in counts)
    probs = [max(c, 1e-3) / n for c in counts]
    scale = 800 / math.log(10)
    t0 = math.sqrt(2) * args.elo0 / scale
    t1 = math.sqrt(2) * args.elo1 / scale
    p0, p1 = mle(probs, t0), mle(probs, t1)
    llr = n * sum(q * (math.log(b) - math.log(a)) for q, a, b in zip(probs, p0, p1))
    mu, var = mean_var(probs)
    sigma = math.sqrt(var)
    nelo = (mu - 0.5) / sigma * scale / math.sqrt(2)
    nelo_err = 1.959964 * scale / math.sqrt(2) / math.sqrt(n)
    games = 2 * sum(counts)
    bound = math.log(0.95 / 0.05)
    verdict = "H1 accepted" if llr >= bound else "H0 accepted" if llr <= -bound else "continue"
    runs = len(args.pgn) + len(args.ptnml)
    print(f"games {games} (pairs {sum(counts)}) from {runs} run(s)")
    print(f"pentanomial LL LD DD+WL WD WW: {counts}")
    # The score's 95% interval from the spread of the pairs' scores, and the Elo of its ends.
    pair_mu, pair_var = mean_var([c / sum(counts) for c in counts])
    half = 1.959964 * math.sqrt(pair_var / sum(counts))
    lo, hi = max(pair_mu - half, 0.0), min(pair_mu + half, 1.0)
    print(f"score {100 * mu:.1f}% ({100 * lo:.1f}-{100 * hi:.1f}% from the pairs)  "
          f"Elo {elo_of(pair_mu):+.0f} ({elo_of(lo):+.0f} to {elo_of(hi):+.0f})  "
          f"nElo {nelo:+.1f} +- {nelo_err:.1f}")
    print(f"LLR {llr:.2f} ({-bound:.2f}, {bound:.2f}) [{args.elo0:g}, {args.elo1:g}]: {verdict}")


if __name__ == "__main__":
    main()
