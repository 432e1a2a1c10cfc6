#!/usr/bin/env bash
# slurm.sh - scripts/shards_slurm.sbatch on a real Slurm: a single-node
# cluster started here (munged, slurmctld and slurmd on this machine, a
# minimal slurm.conf in a temporary folder, ports of its own), an
# experiment submitted as a job array of 2 shards, waited for, merged, and
# the merged rows equal a serial run's (the same runs, each once, timing
# columns aside).  It needs root (the daemons) and Debian's slurm-wlm and
# munge (scripts/test.sh installs them); without them it prints why and is
# skipped (exit 77).  docs/driver.md, "Sharding", says how to use the
# script on a real cluster.
. "$(dirname "$0")/lib.sh"
skip() { echo "skipped: $*"; exit 77; }
[ "$(id -u)" -eq 0 ] || skip "the Slurm daemons need root"
for b in munged slurmctld slurmd sbatch squeue; do
  command -v $b >/dev/null || skip "$b is missing (scripts/deps.sh slurm-wlm munge)"
done
host=$(hostname -s)
cl=$TMP/cluster
mkdir -p "$cl/state" "$cl/spool" "$cl/munge" "$cl/out"
chmod 700 "$cl/munge"
# munge: a key and a socket of our own (no system daemon needed)
dd if=/dev/urandom of="$cl/munge/key" bs=1024 count=1 status=none
chmod 400 "$cl/munge/key"
munged --force --key-file="$cl/munge/key" --socket="$cl/munge/sock" \
  --pid-file="$cl/munge/pid" --log-file="$cl/munge/log" --seed-file="$cl/munge/seed" ||
  skip "munged does not start: $(tail -3 "$cl/munge/log" 2>/dev/null)"
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
  [ -s "$cl/munge/pid" ] && kill "$(cat "$cl/munge/pid")" 2>/dev/null
  sleep 0.5
  rm -rf "$TMP"
}
trap cleanup EXIT
# ports of our own, so that a system Slurm (if any) is not disturbed
port=$((20000 + RANDOM % 20000))
cat >"$cl/slurm.conf" <<CONF
ClusterName=searchlabtest
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$cl/munge/sock
CredType=cred/munge
StateSaveLocation=$cl/state
SlurmdSpoolDir=$cl/spool
SlurmctldPidFile=$cl/slurmctld.pid
SlurmdPidFile=$cl/slurmd.pid
SlurmctldLogFile=$cl/slurmctld.log
SlurmdLogFile=$cl/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
MpiDefault=none
NodeName=$host CPUs=$(nproc) State=UNKNOWN
PartitionName=test Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$cl/slurm.conf
slurmctld -D -f "$SLURM_CONF" >>"$cl/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >>"$cl/slurmd.out" 2>&1 &
pids+=($!)
up=0
for i in $(seq 1 150); do
  if sinfo -h -o %t 2>/dev/null | grep -qE '^(idle|mix|alloc)'; then up=1; break; fi
  sleep 0.2
done
[ $up -eq 1 ] || skip "the cluster does not come up: $(tail -3 "$cl/slurmctld.log" "$cl/slurmd.log" 2>/dev/null | tr '\n' ' ')"
exp=$TMP/small.exp
cat >"$exp" <<EXP
experiment slurmtest
puzzle futoshiki
instances $PWD/instances/futoshiki/case1.fut $PWD/instances/futoshiki/case2.fut
strategy bt fc gac
reps 2
seed 11
EXP
# the array: one shard per task, as a user submits it
job=$(cd "$cl/out" && SEARCHLAB=$BIN sbatch --parsable --array=1-2 \
  --output="$cl/out/searchlab-%A_%a.log" "$OLDPWD/scripts/shards_slurm.sbatch" "$exp" "$cl/out/big.csv")
check "sbatch accepts the array (job $job)" [ -n "$job" ]
done_=0
for i in $(seq 1 600); do # at most 120 s
  [ -z "$(squeue -h -j "$job" 2>/dev/null)" ] && { done_=1; break; }
  sleep 0.2
done
check "the array ends within 120 s" [ $done_ -eq 1 ]
check "both tasks wrote their shard: $(ls "$cl/out"; cat "$cl"/out/*.log 2>/dev/null | tail -5)" \
  [ -s "$cl/out/big-shard1.csv" -a -s "$cl/out/big-shard2.csv" ]
"$BIN" merge "$cl/out/big-shard1.csv" "$cl/out/big-shard2.csv" --out "$cl/out/big.csv" 2>"$TMP/err"
rc=$?
check "merge: exit 0 ($(cat "$TMP/err"))" [ $rc -eq 0 ]
"$BIN" run "$exp" --out "$TMP/serial.csv" 2>/dev/null
check "the serial run: exit 0" [ $? -eq 0 ]
check "12 merged rows (got $(rows "$cl/out/big.csv"))" [ "$(rows "$cl/out/big.csv")" -eq 12 ]
check "each run once" once_each "$cl/out/big.csv"
untimed "$cl/out/big.csv" >"$TMP/a"
untimed "$TMP/serial.csv" >"$TMP/b"
check "the merged rows equal the serial run's: $(diff "$TMP/a" "$TMP/b" | head -5)" cmp -s "$TMP/a" "$TMP/b"
json_check "the shards ran under Slurm: their context records say 1/2 and 2/2" '
recs = [json.loads(l) for l in open(sys.argv[1])]
assert sorted(r.get("shard") for r in recs if r.get("kind") != "merge") == ["1/2", "2/2"], recs' \
  "$cl/out/big.context.jsonl"
done_tests
