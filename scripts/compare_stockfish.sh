#!/usr/bin/env bash
# Single-thread perft speed, Morphy against Stockfish's `go perft`, side by side in one run.
#
# Installs Debian's stockfish if it is missing, builds our `perft` binary (release, the
# flags of .cargo/config.toml), then for each position runs both RUNS times in turn and
# prints the median wall time of each, nodes/s and the ratio. Both count with bulk
# counting at the last ply. Also times our --threads 2 against our single thread.
#
# Usage: scripts/compare_stockfish.sh [RUNS]   (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-3}
SF=${STOCKFISH:-/usr/games/stockfish}
if [ ! -x "$SF" ]; then
  echo "installing Debian's stockfish ..." >&2
  apt-get update -qq && apt-get install -y -qq stockfish >/dev/null
fi
cargo build --release -q -p morphy-perft
PERFT=target/release/perft

# name|fen|depth
POSITIONS=(
  "startpos|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|7"
  "kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|6"
  "position3|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|8"
  "position4|r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1|6"
  "position5|rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8|5"
  "position6|r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10|5"
)

now() { date +%s.%N; }
calc() { awk "BEGIN { print $1 }"; }
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

sf_version=$(printf 'uci\nquit\n' | "$SF" | awk '/^id name/ {print $3, $4; exit}')
echo "Stockfish: $sf_version ($SF); Morphy: $PERFT; $RUNS runs each, median wall time"
printf '%-10s %6s %14s %10s %10s %10s %10s %7s\n' position depth nodes "sf s" "sf Mnps" "ours s" "ours Mnps" ratio
for entry in "${POSITIONS[@]}"; do
  IFS='|' read -r name fen depth <<<"$entry"
  sf_times=(); our_times=(); nodes=""
  for _ in $(seq "$RUNS"); do
    t0=$(now)
    sf_nodes=$(printf 'setoption name Threads value 1\nposition fen %s\ngo perft %s\nquit\n' "$fen" "$depth" | "$SF" | awk '/^Nodes searched/ {print $3}')
    t1=$(now)
    our_nodes=$("$PERFT" --fen "$fen" --depth "$depth" --rules fide | awk '/^Nodes:/ {print $2}')
    t2=$(now)
    if [ "$sf_nodes" != "$our_nodes" ]; then
      echo "MISMATCH on $name depth $depth: stockfish $sf_nodes, ours $our_nodes" >&2
      exit 1
    fi
    nodes=$our_nodes
    sf_times+=("$(calc "$t1 - $t0")")
    our_times+=("$(calc "$t2 - $t1")")
  done
  sf=$(printf '%s\n' "${sf_times[@]}" | median)
  ours=$(printf '%s\n' "${our_times[@]}" | median)
  printf '%-10s %6s %14s %10.3f %10.1f %10.3f %10.1f %6.2fx\n' "$name" "$depth" "$nodes" "$sf" \
    "$(calc "$nodes / $sf / 1000000")" "$ours" "$(calc "$nodes / $ours / 1000000")" \
    "$(calc "$sf / $ours")"
done

echo
echo "Threads (ours, startpos depth 7):"
for threads in 1 2; do
  times=()
  for _ in $(seq "$RUNS"); do
    t0=$(now); "$PERFT" --depth 7 --threads "$threads" >/dev/null; t1=$(now)
    times+=("$(calc "$t1 - $t0")")
  done
  t=$(printf '%s\n' "${times[@]}" | median)
  echo "  --threads $threads: $t s"
  [ "$threads" = 1 ] && single=$t
done
echo "  speed-up: $(calc "$single / $t")x"
