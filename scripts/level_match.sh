#!/usr/bin/env bash
# One row of the levels' calibration: Morphy at UCI_Elo LEVEL against a rated anchor.
#
# Morphy's levels are node budgets, so Morphy gets a clock long enough that the budget,
# not the clock, ends every search (MORPHY_TC): its play is then the same on any machine.
# The anchor is chosen so that its strength does not depend on the machine either:
#   sf11:ELO    Stockfish 11 at UCI_LimitStrength, UCI_Elo ELO. Its weakened move is the
#               one picked at a fixed depth (1 + its skill level) among four lines, so a
#               clock that reaches that depth gives the same play on any machine.
#   sf:ELO      the same with a later Stockfish (binary $STOCKFISH), whose UCI_Elo is the
#               2023 fit against the Stash versions rated on CCRL.
# Balanced openings in a seeded random order, each with both colours (fastchess -repeat),
# one thread and Hash 16 each, Morphy with Rules=fide (the GUI adjudicates by FIDE rules).
#
# Usage: scripts/level_match.sh MORPHY_BINARY LEVEL ANCHOR GAMES
# Environment: FASTCHESS (default fastchess on PATH); STOCKFISH11, STOCKFISH; ANCHOR_TC
#              (default 10+0.1); MORPHY_TC (default 600+6); CONCURRENCY (default 1);
#              SEED (the openings' order, default LEVEL); OUT (default level-LEVEL-ANCHOR);
#              MORPHY_NODES (a node budget below the level's own: `go nodes`, so a new
#              budget is measured before it goes into the table; the level's margin and
#              rate of second-best moves stay its own).
# Prints Morphy's score and the measured rating with its 95% interval
# (scripts/level_table.py, which also pools several runs).
set -euo pipefail
if [ $# -lt 4 ]; then
  sed -n '2,23p' "$0" >&2
  exit 2
fi
MORPHY=$(realpath "$1")
LEVEL=$2
ANCHOR=$3
GAMES=$4
FC=${FASTCHESS:-fastchess}
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
ANCHOR_TC=${ANCHOR_TC:-10+0.1}
MORPHY_TC=${MORPHY_TC:-600+6}
OUT=${OUT:-level-$LEVEL-${ANCHOR/:/-}}

kind=${ANCHOR%%:*}
arg=${ANCHOR#*:}
case $kind in
  sf11 | sf)
    if [ "$kind" = sf11 ]; then bin=${STOCKFISH11:?set STOCKFISH11 to Stockfish 11}; else bin=${STOCKFISH:?set STOCKFISH}; fi
    [[ $arg =~ ^[0-9]+$ ]] || { echo "anchor $ANCHOR: the Elo must be a number" >&2; exit 2; }
    RATING=$arg
    OPP=(cmd="$bin" name=anchor tc="$ANCHOR_TC" option.UCI_LimitStrength=true option.UCI_Elo="$arg")
    ;;
  *) echo "unknown anchor '$ANCHOR' (sf11:ELO, sf:ELO)" >&2; exit 2 ;;
esac
mkdir -p "$OUT"
MORPHY_LIMIT=()
if [ -n "${MORPHY_NODES:-}" ]; then MORPHY_LIMIT=(nodes="$MORPHY_NODES"); fi
echo "Morphy UCI_Elo $LEVEL${MORPHY_NODES:+ at $MORPHY_NODES nodes} against $ANCHOR (rated $RATING), $GAMES games -> $OUT/" >&2
"$FC" -engine cmd="$MORPHY" name=morphy tc="$MORPHY_TC" option.Rules=fide \
        option.UCI_LimitStrength=true option.UCI_Elo="$LEVEL" "${MORPHY_LIMIT[@]}" \
      -engine "${OPP[@]}" \
      -each option.Hash=16 option.Threads=1 \
      -openings file="$ROOT/scripts/openings/openings.epd" format=epd order=random \
      -srand "${SEED:-$LEVEL}" -repeat -rounds $(((GAMES + 1) / 2)) \
      -concurrency "${CONCURRENCY:-1}" -recover \
      -pgnout file="$OUT/games.pgn" > "$OUT/log.txt" 2>&1 || {
  echo "fastchess failed; the end of $OUT/log.txt:" >&2
  tail -20 "$OUT/log.txt" >&2
  exit 1
}
echo "$LEVEL $RATING $ANCHOR ${MORPHY_NODES:-table}" > "$OUT/row.txt"
"$ROOT/scripts/level_table.py" "$OUT"
