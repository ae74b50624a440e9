#!/usr/bin/env bash
# Together or in turns: does loading every scenario of a round at the same time (--schedule=together,
# the default) give the same gains as loading them one after another (--schedule=turns), with narrower
# intervals in the same time? Benches the demo PAIRS times with each schedule, alternating which goes
# first, all runs with the same options, and prints per run each gain against none on the report's
# headline figure with its 95% interval and half-width, then per schedule the median half-width, and
# whether each together gain lies within the interval of the turns run of its pair (and the reverse).
#
# Usage: bench/schedule.sh [PAIRS]   (default 2: four runs of about 2 minutes each)
#   SCHEDULE_PROJECT=DIR    the app to bench (default: the bundled demo, set up first)
#   SCHEDULE_OPTIONS="..."  bench options for every run (default below: none, all and hot, 2 s rounds,
#                           100 s of rounds each; the demo's preheat.json gives pages, workers, concurrency)
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=${1:-2}
if ! [[ $pairs =~ ^[1-9][0-9]*$ ]]; then
    echo "bench/schedule.sh: PAIRS must be a whole number above 0, got '$pairs'. Usage: bench/schedule.sh [PAIRS]" >&2
    exit 2
fi
project=${SCHEDULE_PROJECT:-demo}
options=${SCHEDULE_OPTIONS:---scenario=none=none --scenario=all=all --scenario=hot=hot --duration=2 --warmup=2 --rounds=5 --max-time=100s}
# shellcheck source=bench/lib/demo-project.sh
. bench/lib/demo-project.sh
prepare_bench_project "$project"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "Schedules: $pairs pair(s) of bench runs, in turns and together, on $project ($options)" >&2
for pair in $(seq 1 "$pairs"); do
    # Odd pairs start in turns, even pairs together: a drifting machine favours neither.
    if [ $((pair % 2)) = 1 ]; then order="turns together"; else order="together turns"; fi
    for schedule in $order; do
        echo "pair $pair/$pairs, $schedule ..." >&2
        # shellcheck disable=SC2086
        if ! php bin/preheat bench --project="$project" $options --schedule="$schedule" \
            --format=json --out="$work/$pair-$schedule" >/dev/null 2>"$work/$pair-$schedule.log"; then
            echo "bench/schedule.sh: pair $pair ($schedule) failed; its output:" >&2
            tail -n 20 "$work/$pair-$schedule.log" >&2
            exit 3
        fi
        grep -E 'Measured [0-9]+ round' "$work/$pair-$schedule.log" | sed 's/^ *✓ */  /' >&2 || true
    done
done

php bench/schedule-summary.php "$work" "$pairs"
