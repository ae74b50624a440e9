#!/usr/bin/env bash
# A/A check: does the bench call two identical scenarios different? Runs `preheat bench` N times with
# the same scenario twice (`--scenario=a=none --scenario=b=none`: no preloading on both sides, two
# php-fpm pools of their own), reads each run's JSON report and prints, per run, b's gain against a
# with its 95% interval and verdict. An identical pair must come out "no measurable difference"; at
# 95% confidence about 1 run in 20 is expected to be called faster or slower by chance. The target is
# at most 5% of runs, rounded up to whole runs (at most 1 of 10, 1 of 20, 2 of 40): over it, the exit
# code is 1.
#
# Usage: bench/aa.sh [N]   (default 10 runs)
#   AA_PROJECT=DIR      the app to bench (default: the bundled demo, set up first)
#   AA_OPTIONS="..."    bench options (default: short rounds, see below; the demo's preheat.json gives
#                       the pages, workers and concurrency)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-10}
if ! [[ $runs =~ ^[1-9][0-9]*$ ]]; then
    echo "bench/aa.sh: N must be a whole number of runs above 0, got '$runs'. Usage: bench/aa.sh [N]" >&2
    exit 2
fi
project=${AA_PROJECT:-demo}
options=${AA_OPTIONS:---rounds=5 --duration=1 --warmup=1 --max-time=90s --precision=2 --restart-every=5}
# shellcheck source=bench/lib/demo-project.sh
. bench/lib/demo-project.sh
prepare_bench_project "$project"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "A/A check: $runs bench runs of none against none on $project ($options)" >&2
for run in $(seq 1 "$runs"); do
    echo "run $run/$runs ..." >&2
    # shellcheck disable=SC2086
    if ! php bin/preheat bench --project="$project" --scenario=a=none --scenario=b=none $options \
        --format=json --out="$work/$run" >/dev/null 2>"$work/$run.log"; then
        echo "bench/aa.sh: run $run failed; its output:" >&2
        tail -n 20 "$work/$run.log" >&2
        exit 3
    fi
    grep -E 'Measured [0-9]+ round' "$work/$run.log" | sed 's/^ *✓ */  /' >&2 || true
done

php bench/aa-summary.php "$work" "$runs"
