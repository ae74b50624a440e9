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
# Debian 13 (PHP 8.4) packages Laravel 10, whose dependencies differ from Laravel 8's: no opis/closure or
# SwiftMailer there, but laravel/serializable-closure, laravel/prompts, Termwind and php-cors. The paths
# preheat.json names must exist, so on that framework they follow it; Laravel 8's list stays as it is.
framework=$(sed -n "s/.*const VERSION = '\([0-9]*\)\..*/\1/p" /usr/share/php/Illuminate/Foundation/Application.php)
if [ "$framework" != 8 ]; then
    log "laravel8: Debian's Laravel is $framework here, not 8: generate.paths follow its dependencies"
    jq '.generate.paths |= ([.[] | select(. != "/usr/share/php/Opis" and . != "/usr/share/php/Swift")]
        + ["/usr/share/php/Laravel", "/usr/share/php/Termwind", "/usr/share/php/Fruitcake"])' \
        "$app/preheat.json" >"$app/preheat.json.new"
    mv "$app/preheat.json.new" "$app/preheat.json"
fi
PHP=$PHP WEB_USER=$WEB_USER bash "$app/setup.sh" >/dev/null
log "laravel8: ready in $app"
