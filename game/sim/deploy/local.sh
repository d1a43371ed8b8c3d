#!/bin/bash
# Plays a `cowpoke sim` run as N shards in separate processes on this
# machine, the way the Kubernetes Indexed Job and the Slurm array do, joins
# them with `cowpoke sim merge`, plays the same run at once, and checks the
# two reports are the same line for line (apart from the timing lines).
#
#   local.sh N DIR SIM-ARGS...      e.g.  local.sh 3 out -n 40 --seed 5
#
# COWPOKE names the program (default: cowpoke on the PATH). Exit 0 when the
# merged shards equal the whole run, 1 otherwise (the difference is in
# DIR/diff.txt).
set -euo pipefail

if [ $# -lt 2 ]; then
	echo "usage: local.sh N DIR SIM-ARGS..." >&2
	exit 2
fi
n=$1
dir=$2
shift 2
cowpoke=${COWPOKE:-cowpoke}
mkdir -p "$dir"

pids=()
for i in $(seq 1 "$n"); do
	"$cowpoke" sim "$@" --shard "$i/$n" --json > "$dir/part-$i-of-$n.json" 2> "$dir/part-$i-of-$n.log" &
	pids+=($!)
done
for pid in "${pids[@]}"; do
	wait "$pid" # a shard that failed stops the script here (set -e)
done
parts=()
for i in $(seq 1 "$n"); do
	parts+=("$dir/part-$i-of-$n.json")
done
"$cowpoke" sim merge "${parts[@]}" --json > "$dir/merged.json"
"$cowpoke" sim "$@" --json > "$dir/whole.json" 2> "$dir/whole.log"

# The timing lines differ from run to run; everything else must not.
untimed() { grep -v -E '^ *"(workers|elapsed_seconds|matches_per_second)":' "$1"; }
if ! diff <(untimed "$dir/merged.json") <(untimed "$dir/whole.json") > "$dir/diff.txt"; then
	echo "local.sh: the $n shards merged differ from the whole run (see $dir/diff.txt)" >&2
	exit 1
fi
echo "local.sh: the $n shards merged equal the whole run ($(grep -c '"number"' "$dir/whole.json") matches)"
