#!/usr/bin/env bash
# One long libFuzzer run of a target, as docs/fuzzing.md describes: the committed seeds and found
# units in, 10 million executions or SECONDS (whichever first), then the new units merged against
# what is committed and copied into tests/fuzz/found/CORPUS. Prints the figures the page records.
#
#   bash tests/fuzz/long-run.sh BUILD_FUZZ_DIR TARGET CORPUS SECONDS [extra libFuzzer flags...]
#   e.g. bash tests/fuzz/long-run.sh build-fuzz sources source 3600
#
# The fuzzer runs at nice ${LONG_RUN_NICE:-19}, so builds on the same machine keep their priority.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
if (($# < 4)); then
    echo "usage: long-run.sh BUILD_FUZZ_DIR TARGET CORPUS SECONDS [libFuzzer flags...]" >&2
    exit 2
fi
build=$(cd "$1" && pwd)
target=$2
corpus=$3
seconds=$4
shift 4

binary=$build/bin/fuzz_$target
[ -x "$binary" ] || { echo "long-run: no $binary (build the fuzz tree first)" >&2; exit 2; }
seeds=$root/tests/fuzz/corpus/$corpus
found=$root/tests/fuzz/found/$corpus
work=$build/long-run/$target
rm -rf "$work"
mkdir -p "$work/new" "$work/keep" "$work/artifacts" "$found"

log=$work/run.log
echo "long-run: fuzz_$target for ${seconds}s or 10M executions; log $log"
start=$(date +%s)
# New units go to the first directory; the seeds and the found units are read as the start.
nice -n "${LONG_RUN_NICE:-19}" "$binary" -runs=10000000 -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -malloc_limit_mb=1024 -print_final_stats=1 \
    -artifact_prefix="$work/artifacts/" "$@" "$work/new" "$seeds" "$found" >"$log" 2>&1 ||
    echo "long-run: fuzz_$target exited $? (see $log and $work/artifacts)"
elapsed=$(($(date +%s) - start))

# Merge: keep holds what is committed; -merge=1 adds only units with coverage beyond it.
cp -r "$seeds/." "$found/." "$work/keep/"
before=$(ls "$work/keep" | sort)
nice -n 19 "$binary" -merge=1 -timeout=10 -rss_limit_mb=2048 -malloc_limit_mb=1024 \
    "$work/keep" "$work/new" >"$work/merge.log" 2>&1
added=0
while read -r unit; do
    [ -n "$unit" ] || continue
    [ -e "$seeds/$unit" ] || [ -e "$found/$unit" ] || { cp "$work/keep/$unit" "$found/"; added=$((added + 1)); }
done < <(comm -13 <(echo "$before") <(ls "$work/keep" | sort))

executions=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{print $2}' | tail -1)
rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | awk '{print $2}' | tail -1)
cov_start=$(grep -m1 'INITED' "$log" | grep -o 'cov: [0-9]*' | awk '{print $2}')
cov_end=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | awk '{print $2}')
peak=$(grep -o 'stat::peak_rss_mb: *[0-9]*' "$log" | awk '{print $2}' | tail -1)
findings=$(ls "$work/artifacts" | wc -l)
echo "long-run: fuzz_$target executions=${executions:-?} seconds=$elapsed exec/s=${rate:-?}" \
    "cov=${cov_start:-?}->${cov_end:-?} new-units=$added peak-rss-mb=${peak:-?} findings=$findings"
