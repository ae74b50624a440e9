#!/usr/bin/env bash
# Times `preheat generate` (with its verification) on a real tree of about 5,000 PHP files, cold
# (nothing cached) and warm (parse cache filled), and compares the script it writes with a naive
# "opcache_compile_file() every file" script on the same tree.
#
# The tree is Debian's Laravel framework and everything else Debian installs under /usr/share/php
# (Laravel from Packagist needs packages the registry here does not hold).
#
# Each report ends with the timing table of the last cold and warm run (`generate -vv`): where the seconds go.
#
# Usage: bench/generate.sh [ROUNDS]   (default 5 rounds of each)
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}

if ! dpkg-query -W -f='${Status}' php-laravel-framework 2>/dev/null | grep -q 'install ok installed'; then
    echo "Installing Debian's php-laravel-framework (the tree to scan)..." >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends php-laravel-framework >/dev/null
fi
bash scripts/install-deps.sh test

exec php bench/generate-bench.php /usr/share/php "$rounds"
