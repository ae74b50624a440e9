#!/usr/bin/env bash
# Does `preheat generate` with no options give the gain at a fraction of the memory? On the demo (a
# Composer-installed laravel/laravel 12) or PROJECT (e.g. bench/corpus/work/laravel8 after
# `make corpus APPS=laravel8`, Debian's Laravel 8): starts php-fpm with the app on a loopback port,
# sends it a bounded number of requests for the bench's pages, runs `generate` with no strategy options
# (it finds that php-fpm through the pool files next to the php.ini it verifies with, and reads its
# OPcache hit counts), stops php-fpm by its PID, then benches none, that script, hot and all, and
# prints the default's CPU-per-request gain against the best preload rung and its preload memory against
# preload all's, with the targets (within 2 points; at most 25% of the memory).
#
# Usage: bench/default.sh [PROJECT] [REQUESTS_PER_PAGE]   (default: demo, 30)
#   PREHEAT_BENCH_OPTIONS="--max-time=2m"   more options for the bench; "--tool=callgrind --rounds=3
#                                           --max-time=0" compares instructions per request, which a busy
#                                           machine does not blur (about 13 minutes on the demo)
# The report (and generate's output) stays in the /tmp/preheat-default-report.* directory it names.
set -euo pipefail
cd "$(dirname "$0")/.."
project=${1:-demo}
per_page=${2:-30}
. bench/lib/demo-project.sh
prepare_bench_project "$project"
project=$(cd "$project" && pwd)

fpm=$(command -v "php-fpm$(php -r 'echo PHP_MAJOR_VERSION.".".PHP_MINOR_VERSION;')" || command -v php-fpm || true)
[ -x "${fpm:-}" ] || fpm=$(ls /usr/sbin/php-fpm* 2>/dev/null | head -1)
[ -x "${fpm:-}" ] || { echo "No php-fpm found: install php8.2-fpm." >&2; exit 3; }

work=$(mktemp -d /tmp/preheat-default.XXXXXX)
# The report outlives the run: the bench's report.md/json/svg and generate's output.
report=$(mktemp -d /tmp/preheat-default-report.XXXXXX)
chmod 755 "$work"
fpm_pid=
stop_fpm() {
    if [ -n "$fpm_pid" ] && kill -0 "$fpm_pid" 2>/dev/null; then
        kill "$fpm_pid"
        wait "$fpm_pid" 2>/dev/null || true
    fi
    fpm_pid=
}
trap 'stop_fpm; rm -rf "$work"' EXIT

port=$(php -r 'require "vendor/autoload.php"; echo Preheat\Server\Ports::free();')
user=${WEB_USER:-}
mkdir -p "$work/pool.d"
cat >"$work/php.ini" <<INI
opcache.enable=1
opcache.enable_cli=0
opcache.memory_consumption=256
opcache.interned_strings_buffer=32
opcache.max_accelerated_files=20000
opcache.validate_timestamps=0
${user:+opcache.preload_user=$user}
INI
cat >"$work/php-fpm.conf" <<CONF
[global]
pid = $work/fpm.pid
error_log = $work/fpm.log
daemonize = no
include = $work/pool.d/*.conf
CONF
cat >"$work/pool.d/app.conf" <<CONF
[app]
${user:+user = $user}
${user:+group = $user}
listen = 127.0.0.1:$port
pm = static
pm.max_children = 4
CONF
as_root=()
[ "$(id -u)" = 0 ] && as_root=(--allow-to-run-as-root)
"$fpm" --nodaemonize --fpm-config "$work/php-fpm.conf" --php-ini "$work/php.ini" "${as_root[@]}" &
fpm_pid=$!
for _ in $(seq 1 300); do
    php -r 'exit(@fsockopen("127.0.0.1", (int) $argv[1]) ? 0 : 1);' "$port" && break
    kill -0 "$fpm_pid" 2>/dev/null || { cat "$work/fpm.log" >&2; exit 3; }
    sleep 0.1
done

mapfile -t pages < <(php -r '$c = json_decode(file_get_contents($argv[1]), true);
    foreach ($c["bench"]["urls"] ?? [["path" => "/"]] as $u) { echo is_array($u) ? $u["path"] : $u, "\n"; }' \
    "$project/preheat.json")
front=$(php -r '$c = json_decode(file_get_contents($argv[1]), true)["bench"] ?? [];
    echo ($c["documentRoot"] ?? "public"), "/", ($c["frontController"] ?? "index.php");' "$project/preheat.json")
php bench/fpm-traffic.php "127.0.0.1:$port" "$project/$front" "$per_page" "${pages[@]}"

# The paths the bench plans from (preheat.json's generate.paths, if any: a Composer app needs none), as
# generate takes them.
mapfile -t paths < <(php -r '$c = json_decode(file_get_contents($argv[1]), true);
    foreach ($c["generate"]["paths"] ?? [] as $p) { echo "--path=", $p, "\n"; }' "$project/preheat.json")
# generate with no strategy options: the php.ini php-fpm runs with, whose pool.d says where it listens.
php bin/preheat generate --project="$project" "${paths[@]}" --ini="$work/php.ini" --output="$work/preload.php" \
    --no-cache \
    2>&1 | tee "$work/generate.log" >&2
stop_fpm

# shellcheck disable=SC2086
php bin/preheat bench --project="$project" --scenario=none=none --scenario=default="$work/preload.php" \
    --scenario=hot=hot --scenario=all=all --out="$report" ${PREHEAT_BENCH_OPTIONS:-}
cp "$work/generate.log" "$report/generate.log"
php bench/default-summary.php "$report/report.json" "$report/generate.log"
