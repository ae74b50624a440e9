#!/usr/bin/env bash
# `make demo`: set the bundled Laravel app up, then measure the ladder on real nginx + php-fpm (the app
# as it is, OPcache sized, a classmap autoloader, preload hot, preload all, the ceiling), print the
# table and write demo/report/{report.md,report.json,chart.svg}.
# Settings are in demo/preheat.json; pass more options through PREHEAT_BENCH_OPTIONS, e.g.
#   PREHEAT_BENCH_OPTIONS="--max-time=2m --precision=3" make demo
set -euo pipefail
cd "$(dirname "$0")/.."
# As root, php-fpm's workers run as the pool's user (www-data): it must write sessions, caches, logs and the database.
if [ "$(id -u)" = 0 ] && id www-data >/dev/null 2>&1; then
    export WEB_USER=${WEB_USER:-www-data}
fi
bash demo/setup.sh >/dev/null
# shellcheck disable=SC2086
php bin/preheat bench --project=demo --ladder --out=demo/report ${PREHEAT_BENCH_OPTIONS:-}
