# Shared by the PHP matrix's scripts (scripts/php-matrix/): which Debian root a PHP version lives in, where,
# and from which mirror it is made. Sourced, never run.

matrix_project=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

matrix_die() {
    echo "php-matrix: $*" >&2
    exit 1
}

# The Debian suite that ships PHP $1 (scripts/php-matrix/versions).
matrix_suite() {
    local version=$1 line_version line_suite
    while read -r line_version line_suite _; do
        [[ -z $line_version || $line_version == \#* ]] && continue
        if [[ $line_version == "$version" ]]; then
            echo "$line_suite"
            return 0
        fi
    done <"$matrix_project/scripts/php-matrix/versions"
    matrix_die "PHP $version is not in scripts/php-matrix/versions (known: $(awk '!/^#/ && NF {print $1}' \
        "$matrix_project/scripts/php-matrix/versions" | paste -sd ' ')): add a line VERSION SUITE"
}

# The directory of PHP $1's root (gitignored; PHP_MATRIX_DIR moves all roots elsewhere).
matrix_root() {
    echo "${PHP_MATRIX_DIR:-$matrix_project/build/php-matrix}/php$1-root"
}

# The Debian mirror this machine's apt uses (the first .../debian URI of /etc/apt/sources.list*), so that the
# root comes from the same registry; PHP_MATRIX_MIRROR overrides it.
matrix_mirror() {
    if [[ -n ${PHP_MATRIX_MIRROR:-} ]]; then
        echo "$PHP_MATRIX_MIRROR"
        return 0
    fi
    local uri
    uri=$({
        cat /etc/apt/sources.list 2>/dev/null
        cat /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null
    } | awk '
        /^[[:space:]]*#/ { next }
        $1 == "URIs:" { for (i = 2; i <= NF; i++) print $i; next }
        $1 == "deb" { for (i = 2; i <= NF; i++) if ($i !~ /^\[/ && $i !~ /\]$/) { print $i; break } }
    ' | grep -E '^https?://[^ ]+/debian/?$' | head -n 1)
    echo "${uri:-http://deb.debian.org/debian}"
}

# The security mirror beside it (…/debian-security) if this machine's apt has one, else nothing;
# with PHP_MATRIX_MIRROR, PHP_MATRIX_SECURITY_MIRROR (may be empty).
matrix_security_mirror() {
    if [[ -n ${PHP_MATRIX_MIRROR:-} ]]; then
        echo "${PHP_MATRIX_SECURITY_MIRROR:-}"
        return 0
    fi
    {
        cat /etc/apt/sources.list 2>/dev/null
        cat /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null
    } | grep -v '^[[:space:]]*#' | grep -oE 'https?://[^ ]+/debian-security/?' | head -n 1 || true
}

# The Debian packages the tests need for PHP $1: what scripts/install-deps.sh installs for `make test`,
# for that PHP, plus what a minbase root lacks (certificates for Composer, ps, git for an app's revision).
matrix_packages() {
    local v=$1
    echo "php$v-cli php$v-opcache php$v-xml php$v-mbstring php$v-sqlite3 php$v-fpm php$v-cgi" \
        "libapache2-mod-php$v composer unzip nginx wrk apache2-utils apache2-bin redis-server valgrind" \
        "php-laravel-framework php-symfony-http-kernel php-slim-psr7 python3-prometheus-client prometheus" \
        "ca-certificates procps make git"
}
