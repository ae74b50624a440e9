#!/usr/bin/env bash
# Creates the Debian root in which PHP VERSION runs the tests, once: scripts/php-matrix/root.sh VERSION
# debootstrap --variant=minbase of the suite that ships VERSION (scripts/php-matrix/versions), from the
# Debian mirror this machine's apt uses, then that PHP and what the tests need, from the same mirror.
# Idempotent: a complete root is reused as it is (the packages are checked against a stamp file);
# a root whose creation was interrupted is made again. Prints the root's path on stdout.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=lib.sh
. "$here/lib.sh"
# shellcheck source=../lib/apt.sh
. "$here/../lib/apt.sh"

version=${1:?usage: scripts/php-matrix/root.sh VERSION (e.g. 8.4)}
suite=$(matrix_suite "$version")
root=$(matrix_root "$version")
mirror=$(matrix_mirror)
security=$(matrix_security_mirror)
packages=$(matrix_packages "$version")
log=$root.log

[ "$(id -u)" -eq 0 ] || matrix_die "creating a Debian root needs root (debootstrap, chroot): run it with sudo"
mkdir -p "$(dirname "$root")"

# One creation (or test run) per root at a time; test.sh holds the lock already when it calls this.
if [[ ${PHP_MATRIX_LOCKED:-} != "$root" ]]; then
    exec 9>"$root.lock"
    if ! flock -n 9; then
        echo "php-matrix: another run uses $root; waiting for it..." >&2
        flock 9
    fi
fi

# Whether anything is mounted at or under $1 (a root left mounted by something else): then it is not
# removed, and nothing is unmounted for it either.
mounted_under() {
    awk -v dir="$1" '$5 == dir || index($5, dir "/") == 1 { found = 1 } END { exit !found }' /proc/self/mountinfo
}

fail_with_log() {
    echo "php-matrix: $1; the last lines of $log:" >&2
    tail -n 20 "$log" >&2
    exit 1
}

if [ ! -d "$root" ]; then
    if ! command -v debootstrap >/dev/null; then
        echo "Installing debootstrap..." >&2
        export DEBIAN_FRONTEND=noninteractive
        apt_get_waiting update -qq
        apt_get_waiting install -y -qq --no-install-recommends debootstrap >/dev/null
    fi
    partial=$root.partial
    if mounted_under "$partial"; then
        matrix_die "something is mounted under $partial (see /proc/self/mountinfo): unmount it, then run this again"
    fi
    rm -rf "$partial"
    echo "Creating a Debian $suite root for PHP $version in $root from $mirror (about 2 minutes)..." >&2
    # In a mount namespace of its own: the /proc and /sys it mounts in the root vanish with it, interrupted too.
    unshare --mount --propagation private debootstrap --variant=minbase "$suite" "$partial" "$mirror" >"$log" 2>&1 \
        || fail_with_log "debootstrap $suite failed"
    mv "$partial" "$root"
fi

# The root's apt reads the same mirror, through the same proxy and date checks as this machine's.
rm -f "$root/etc/apt/sources.list"
{
    printf 'Types: deb\nURIs: %s\nSuites: %s %s-updates\nComponents: main\n' "$mirror" "$suite" "$suite"
    printf 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n'
    if [[ -n $security ]]; then
        printf '\nTypes: deb\nURIs: %s\nSuites: %s-security\nComponents: main\n' "$security" "$suite"
        printf 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg\n'
    fi
} >"$root/etc/apt/sources.list.d/debian.sources"
apt-config dump | grep -E '^Acquire::(https?::Proxy|Check-Valid-Until|Check-Date) ' \
    >"$root/etc/apt/apt.conf.d/80php-matrix" || true
# Packages installed into the root never start their services (nginx, php-fpm, redis) on this machine.
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d"
chmod 755 "$root/usr/sbin/policy-rc.d"

stamp=$root/etc/php-matrix.packages
if [[ ! -f $stamp || $(cat "$stamp") != "$packages" ]]; then
    echo "Installing PHP $version and the tests' packages into $root (about 2 minutes)..." >&2
    # dpkg --configure -a first: an installation interrupted before leaves packages half-configured.
    install="dpkg --configure -a && apt-get update -qq"
    install+=" && apt-get install -y -qq --no-install-recommends $packages"
    "$here/enter.sh" "$root" sh -c "$install" >>"$log" 2>&1 \
        || fail_with_log "installing the packages into $root failed"
    printf '%s' "$packages" >"$stamp"
fi

actual=$("$here/enter.sh" "$root" php -r 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;')
[[ $actual == "$version" ]] \
    || matrix_die "the root's php is PHP $actual, not $version: check scripts/php-matrix/versions"
echo "$root"
