#!/usr/bin/env bash
# Odds starts, plain search against the odds-aware setting, side by side in one run.
#
# Two fastchess matches run at the same time, one game each (two cores): Morphy with
# OddsContempt=0 against the opponent, and Morphy with OddsContempt=C against the same
# opponent, over the same openings in the same order. Morphy is always the giver, on the
# giving side (White for rook and knight, Black for pawn and move), without colour swaps,
# as scripts/openings/README.md prescribes. Morphy gets OddsGiver set explicitly
# (the openings arrive as FEN, so its Odds option stays none) and Rules=fide (the GUI
# adjudicates by modern rules).
#
# Usage: scripts/odds_match.sh MORPHY_BINARY ODDS OPPONENT GAMES [TC] [CONTEMPT]
#   ODDS: rook | knight | pawnmove
#   OPPONENT: toga2 | glaurung | ethereal | gnuchess (GNU Chess 6.2.7 in UCI mode, no book)
#   defaults: TC 5+0.05, CONTEMPT 100
# Environment: FASTCHESS (default: fastchess on PATH), OUT (default odds-<odds>-<opp>).
set -euo pipefail
if [ $# -lt 4 ]; then
  sed -n '2,15p' "$0" >&2
  exit 2
fi
MORPHY=$(realpath "$1")
ODDS=$2
OPP=$3
GAMES=$4
TC=${5:-5+0.05}
CONTEMPT=${6:-100}
FC=${FASTCHESS:-fastchess}
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BOOK="$ROOT/scripts/openings/odds_openings_$ODDS.epd"
[ -f "$BOOK" ] || { echo "no opening set $BOOK" >&2; exit 2; }
case $ODDS in
  rook | knight) GIVER=white ;;
  pawnmove) GIVER=black ;;
  *) echo "unknown odds '$ODDS' (rook, knight, pawnmove)" >&2; exit 2 ;;
esac
case $OPP in
  toga2) OPPSPEC=(cmd=/usr/games/toga2 name=toga2 option.OwnBook=false option.Hash=16) ;;
  glaurung) OPPSPEC=(cmd=/usr/games/glaurung name=glaurung option.OwnBook=false option.Threads=1) ;;
  ethereal) OPPSPEC=(cmd=/usr/games/ethereal-chess name=ethereal option.Hash=16 option.Threads=1) ;;
  gnuchess) OPPSPEC=(cmd=/usr/games/gnuchess args=--uci name=gnuchess option.OwnBook=false option.Hash=16) ;;
  *) echo "unknown opponent '$OPP' (toga2, glaurung, ethereal, gnuchess)" >&2; exit 2 ;;
esac
OUT=${OUT:-odds-$ODDS-$OPP}
mkdir -p "$OUT"

play() { # name contempt
  local me=(cmd="$MORPHY" name="$1" option.Rules=fide option.OddsGiver=$GIVER option.OddsContempt="$2")
  local first=("${me[@]}") second=("${OPPSPEC[@]}")
  if [ $GIVER = black ]; then first=("${OPPSPEC[@]}"); second=("${me[@]}"); fi
  "$FC" -engine "${first[@]}" -engine "${second[@]}" -each tc="$TC" \
        -openings file="$BOOK" format=epd order=sequential -noswap -games 1 \
        -rounds "$GAMES" -concurrency 1 -recover -pgnout file="$OUT/$1.pgn" > "$OUT/$1.log" 2>&1
}
echo "odds $ODDS against $OPP, $GAMES games each at $TC: plain and contempt $CONTEMPT -> $OUT/" >&2
play plain 0 &
play aware "$CONTEMPT" &
wait
# Morphy's score, from the PGN (fastchess's own summary is from the first engine's side).
for s in plain aware; do
  awk -v me="$s" '
    /^\[White / { white = $2 } /^\[Black / { black = $2 }
    /^\[Result / {
      r = $2; gsub(/[]"]/, "", r); gsub(/[]"]/, "", white); gsub(/[]"]/, "", black)
      w = (white == me) ? 1 : 0
      if (r == "1/2-1/2") d++; else if ((r == "1-0") == w) win++; else if (r != "*") loss++
    }
    END { n = win + loss + d; printf "%s: %d games, +%d -%d =%d, score %.1f%%\n", me, n, win, loss, d, n ? 100 * (win + d / 2) / n : 0 }
  ' "$OUT/$s.pgn"
done
