#!/usr/bin/env python3
"""How the games of fastchess PGNs were played and how they ended.

For each engine: the moves it made that carry fastchess's comment ("{+0.33/17 0.484s}":
score, depth, time), their mean time and median depth; a move is the mover's by its ply
from the FEN's side to move. For the games: how many, how many distinct openings (FEN
tags), how they ended (the reason fastchess writes in the last move's comment) and their
Termination tags ("normal" unless a time loss, illegal move or crash ended the game).

Usage: scripts/pgn_moves.py GAMES.pgn [MORE.pgn ...]   (the files are taken together)
Needs nothing beyond the standard library.
"""

import argparse
import re
import signal
import statistics
import sys
from collections import Counter

TAG = re.compile(r'^\[(\w+) "(.*)"\]$', re.M)
# The movetext's tokens: a comment, or a word (move number, move or result).
TOKEN = re.compile(r"\{[^}]*\}|[^\s{}]+")
MOVE_NUMBER = re.compile(r"^\d+\.+$")
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}
# The first field of fastchess's comment on a move: score (pawns or M<n>, absent when the
# engine sent none), depth and seconds; later fields are key=value pairs or, on the last
# move, the game's ending.
SEARCH = re.compile(r"^(?:[-+]?M?[\d.]+)?/(\d+) ([\d.]+)s$")


def games_of(text):
    """Each game's tags and movetext."""
    for chunk in re.split(r"\n(?=\[Event )", text.strip()):
        if not chunk.startswith("[Event "):
            continue
        head, _, body = chunk.partition("\n\n")
        yield dict(TAG.findall(head)), body


def moves_of(body):
    """Each move's comment fields (empty when it has none), in the order played."""
    moves = []
    for token in TOKEN.findall(body):
        if token.startswith("{"):
            if moves:
                moves[-1] = [f.strip() for f in token[1:-1].split(",")]
        elif not MOVE_NUMBER.match(token) and token not in RESULTS:
            moves.append([])
    return moves


def summarise(paths):
    """Returns (openings, endings, terminations, per-engine (times, depths)); every game
    has one Termination count (a missing tag too), so their sum is the number of games."""
    openings = set()
    endings = Counter()
    terminations = Counter()
    engines = {}
    for path in paths:
        try:
            with open(path, encoding="utf-8-sig") as f:
                text = f.read().replace("\r\n", "\n")
        except (OSError, UnicodeDecodeError) as err:
            sys.exit(f"pgn_moves.py: {path}: {err}")
        for tags, body in games_of(text):
            openings.add(tags.get("FEN", "startpos"))
            terminations[tags.get("Termination", "(no Termination tag)")] += 1
            fen = tags.get("FEN", "").split()
            black_first = len(fen) > 1 and fen[1] == "b"
            moves = moves_of(body)
            for ply, fields in enumerate(moves):
                search = SEARCH.match(fields[0]) if fields else None
                if search:
                    white = (ply % 2 == 0) != black_first
                    engine = tags.get("White" if white else "Black", "?")
                    times, depths = engines.setdefault(engine, ([], []))
                    times.append(float(search.group(2)))
                    depths.append(int(search.group(1)))
            last = [f for f in moves[-1][1:] if "=" not in f] if moves else []
            endings[", ".join(last) or "(no ending in the last move's comment)"] += 1
    return openings, endings, terminations, engines


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", nargs="+", help="fastchess PGN files, taken together")
    args = parser.parse_args()
    openings, endings, terminations, engines = summarise(args.pgn)
    games = sum(terminations.values())
    if games == 0:
        sys.exit("pgn_moves.py: no game found in " + ", ".join(args.pgn))
    print(f"games {games}, distinct openings {len(openings)}")
    print("endings (the last move's comment):")
    for ending, n in endings.most_common():
        print(f"  {n:5} {ending}")
    print("Termination tags:")
    for termination, n in terminations.most_common():
        print(f"  {n:5} {termination}")
    for engine, (times, depths) in sorted(engines.items()):
        print(
            f"{engine}: {len(times)} moves, mean {statistics.mean(times):.3f} s a move, "
            f"median depth {statistics.median(depths):g}"
        )


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet when piped into `head`
    main()
