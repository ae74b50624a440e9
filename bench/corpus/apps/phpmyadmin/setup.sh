#!/usr/bin/env bash
# phpMyAdmin from Debian's `phpmyadmin` package: its tree copied into the site's own directory, no Composer;
# its libraries (Twig, Symfony DI, the SQL parser, ...) stay where Debian puts them, in PHP's include path
# (/usr/share/php), loaded by Debian's autoload.php. libraries/vendor_config.php, the file distributors
# edit, points the configuration and temp dir at the site's directory. It manages the corpus's MariaDB
# (bench/corpus/mariadb.sh must be running), logged in by the config: a `shop` database with seed rows.
# Idempotent.
set -euo pipefail
# shellcheck source=../../lib.sh
. "$(dirname "$0")/../../lib.sh"
need_packages phpmyadmin "php$PHP_VERSION-mysql" "php$PHP_VERSION-mbstring" "php$PHP_VERSION-xml" "php$PHP_VERSION-zip" "php$PHP_VERSION-gd" mariadb-client
require_mariadb

app=$WORK_DIR/phpmyadmin
version=$(package_version phpmyadmin)
if [ "$(cat "$app/.corpus-version" 2>/dev/null)" != "$version" ]; then
    log "phpmyadmin: copying Debian's phpMyAdmin $version into $app"
    rm -rf "$app"
    mkdir -p "$app"
    # -L: Debian links JavaScript libraries and the docs from elsewhere; the site gets real files.
    cp -rL /usr/share/phpmyadmin/. "$app/" 2>/dev/null || cp -r /usr/share/phpmyadmin/. "$app/"
    sed -i -e "s|'configFile' => '/etc/phpmyadmin/config.inc.php'|'configFile' => ROOT_PATH . 'config.inc.php'|" \
        -e "s|'tempDir' => '/var/lib/phpmyadmin/tmp/'|'tempDir' => ROOT_PATH . 'tmp' . DIRECTORY_SEPARATOR|" \
        "$app/libraries/vendor_config.php"
    grep -q "ROOT_PATH . 'config.inc.php'" "$app/libraries/vendor_config.php" ||
        die "could not point $app/libraries/vendor_config.php at the site's config (has the package changed?)"
    echo "$version" >"$app/.corpus-version"
fi

mariadb --no-defaults --socket="$MARIADB_SOCKET" -uroot <<'SQL'
CREATE DATABASE IF NOT EXISTS shop CHARACTER SET utf8mb4;
CREATE USER IF NOT EXISTS 'pma'@'localhost' IDENTIFIED BY 'corpus-pma';
GRANT ALL ON shop.* TO 'pma'@'localhost';
CREATE TABLE IF NOT EXISTS shop.customers (
    id INT AUTO_INCREMENT PRIMARY KEY, name VARCHAR(100) NOT NULL, email VARCHAR(150) NOT NULL UNIQUE,
    city VARCHAR(80) NOT NULL, created DATE NOT NULL
) ENGINE=InnoDB;
CREATE TABLE IF NOT EXISTS shop.products (
    id INT AUTO_INCREMENT PRIMARY KEY, sku VARCHAR(20) NOT NULL UNIQUE, title VARCHAR(120) NOT NULL,
    price DECIMAL(8,2) NOT NULL
) ENGINE=InnoDB;
CREATE TABLE IF NOT EXISTS shop.orders (
    id INT AUTO_INCREMENT PRIMARY KEY, customer_id INT NOT NULL, product_id INT NOT NULL, quantity INT NOT NULL,
    ordered DATE NOT NULL,
    FOREIGN KEY (customer_id) REFERENCES shop.customers (id), FOREIGN KEY (product_id) REFERENCES shop.products (id)
) ENGINE=InnoDB;
INSERT IGNORE INTO shop.customers (id, name, email, city, created) VALUES
    (1, 'Ana Silva', 'ana@example.org', 'Lisbon', '2026-01-03'), (2, 'Bram de Vries', 'bram@example.org', 'Utrecht', '2026-01-05'),
    (3, 'Chiara Rossi', 'chiara@example.org', 'Turin', '2026-01-08'), (4, 'Dmitri Ivanov', 'dmitri@example.org', 'Riga', '2026-01-13'),
    (5, 'Eleni Papadopoulou', 'eleni@example.org', 'Thessaloniki', '2026-01-21');
INSERT IGNORE INTO shop.products (id, sku, title, price) VALUES
    (1, 'KB-001', 'Mechanical keyboard', 89.00), (2, 'MS-002', 'Wireless mouse', 24.50),
    (3, 'MN-003', '27-inch monitor', 249.99), (4, 'HD-004', 'USB-C hub', 39.90);
INSERT IGNORE INTO shop.orders (id, customer_id, product_id, quantity, ordered) VALUES
    (1, 1, 1, 1, '2026-02-01'), (2, 1, 2, 2, '2026-02-01'), (3, 2, 3, 1, '2026-02-03'), (4, 3, 4, 3, '2026-02-04'),
    (5, 4, 2, 1, '2026-02-07'), (6, 5, 1, 1, '2026-02-09'), (7, 5, 3, 2, '2026-02-11');
SQL

cat >"$app/config.inc.php" <<PHP
<?php
// Written by bench/corpus/apps/phpmyadmin/setup.sh.
declare(strict_types=1);
\$cfg['blowfish_secret'] = 'corpus-corpus-corpus-corpus-1234';
\$cfg['Servers'][1]['host'] = 'localhost';
\$cfg['Servers'][1]['socket'] = '$MARIADB_SOCKET';
\$cfg['Servers'][1]['auth_type'] = 'config';
\$cfg['Servers'][1]['user'] = 'pma';
\$cfg['Servers'][1]['password'] = 'corpus-pma';
\$cfg['TempDir'] = __DIR__ . '/tmp';
\$cfg['VersionCheck'] = false;
\$cfg['SendErrorReports'] = 'never';
\$cfg['ShowGitRevision'] = false;
PHP
hand_to_web_user "$app/tmp"

cat >"$app/preheat.json" <<'JSON'
{
    "bench": {
        "documentRoot": ".",
        "frontController": "index.php",
        "urls": [
            {"path": "/index.php", "expect": "Database server"},
            {"path": "/index.php?route=/server/databases", "expect": "shop"},
            {"path": "/index.php?route=/database/structure&db=shop", "expect": "customers"},
            {"path": "/index.php?route=/table/structure&db=shop&table=orders", "expect": "customer_id"},
            {"path": "/index.php?route=/sql&db=shop&table=customers&pos=0", "expect": "Thessaloniki"}
        ],
        "scenarios": {"none": "none", "all": "all", "trace": "trace"}
    }
}
JSON
log "phpmyadmin: ready in $app"
