#!/usr/bin/env bash
# The integration and fault suites on a busy machine: stress-ng keeps LOAD_PER_CORE busy workers per core
# running beside them (2 by default), as on a server shared with other work. A verdict, exit code or test
# that depends on how fast the machine is fails here. Usage: scripts/test-loaded.sh [SUITE...]
# (default: integration fault). Nothing is left running: stress-ng is stopped by its PID on any exit.
set -euo pipefail
cd "$(dirname "$0")/.."

PHP=${PHP:-php}
per_core=${LOAD_PER_CORE:-2}
if ! [[ $per_core =~ ^[1-9][0-9]?$ ]]; then
    echo "LOAD_PER_CORE must be a whole number from 1 to 99, not '$per_core'." >&2
    exit 2
fi
suites=("$@")
((${#suites[@]})) || suites=(integration fault)

cores=$(nproc)
workers=$((cores * per_core))
# Bounded in time whatever happens to this script: 2 hours at the most.
stress-ng --cpu "$workers" --cpu-method matrixprod --timeout 7200s --quiet &
stress_pid=$!
stop_stress() {
    kill -TERM "$stress_pid" 2>/dev/null || true
    wait "$stress_pid" 2>/dev/null || true
}
trap stop_stress EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
echo "stress-ng: $workers busy workers on $cores cores (PID $stress_pid) beside: ${suites[*]}" >&2

status=0
for suite in "${suites[@]}"; do
    start=$SECONDS
    if ! "$PHP" vendor/bin/phpunit --testsuite "$suite"; then
        status=1
    fi
    echo "suite $suite under load: $((SECONDS - start)) s, load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
done
exit "$status"
