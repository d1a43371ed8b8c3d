#!/bin/bash
# A long `cowpoke sim` run as a Slurm job array, with no code of ours in
# between: each array task plays one shard (the task's index is the shard)
# and writes its --json report to RESULTS; a job that depends on the array
# merges them.
#
#   jid=$(sbatch --parsable --array=1-8 slurm.sh)
#   sbatch --dependency=afterok:$jid slurm.sh merge
#
# The shard count is the array's size; the merge is told the same count by
# SHARDS (default 8: export SHARDS=N for --array=1-N). The array is given
# on the command line, not below, so that the merge job is not an array
# too. SIM_ARGS and RESULTS may be set in the environment sbatch passes on.
#SBATCH --job-name=cowpoke-sim
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
	cowpoke sim merge "$RESULTS/merged.json" > "$RESULTS/merged.txt"
	# The page of charts is an ordinary run's; a ladder (--ladder) or a balance has its text.
	grep -q '^ "kind": ' "$RESULTS/merged.json" || cowpoke sim merge "$RESULTS/merged.json" --report "$RESULTS/merged.html" > /dev/null
	exit 0
fi

shard=${SLURM_ARRAY_TASK_ID:?"slurm.sh: run it as a job array (sbatch --array=1-N slurm.sh), or with the argument merge"}
shards=$SLURM_ARRAY_TASK_COUNT
part="$RESULTS/part-$shard-of-$shards.json"
# Written aside, then renamed: the merge never reads half a file.
# SIM_ARGS is split into words on purpose.
# shellcheck disable=SC2086
cowpoke sim $SIM_ARGS --workers "${SLURM_CPUS_PER_TASK:-1}" --shard "$shard/$shards" --json > "$part.tmp"
mv "$part.tmp" "$part"
