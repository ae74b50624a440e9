<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Outcome;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;
use Symfony\Component\Process\Exception\ProcessTimedOutException;
use Symfony\Component\Process\Process;

/**
 * Hostile peers: a "Redis" or a "php-fpm" on loopback that answers without bounds (arrays nested a million
 * deep, a string of a terabyte), a byte at a time, with records that carry nothing, or hangs up mid-answer.
 * Whatever it does, Preheat and the recorder in front of an app's page end in bounded time and memory.
 */
final class PeerBoundsCases
{
    /** One batch as the recorder writes it: 10 sampled requests that loaded /app/a.php. */
    private const BATCH = '{"v":2,"server":"web1","from":1700000000,"to":1700000060,"requests":10,"dropped":0,"files":{"/app/a.php":10},"required":{}}';

    /**
     * The peer, run as `php peer.php PORT MODE`: takes connections one after the other, reads what the
     * client sent (a Redis pipeline, or a FastCGI request up to its empty STDIN), then answers as MODE says.
     */
    private const PEER = <<<'PHP'
        <?php
        [, $port, $mode] = $argv;
        $server = stream_socket_server('tcp://127.0.0.1:'.$port);
        echo "ready\n";
        $until = microtime(true) + 150;
        while (microtime(true) < $until && false !== ($client = @stream_socket_accept($server, 150))) {
            stream_set_timeout($client, 2);
            if (str_starts_with($mode, 'fcgi-')) {
                while (true) {
                    $header = (string) fread($client, 8);
                    if (8 !== strlen($header)) { break; }
                    $h = unpack('Cv/Ctype/nid/nlength/Cpadding/x', $header);
                    $left = $h['length'] + $h['padding'];
                    while ($left > 0 && '' !== ($chunk = (string) fread($client, $left))) { $left -= strlen($chunk); }
                    if (5 === $h['type'] && 0 === $h['length']) { break; }
                }
            } else {
                fread($client, 65536);
            }
            $ok = true;
            switch ($mode) {
                case 'redis-nested': $ok = false !== @fwrite($client, str_repeat("*1\r\n", 1_000_000)); break;
                case 'redis-huge-bulk': $ok = false !== @fwrite($client, '$'.(1 << 40)."\r\nxxxx"); sleep(5); break;
                case 'redis-hang-up': break;
                case 'redis-drip':
                case 'redis-drip-fast':
                    @fwrite($client, "+OK\r\n*2\r\n:");
                    while ($ok && microtime(true) < $until) {
                        usleep('redis-drip' === $mode ? 1_000_000 : 20_000);
                        $ok = false !== @fwrite($client, '1') && !feof($client);
                    }
                    break;
                case 'http-drip':
                    @fwrite($client, "HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\n");
                    // no break: then the body, a byte a second
                case 'fcgi-drip':
                    while ($ok && microtime(true) < $until) {
                        $ok = false !== @fwrite($client, "\1") && !feof($client);
                        sleep(1);
                    }
                    break;
                case 'fcgi-empty-records':
                    while ($ok && microtime(true) < $until) {
                        $ok = false !== @fwrite($client, pack('CCnnCx', 1, 11, 1, 0, 0)) && !feof($client);
                        usleep(20_000);
                    }
                    break;
                case 'fcgi-unknown-flood':
                    $record = pack('CCnnCx', 1, 11, 1, 65535, 1).str_repeat('x', 65536);
                    while ($ok && microtime(true) < $until) {
                        $ok = false !== @fwrite($client, $record);
                    }
                    break;
            }
            @fclose($client);
        }
        PHP;

    /** @return list<FaultCase> */
    public static function cases(): array
    {
        $usage = static fn (Sandbox $s, string $mode, string ...$more): Run => new Run(['usage', '--store=redis://127.0.0.1:'.self::peer($s, $mode).'/0', ...$more], timeoutSeconds: 90);
        $status = static fn (Sandbox $s, string $mode, string $wait): Run => new Run(['status', $s->write('preload.php', "<?php\n"), '--fastcgi=127.0.0.1:'.self::peer($s, $mode), '--wait='.$wait], timeoutSeconds: 60);
        $page = static fn (Sandbox $s, string $mode): Run => new Run(['record', '--install', '--project='.$s->smallProject(), '--store=redis://127.0.0.1:'.self::peer($s, $mode).'/0', '--sample=1', '--batch=1', '--bootstrap='.$s->root.'/bootstrap.php']);
        $pageServed = new Expect([0], unchanged: ['src/Thing.php'], creates: ['*'], after: self::pageServed(...), afterSays: 'a page behind the recorder is served whole within 10 s');

        return [
            new FaultCase('usage-redis-nested-replies', 'usage', 'the "Redis" answers `*1` a million times (arrays nested a million deep)', static fn (Sandbox $s): Run => $usage($s, 'redis-nested'), new Expect([3], '{nested more than \d+ deep}'), '28.6'),
            new FaultCase('usage-redis-huge-bulk', 'usage', 'the "Redis" announces a string of 2^40 bytes', static fn (Sandbox $s): Run => $usage($s, 'redis-huge-bulk'), new Expect([3], '{length of 1099511627776}'), '28.6'),
            new FaultCase('record-page-redis-nested-replies', 'record', 'a page behind the installed recorder, whose "Redis" answers arrays nested a million deep', static fn (Sandbox $s): Run => $page($s, 'redis-nested'), $pageServed, '28.6'),
            new FaultCase('record-page-redis-huge-bulk', 'record', 'a page behind the installed recorder, whose "Redis" announces a string of 2^40 bytes', static fn (Sandbox $s): Run => $page($s, 'redis-huge-bulk'), $pageServed, '28.6'),
            new FaultCase('record-page-redis-drip', 'record', 'a page behind the installed recorder, whose "Redis" answers a byte every 20 ms for 150 s', static fn (Sandbox $s): Run => $page($s, 'redis-drip-fast'), $pageServed, '28.7'),
            new FaultCase('usage-redis-drip', 'usage', 'the "Redis" answers a byte a second for 150 s (each byte within the read timeout)', static fn (Sandbox $s): Run => $usage($s, 'redis-drip'), new Expect([3], '{stopped answering.*timed out}s'), '28.7'),
            new FaultCase('usage-merge-redis-hangs-up', 'usage', 'merge --into a "Redis" that hangs up before it answers (killed mid-merge)', static fn (Sandbox $s): Run => new Run(['usage', 'merge', '--store='.$s->write('a.log', self::BATCH."\n"), '--into=redis://127.0.0.1:'.self::peer($s, 'redis-hang-up').'/0']), new Expect([3], '{stopped answering}', '{password and database}', unchanged: ['a.log']), '28.12'),
            new FaultCase('usage-merge-redis-frozen', 'usage', 'merge --into a real redis-server that is frozen (SIGSTOP): it takes the connection, never answers', static function (Sandbox $s): Run {
                $port = $s->freePort();
                $redis = $s->helper(['redis-server', '--port', (string) $port, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], '{Ready to accept connections}');
                posix_kill((int) $redis->getPid(), \SIGSTOP);

                return new Run(['usage', 'merge', '--store='.$s->write('a.log', self::BATCH."\n"), '--into=redis://127.0.0.1:'.$port.'/0'], timeoutSeconds: 90);
            }, new Expect([3], '{stopped answering.*timed out}s', '{password and database}', unchanged: ['a.log']), '28.12'),
            new FaultCase('status-fastcgi-drip', 'status', '--wait=3 and a "php-fpm" that answers a byte a second for 150 s', static fn (Sandbox $s): Run => $status($s, 'fcgi-drip', '3'), new Expect([3], '{within 3 s}'), '28.7'),
            new FaultCase('status-url-drip', 'status', '--wait=3 and a web server that answers a byte a second for 150 s', static fn (Sandbox $s): Run => new Run(['status', $s->write('preload.php', "<?php\n"), '--status-url=http://127.0.0.1:'.self::peer($s, 'http-drip').'/status.php', '--wait=3'], timeoutSeconds: 60), new Expect([3], '{within 3 s}'), '28.7'),
            new FaultCase('status-url-with-a-header', 'status', '--status-url with CR LF and a header after them', static fn (Sandbox $s): Run => new Run(['status', $s->write('preload.php', "<?php\n"), '--status-url=http://127.0.0.1:'.$s->freePort()."/status.php\r\nX-Injected: 1", '--wait=3']), new Expect([2], '{status\.php\\\\x0D\\\\x0AX-Injected: 1 is not one the status can be read from.*percent-encode.*\(option --status-url\)}', "{\r\nX-Injected}")),
            new FaultCase('status-fastcgi-empty-records', 'status', '--wait=3 and a "php-fpm" that sends an empty record of an unknown type every 20 ms for 150 s', static fn (Sandbox $s): Run => $status($s, 'fcgi-empty-records', '3'), new Expect([3], '{within 3 s}'), '28.7'),
            new FaultCase('usage-same-store-twice', 'usage', '--store=A --store=./A (one store named twice)', static fn (Sandbox $s): Run => new Run(['usage', '--store='.$s->write('a.log', self::BATCH."\n"), '--store='.$s->project.'/./a.log']), new Expect([0], '{Requests\s+10 sampled}', '{Requests\s+20}', unchanged: ['a.log']), '28.17'),
            new FaultCase('usage-merge-into-source-by-another-name', 'usage', 'merge --store=A --into=./A (the source by another name)', static fn (Sandbox $s): Run => new Run(['usage', 'merge', '--store='.$s->write('a.log', self::BATCH."\n"), '--into='.$s->project.'/./a.log']), new Expect([2], '{also one of the stores merged}', unchanged: ['a.log']), '28.17'),
            new FaultCase('usage-store-line-over-the-limit', 'usage', 'a store whose middle line is 17 MB with no newline in it', static fn (Sandbox $s): Run => new Run(['usage', '--store='.$s->write('a.log', self::BATCH."\n".str_repeat('x', 17 * 1024 * 1024)."\n".self::BATCH."\n")]), new Expect([0], '{^(?=.*Warning: \S*a\.log: 1 line longer than 16 MB skipped)(?=.*Requests\s+20 sampled)}s', unchanged: ['a.log']), '28.8'),
            new FaultCase('status-fastcgi-unknown-flood', 'status', '--wait=120 and a "php-fpm" that floods records of an unknown type (64 KB each)', static fn (Sandbox $s): Run => $status($s, 'fcgi-unknown-flood', '120'), new Expect([3], '{larger than 67,108,864 bytes}'), '28.7'),
        ];
    }

    /** Starts the peer in MODE on a free loopback port (stopped by its PID with the sandbox); returns the port. */
    private static function peer(Sandbox $s, string $mode): int
    {
        $port = $s->freePort();
        $s->helper([\PHP_BINARY, $s->write($s->root.'/peer.php', self::PEER), (string) $port, $mode], '{ready}');

        return $port;
    }

    /**
     * Serves a page through php-cgi behind the bootstrap `record --install` wrote (a sampled request, whose
     * batch is flushed to the peer at once): the page's body and status must be the app's.
     *
     * @return list<string>
     */
    private static function pageServed(Sandbox $s, Outcome $o): array
    {
        $page = $s->write('public/index.php', "<?php\necho 'the page itself';\n");
        $cgi = new Process(['php-cgi'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION, '-d', 'auto_prepend_file='.$s->root.'/bootstrap.php', '-d', 'memory_limit=128M', '-d', 'display_errors=0', $page], $s->root, ['TMPDIR' => $s->tmp, 'REDIRECT_STATUS' => '200'], null, 60);
        $started = microtime(true);
        try {
            $cgi->run();
        } catch (ProcessTimedOutException) {
            return ['the page took more than 60 s'];
        }
        $seconds = microtime(true) - $started;
        $problems = [];
        if (0 !== $cgi->getExitCode()) {
            $problems[] = 'php-cgi exited with '.var_export($cgi->getExitCode(), true).': '.mb_strcut($cgi->getErrorOutput(), 0, 300);
        }
        if (!str_ends_with($cgi->getOutput(), 'the page itself') || str_contains($cgi->getOutput(), 'Status:')) {
            $problems[] = 'the page is not the app\'s: '.mb_strcut($cgi->getOutput(), 0, 300);
        }
        if ($seconds > 10) {
            $problems[] = \sprintf('the page took %.1f s', $seconds);
        }

        return $problems;
    }
}
