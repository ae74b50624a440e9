#!/usr/bin/env bash
# WordPress from Debian's `wordpress` package, installed the way most sites run it: the whole tree in the
# site's own directory (no composer.json; the core is loaded with require), a wp-config.php of its own,
# MySQL (the corpus's MariaDB, bench/corpus/mariadb.sh, must be running), a few posts, pages and comments.
# Idempotent: copies the tree again only when the package version changes, installs and seeds once.
set -euo pipefail
# shellcheck source=../../lib.sh
. "$(dirname "$0")/../../lib.sh"
# Twenty Twenty-One where Debian packages it (12); Debian 13, whose PHP is 8.4, packages only the block themes
# since Twenty Twenty-Three, of which the newest.
theme=twentytwentyone
if ! apt-cache show wordpress-theme-$theme >/dev/null 2>&1 && apt-cache show wordpress-theme-twentytwentyfive >/dev/null 2>&1; then
    theme=twentytwentyfive
fi
need_packages wordpress "wordpress-theme-$theme" "php$PHP_VERSION-mysql" mariadb-client
require_mariadb

app=$WORK_DIR/wordpress
version="$(package_version wordpress) $(package_version "wordpress-theme-$theme")"
if [ "$(cat "$app/.corpus-version" 2>/dev/null)" != "$version" ]; then
    log "wordpress: copying Debian's WordPress ($version) into $app"
    rm -rf "$app"
    mkdir -p "$app"
    # -L: Debian links a few bundled libraries (getID3, JavaScript) from elsewhere; a site has real files.
    cp -rL /usr/share/wordpress/. "$app/"
    rm -f "$app/.htaccess" "$app/wp-config.php"
    echo "$version" >"$app/.corpus-version"
fi

mariadb --no-defaults --socket="$MARIADB_SOCKET" -uroot <<'SQL'
CREATE DATABASE IF NOT EXISTS wordpress CHARACTER SET utf8mb4;
CREATE USER IF NOT EXISTS 'wordpress'@'localhost' IDENTIFIED BY 'corpus-wordpress';
GRANT ALL ON wordpress.* TO 'wordpress'@'localhost';
SQL

cat >"$app/wp-config.php" <<PHP
<?php
// Written by bench/corpus/apps/wordpress/setup.sh.
define('DB_NAME', 'wordpress');
define('DB_USER', 'wordpress');
define('DB_PASSWORD', 'corpus-wordpress');
define('DB_HOST', 'localhost:$MARIADB_SOCKET');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
define('AUTH_KEY', 'corpus-auth-key');
define('SECURE_AUTH_KEY', 'corpus-secure-auth-key');
define('LOGGED_IN_KEY', 'corpus-logged-in-key');
define('NONCE_KEY', 'corpus-nonce-key');
define('AUTH_SALT', 'corpus-auth-salt');
define('SECURE_AUTH_SALT', 'corpus-secure-auth-salt');
define('LOGGED_IN_SALT', 'corpus-logged-in-salt');
define('NONCE_SALT', 'corpus-nonce-salt');
\$table_prefix = 'wp_';
// The site answers on whatever loopback port it is served from.
\$corpusHost = \$_SERVER['HTTP_HOST'] ?? 'localhost';
define('WP_HOME', 'http://' . \$corpusHost);
define('WP_SITEURL', 'http://' . \$corpusHost);
// No cron requests spawned from page views, no update checks, no file edits: pages depend only on the data.
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_AUTO_UPDATE_CORE', false);
define('DISALLOW_FILE_MODS', true);
define('WP_DEBUG', false);
if (!defined('ABSPATH')) {
    define('ABSPATH', __DIR__ . '/');
}
require_once ABSPATH . 'wp-settings.php';
PHP

if ! mariadb --no-defaults --socket="$MARIADB_SOCKET" -uroot -N -e "SELECT 1 FROM wordpress.wp_options WHERE option_name='corpus_seeded'" 2>/dev/null | grep -q 1; then
    log "wordpress: installing and seeding"
    (cd "$app" && HTTP_HOST=localhost CORPUS_WP_THEME=$theme "$PHP" "$CORPUS_DIR/apps/wordpress/seed.php")
fi
hand_to_web_user "$app/wp-content/uploads"

cat >"$app/preheat.json" <<'JSON'
{
    "bench": {
        "documentRoot": ".",
        "frontController": "index.php",
        "urls": [
            {"path": "/", "expect": "Preloading in practice"},
            {"path": "/?name=warm-caches-cold-starts", "expect": "Warm caches, cold starts"},
            {"path": "/?pagename=about", "expect": "About this blog"},
            {"path": "/?category_name=operations", "expect": "Operations"},
            {"path": "/?s=opcache", "expect": "Search Results"},
            {"path": "/?feed=rss2", "expect": "<rss"},
            {"path": "/wp-login.php", "expect": "user_login"}
        ],
        "scenarios": {"none": "none", "all": "all", "trace": "trace"}
    }
}
JSON
log "wordpress: ready in $app"
