#!/usr/bin/env bash
# Runs every cargo-fuzz target of fuzz/ for SECONDS each (default 60), one after another,
# on the stable toolchain (RUSTC_BOOTSTRAP=1: cargo-fuzz wants nightly's flags). Each
# target starts from its seeds in fuzz/seeds/TARGET (kept small in the repository) and
# grows a working corpus under fuzz/corpus/TARGET (ignored by git); a crash is kept
# under fuzz/artifacts/TARGET and ends the run with a failure.
#
# Usage: scripts/fuzz.sh [SECONDS] [TARGET ...]
#   scripts/fuzz.sh 1800          # 30 minutes each, every target
#   scripts/fuzz.sh 10 pgn        # 10 seconds of the PGN reader
# Needs cargo-fuzz (cargo install cargo-fuzz).
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
SECONDS_EACH=${1:-60}
shift || true
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then
  mapfile -t TARGETS < <(RUSTC_BOOTSTRAP=1 cargo fuzz list)
fi
export RUSTC_BOOTSTRAP=1
cargo fuzz build
for t in "${TARGETS[@]}"; do
  mkdir -p "corpus/$t"
  echo "fuzz: $t for ${SECONDS_EACH}s"
  cargo fuzz run "$t" "corpus/$t" "seeds/$t" -- \
    -max_total_time="$SECONDS_EACH" -rss_limit_mb=2048 -timeout=20 -print_final_stats=1 \
    2>&1 | grep -E '^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss_mb|==[0-9]+==|SUMMARY|Done|INFO: Running with)' || true
  if [ -d "artifacts/$t" ] && [ -n "$(ls -A "artifacts/$t" 2>/dev/null)" ]; then
    echo "fuzz: $t found a crash: $(ls "artifacts/$t")" >&2
    exit 1
  fi
done
echo "fuzz: every target ran ${SECONDS_EACH}s without a crash"
