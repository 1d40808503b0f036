#!/usr/bin/env bash
# The Slurm recipe of docs/PERFT.md, run on a real one-node Slurm cluster made from
# Debian's packages (slurm-wlm, munge) for the length of the run: munged, slurmctld and
# slurmd on this machine, each with its files in a folder of its own, stopped at the end.
#
# The recipe as written: `perft split`, then an array job whose every task runs
# `perft job --shard /N jobs` with its output in results.<index>; one task killed by
# `scancel` while it counts; `perft merge` names what is missing, `merge --missing` gives
# the lines to run again, which go in again with sbatch; the merge is then exact.
#
# Usage: scripts/slurm_perft.sh [DEPTH] [TASKS]
#   DEPTH  of the start position's perft (default 7; split at 3)
#   TASKS  in the array (default 10)
# PERFT names the perft binary (default: target/release/perft, built if missing).
# Needs root (the daemons run as root here) and the packages slurm-wlm and munge.
set -euo pipefail
cd "$(dirname "$0")/.."
DEPTH=${1:-7}
TASKS=${2:-10}
KILLED=3
declare -A EXPECTED=([5]=4865609 [6]=119060324 [7]=3195901860 [8]=84998978956)
WANT=${EXPECTED[$DEPTH]:?"depth $DEPTH: no known count to check (5 to 8)"}
((KILLED < TASKS)) || { echo "slurm: TASKS must be more than $KILLED" >&2; exit 2; }
[ "$(id -u)" = 0 ] || { echo "slurm: run as root (the daemons run as root here)" >&2; exit 2; }
for tool in munged slurmctld slurmd sbatch squeue scancel sinfo awk; do
  command -v "$tool" >/dev/null || { echo "slurm: $tool is missing (apt-get install slurm-wlm munge)" >&2; exit 2; }
done
if [ -z "${PERFT:-}" ]; then
  cargo build --release -p morphy-perft --quiet
  PERFT=$PWD/target/release/perft
fi
PERFT=$(realpath "$PERFT")
START=$(date +%s.%N)
# Seconds since $1 (a `date +%s.%N`), to a tenth.
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }
ARRAY=""
RERUN=""

ROOT=$(mktemp -d /tmp/morphy-slurm.XXXXXX)
chmod 755 "$ROOT"
mkdir -p "$ROOT"/{munge,state,spool,log,work}
chmod 700 "$ROOT/munge"
stop() {
  local rc=$?
  set +e
  # The jobs first (their perft processes would outlive slurmd), then the daemons,
  # each waited for a few seconds.
  [ -n "$ARRAY$RERUN" ] && scancel --full $ARRAY $RERUN 2>/dev/null
  for _ in $(seq 50); do
    [ -z "$(squeue -h -o %i 2>/dev/null)" ] && break
    sleep 0.1
  done
  for daemon in slurmd slurmctld; do
    pid=$(cat "$ROOT/$daemon.pid" 2>/dev/null)
    [ -n "$pid" ] || continue
    kill "$pid" 2>/dev/null
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  done
  munged --socket="$ROOT/munge/socket" --stop >/dev/null 2>&1
  if [ $rc -ne 0 ]; then
    echo "slurm: failed; the daemons' logs and the tasks' errors:" >&2
    tail -n 20 "$ROOT"/log/* "$ROOT"/work/errors.* >&2 2>/dev/null
  fi
  rm -rf "$ROOT" 2>/dev/null
  exit $rc
}
trap stop EXIT

# munge: a key of its own, its socket in the folder.
head -c 1024 /dev/urandom >"$ROOT/munge/key"
chmod 400 "$ROOT/munge/key"
munged --force --socket="$ROOT/munge/socket" --key-file="$ROOT/munge/key" \
  --pid-file="$ROOT/munge/pid" --seed-file="$ROOT/munge/seed" --log-file="$ROOT/log/munged.log"

HOST=$(hostname -s)
CPUS=$(nproc)
# Ports of its own, away from a cluster the machine may belong to.
CTLD_PORT=$((20000 + RANDOM % 20000))
export SLURM_CONF=$ROOT/slurm.conf
cat >"$SLURM_CONF" <<EOF
ClusterName=morphy-perft
SlurmctldHost=$HOST
SlurmctldPort=$CTLD_PORT
SlurmdPort=$((CTLD_PORT + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$ROOT/munge/socket
StateSaveLocation=$ROOT/state
SlurmdSpoolDir=$ROOT/spool
SlurmctldPidFile=$ROOT/slurmctld.pid
SlurmdPidFile=$ROOT/slurmd.pid
SlurmctldLogFile=$ROOT/log/slurmctld.log
SlurmdLogFile=$ROOT/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
NodeName=$HOST CPUs=$CPUS State=UNKNOWN
PartitionName=perft Nodes=$HOST Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -c
slurmd
for _ in $(seq 100); do
  sinfo -h -o %T 2>/dev/null | grep -Eq '^idle' && break
  sleep 0.2
done
sinfo -h -o %T | grep -Eq '^idle' || { echo "slurm: the node never came up" >&2; exit 1; }
echo "slurm: one-node cluster up on $HOST ($CPUS CPUs) in $(since "$START") s"

# The recipe.
cd "$ROOT/work"
"$PERFT" split --depth "$DEPTH" --split-depth 3 >jobs
cat >perft.sbatch <<EOF
#!/bin/sh
#SBATCH --job-name=perft
#SBATCH --array=0-$((TASKS - 1))
#SBATCH --cpus-per-task=1
#SBATCH --output=results.%a
#SBATCH --error=errors.%a
exec "$PERFT" job --shard /$TASKS jobs
EOF
T0=$(date +%s.%N)
ARRAY=$(sbatch --parsable perft.sbatch)
echo "slurm: array job $ARRAY of $TASKS tasks, $(grep -vc '^#' jobs) job lines"

# Task KILLED is killed while it counts: once it runs and has written a first line.
state=""
for _ in $(seq 3000); do
  state=$(squeue -h -r -j "${ARRAY}_$KILLED" -o %T 2>/dev/null || true)
  [ "$state" = RUNNING ] && [ -s "results.$KILLED" ] && break
  if [ -z "$state" ]; then
    echo "slurm: task $KILLED ended before it could be killed: use a deeper perft or more tasks" >&2
    exit 1
  fi
  sleep 0.01
done
if [ "$state" != RUNNING ]; then
  echo "slurm: task $KILLED never ran within 30 s (state: ${state:-gone})" >&2
  exit 1
fi
scancel --signal=KILL "${ARRAY}_$KILLED"
scancel "${ARRAY}_$KILLED"
echo "slurm: task $KILLED killed while it ran"
for _ in $(seq 3000); do
  [ -z "$(squeue -h -r -j "$ARRAY" -o %i 2>/dev/null)" ] && break
  sleep 0.2
done
[ -z "$(squeue -h -r -j "$ARRAY" -o %i 2>/dev/null)" ] || { echo "slurm: the array did not end within 10 minutes" >&2; exit 1; }

set +e
"$PERFT" merge jobs results.* >merged 2>missing
rc=$?
set -e
if [ $rc -eq 0 ]; then
  echo "slurm: task $KILLED finished before the kill landed: use a deeper perft or more tasks" >&2
  exit 1
fi
if [ $rc -ne 1 ]; then
  echo "slurm: merge after the kill should report missing jobs (exit 1), got $rc:" >&2
  cat merged missing >&2
  exit 1
fi
echo "slurm: merge: $(cut -c1-100 missing)…"
set +e
"$PERFT" merge --missing jobs results.* >rerun
rc=$?
set -e
[ $rc -le 1 ] || { echo "slurm: merge --missing failed (exit $rc)" >&2; exit 1; }
echo "slurm: $(grep -vc '^#' rerun) job lines to run again"
cat >rerun.sbatch <<EOF
#!/bin/sh
#SBATCH --job-name=perft-rerun
#SBATCH --cpus-per-task=1
#SBATCH --output=results.rerun
#SBATCH --error=errors.rerun
exec "$PERFT" job rerun
EOF
RERUN=$(timeout 600 sbatch --parsable --wait rerun.sbatch)
echo "slurm: rerun job $RERUN done"
"$PERFT" merge jobs results.* >merged
GOT=$(sed -n 's/^Nodes: //p' merged)
ELAPSED=$(since "$T0")
if [ "$GOT" != "$WANT" ]; then
  echo "slurm: perft $DEPTH merged to '$GOT', not $WANT" >&2
  exit 1
fi
echo "slurm: perft $DEPTH = $GOT, exact, ${ELAPSED} s from sbatch to the last merge"
echo "slurm: $(since "$START") s in all"
