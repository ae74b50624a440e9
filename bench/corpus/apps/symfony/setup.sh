#!/usr/bin/env bash
# A Symfony 7.4 app built with Composer from the package registry: FrameworkBundle, Twig, Doctrine ORM 3
# on SQLite, a blog with posts and comments (app/: its code, composer.json and composer.lock). Pages:
# a list of posts (DQL + Twig), a post with its comments, a JSON API. Production mode, caches warmed.
# Idempotent: copies the app's code over, `composer install` from the lock, creates the schema and seeds
# an empty database.
set -euo pipefail
# shellcheck source=../../lib.sh
. "$(dirname "$0")/../../lib.sh"
need_packages composer unzip "php$PHP_VERSION-sqlite3" "php$PHP_VERSION-xml" "php$PHP_VERSION-mbstring" "php$PHP_VERSION-intl"

app=$WORK_DIR/symfony
mkdir -p "$app"
cp -r "$CORPUS_DIR/apps/symfony/app/." "$app/"
cd "$app"
if [ ! -f vendor/autoload.php ] || [ composer.lock -nt vendor/autoload.php ]; then
    log "symfony: composer install"
    if [ -f composer.lock ]; then
        composer install --no-interaction --no-progress --no-dev --quiet
    else
        composer update --no-interaction --no-progress --no-dev --quiet
        cp composer.lock "$CORPUS_DIR/apps/symfony/app/composer.lock"
    fi
    touch vendor/autoload.php
fi
# Some of the registry's archives unpack files readable only by their owner (root here): the pool's user
# could not load them, and the app would answer 500 with or without preloading.
chmod -R a+rX vendor
mkdir -p var
rm -rf var/cache
"$PHP" bin/console cache:warmup --no-interaction >/dev/null
"$PHP" bin/console doctrine:schema:update --force --no-interaction >/dev/null 2>&1 || "$PHP" bin/console doctrine:schema:update --force --no-interaction
"$PHP" bin/console app:seed --no-interaction
hand_to_web_user "$app/var"

cat >"$app/preheat.json" <<'JSON'
{
    "bench": {
        "documentRoot": "public",
        "frontController": "index.php",
        "urls": [
            {"path": "/", "expect": "post-card"},
            {"path": "/posts/doctrine-without-surprises", "expect": "Comment 3 from Chiara"},
            {"path": "/posts/twig-templates-compiled", "expect": "Twig compiles templates"},
            {"path": "/api/posts", "expect": "\"data\""}
        ],
        "scenarios": {"none": "none", "all": "all", "trace": "trace"}
    }
}
JSON
log "symfony: ready in $app"
