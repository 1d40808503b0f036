#!/usr/bin/env bash
# Perft of the odds starts under the American Chess Code of 1897, each figure counted twice.
#
# For each odds preset and depth D:
#   A: perft --odds ODDS --rules american-1897 --depth D --hash $HASH_MIB      (one thread, hash)
#   B: perft split --odds ODDS --rules american-1897 --depth D --split-depth K --out JOBS
#      perft job JOBS > RESULTS; perft merge JOBS RESULTS                       (one thread, no hash)
#      K = min($SPLIT, D). Where D ends inside a first turn of several moves (Am. IV 4:
#      two-moves at D 1, three-moves at D 1-2), no job can start inside that turn, and B is
#      `perft --depth D` without hash instead.
#   With B_HASH=MiB, the jobs of B share a hash table of that size (b_method "splitK-hash"):
#   A and B are then two split depths (undivided; cut at ply K) rather than hash and no hash,
#   for depths where a count without hash would take too long.
# The figure is appended to $RECORDS only when A = B; otherwise the script says so and exits 1.
# A figure already in $RECORDS is not counted again. Each count runs under `nice -n 19`; its
# user CPU seconds and wall seconds come from /usr/bin/time. After each figure the suite
# $EPD (one line per preset, every depth recorded) is written again from $RECORDS, so
# `perft suite $EPD --max-depth 6` rechecks them.
#
# Usage: scripts/odds_records.sh DEPTH [PRESET...]     (no preset: all 13, in Odds::ALL order)
#   PERFT=/tmp/records/perft BUILT_FROM=a2296d7 scripts/odds_records.sh 8 none rook
# Environment: PERFT (default target/release/perft), BUILT_FROM (the commit PERFT was built
# from; default HEAD), RECORDS, EPD, HASH_MIB (512), SPLIT (2), B_HASH (0), NOTE (machine note for the
# header of a new records file), PARALLEL (1: A and B of a preset run as two processes at
# once, each still one thread).
set -euo pipefail
cd "$(dirname "$0")/.."

PRESETS_ALL=(none pawn pawn-and-move pawn-and-two-moves knight bishop rook rook-and-knight
  rook-pawn-and-move two-rooks queen two-moves three-moves)
PERFT=${PERFT:-target/release/perft}
BUILT_FROM=${BUILT_FROM:-$(git rev-parse --short HEAD)}
RECORDS=${RECORDS:-perft/records/odds_american_1897.txt}
EPD=${EPD:-perft/records/odds_american_1897.epd}
HASH_MIB=${HASH_MIB:-512}
SPLIT=${SPLIT:-2}
B_HASH=${B_HASH:-0}
PARALLEL=${PARALLEL:-0}
RULES=american-1897

[ $# -ge 1 ] || { sed -n '2,25p' "$0" >&2; exit 2; }
DEPTH=$1
shift
PRESETS=("$@")
[ ${#PRESETS[@]} -gt 0 ] || PRESETS=("${PRESETS_ALL[@]}")
[ -x "$PERFT" ] || { echo "no perft binary at $PERFT (cargo build --release -p morphy-perft)" >&2; exit 2; }

WORK=$(mktemp -d)
A_PID=
# A count A still running in the background (PARALLEL=1) is stopped with its whole process
# group when the script ends early (B failed, a mismatch, an interrupt).
trap '[ -z "$A_PID" ] || kill -- -"$A_PID" 2>/dev/null; rm -rf "$WORK"' EXIT

write_header() {
  local cpu
  cpu=$(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo)
  cat >"$RECORDS" <<EOF
# Perft of the odds starts under the American Chess Code of 1897 (--rules american-1897):
# a removed Rook's castling letter stays as the right to castle without it (Am. IV 5), and
# the first turn of pawn-and-two-moves, two-moves and three-moves is 2 or 3 moves, none
# beyond White's fourth rank (Am. IV 4). No published counts exist for these rules.
# Written by scripts/odds_records.sh; each figure was counted twice and recorded only if
# both agree:
#   A: perft --odds ODDS --rules american-1897 --depth D --hash $HASH_MIB   (one thread, hash table)
#   B: perft split --odds ODDS --rules american-1897 --depth D --split-depth K --out jobs;
#      perft job jobs > results; perft merge jobs results   (one thread, no hash)
#      (b_method "splitK"; "plain" = perft --depth D without hash, where D ends inside a
#      first turn of several moves and no job can start; "splitK-hash" = the jobs with
#      perft job --hash 512: then A and B are two split depths, both with hash)
# Binary: target/release/perft built from commit $BUILT_FROM (cargo build --release -p morphy-perft).
# Machine: $(nproc)-core $cpu. ${NOTE:-}
# Times are seconds from /usr/bin/time: user = CPU seconds of the count, wall = elapsed.
# Columns: odds depth count a_user_s a_wall_s b_user_s b_wall_s b_method utc_date
EOF
}

recorded() { # odds depth -> the recorded count, if any
  awk -v o="$1" -v d="$2" '$1 == o && $2 == d {print $3; exit}' "$RECORDS"
}

timed() { # label cmd... : runs cmd under nice with its output in $WORK/label.out
  local label=$1
  shift
  /usr/bin/time -f '%U %e' -o "$WORK/$label.time" nice -n 19 "$@" >"$WORK/$label.out"
}

nodes_of() { awk '/^Nodes:/ {print $2}' "$WORK/$1.out"; }

count_a() {
  timed a "$PERFT" --odds "$1" --rules "$RULES" --depth "$2" --hash "$HASH_MIB"
}

count_b() { # sets B_METHOD
  local odds=$1 depth=$2 k=$SPLIT
  [ "$k" -le "$depth" ] || k=$depth
  if "$PERFT" split --odds "$odds" --rules "$RULES" --depth "$depth" --split-depth "$k" \
    --out "$WORK/jobs" 2>"$WORK/split.err"; then
    B_METHOD="split$k"
    [ "$B_HASH" = 0 ] || B_METHOD="split$k-hash"
    timed b bash -c '"$1" split --odds "$2" --rules "$3" --depth "$4" --split-depth "$5" \
        --out "$6/jobs" 2>/dev/null &&
      "$1" job --hash "$7" "$6/jobs" > "$6/results" &&
      "$1" merge "$6/jobs" "$6/results" 2>/dev/null' \
      _ "$PERFT" "$odds" "$RULES" "$depth" "$k" "$WORK" "$B_HASH"
  elif grep -q "first turn of several moves" "$WORK/split.err"; then
    B_METHOD=plain
    timed b "$PERFT" --odds "$odds" --rules "$RULES" --depth "$depth"
  else
    cat "$WORK/split.err" >&2
    exit 1
  fi
}

start_fen() { # the odds start as FEN, from a split header
  local d
  d=$([ "$1" = three-moves ] && echo 3 || echo 2)
  "$PERFT" split --odds "$1" --rules "$RULES" --depth "$d" --split-depth "$d" 2>/dev/null |
    sed -n '1s/^# perft split ;root \(.*\) ;rules .*/\1/p'
}

write_epd() {
  local tmp=$WORK/epd odds line
  {
    echo "# Source: perft/records/odds_american_1897.txt, written by scripts/odds_records.sh:"
    echo "#   every figure counted twice (hash; split without hash) and recorded only if both agree."
    echo "#   No published counts exist for these rules (Am. IV 4, Am. IV 5)."
    echo "# Recheck: perft suite perft/records/odds_american_1897.epd --max-depth 7"
    for odds in "${PRESETS_ALL[@]}"; do
      line=$(awk -v o="$odds" '$1 == o {printf " ;D%s %s", $2, $3}' \
        <(grep -v '^#' "$RECORDS" | sort -k2,2n))
      [ -n "$line" ] || continue
      echo "$(start_fen "$odds")$line ;rules $RULES ;odds $odds ;id \"$odds\""
    done
  } >"$tmp"
  mv "$tmp" "$EPD"
}

mkdir -p "$(dirname "$RECORDS")"
[ -f "$RECORDS" ] || write_header
for odds in "${PRESETS[@]}"; do
  if [ -n "$(recorded "$odds" "$DEPTH")" ]; then
    echo "$odds D$DEPTH: already recorded ($(recorded "$odds" "$DEPTH"))"
    continue
  fi
  if [ "$PARALLEL" = 1 ]; then
    # A in the background, in a process group of its own (job control on), while B runs
    # here (B sets B_METHOD, so it stays in this shell).
    set -m
    count_a "$odds" "$DEPTH" &
    A_PID=$!
    set +m
    count_b "$odds" "$DEPTH"
    wait "$A_PID" || { echo "count A failed: $odds D$DEPTH" >&2; exit 1; }
    A_PID=""
  else
    count_a "$odds" "$DEPTH"
    count_b "$odds" "$DEPTH"
  fi
  a=$(nodes_of a)
  b=$(nodes_of b)
  if [ -z "$a" ] || [ "$a" != "$b" ]; then
    echo "MISMATCH $odds D$DEPTH: A (hash) = '$a', B ($B_METHOD) = '$b'" >&2
    exit 1
  fi
  read -r a_user a_wall <"$WORK/a.time"
  read -r b_user b_wall <"$WORK/b.time"
  line="$odds $DEPTH $a $a_user $a_wall $b_user $b_wall $B_METHOD $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "$line" >>"$RECORDS"
  echo "$line"
  write_epd
done
