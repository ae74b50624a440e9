#!/usr/bin/env bash
# `make corpus PHP_VERSION=8.4`: the corpus (run.sh) on another PHP than the machine's, inside the PHP
# matrix's Debian root that ships it (scripts/php-matrix/: made once with debootstrap if it is not there yet,
# then reused). The project's working tree, vendor/ included, is copied to /srv/corpus in the root; the apps
# and their results live in /srv/corpus-work there (kept between runs, as bench/corpus/work is here), and
# run.sh installs what an app needs into the root with the root's apt, as it does here.
# Usage: bench/corpus/matrix.sh VERSION [APP...]   (CORPUS_* settings are passed on to run.sh)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
matrix=$here/../../scripts/php-matrix
# shellcheck source=../../scripts/php-matrix/lib.sh
. "$matrix/lib.sh"

version=${1:?usage: bench/corpus/matrix.sh VERSION [APP...]}
shift
[ "$(id -u)" -eq 0 ] || matrix_die "the PHP matrix needs root (debootstrap, mount, chroot): run it with sudo"
matrix_suite "$version" >/dev/null
root=$(matrix_root "$version")
if [ ! -x "$root/usr/sbin/php-fpm$version" ]; then
    "$matrix/root.sh" "$version" >/dev/null
fi

copy=$root/srv/corpus
mkdir -p "$copy"
find "$copy" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
cd "$matrix_project"
[ -f vendor/autoload.php ] || matrix_die "no vendor/ in $matrix_project: run composer install (or make deps) first"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    {
        git ls-files -z --cached --others --exclude-standard
        printf 'vendor\0'
    } | while IFS= read -r -d '' file; do
        [[ -e $file || -L $file ]] && printf '%s\0' "$file"
    done | tar -C "$matrix_project" --null -T - -cf - | tar -C "$copy" -xf -
else
    tar -C "$matrix_project" --exclude=./build --exclude=./bench/corpus/work -cf - . | tar -C "$copy" -xf -
fi

# Composer in the root reads packages from the registry this machine's Composer reads.
registry=$(composer config -g repositories.packagist.org.url 2>/dev/null || true)
settings=()
while IFS='=' read -r name value; do
    settings+=("$name=$value")
done < <(env | grep -E '^CORPUS_[A-Z_]+=' | grep -v '^CORPUS_WORK=' || true)

# shellcheck disable=SC2016 # expanded inside the root
exec "$matrix/enter.sh" "$root" env PHP_MATRIX_REGISTRY="$registry" COMPOSER_ALLOW_SUPERUSER=1 \
    PHP_VERSION="$version" CORPUS_WORK=/srv/corpus-work "${settings[@]}" bash -c '
    set -euo pipefail
    if [[ -n $PHP_MATRIX_REGISTRY && $PHP_MATRIX_REGISTRY != https://repo.packagist.org ]]; then
        composer config -g repositories.packagist.org composer "$PHP_MATRIX_REGISTRY"
    fi
    mkdir -p /srv/corpus-work
    chmod 755 /srv /srv/corpus-work
    exec bash /srv/corpus/bench/corpus/run.sh "$@"
' corpus "$@"
