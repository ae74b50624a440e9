#!/usr/bin/env bash
# A Laravel 8 blog on Debian's packaged framework (php-laravel-framework under /usr/share/php, no vendor/;
# app/: its code, the former demo): the home page (Eloquent and Blade), a post, a JSON API and a contact
# form with CSRF, on SQLite. Its preheat.json names the framework's directories as generate.paths, since
# no Composer metadata leads there. Idempotent: copies the app's code over and runs its own setup.sh
# (seeds the same data, rebuilds Laravel's caches).
set -euo pipefail
# shellcheck source=../../lib.sh
. "$(dirname "$0")/../../lib.sh"
need_packages php-laravel-framework "php$PHP_VERSION-sqlite3" "php$PHP_VERSION-xml" "php$PHP_VERSION-mbstring"

app=$WORK_DIR/laravel8
mkdir -p "$app"
cp -r "$CORPUS_DIR/apps/laravel8/app/." "$app/"
PHP=$PHP WEB_USER=$WEB_USER bash "$app/setup.sh" >/dev/null
log "laravel8: ready in $app"
