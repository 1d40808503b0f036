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
#   stash:VER   a Stash version at a fixed node count a move (STASH_NODES), rated as the
#               2023 fit rated it (table below); see docs/STRENGTH.md for what that
#               node count stands for.
# Balanced openings in a seeded random order, each with both colours (fastchess -repeat),
# one thread and Hash 16 each, Morphy with Rules=fide (the GUI adjudicates by FIDE rules).
#
# Usage: scripts/level_match.sh MORPHY_BINARY LEVEL ANCHOR GAMES
# Environment: FASTCHESS (default fastchess on PATH); STOCKFISH11, STOCKFISH, STASH_DIR
#              (binaries stash-vVER in it); ANCHOR_TC (default 10+0.1); MORPHY_TC
#              (default 600+6); STASH_NODES (default 1000000); CONCURRENCY (default 1);
#              SEED (the openings' order, default LEVEL); OUT (default level-LEVEL-ANCHOR);
#              MORPHY_NODES (a node budget below the level's own: `go nodes`, so a new
#              budget is measured before it goes into the table; the level's margin and
#              rate of second-best moves stay its own).
# Prints Morphy's score and the measured rating (anchor + the score's Elo) with a 95%
# interval from the game pairs (scripts/level_table.py, which also pools several runs).
set -euo pipefail
if [ $# -lt 4 ]; then
  sed -n '2,26p' "$0" >&2
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

# The Stash versions the 2023 fit of Stockfish's UCI_Elo rated (Stockfish commit
# a08b8d4, its Ordo table; v8 as the issue gives it). v10 is left out (it does not play
# reliably).
stash_rating() {
  case $1 in
    8 | 8.0) echo 1453 ;; 11 | 11.0) echo 1873 ;; 12 | 12.0) echo 1963 ;;
    13 | 13.0) echo 2043 ;; 14 | 14.0) echo 2146 ;; 15.3) echo 2200 ;;
    17 | 17.0) echo 2281 ;; 19 | 19.0) echo 2425 ;; 20 | 20.0) echo 2453 ;;
    21 | 21.0) echo 2561 ;; 25 | 25.0) echo 2744 ;;
    *) echo "no rating for Stash v$1 (known: 8 11 12 13 14 15.3 17 19 20 21 25)" >&2; exit 2 ;;
  esac
}

kind=${ANCHOR%%:*}
arg=${ANCHOR#*:}
case $kind in
  sf11 | sf)
    if [ "$kind" = sf11 ]; then bin=${STOCKFISH11:?set STOCKFISH11 to Stockfish 11}; else bin=${STOCKFISH:?set STOCKFISH}; fi
    [[ $arg =~ ^[0-9]+$ ]] || { echo "anchor $ANCHOR: the Elo must be a number" >&2; exit 2; }
    RATING=$arg
    OPP=(cmd="$bin" name=anchor tc="$ANCHOR_TC" option.UCI_LimitStrength=true option.UCI_Elo="$arg")
    ;;
  stash)
    RATING=$(stash_rating "$arg")
    bin=${STASH_DIR:?set STASH_DIR to the folder of stash-vVER binaries}/stash-v$arg
    [ -x "$bin" ] || { echo "no Stash binary $bin" >&2; exit 2; }
    OPP=(cmd="$bin" name=anchor tc="$MORPHY_TC" nodes="${STASH_NODES:-1000000}")
    ;;
  *) echo "unknown anchor '$ANCHOR' (sf11:ELO, sf:ELO, stash:VER)" >&2; exit 2 ;;
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
