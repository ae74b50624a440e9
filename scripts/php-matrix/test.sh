#!/usr/bin/env bash
# `make test-php VERSION=8.4`: the test suites on another PHP than the machine's, in a Debian root that
# ships it (scripts/php-matrix/root.sh makes it once, then reuses it).
# The project's working tree (tracked and untracked files, not what .gitignore ignores) is copied to
# /srv/preheat in the root, with a vendor/ of its own that Composer installs there from the registry this
# machine's Composer uses; the root's php is that PHP. Usage: scripts/php-matrix/test.sh VERSION [SUITE...]
# (suites: unit, integration, fault; default: PHP_MATRIX_SUITES, else "unit integration fault").
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=lib.sh
. "$here/lib.sh"

version=${1:?usage: scripts/php-matrix/test.sh VERSION [SUITE...]}
shift
suites=("$@")
if ((${#suites[@]} == 0)); then
    read -r -a suites <<<"${PHP_MATRIX_SUITES:-unit integration fault}"
fi
for suite in "${suites[@]}"; do
    [[ $suite =~ ^(unit|integration|fault)$ ]] || matrix_die "unknown suite \"$suite\": unit, integration or fault"
done
root=$(matrix_root "$version")

[ "$(id -u)" -eq 0 ] || matrix_die "the PHP matrix needs root (debootstrap, mount, chroot): run it with sudo"
mkdir -p "$(dirname "$root")"
exec 9>"$root.lock"
if ! flock -n 9; then
    echo "php-matrix: another run uses $root; waiting for it..." >&2
    flock 9
fi
export PHP_MATRIX_LOCKED=$root

started=$SECONDS
"$here/root.sh" "$version" >/dev/null
echo "php-matrix: the PHP $version root is ready ($((SECONDS - started)) s)" >&2

# A fresh copy of the working tree, beside the root's own vendor/ (kept between runs).
copy=$root/srv/preheat
mkdir -p "$copy"
find "$copy" -mindepth 1 -maxdepth 1 ! -name vendor -exec rm -rf {} +
cd "$matrix_project"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
        # A file deleted from the working tree but not yet from the index is not copied.
        [[ -e $file || -L $file ]] && printf '%s\0' "$file"
    done | tar -C "$matrix_project" --null -T - -cf - | tar -C "$copy" -xf -
else
    tar -C "$matrix_project" --exclude=./vendor --exclude=./build --exclude=./.phpunit.cache -cf - . \
        | tar -C "$copy" -xf -
fi

# Composer in the root reads packages from the registry this machine's Composer reads.
registry=$(composer config -g repositories.packagist.org.url 2>/dev/null || true)

# In the background so that a TERM or HUP sent to this script alone (a CI timeout) reaches the run in the
# root as well, by its PID; with INT and QUIT at their defaults, which bash ignores in background jobs.
# shellcheck disable=SC2016 # expanded inside the root
(trap - INT QUIT; exec "$here/enter.sh" "$root" env PHP_MATRIX_REGISTRY="$registry" COMPOSER_ALLOW_SUPERUSER=1 bash -c '
    set -euo pipefail
    cd /srv/preheat
    if [[ -n $PHP_MATRIX_REGISTRY && $PHP_MATRIX_REGISTRY != https://repo.packagist.org ]]; then
        composer config -g repositories.packagist.org composer "$PHP_MATRIX_REGISTRY"
    fi
    if [ ! -f vendor/autoload.php ] || [ composer.json -nt vendor/autoload.php ]; then
        echo "php-matrix: composer install (PHP $(php -r "echo PHP_VERSION;"))" >&2
        composer install --no-interaction --no-progress --quiet
        touch vendor/autoload.php
    fi
    php -v | head -n 1
    status=0
    for suite in "$@"; do
        started=$SECONDS
        php vendor/bin/phpunit --testsuite "$suite" || status=1
        echo "php-matrix: the $suite suite took $((SECONDS - started)) s" >&2
    done
    exit "$status"
' matrix "${suites[@]}") &
entered=$!
forward() {
    trap - INT TERM HUP
    kill "-$1" "$entered" 2>/dev/null || true
    wait "$entered" || true
    exit "$2"
}
trap 'forward INT 130' INT
trap 'forward TERM 143' TERM
trap 'forward HUP 129' HUP
wait "$entered"
trap - INT TERM HUP
echo "php-matrix: PHP $version passed ${suites[*]} in $((SECONDS - started)) s" >&2
