#!/usr/bin/env bash
# One round of the learned evaluation: the last network fine-tuned on its own self-play
# and on the positions of SPRT or anchor matches, then scored on held-out self-play.
#
# The recipe is the one rounds 23 and 24 passed their SPRTs with (docs/STRENGTH.md):
# each match's records given twice, then the self-play, two epochs at batch 1024, step
# size 0.0005 falling to a tenth, the search score alone (λ = 0) at a 100 cp scale,
# every position also mirrored, the last 3% held out (the end of the last self-play file).
#
# Usage: scripts/nnue_round.sh WORK BASE_NET OUT_NET SELFPLAY.txt... [-- MATCH.pgn...]
#   WORK      folder for the packed records and logs (outside the repository)
#   BASE_NET  the network fine-tuned from (main's engine/src/eval/nnue/morphy.nnue)
#   OUT_NET   the network written
#   SELFPLAY  `tuner datagen` text files, e.g. made by
#               tuner datagen data68.txt --games 100000 --positions 2400000 --nodes 6000 \
#                   --threads 2 --seed 68 --eval-net --openings scripts/openings/openings.epd \
#                   --openings scripts/openings/odds_openings_knight.epd
#             (about an hour on two cores), one seed per file
#   MATCH     fastchess PGN files whose moves carry the engines' scores ({+0.35/14 ...})
# Environment: TUNER (default target/release/tuner), THREADS (default 2).
# Writes WORK/hold.bin (the held-out records) and WORK/round.log (the tuner's output).
set -euo pipefail
if [ $# -lt 4 ]; then
  sed -n '2,21p' "$0" >&2
  exit 2
fi
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TUNER=$(realpath "$(command -v "${TUNER:-$ROOT/target/release/tuner}")")
THREADS=${THREADS:-2}
WORK=$(realpath -m "$1"); BASE=$(realpath "$2"); OUT=$(realpath -m "$3"); shift 3
SELF=(); MATCHES=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do SELF+=("$(realpath "$1")"); shift; done
[ $# -gt 0 ] && shift
while [ $# -gt 0 ]; do MATCHES+=("$(realpath "$1")"); shift; done
[ ${#SELF[@]} -gt 0 ] || { echo "no self-play file given" >&2; exit 2; }
mkdir -p "$WORK"
LOG="$WORK/round.log"
: > "$LOG"
run() { echo "+ $*" >> "$LOG"; "$@" >> "$LOG" 2>&1; }

TRAIN=()
i=0
for pgn in "${MATCHES[@]}"; do
  i=$((i + 1))
  run "$TUNER" extract --scores "$WORK/match$i.txt" "$pgn"
  run "$TUNER" pack "$WORK/match$i.bin" "$WORK/match$i.txt"
  TRAIN+=("$WORK/match$i.bin" "$WORK/match$i.bin")
done
i=0
for txt in "${SELF[@]}"; do
  i=$((i + 1))
  run "$TUNER" pack "$WORK/self$i.bin" "$txt"
  TRAIN+=("$WORK/self$i.bin")
done
LAST="$WORK/self$i.bin"

# The records train-net holds out: the last 3% of all it reads, which must lie in the
# last self-play file (tuner::nnue::held_out_from rounds the count down).
total=0
for f in "${TRAIN[@]}"; do total=$((total + $(stat -c %s "$f") / 32)); done
held=$(python3 -c "import sys; print(int(int(sys.argv[1]) * 0.03))" "$total")
last=$(($(stat -c %s "$LAST") / 32))
if [ "$held" -eq 0 ]; then
  echo "too few records ($total) to hold 3% of them out" >&2
  exit 1
fi
if [ "$held" -gt "$last" ]; then
  echo "the held-out share ($held records) is longer than the last self-play file ($last)" >&2
  exit 1
fi

run "$TUNER" train-net "${TRAIN[@]}" --init "$BASE" --epochs 2 --batch 1024 --lr 0.0005 \
  --lr-end 0.1 --lambda 0 --cp-scale 100 --threads "$THREADS" --mirror --holdout 0.03 \
  --out "$OUT"
tail -c $((held * 32)) "$LAST" > "$WORK/hold.bin"
run "$TUNER" eval-net --lambda 0 --holdout 1 --bands --net "$BASE" --net "$OUT" "$WORK/hold.bin"
echo "trained on $total records ($held held out); $OUT written; the bands:" >&2
sed -n '/eval-net/,$p' "$LOG" >&2
