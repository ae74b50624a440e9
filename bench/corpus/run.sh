#!/usr/bin/env bash
# `make corpus`: sets up the real-app corpus (bench/corpus/apps/*/setup.sh; installs are cached under the
# work dir) and checks Preheat on each app as a new user would, with no hand-written options:
#   1. app       the pages answer 200 with their content on the real php-fpm, without preloading
#   2. generate  `preheat generate` run in the app's directory with the defaults
#   3. verify    `preheat verify preload.php --ini=<php-fpm's php.ini> --strict`
#   4. fpm       php-fpm started with its real php.ini plus opcache.preload (pool user www-data): it starts,
#                logs no fatal or warning, and serves the pages
#   5. gate      `preheat bench`, short rounds, no masks: none against a second none (the gate does not cry
#                wolf), then none against all and trace (the pages identical); where the app has a
#                canary-preload.php that changes a page on purpose, the gate must fail on it
# then prints a table per app and exits 1 when any step of any app failed.
# Usage: bench/corpus/run.sh [APP...]   (apps: wordpress mediawiki phpmyadmin symfony laravel8 demo; default all)
#   PHP_VERSION=8.4            the PHP the apps run on (default 8.2; its Debian packages must be installable
#                              here: bench/corpus/matrix.sh runs this script in the PHP matrix's root for it)
#   CORPUS_WORK=DIR            where the apps and results live (default bench/corpus/work)
#   CORPUS_BENCH_OPTIONS=...   options for `preheat bench` (default: one short round)
#   CORPUS_GENERATE_OPTIONS=... options for `preheat generate`, to try what the defaults miss (e.g. --path=.);
#                              the corpus itself is meant to pass without any
set -uo pipefail
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

apps=("$@")
((${#apps[@]})) || apps=("${ALL_APPS[@]}")
for app in "${apps[@]}"; do
    [ -x "$CORPUS_DIR/apps/$app/setup.sh" ] || die "no app '$app' (apps: ${ALL_APPS[*]})"
done
bench_options=${CORPUS_BENCH_OPTIONS:---rounds=1 --max-time=0 --duration=2 --warmup=1 --concurrency=2 --workers=2}
preheat=("$PHP" "$REPO_DIR/bin/preheat")
read -r -a generate_options <<<"${CORPUS_GENERATE_OPTIONS:-}"

need_packages "php$PHP_VERSION-cli" "php$PHP_VERSION-fpm" "php$PHP_VERSION-opcache" nginx wrk curl jq
mkdir -p "$WORK_DIR"
check_traversable "$WORK_DIR"
results=$WORK_DIR/results
rm -rf "$results"
mkdir -p "$results"

needs_mariadb=0
for app in "${apps[@]}"; do
    case $app in wordpress | phpmyadmin) needs_mariadb=1 ;; esac
done
if ((needs_mariadb)); then
    trap 'bash "$CORPUS_DIR/mariadb.sh" stop' EXIT
    bash "$CORPUS_DIR/mariadb.sh" start || die "MariaDB did not start"
fi

# Runs one step: its command line, output and exit code go to $results/APP/STEP.{cmd,out,rc}.
step() {
    local app=$1 name=$2
    shift 2
    local begun=$SECONDS
    printf '%q ' "$@" >"$results/$app/$name.cmd"
    "$@" >"$results/$app/$name.out" 2>"$results/$app/$name.err"
    echo $? >"$results/$app/$name.rc"
    echo $((SECONDS - begun)) >"$results/$app/$name.seconds"
}

started=$(date +%s)
log "PHP $("$PHP" -r 'echo PHP_VERSION;'), php-fpm $FPM, $FPM_INI"
for app in "${apps[@]}"; do
    dir=$WORK_DIR/$app
    mkdir -p "$results/$app"
    log "$app: setting up"
    step "$app" setup bash "$CORPUS_DIR/apps/$app/setup.sh"
    if [ "$(cat "$results/$app/setup.rc")" != 0 ]; then
        log "$app: setup failed, see $results/$app/setup.err"
        continue
    fi

    log "$app: pages without preloading"
    step "$app" app bash "$CORPUS_DIR/fpm-check.sh" "$dir" -

    log "$app: preheat generate (defaults)"
    rm -f "$dir/preload.php"
    (cd "$dir" && step "$app" generate "${preheat[@]}" generate "${generate_options[@]}")
    # The plan once more as JSON (no verification, another output file): which files were scanned.
    (cd "$dir" && step "$app" plan "${preheat[@]}" generate "${generate_options[@]}" --format=json --no-verify \
        --output="$results/$app/plan-preload.php")

    log "$app: preheat verify --ini=$FPM_INI --strict"
    step "$app" verify "${preheat[@]}" verify "$dir/preload.php" --ini="$FPM_INI" --strict

    log "$app: php-fpm with the preload script"
    if [ -f "$dir/preload.php" ]; then
        step "$app" fpm bash "$CORPUS_DIR/fpm-check.sh" "$dir" "$dir/preload.php"
    else
        echo '(skipped)' >"$results/$app/fpm.cmd"
        echo 'no preload.php: generate wrote none' >"$results/$app/fpm.out"
        echo 1 >"$results/$app/fpm.rc"
    fi

    # Two runs, so that a scenario that cannot even be prepared does not hide whether the pages are stable.
    log "$app: preheat bench gate, none against none"
    # shellcheck disable=SC2086
    step "$app" noise "${preheat[@]}" bench --project="$dir" --scenario=none=none --scenario=none-again=none \
        $bench_options --out="$results/$app/noise"
    log "$app: preheat bench gate, none against all and trace"
    # shellcheck disable=SC2086
    step "$app" bench "${preheat[@]}" bench --project="$dir" --scenario=none=none --scenario=all=all \
        --scenario=trace=trace $bench_options --out="$results/$app/bench"

    # An app may bring a preload script that changes a page on purpose: the gate must catch it.
    if [ -f "$CORPUS_DIR/apps/$app/canary-preload.php" ]; then
        log "$app: preheat bench gate, none against a script that changes a page"
        # shellcheck disable=SC2086
        step "$app" canary "${preheat[@]}" bench --project="$dir" --scenario=none=none \
            --scenario=canary="$CORPUS_DIR/apps/$app/canary-preload.php" $bench_options --out="$results/$app/canary"
    fi
done

"$PHP" "$CORPUS_DIR/summarize.php" "$results" "$WORK_DIR" "${apps[@]}"
status=$?
log "corpus took $(($(date +%s) - started)) s; outputs in $results"
exit $status
