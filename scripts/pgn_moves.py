#!/usr/bin/env python3
"""How the games of fastchess PGNs were played and how they ended.

For each engine: the moves it made that carry fastchess's comment ("{+0.33/17 0.484s}":
score, depth, time), their mean time and median depth. For the games: how many, how many
distinct openings (FEN tags), and how they ended (the reason fastchess writes in the
last move's comment, and any Termination tag other than "normal").

Usage: scripts/pgn_moves.py GAMES.pgn [MORE.pgn ...]   (the files are taken together)
Needs nothing beyond the standard library.
"""

import argparse
import re
import statistics
import sys
from collections import Counter

TAG = re.compile(r'^\[(\w+) "(.*)"\]$', re.M)
# A move's comment as fastchess writes it: score (pawns or M<n>), depth, seconds, and on
# the last move the game's ending after a comma.
MOVE = re.compile(r"([^\s{}]+)\s*\{([-+]?M?[\d.]+)/(\d+) ([\d.]+)s(?:, ([^}]*))?\}")
# A move number ("5." or "5...") standing alone before a move, never the "0." of a time.
MOVE_NUMBER = re.compile(r"(?:^|(?<=\s))\d+\.(?:\.\.)?(?!\d)")


def games_of(text):
    """Each game's tags and movetext."""
    for chunk in re.split(r"\n(?=\[Event )", text.strip()):
        if not chunk.startswith("[Event "):
            continue
        head, _, body = chunk.partition("\n\n")
        yield dict(TAG.findall(head)), MOVE_NUMBER.sub(" ", body)


def summarise(paths):
    """Returns (games, openings, endings, per-engine (times, depths))."""
    games = 0
    openings = set()
    endings = Counter()
    moves = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        for tags, body in games_of(text):
            games += 1
            openings.add(tags.get("FEN", "startpos"))
            if tags.get("Termination", "normal") != "normal":
                endings["Termination: " + tags["Termination"]] += 1
            fen = tags.get("FEN", "")
            black_first = len(fen.split()) > 1 and fen.split()[1] == "b"
            ending = None
            for i, (_move, _score, depth, seconds, end) in enumerate(MOVE.findall(body)):
                white = (i % 2 == 0) != black_first
                engine = tags.get("White" if white else "Black", "?")
                times, depths = moves.setdefault(engine, ([], []))
                times.append(float(seconds))
                depths.append(int(depth))
                if end:
                    ending = end
            endings[ending or "(no ending in the comments)"] += 1
    return games, openings, endings, moves


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", nargs="+", help="fastchess PGN files, taken together")
    args = parser.parse_args()
    try:
        games, openings, endings, moves = summarise(args.pgn)
    except (OSError, UnicodeDecodeError) as err:
        sys.exit(f"pgn_moves.py: {err}")
    if games == 0:
        sys.exit("pgn_moves.py: no game found in " + ", ".join(args.pgn))
    print(f"games {games}, distinct openings {len(openings)}")
    for ending, n in endings.most_common():
        print(f"  {n:5} {ending}")
    for engine, (times, depths) in sorted(moves.items()):
        print(
            f"{engine}: {len(times)} moves, mean {statistics.mean(times):.3f} s a move, "
            f"median depth {statistics.median(depths):g}"
        )


if __name__ == "__main__":
    main()
