#!/usr/bin/env bash
# Morphy against itself through fastchess, many short games, to show that the UCI server
# holds a real client's load: no time loss, no illegal move, no crash or disconnection.
#
# Usage: scripts/uci_games.sh MORPHY_BINARY [GAMES] [TC] [CONCURRENCY]
#   defaults: 1000 games, 1+0.01, concurrency 1
# Environment: FASTCHESS (default: fastchess on PATH), OUT (default uci-games).
# Openings: scripts/openings/openings.epd in a random order, each played with both
# colours. Morphy runs with Rules=fide (fastchess adjudicates by modern rules).
# Prints fastchess's score, then the count of each way a game ended, from the PGN.
set -euo pipefail
if [ $# -lt 1 ]; then
  sed -n '2,11p' "$0" >&2
  exit 2
fi
MORPHY=$(realpath "$1")
GAMES=${2:-1000}
TC=${3:-1+0.01}
CONC=${4:-1}
FC=${FASTCHESS:-fastchess}
OUT=${OUT:-uci-games}
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$OUT"
"$FC" \
  -engine cmd="$MORPHY" name=Morphy-A \
  -engine cmd="$MORPHY" name=Morphy-B \
  -each tc="$TC" option.Hash=16 option.Rules=fide \
  -rounds $((GAMES / 2)) -games 2 -repeat -concurrency "$CONC" \
  -openings file="$ROOT/scripts/openings/openings.epd" format=epd order=random \
  -pgnout file="$OUT/games.pgn" \
  -log file="$OUT/fastchess.log" level=warn \
  | tee "$OUT/fastchess.out" | grep -E '^(Games|Elo|Ptnml|Finished|Total Time)' || true
echo "games: $(grep -c '^\[Result ' "$OUT/games.pgn")"
echo "endings (the PGN's Termination tags; fastchess writes time forfeit, illegal move, abandoned):"
grep -h '^\[Termination ' "$OUT/games.pgn" | sort | uniq -c | sort -rn
grep -E -i 'illegal|disconnect|crash|time forfeit|timeout' "$OUT/fastchess.log" | head -5 || true
