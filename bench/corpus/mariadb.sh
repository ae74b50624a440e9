#!/usr/bin/env bash
# A MariaDB server of the corpus's own: its data directory under the work dir, a Unix socket only (no TCP
# port, so nothing else on the machine is touched), started and stopped by its PID.
# Usage: bench/corpus/mariadb.sh start|stop|status
set -euo pipefail
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

pid_file=$MARIADB_DIR/mariadbd.pid

running() { [ -f "$pid_file" ] && kill -0 "$(cat "$pid_file")" 2>/dev/null; }

case ${1:-} in
start)
    need_packages mariadb-server mariadb-client
    if running; then
        log "MariaDB already running (PID $(cat "$pid_file"))"
        exit 0
    fi
    mkdir -p "$MARIADB_DIR"
    if [ ! -d "$MARIADB_DIR/data/mysql" ]; then
        log "initialising MariaDB in $MARIADB_DIR/data"
        mariadb-install-db --no-defaults --datadir="$MARIADB_DIR/data" --user=root \
            --auth-root-authentication-method=socket --skip-test-db >"$MARIADB_DIR/install.log" 2>&1 ||
            { cat "$MARIADB_DIR/install.log" >&2; die "mariadb-install-db failed"; }
    fi
    rm -f "$MARIADB_SOCKET"
    setsid mariadbd --no-defaults --datadir="$MARIADB_DIR/data" --socket="$MARIADB_SOCKET" --skip-networking \
        --pid-file="$MARIADB_DIR/mariadbd.pid.server" --log-error="$MARIADB_DIR/error.log" --user=root \
        --innodb-buffer-pool-size=64M --max-connections=200 </dev/null >/dev/null 2>&1 &
    echo $! >"$pid_file"
    for _ in $(seq 1 300); do
        if mariadb --no-defaults --socket="$MARIADB_SOCKET" -uroot -e 'SELECT 1' >/dev/null 2>&1; then
            log "MariaDB started (PID $(cat "$pid_file"), socket $MARIADB_SOCKET)"
            exit 0
        fi
        running || { tail -20 "$MARIADB_DIR/error.log" >&2; die "MariaDB did not start"; }
        sleep 0.1
    done
    tail -20 "$MARIADB_DIR/error.log" >&2
    die "MariaDB did not answer on $MARIADB_SOCKET within 30 s"
    ;;
stop)
    if running; then
        pid=$(cat "$pid_file")
        kill "$pid"
        for _ in $(seq 1 300); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
        log "MariaDB stopped (PID $pid)"
    fi
    rm -f "$pid_file"
    ;;
status)
    running && echo "running (PID $(cat "$pid_file"))" || { echo stopped; exit 1; }
    ;;
*)
    echo "usage: $0 start|stop|status" >&2
    exit 2
    ;;
esac
