#!/usr/bin/env bash
# Times `preheat generate` (with its verification) cold (nothing cached), warm (parse cache filled, PHP
# booted again with --reverify), as an unchanged re-run (the last verification reused) and on a new release
# (the project, holding the tree and the script, copied to another path of the same length, new mtimes: parsed
# files found by their bytes, the last verification reused for the same bytes), on these trees:
#   bench    Debian's Laravel framework and everything else Debian installs under /usr/share/php (about
#            5,500 PHP files; Laravel from Packagist needs packages the registry here does not hold)
#   symfony  the corpus's Symfony app (bench/corpus/apps/symfony, installed with Composer from its lock),
#            with generate's defaults; skipped, with the reason, when it cannot be installed
#   laravel  the demo (laravel/laravel 12 from its lock, about 7,800 files), likewise
# Each tree's table puts the median (min-max) beside the targets (a larger Composer app's scaled by its
# file count) and the figures measured before; then the timing table of the last run of each kind
# (`generate -vv`): where the seconds go. The bench tree's script is also compared with a naive
# "opcache_compile_file() every file" script. Beside each run, `composer dump-autoload --optimize` on the same
# tree (the classmap dump every build runs beside generate) is timed too, and a second table gives each kind's
# ratio of the two in CPU seconds (user + sys of the whole process tree), the figure machine load does not
# blur, with the targets (cold <= 3x, warm <= 2x, unchanged <= 0.5x, new release <= 2x) and PASS or OVER;
# they do not change the exit code. Exits 1 when a tree's warm median is over its target, or when the runs
# wrote different scripts.
#
# With --scale, the trees are synthetic apps (bench/synthetic-app.php) of 5,500 and 30,000 files instead, and the
# report adds the scale targets: the larger's cold CPU within 6x of the smaller's (linear in the file count) and
# no process of its runs over 1 GB (max RSS).
#
# Usage: bench/generate.sh [ROUNDS] [--scale]   (default 5 rounds of each)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}
if [[ "${2:-}" == --scale ]]; then
    bash scripts/install-deps.sh test
    exec php bench/generate-bench.php "$rounds" synthetic-5500=synthetic:5500 synthetic-30000=synthetic:30000
fi

if ! dpkg-query -W -f='${Status}' php-laravel-framework 2>/dev/null | grep -q 'install ok installed'; then
    echo "Installing Debian's php-laravel-framework (the tree to scan)..." >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends php-laravel-framework >/dev/null
fi
bash scripts/install-deps.sh test

trees=(bench=/usr/share/php)
corpus_work=${CORPUS_WORK:-bench/corpus/work}
if bash bench/corpus/apps/symfony/setup.sh >&2; then
    trees+=("symfony=,$(cd "$corpus_work/symfony" && pwd)")
else
    echo "No Symfony app: the corpus's Symfony app could not be installed (offline?); not timed." >&2
fi
# The demo: laravel/laravel 12 from its lock, about 7,800 files, the size of app the targets scale to.
if bash bench/corpus/apps/demo/setup.sh >&2; then
    trees+=("laravel=,$(cd "$corpus_work/demo" && pwd)")
else
    echo "No Laravel app: the demo could not be installed (offline?); not timed." >&2
fi

exec php bench/generate-bench.php "$rounds" "${trees[@]}"
