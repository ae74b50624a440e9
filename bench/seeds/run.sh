#!/usr/bin/env bash
# `make seeds`: set the demo up (for table 1), then reproduce the published tables in shape on this machine.
# Options go to bench/seeds/run.php through SEEDS_OPTIONS, e.g. SEEDS_OPTIONS="--tables=2,3 --repeats=2" make seeds
set -euo pipefail
cd "$(dirname "$0")/../.."
# As root, php-fpm's workers run as the pool's user (www-data): it must write the demo's sessions, caches and logs.
if [ "$(id -u)" = 0 ] && id www-data >/dev/null 2>&1; then
    export WEB_USER=${WEB_USER:-www-data}
fi
# ab at concurrency 1,000 opens 1,000 sockets at once, the servers as many again.
ulimit -n 8192 2>/dev/null || true
bash demo/setup.sh >/dev/null
# shellcheck disable=SC2086
exec php bench/seeds/run.php ${SEEDS_OPTIONS:-}
