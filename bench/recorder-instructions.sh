#!/usr/bin/env bash
# What the usage recorder costs per request, in CPU instructions counted by valgrind (callgrind): a
# count that does not depend on how busy the machine is, unlike req/s on a shared 2-core box.
#
# Runs the demo's home page in-process with `php-cgi -T` four times: twice without the recorder (their
# difference is the noise floor: pages hold random tokens and times, so the count varies a little),
# once recording every request (sample=1), and once sampling nothing (sample=1000000: the cost of the
# bootstrap alone). The cost at sampling 1 in N is then  unsampled + (every - unsampled) / N.
#
# Usage: bench/recorder-instructions.sh [REQUESTS] [SAMPLE]   (default 40 requests, sample 10)
set -euo pipefail
cd "$(dirname "$0")/.."
requests=${1:-40}
sample=${2:-10}
command -v valgrind >/dev/null || { echo "valgrind is needed: apt-get install valgrind" >&2; exit 2; }
bash scripts/install-deps.sh demo
bash demo/setup.sh >/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/php.ini" <<INI
opcache.enable=1
opcache.memory_consumption=128
opcache.validate_timestamps=0
display_errors=Off
log_errors=Off
INI
for n in 1 1000000; do
    php bin/preheat record --install --project=demo --bootstrap="$work/recorder-$n.php" \
        --store="$work/usage-$n.log" --sample="$n" --batch=10 --buffer-dir="$work" --pool-user="$(id -un)" >/dev/null
done

count() {
    REDIRECT_STATUS=200 REQUEST_METHOD=GET REQUEST_URI=/ SCRIPT_NAME=/index.php \
    SCRIPT_FILENAME="$PWD/demo/public/index.php" HTTP_HOST=127.0.0.1 SERVER_NAME=127.0.0.1 SERVER_PORT=80 \
        valgrind --tool=callgrind --callgrind-out-file="$work/$1.out" \
        php-cgi8.2 -c "$work/php.ini" "${@:2}" -T "5,$requests" demo/public/index.php >/dev/null 2>"$work/$1.err"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/$1.err"
}
echo "Counting instructions for $((requests + 5)) requests, four times (about two minutes)..." >&2
off=$(count off)
off2=$(count off2)
every=$(count every -d "auto_prepend_file=$work/recorder-1.php")
unsampled=$(count unsampled -d "auto_prepend_file=$work/recorder-1000000.php")

php -r '
[, $off, $off2, $every, $unsampled, $n, $sample] = $argv;
$per = static fn ($total) => $total / $n;
$pct = static fn ($x) => sprintf("%+.3f%%", 100 * $x / $off);
$atSample = $unsampled - $off + ($every - $unsampled) / $sample;
printf("| recorder | instructions per request | vs off |\n|---|---|---|\n");
printf("| off | %s | |\n", number_format($per($off)));
printf("| off, second run (noise floor) | %s | %s |\n", number_format($per($off2)), $pct($off2 - $off));
printf("| on, every request (sample=1) | %s | %s |\n", number_format($per($every)), $pct($every - $off));
printf("| on, nothing sampled (bootstrap only) | %s | %s |\n", number_format($per($unsampled)), $pct($unsampled - $off));
printf("| on, 1 in %d requests (computed) | %s | %s |\n", $sample, number_format($per($off + $atSample)), $pct($atSample));
' "$off" "$off2" "$every" "$unsampled" "$((requests + 5))" "$sample"
