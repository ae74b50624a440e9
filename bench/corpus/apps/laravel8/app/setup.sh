#!/usr/bin/env bash
# Sets the Laravel 8 blog up: .env with an application key, the SQLite database filled with the
# posts shipped in database/seed/posts.json, then Laravel's config, route and view caches.
# Safe to run again at any time: it keeps .env (and so its key), re-seeds the same data and rebuilds
# the caches.
#
# The cached config holds absolute paths (storage, database, views): run this again after moving or
# copying the directory, or the application keeps using files in the old place.
#
# Needs PHP 8.2 with pdo_sqlite and Debian's php-laravel-framework (`scripts/install-deps.sh test`).
#
# Usage: ./setup.sh (bench/corpus/apps/laravel8/setup.sh runs it in the corpus's copy)
#   PHP=php8.2     the PHP binary to run artisan with (default: php)
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

echo "Blog ready in $PWD; try: php -S 127.0.0.1:8000 -t public"
