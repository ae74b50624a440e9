#!/usr/bin/env bash
# Installs what Preheat's tests and demo need on a fresh Debian machine, and nothing that is already there.
# Usage: scripts/install-deps.sh [test|demo|seeds|loaded]
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=lib/apt.sh
. scripts/lib/apt.sh

# Debian packages each target needs (PHP 8.2 as Debian 12 ships it). valgrind: the bench's callgrind tool.
# The worker runtime's adapter tests boot Debian's Laravel (the Laravel 8 corpus app's pages, on SQLite),
# Symfony HttpKernel and slim/psr7: without them those tests skip, so they are installed for the tests too.
# chromium: the chart test measures every text of the bench's chart.svg in headless Chromium.
# prometheus and python3-prometheus-client: the OpenMetrics output is checked by promtool and by Prometheus' Python
# client (the package's server is not used).
packages_test=(php8.2-cli php8.2-opcache php8.2-xml php8.2-mbstring composer unzip
    php8.2-fpm nginx wrk apache2-utils php8.2-cgi redis-server apache2-bin libapache2-mod-php8.2 valgrind
    php-laravel-framework php8.2-sqlite3 php-symfony-http-kernel php-slim-psr7
    python3-prometheus-client prometheus chromium)
# The demo app is laravel/laravel 12, installed by Composer from its composer.lock (demo/setup.sh), on
# SQLite; its ladder runs nginx + php-fpm and wrk, and the ceiling the worker runtime (PHP's CLI).
packages_demo=(php8.2-cli php8.2-opcache php8.2-xml php8.2-mbstring php8.2-sqlite3 composer unzip
    php8.2-fpm nginx wrk)
# `make test-loaded` runs the integration and fault suites beside stress-ng's busy workers.
packages_loaded=("${packages_test[@]}" stress-ng)
# `make seeds` runs the demo (table 1, with ab) and micro workloads, one of which reads SQLite (tables 2 and 3).
packages_seeds=("${packages_test[@]}")

target=${1:-test}
declare -n wanted="packages_${target}"

missing=()
for package in "${wanted[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
        missing+=("$package")
    fi
done
if ((${#missing[@]})); then
    echo "Installing Debian packages: ${missing[*]}" >&2
    if [ "$(id -u)" -ne 0 ]; then
        echo "Not root: run 'sudo apt-get install ${missing[*]}' and try again." >&2
        exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt_get_waiting update -qq
    apt_get_waiting install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    # The bench starts an Apache of its own per scenario (apache2-bin is enough). Where Debian's apache2
    # package is installed too, installing mod_php (re)starts the system Apache on port 80: stop it again.
    if [[ " ${missing[*]} " == *" libapache2-mod-php8.2 "* ]] && [ -s /run/apache2/apache2.pid ]; then
        if command -v service >/dev/null; then
            service apache2 stop >/dev/null || true
        fi
        if [ -s /run/apache2/apache2.pid ]; then
            kill "$(cat /run/apache2/apache2.pid)" 2>/dev/null || true
        fi
    fi
fi

# Composer dependencies: install when missing or when composer.json changed since the last install.
if [ ! -f vendor/autoload.php ] || [ composer.json -nt vendor/autoload.php ]; then
    composer install --no-interaction --no-progress --quiet
    touch vendor/autoload.php
fi
