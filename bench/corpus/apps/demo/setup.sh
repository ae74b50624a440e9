#!/usr/bin/env bash
# The project's demo (demo/: laravel/laravel 12, installed by Composer from its composer.lock with an
# optimised classmap, SQLite): the home page (Eloquent and Blade), a post, a JSON API and a contact form
# with CSRF, as `make demo` serves them, here checked like every other app and on the corpus's PHP.
# Idempotent: copies demo/ over (without what its own runs leave: vendor/, .env, the database, caches,
# preload.php; modification times kept, so that Composer installs only when the lock changed) and runs
# demo/setup.sh with the corpus's PHP, which installs vendor/ with Composer on that PHP when it is missing
# or older than the lock, seeds the same data and rebuilds Laravel's caches.
set -euo pipefail
# shellcheck source=../../lib.sh
. "$(dirname "$0")/../../lib.sh"
need_packages composer unzip "php$PHP_VERSION-sqlite3" "php$PHP_VERSION-xml" "php$PHP_VERSION-mbstring"

app=$WORK_DIR/demo
mkdir -p "$app"
tar -C "$REPO_DIR/demo" --exclude=./vendor --exclude=./.env --exclude=./database/database.sqlite \
    --exclude=./preload.php --exclude=./report --exclude='./bootstrap/cache/*.php' --exclude='./storage/*' \
    -cf - . | tar -C "$app" -xf -
# Composer resolved vendor/ for the PHP that ran it: another PHP in the same work dir installs it afresh.
php_version=$("$PHP" -r 'echo PHP_MAJOR_VERSION . "." . PHP_MINOR_VERSION;')
if [ "$(cat "$app/vendor/.corpus-php" 2>/dev/null)" != "$php_version" ]; then
    rm -rf "$app/vendor"
fi
log "demo: demo/setup.sh on PHP $php_version"
PHP=$PHP WEB_USER=$WEB_USER bash "$app/setup.sh" >/dev/null
echo "$php_version" >"$app/vendor/.corpus-php"
log "demo: ready in $app"
