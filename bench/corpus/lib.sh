# Shared by the corpus scripts: where things are, and how to install what is missing.
# shellcheck shell=bash
CORPUS_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_DIR=$(cd "$CORPUS_DIR/../.." && pwd)
# Every app gets a directory of its own under here; it survives between runs (installs are cached).
WORK_DIR=${CORPUS_WORK:-$CORPUS_DIR/work}
# The PHP the apps run on (Debian's packages of that version: phpX.Y, php-fpmX.Y, /etc/php/X.Y/fpm).
# Another PHP than the machine's runs in the PHP matrix's root for it: `make corpus PHP_VERSION=8.4`.
PHP_VERSION=${PHP_VERSION:-8.2}
[[ $PHP_VERSION =~ ^[0-9]+\.[0-9]+$ ]] || {
    printf '[corpus] error: PHP_VERSION=%s is not a PHP version such as 8.2 or 8.4\n' "$PHP_VERSION" >&2
    exit 2
}
PHP=${PHP:-php$PHP_VERSION}
FPM=${CORPUS_FPM:-php-fpm$PHP_VERSION}
FPM_INI=${CORPUS_FPM_INI:-/etc/php/$PHP_VERSION/fpm/php.ini}
WEB_USER=${CORPUS_WEB_USER:-www-data}
MARIADB_DIR=$WORK_DIR/mariadb
MARIADB_SOCKET=$MARIADB_DIR/mysqld.sock
ALL_APPS=(wordpress mediawiki phpmyadmin symfony laravel8 demo)

log() { printf '[corpus] %s\n' "$*" >&2; }
die() { printf '[corpus] error: %s\n' "$*" >&2; exit 1; }

# Installs the Debian packages that are not installed yet (apt-get update once, only when needed).
need_packages() {
    local missing=() package
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
    done
    ((${#missing[@]})) || return 0
    [ "$(id -u)" -eq 0 ] || die "not root: run 'sudo apt-get install ${missing[*]}' and try again"
    log "installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    # phpmyadmin asks whether to set up a database and a web server: neither, the corpus does both itself.
    printf '%s\n' 'phpmyadmin phpmyadmin/dbconfig-install boolean false' \
        'phpmyadmin phpmyadmin/reconfigure-webserver multiselect' | debconf-set-selections
    if [ ! -f "$WORK_DIR/.apt-updated" ]; then
        apt-get -o DPkg::Lock::Timeout=600 update -qq
        mkdir -p "$WORK_DIR" && touch "$WORK_DIR/.apt-updated"
    fi
    apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

# The installed version of a Debian package: an app is set up again when it changes.
package_version() { dpkg-query -W -f='${Version}' "$1"; }

# Lets the pool's user read the app and write what the app writes (sessions, caches, uploads).
hand_to_web_user() {
    local path
    for path in "$@"; do
        mkdir -p "$path"
        chown -R "$WEB_USER:$WEB_USER" "$path"
    done
}

# Every directory above the work dir must be traversable by the pool's user.
check_traversable() {
    local dir=$1
    while [ "$dir" != / ]; do
        if ! su -s /bin/sh "$WEB_USER" -c "test -x '$dir'" 2>/dev/null; then
            die "$WEB_USER cannot enter $dir: set CORPUS_WORK to a directory it can reach, or chmod o+x $dir"
        fi
        dir=$(dirname "$dir")
    done
}

# The MySQL apps need the corpus's MariaDB (run.sh starts and stops it).
require_mariadb() {
    mariadb --no-defaults --socket="$MARIADB_SOCKET" -uroot -e 'SELECT 1' >/dev/null 2>&1 ||
        die "the corpus's MariaDB is not running: start it with bench/corpus/mariadb.sh start (stop: ... stop)"
}
