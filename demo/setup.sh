#!/usr/bin/env bash
# Sets the demo application up: its packages installed by Composer from composer.lock as for production
# (no dev packages, an optimised classmap), .env with an application key, the SQLite database filled
# with the posts shipped in database/seed/posts.json, then Laravel's config, route and view caches.
# Safe to run again at any time: Composer installs only when vendor/ is missing or older than the lock;
# it keeps .env (and so its key), re-seeds the same data and rebuilds the caches.
#
# The cached config holds absolute paths (storage, database, views): run this again after moving or
# copying the directory, or the application keeps using files in the old place.
#
# Needs PHP 8.2 or later with pdo_sqlite, mbstring and xml, and Composer (`scripts/install-deps.sh demo`).
#
# Usage: demo/setup.sh
#   PHP=php8.2     the PHP binary to run Composer and artisan with (default: php)
#   WEB_USER=www-data
#                  also hand storage/, bootstrap/cache/ and the database to that user, so a php-fpm
#                  pool running as it can write sessions, cache and logs
set -euo pipefail
cd "$(dirname "$0")"
php=${PHP:-php}

# Caches built for another directory or an older checkout must not take part in the setup.
rm -f bootstrap/cache/*.php

if [ ! -f .env ]; then
    cp .env.example .env
    echo "Created .env from .env.example"
fi
# An .env kept from the earlier demo names Laravel 8's CACHE_DRIVER: Laravel 12 then caches in the SQLite
# database, which locks under a benchmark's concurrent requests (HTTP 500s that void the rounds).
if ! grep -q '^CACHE_STORE=' .env; then
    echo 'CACHE_STORE=file' >>.env
    echo "Added CACHE_STORE=file to .env"
fi

# As Laravel's deployment guide installs for production.
if [ ! -f vendor/autoload.php ] || [ composer.lock -nt vendor/autoload.php ]; then
    COMPOSER_ALLOW_SUPERUSER=1 "$php" "$(command -v composer)" install --no-dev --optimize-autoloader \
        --no-interaction --no-progress --quiet
    touch vendor/autoload.php
    # Some of the registry's archives unpack files readable only by their owner: php-fpm's pool user
    # could not load them.
    chmod -R a+rX vendor
fi
# What Composer's post-autoload-dump runs: the packages' service providers, cached in bootstrap/cache/.
"$php" artisan package:discover --no-interaction >/dev/null

if ! grep -q '^APP_KEY=base64:' .env; then
    "$php" artisan key:generate --force --no-interaction
fi

mkdir -p storage/app storage/framework/cache/data storage/framework/sessions storage/framework/views \
    storage/logs bootstrap/cache
touch database/database.sqlite

"$php" artisan migrate --force --no-interaction
"$php" artisan db:seed --force --no-interaction

# Sessions left by earlier runs (a benchmark makes one per request; request-time sweeping is off).
find storage/framework/sessions -type f ! -name .gitignore -delete

# The cache holds sidebar data computed from the database: drop it with the old views.
"$php" artisan cache:clear --no-interaction
"$php" artisan view:clear --no-interaction

"$php" artisan config:cache --no-interaction
"$php" artisan route:cache --no-interaction
"$php" artisan view:cache --no-interaction

if [ -n "${WEB_USER:-}" ]; then
    chown -R "$WEB_USER" storage bootstrap/cache database
    echo "Handed storage/, bootstrap/cache/ and database/ to $WEB_USER"
fi

echo "Demo ready in $PWD; try: php -S 127.0.0.1:8000 -t public"
