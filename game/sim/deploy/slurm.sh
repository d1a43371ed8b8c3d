#!/bin/bash
# A long `cowpoke sim` run as a Slurm job array, with no code of ours in
# between: each array task plays one shard (the task's index is the shard)
# and writes its --json report to RESULTS; a job that depends on the array
# merges them.
#
#   jid=$(sbatch --parsable slurm.sh)
#   sbatch --dependency=afterok:$jid slurm.sh merge
#
# The shard count is the array's size (--array=1-8 below, or sbatch
# --array=1-N); the merge is told the same count by SHARDS (default 8).
# SIM_ARGS and RESULTS may be set in the environment sbatch passes on.
#SBATCH --job-name=cowpoke-sim
#SBATCH --array=1-8
#SBATCH --cpus-per-task=1
#SBATCH --output=cowpoke-sim-%A_%a.log
set -euo pipefail

RESULTS=${RESULTS:-$PWD/cowpoke-results}
SIM_ARGS=${SIM_ARGS:--n 100000 --seed 5 --a-ai normal --b-ai normal}
mkdir -p "$RESULTS"

if [ "${1:-}" = merge ]; then
	shards=${SHARDS:-8}
	parts=()
	for i in $(seq 1 "$shards"); do
		part="$RESULTS/part-$i-of-$shards.json"
		if [ ! -f "$part" ]; then
			echo "slurm.sh merge: $part is missing: did every array task finish?" >&2
			exit 1
		fi
		parts+=("$part")
	done
	cowpoke sim merge "${parts[@]}" --json > "$RESULTS/merged.json.tmp"
	mv "$RESULTS/merged.json.tmp" "$RESULTS/merged.json"
	cowpoke sim merge "$RESULTS/merged.json" --report "$RESULTS/merged.html" > "$RESULTS/merged.txt"
	exit 0
fi

shard=$SLURM_ARRAY_TASK_ID
shards=$SLURM_ARRAY_TASK_COUNT
part="$RESULTS/part-$shard-of-$shards.json"
# Written aside, then renamed: the merge never reads half a file.
# SIM_ARGS is split into words on purpose.
# shellcheck disable=SC2086
cowpoke sim $SIM_ARGS --workers "${SLURM_CPUS_PER_TASK:-1}" --shard "$shard/$shards" --json > "$part.tmp"
mv "$part.tmp" "$part"
