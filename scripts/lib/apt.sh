# apt-get that waits for another apt or dpkg to finish instead of failing at once on its lock
# (an unattended upgrade, another terminal), bounded: after APT_LOCK_WAIT seconds it gives up saying so.
# Sourced by scripts/install-deps.sh. APT_GET names the apt-get to run (tests give a fake).

APT_GET=${APT_GET:-apt-get}
APT_LOCK_WAIT=${APT_LOCK_WAIT:-300}

apt_get_waiting() {
    local deadline=$((SECONDS + APT_LOCK_WAIT)) output status said=0
    while :; do
        # The loop waits rather than apt's DPkg::Lock::Timeout: that one waits silently under -qq, covers
        # dpkg's lock only (not apt-get update's lists lock), and not a lock taken between two steps.
        status=0
        output=$("$APT_GET" "$@" 2>&1) || status=$?
        if ((status == 0)); then
            [ -z "$output" ] || printf '%s\n' "$output"
            return 0
        fi
        if ! grep -qE 'Could not get lock|Unable to acquire the dpkg frontend lock|Unable to lock' <<<"$output"; then
            printf '%s\n' "$output" >&2
            return "$status"
        fi
        if ((SECONDS >= deadline)); then
            printf '%s\n' "$output" >&2
            echo "apt-get $*: another apt or dpkg still holds its lock after ${APT_LOCK_WAIT}s: let it finish (ps -C apt-get,dpkg,unattended-upgr shows it), then run this again." >&2
            return "$status"
        fi
        if ((said == 0)); then
            echo "apt-get $*: another apt or dpkg holds its lock; waiting for it (at most ${APT_LOCK_WAIT}s)..." >&2
            said=1
        fi
        sleep "${APT_LOCK_POLL:-5}"
    done
}
