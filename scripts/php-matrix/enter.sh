#!/usr/bin/env bash
# Runs a command inside a PHP matrix root: scripts/php-matrix/enter.sh ROOT COMMAND [ARG...]
# In a mount namespace of its own, it mounts /proc, /sys, /dev, /dev/pts, /dev/shm and a fresh /tmp into the
# root, runs COMMAND there as root with a clean environment, and on exit (interrupts included) stops what
# runs in the root, by PID, and unmounts what it mounted, and only that. The mounts are private to the
# namespace: the machine never sees them, and they vanish with it even if this script is killed.
set -euo pipefail

if (($# < 2)); then
    echo "usage: $0 ROOT COMMAND [ARG...]" >&2
    exit 2
fi
root=$(cd "$1" && pwd)
shift
if [ "$(id -u)" -ne 0 ]; then
    echo "php-matrix: entering $root needs root (mount, chroot): run it with sudo" >&2
    exit 1
fi

if [[ ${PHP_MATRIX_NAMESPACE:-} != "$root" ]]; then
    # unshare execs this script again (same PID) in the new namespace.
    PHP_MATRIX_NAMESPACE=$root exec unshare --mount --propagation private "$0" "$root" "$@"
fi

mounted=()
child=

# Every process whose root directory is this root: started in it by this run (or left there by a run that
# was killed). Found by PID through /proc/PID/root, never by name.
inside_pids() {
    local entry pid
    for entry in /proc/[0-9]*; do
        pid=${entry#/proc/}
        [[ $pid == "$$" ]] && continue
        if [[ $(readlink "$entry/root" 2>/dev/null) == "$root" ]]; then
            echo "$pid"
        fi
    done
}

stop_inside() {
    local pids attempt
    for attempt in 1 2 3 4 5 6 7 8 9 10; do
        mapfile -t pids < <(inside_pids)
        ((${#pids[@]})) || return 0
        if ((attempt == 1)); then
            kill -TERM "${pids[@]}" 2>/dev/null || true
        elif ((attempt == 10)); then
            kill -KILL "${pids[@]}" 2>/dev/null || true
        fi
        sleep 0.5
    done
}

cleanup() {
    local status=$? index
    trap - EXIT INT TERM HUP
    if [[ -n $child ]] && kill -0 "$child" 2>/dev/null; then
        kill -TERM "$child" 2>/dev/null || true
    fi
    stop_inside
    for ((index = ${#mounted[@]} - 1; index >= 0; index--)); do
        umount "${mounted[index]}" || echo "php-matrix: could not unmount ${mounted[index]}" >&2
    done
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

mount_into() {
    local target=$root$1
    shift
    mkdir -p "$target"
    mount "$@" "$target"
    mounted+=("$target")
}

mount_into /proc -t proc proc
mount_into /sys --bind -o ro /sys
mount_into /dev --bind /dev
mount_into /dev/pts --bind /dev/pts
if mountpoint -q /dev/shm; then
    mount_into /dev/shm --bind /dev/shm
fi
mount_into /tmp -t tmpfs -o mode=1777,size=${PHP_MATRIX_TMP_SIZE:-6g} tmpfs

# What the root needs from the machine to reach the network as the machine does: its name servers and
# hosts, and the certificates it trusts (a machine behind a TLS-inspecting proxy trusts the proxy's).
certificates=/etc/ssl/certs/ca-certificates.crt
if [[ -f $certificates && -f $root$certificates ]]; then
    mount --bind -o ro "$certificates" "$root$certificates"
    mounted+=("$root$certificates")
fi
cp -L /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
cp /etc/hosts "$root/etc/hosts"

(
    trap - INT QUIT
    exec chroot "$root" /usr/bin/env -i \
        PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
        HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" DEBIAN_FRONTEND=noninteractive "$@"
) &
child=$!
status=0
wait "$child" || status=$?
child=
exit "$status"
