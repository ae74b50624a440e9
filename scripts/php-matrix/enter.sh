#!/usr/bin/env bash
# Runs a command inside a PHP matrix root: scripts/php-matrix/enter.sh ROOT COMMAND [ARG...]
# In a mount and a PID namespace of its own, it mounts /proc, /sys, /dev, /dev/pts, /dev/shm and a fresh /tmp
# into the root, runs COMMAND there as root with a clean environment, and on exit (interrupts included) stops
# what this run started in the root, by PID, and unmounts what it mounted, and only that. The mounts are
# private to the namespace: the machine never sees them, and they vanish with it even if this script is
# killed. Another run in the same root (its own namespaces) is left alone; when this script ends, the kernel
# ends whatever of this run's is still alive, since the script is the first process of its PID namespace.
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
    # unshare runs this script again in the new namespaces, as the first process of its PID namespace.
    # --kill-child: a signal that ends unshare (a CI timeout's TERM to this PID) reaches the run as TERM.
    PHP_MATRIX_NAMESPACE=$root exec unshare --mount --propagation private --pid --kill-child=TERM \
        "$0" "$root" "$@"
fi

mounted=()
child=

# Every process of this run's PID namespace whose root directory is this root: what this run started in it,
# not another run's in the same root. Read from the root's own /proc, mounted in this namespace, so that it
# lists this namespace's processes only, by the PIDs kill takes here; found by PID, never by name.
inside_pids() {
    local entry pid
    for entry in "$root"/proc/[0-9]*; do
        pid=${entry##*/}
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
