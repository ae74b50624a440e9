<?php

declare(strict_types=1);

/*
 * What a visitor sees during a deploy: requests one page of a loopback web server every 100 ms (the next
 * request starts 100 ms after the last one started, or at once when that one took longer) and appends a
 * line per request to OUTPUT: when it started and ended (microtime), the HTTP status (0 when no response
 * came: connection refused, closed, or no answer within 10 s) and 1 when the response holds MARK, else 0.
 * Stops when STOP exists, or after MAX seconds.
 *
 *     php poll.php PORT PATH OUTPUT STOP MAX MARK
 */

[, $port, $path, $output, $stop, $max, $mark] = $argv + array_fill(0, 7, '');
if (!ctype_digit($port) || !str_starts_with($path, '/') || '' === $output || '' === $stop || !ctype_digit($max)
    || '' === $mark
) {
    fwrite(STDERR, "usage: php poll.php PORT PATH OUTPUT STOP MAX MARK\n");
    exit(2);
}

/** @return array{int, bool} the status and whether the response holds $mark */
function poll(int $port, string $path, string $mark): array
{
    $socket = @stream_socket_client('tcp://127.0.0.1:'.$port, $code, $message, 10.0);
    if (false === $socket) {
        return [0, false];
    }
    stream_set_timeout($socket, 10);
    fwrite($socket, "GET $path HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
    $line = (string) fgets($socket, 256);
    // The rest, bounded (a page of the demo is a few kilobytes).
    $response = $line;
    while (!feof($socket) && strlen($response) < 4 * 1024 * 1024) {
        $chunk = fread($socket, 65536);
        if (false === $chunk || ('' === $chunk && stream_get_meta_data($socket)['timed_out'])) {
            break;
        }
        $response .= $chunk;
    }
    fclose($socket);
    $status = 1 === preg_match('#^HTTP/1\.[01] (\d{3}) #', $line, $match) ? (int) $match[1] : 0;

    return [$status, str_contains($response, $mark)];
}

$deadline = microtime(true) + (int) $max;
for ($next = microtime(true); !is_file($stop) && microtime(true) < $deadline;) {
    $started = microtime(true);
    [$status, $marked] = poll((int) $port, $path, $mark);
    file_put_contents($output, sprintf("%.3f %.3f %d %d\n", $started, microtime(true), $status, $marked), FILE_APPEND);
    $next = max($next + 0.1, microtime(true));
    $wait = $next - microtime(true);
    if ($wait > 0) {
        usleep((int) ($wait * 1e6));
    }
}
