#!/usr/bin/env bash
# Single-thread perft speed, Morphy against Gigantua (Daniel Inführ's C++20 perft generator),
# side by side in one run.
#
# Gigantua is not built here: build it from its public source outside this repository
# (clang++ -std=c++20 -march=native -O3 -flto Gigantua.cpp, as its Compile_linux.bat says)
# and pass the binary in GIGANTUA. This script builds our `perft` binary (release, the flags
# of .cargo/config.toml), then for each position runs both engines RUNS times, alternately
# (the order swapped every run), one thread and no hash table, and prints the median wall
# time of each, nodes/s, every run's time and the ratio Gigantua time / our time (>1: ours
# is faster). Both counts are checked against the known ones: Gigantua is run as
# `gigantua FEN DEPTH EXPECTED`, which counts that one depth and exits 0 if it matched
# (9 if not); ours prints `Nodes: N`. Both count with bulk counting at the last ply; ours
# also shares the count of the replies across the moves of the ply before (docs/PERFT.md).
#
# Usage: GIGANTUA=/path/to/gigantua scripts/compare_gigantua.sh [--quick] [RUNS]
#   RUNS     runs per engine and position (default 3)
#   --quick  a smoke run at low depths (startpos 5, kiwipete 4) instead of 7 and 6
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.."

die() { echo "compare_gigantua: $*" >&2; exit 1; }

RUNS=3
QUICK=0
for arg in "$@"; do
  case "$arg" in
    --quick) QUICK=1 ;;
    -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    ''|*[!0-9]*) die "unknown argument '$arg' (usage: [--quick] [RUNS])" ;;
    *) RUNS=$arg ;;
  esac
done
[ "$RUNS" -ge 1 ] || die "RUNS must be at least 1, got $RUNS"

if [ -z "${GIGANTUA:-}" ]; then
  die "GIGANTUA is not set: point it at a Gigantua binary built from its public source, e.g. GIGANTUA=/tmp/gigantua/gigantua $0"
fi
if [ ! -f "$GIGANTUA" ] || [ ! -x "$GIGANTUA" ]; then
  die "GIGANTUA=$GIGANTUA is not an executable file"
fi

command -v cargo >/dev/null || die "cargo not found (needed to build target/release/perft)"
cargo build --release -q -p morphy-perft || die "cargo build --release -p morphy-perft failed"
PERFT=target/release/perft
[ -x "$PERFT" ] || die "$PERFT missing after the build"

STARTPOS="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
# name|fen|depth|known count
if [ "$QUICK" = 1 ]; then
  POSITIONS=(
    "startpos|$STARTPOS|5|4865609"
    "kiwipete|$KIWIPETE|4|4085603"
  )
else
  POSITIONS=(
    "startpos|$STARTPOS|7|3195901860"
    "kiwipete|$KIWIPETE|6|8031647685"
  )
fi

now() { date +%s.%N; }
calc() { awk "BEGIN { print $1 }"; }
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
times_list() { printf '%.3f\n' "$@" | paste -sd, -; }

# Gigantua's count at one depth: its 2-argument mode prints "Perft D: N ..." for D = 1..DEPTH
# and then waits for a key (stdin is /dev/null). Only used to say what it counted on a mismatch.
gigantua_count() {
  "$GIGANTUA" "$1" "$2" </dev/null 2>/dev/null | awk -v d="$2" '$1 == "Perft" && $2 == d ":" {print $3}' || true
}

# One timed Gigantua run; sets LAST_TIME.
run_gigantua() {
  local name=$1 fen=$2 depth=$3 known=$4 t0 t1 rc=0
  t0=$(now)
  "$GIGANTUA" "$fen" "$depth" "$known" </dev/null >/dev/null 2>&1 || rc=$?
  t1=$(now)
  case "$rc" in
    0) ;;
    9) die "MISMATCH on $name depth $depth: gigantua counted $(gigantua_count "$fen" "$depth"), known $known" ;;
    *) die "gigantua failed on $name depth $depth (exit $rc)" ;;
  esac
  LAST_TIME=$(calc "$t1 - $t0")
}

# One timed run of ours; sets LAST_TIME and LAST_OUT.
run_ours() {
  local name=$1 fen=$2 depth=$3 known=$4 t0 t1 nodes
  t0=$(now)
  LAST_OUT=$("$PERFT" --fen "$fen" --rules fide --depth "$depth" --threads 1 --hash 0) ||
    die "$PERFT failed on $name depth $depth"
  t1=$(now)
  nodes=$(awk '/^Nodes:/ {print $2}' <<<"$LAST_OUT")
  [ "$nodes" = "$known" ] || die "MISMATCH on $name depth $depth: ours counted '${nodes}', known $known"
  LAST_TIME=$(calc "$t1 - $t0")
}

sliders=$("$PERFT" --rules fide --depth 1 | sed -n 's/.*; \([a-z]*\) slider attacks).*/\1/p') || sliders=""
echo "Gigantua: $GIGANTUA; Morphy: $PERFT (--rules fide, ${sliders:-?} slider attacks);" \
  "$RUNS runs each, alternating, median wall time"
printf '%-10s %6s %14s %10s %10s %10s %10s %7s  %s\n' position depth nodes "gig s" "gig Mnps" \
  "ours s" "ours Mnps" ratio "runs (s): gigantua | ours"
for entry in "${POSITIONS[@]}"; do
  IFS='|' read -r name fen depth known <<<"$entry"
  gig_times=(); our_times=()
  for run in $(seq "$RUNS"); do
    if [ $((run % 2)) = 1 ]; then
      run_gigantua "$name" "$fen" "$depth" "$known"; gig_times+=("$LAST_TIME")
      run_ours "$name" "$fen" "$depth" "$known"; our_times+=("$LAST_TIME")
    else
      run_ours "$name" "$fen" "$depth" "$known"; our_times+=("$LAST_TIME")
      run_gigantua "$name" "$fen" "$depth" "$known"; gig_times+=("$LAST_TIME")
    fi
  done
  gig=$(printf '%s\n' "${gig_times[@]}" | median)
  ours=$(printf '%s\n' "${our_times[@]}" | median)
  printf '%-10s %6s %14s %10.3f %10.1f %10.3f %10.1f %6.2fx  %s | %s\n' "$name" "$depth" "$known" \
    "$gig" "$(calc "$known / $gig / 1000000")" "$ours" "$(calc "$known / $ours / 1000000")" \
    "$(calc "$gig / $ours")" \
    "$(times_list "${gig_times[@]}")" "$(times_list "${our_times[@]}")"
done
