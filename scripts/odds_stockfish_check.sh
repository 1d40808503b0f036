#!/usr/bin/env bash
# A third, outside check of the odds records: Stockfish's `go perft` on the odds starts that
# FEN can say, under fide (no castling without Rook, one move a turn).
#
# For each preset whose first turn is one move (not pawn-and-two-moves, two-moves,
# three-moves: FEN cannot say that a turn has several moves, Am. IV 4):
#   - Stockfish (one thread) counts its fide start, as FEN (a removed Rook's letter dropped:
#     Stockfish would invent castling moves for a letter whose Rook is gone);
#   - our perft counts the same start with --rules fide --hash $HASH_MIB; both must agree;
#   - where the american-1897 start is the same FEN (no right to castle without a Rook:
#     none, pawn, pawn-and-move, knight, bishop, queen), the american-1897 record of
#     $RECORDS at that depth must be the same count too. The other starts (rook,
#     rook-and-knight, rook-pawn-and-move, two-rooks) keep their letters under the Code
#     (Am. IV 5) and are compared under fide only.
# Appends one line a preset to $OUT; exits 1 on any disagreement.
#
# Usage: scripts/odds_stockfish_check.sh DEPTH [PRESET...]
# Environment: PERFT (default target/release/perft), STOCKFISH (/usr/games/stockfish),
# RECORDS, OUT, HASH_MIB (512).
set -euo pipefail
cd "$(dirname "$0")/.."

PERFT=${PERFT:-target/release/perft}
SF=${STOCKFISH:-/usr/games/stockfish}
RECORDS=${RECORDS:-perft/records/odds_american_1897.txt}
OUT=${OUT:-perft/records/odds_stockfish_fide.txt}
HASH_MIB=${HASH_MIB:-512}
[ $# -ge 1 ] || { sed -n '2,20p' "$0" >&2; exit 2; }
DEPTH=$1
shift
PRESETS=("$@")
[ ${#PRESETS[@]} -gt 0 ] || PRESETS=(none pawn pawn-and-move knight bishop rook rook-and-knight
  rook-pawn-and-move two-rooks queen)

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

start_fen() { # rules odds -> the odds start as FEN, from a split header
  "$PERFT" split --rules "$1" --odds "$2" --depth 1 --split-depth 1 2>/dev/null |
    sed -n '1s/^# perft split ;root \(.*\) ;rules .*/\1/p'
}

if [ ! -f "$OUT" ]; then
  sf_version=$(printf 'uci\nquit\n' | "$SF" | awk '/^id name/ {print $3, $4; exit}')
  cat >"$OUT" <<EOF
# The odds starts that FEN can say, counted under fide by Stockfish ($sf_version, Debian,
# $SF, one thread, \`go perft D\`) and by our perft (--rules fide --hash $HASH_MIB), written by
# scripts/odds_stockfish_check.sh. american_1897 is the record of odds_american_1897.txt
# at that depth where the american-1897 start is the same FEN ("-" where the Code keeps a
# right to castle without the Rook, Am. IV 5, which Stockfish cannot play).
# Times: user CPU seconds under nice -n 19, on a machine shared with an SPRT match.
# Columns: odds depth stockfish ours_fide american_1897 sf_user_s ours_user_s utc_date fide_fen
EOF
fi

for odds in "${PRESETS[@]}"; do
  fide=$(start_fen fide "$odds")
  american=$(start_fen american-1897 "$odds")
  /usr/bin/time -f '%U' -o "$WORK/sf.time" nice -n 19 bash -c \
    'printf "setoption name Threads value 1\nposition fen %s\ngo perft %s\nquit\n" "$1" "$2" | "$3"' \
    _ "$fide" "$DEPTH" "$SF" >"$WORK/sf.out"
  sf=$(awk '/^Nodes searched/ {print $3}' "$WORK/sf.out")
  /usr/bin/time -f '%U' -o "$WORK/ours.time" nice -n 19 \
    "$PERFT" --rules fide --odds "$odds" --depth "$DEPTH" --hash "$HASH_MIB" >"$WORK/ours.out"
  ours=$(awk '/^Nodes:/ {print $2}' "$WORK/ours.out")
  if [ -z "$sf" ] || [ "$sf" != "$ours" ]; then
    echo "MISMATCH $odds D$DEPTH under fide: stockfish '$sf', ours '$ours' ($fide)" >&2
    exit 1
  fi
  record=-
  if [ "$fide" = "$american" ]; then
    record=$(awk -v o="$odds" -v d="$DEPTH" '!/^#/ && $1 == o && $2 == d {print $3; exit}' "$RECORDS")
    if [ "$record" != "$sf" ]; then
      echo "MISMATCH $odds D$DEPTH: stockfish $sf, american-1897 record '$record'" >&2
      exit 1
    fi
  fi
  line="$odds $DEPTH $sf $ours $record $(cat "$WORK/sf.time") $(cat "$WORK/ours.time") $(date -u +%Y-%m-%dT%H:%MZ) $fide"
  echo "$line" >>"$OUT"
  echo "$line"
done
