#!/usr/bin/env bash
# Starts the real php-fpm ($FPM, lib.sh) the way production would: Debian's fpm php.ini (with its conf.d) plus
# opcache.preload, a pool running as the web user, nginx in front on a free loopback port. Measures the
# start-up, fetches each URL, prints what PHP logged at start-up, then stops both by PID.
# Usage: bench/corpus/fpm-check.sh APP_DIR [PRELOAD_SCRIPT|-]     (the pages: bench.urls of APP_DIR/preheat.json)
# Prints lines: "startup SECONDS", "page STATUS BYTES ok|no-text PATH", "log LINE"; exits 1 when php-fpm did
# not start or a page did not answer 200 with its expected text.
set -euo pipefail
# shellcheck source=lib.sh
. "$(dirname "$0")/lib.sh"

app=$(cd "$1" && pwd)
preload=$2
run=$(mktemp -d /tmp/corpus-fpm.XXXXXX)
chmod 755 "$run"
fpm_pid='' nginx_pid=''
cleanup() {
    [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null || true
    [ -n "$fpm_pid" ] && kill "$fpm_pid" 2>/dev/null || true
    for pid in $nginx_pid $fpm_pid; do
        for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null || true
    done
    rm -rf "$run"
}
trap cleanup EXIT

{
    cat "$FPM_INI"
    echo
    echo '; added by bench/corpus/fpm-check.sh'
    echo "error_log=$run/php-errors.log"
    echo 'log_errors=On'
    if [ "$preload" != - ]; then
        echo "opcache.preload=$preload"
        echo "opcache.preload_user=$WEB_USER"
    fi
} >"$run/php.ini"
touch "$run/php-errors.log" && chown "$WEB_USER" "$run/php-errors.log"
cat >"$run/php-fpm.conf" <<CONF
[global]
pid = $run/fpm.pid
error_log = $run/fpm.log
daemonize = no
[corpus]
user = $WEB_USER
group = $WEB_USER
listen = $run/fpm.sock
listen.owner = $WEB_USER
listen.mode = 0666
pm = static
pm.max_children = 2
catch_workers_output = yes
CONF
port=$("$PHP" -r '$s = stream_socket_server("tcp://127.0.0.1:0"); echo explode(":", stream_socket_get_name($s, false))[1];')
cat >"$run/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $run/nginx.pid;
error_log $run/nginx-error.log warn;
user $WEB_USER;
events { worker_connections 64; }
http {
    access_log off;
    client_body_temp_path $run/body; fastcgi_temp_path $run/fastcgi; proxy_temp_path $run/proxy;
    uwsgi_temp_path $run/uwsgi; scgi_temp_path $run/scgi;
    server {
        listen 127.0.0.1:$port;
        root $app/$(jq -r '.bench.documentRoot // "public"' "$app/preheat.json");
        index index.php;
        location / { try_files \$uri /$(jq -r '.bench.frontController // "index.php"' "$app/preheat.json")\$is_args\$args; }
        location ~ \.php\$ {
            include /etc/nginx/fastcgi_params;
            fastcgi_param SCRIPT_FILENAME \$document_root\$fastcgi_script_name;
            fastcgi_pass unix:$run/fpm.sock;
        }
    }
}
CONF

start=$(date +%s%N)
"$FPM" --nodaemonize --fpm-config "$run/php-fpm.conf" --php-ini "$run/php.ini" >"$run/fpm.out" 2>&1 &
fpm_pid=$!
started=0
for _ in $(seq 1 3600); do
    if [ -S "$run/fpm.sock" ]; then started=1; break; fi
    kill -0 "$fpm_pid" 2>/dev/null || break
    sleep 0.05
done
end=$(date +%s%N)
echo "startup $(((end - start) / 1000000))ms"
logs() { cat "$run/fpm.out" "$run/fpm.log" "$run/php-errors.log" 2>/dev/null | grep -v 'NOTICE: \(fpm is running\|ready to handle\|Terminating\|exiting\|systemd monitor\)' | sed 's/^/log /' | head -200 || true; }
if [ "$started" != 1 ]; then
    logs
    echo "fpm did not start"
    exit 1
fi
nginx -p "$run" -c "$run/nginx.conf" -e "$run/nginx-error.log" &
nginx_pid=$!
for _ in $(seq 1 100); do "$PHP" -r 'exit(@fsockopen("127.0.0.1", (int) $argv[1]) ? 0 : 1);' "$port" && break; sleep 0.05; done
failed=0
while IFS=$'\t' read -r path expect; do
    curl -s -o "$run/page" -w '%{http_code}' --max-time 30 "http://127.0.0.1:$port$path" >"$run/status" || true
    found=ok
    [ -z "$expect" ] || grep -qF -- "$expect" "$run/page" || found=no-text
    [ "$(cat "$run/status")" = 200 ] && [ $found = ok ] || failed=1
    echo "page $(cat "$run/status") $(wc -c <"$run/page") $found $path"
    if [ -n "${CORPUS_DUMP:-}" ]; then cp "$run/page" "$CORPUS_DUMP.$(echo "$path" | md5sum | cut -c1-8)"; fi
done < <(jq -r '.bench.urls[] | if type == "string" then [., ""] else [.path, (.expect // "")] end | @tsv' "$app/preheat.json")
logs
exit $failed
