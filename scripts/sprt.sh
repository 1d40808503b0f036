#!/usr/bin/env bash
# SPRT of a change to search or evaluation: a new Morphy binary against a base one.
#
# Plays fastchess games from the balanced opening set, paired colours, until the SPRT
# decides between elo0 and elo1 (normalized Elo) or the round limit is reached, and
# keeps the PGN and log in the output directory. Both binaries must be built outside
# target/ (copy them; a rebuild during the test would change the engine under test).
#
# Usage: scripts/sprt.sh BASE_BINARY NEW_BINARY [TC] [ELO0] [ELO1]
#        (defaults: TC 10+0.1, elo0 0, elo1 5; alpha = beta = 0.05)
# Environment: FASTCHESS (default: fastchess on PATH), OPENINGS (default
#              scripts/openings/openings.epd), CONCURRENCY (default 1),
#              ROUNDS (default 20000 pairs), OUT (default sprt-<time>),
#              NEW_OPTIONS / BASE_OPTIONS (extra fastchess engine arguments, e.g.
#              "option.EvalNet=false": the same binary can then be tested against itself),
#              HASH (MiB per engine, default 16; smaller at a short time control puts the
#              table under the pressure a longer one would).
# fastchess is not built by this script: build it from its own repository outside this one.
set -euo pipefail
if [ $# -lt 2 ]; then
  sed -n '2,18p' "$0" >&2
  exit 2
fi
BASE=$(realpath "$1")
NEW=$(realpath "$2")
TC=${3:-10+0.1}
ELO0=${4:-0}
ELO1=${5:-5}
FC=${FASTCHESS:-fastchess}
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OPENINGS=${OPENINGS:-$ROOT/scripts/openings/openings.epd}
OUT=${OUT:-sprt-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$OUT"
echo "SPRT [$ELO0, $ELO1] at $TC: $NEW against $BASE; results in $OUT/" >&2
# Rules=fide: the GUI adjudicates by modern rules, so both engines must count draws so.
# shellcheck disable=SC2086 # the option lists are word lists on purpose
"$FC" -engine cmd="$NEW" name=new option.Rules=fide ${NEW_OPTIONS:-} \
      -engine cmd="$BASE" name=base option.Rules=fide ${BASE_OPTIONS:-} \
      -each tc="$TC" option.Hash="${HASH:-16}" option.Threads=1 \
      -openings file="$OPENINGS" format=epd order=random \
      -repeat -rounds "${ROUNDS:-20000}" -concurrency "${CONCURRENCY:-1}" \
      -sprt elo0="$ELO0" elo1="$ELO1" alpha=0.05 beta=0.05 model=normalized \
      -pgnout file="$OUT/games.pgn" 2>&1 | tee "$OUT/log.txt"
