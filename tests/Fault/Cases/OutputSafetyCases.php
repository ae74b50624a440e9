<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Outcome;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;
use Preheat\Tests\Support\ExpositionValidators;

/**
 * What Preheat prints about hostile names and answers: terminal escape sequences in paths and names reach the
 * terminal only escaped; `--format=openmetrics` stays an exposition promtool and Prometheus' Python client accept,
 * saying `up 0` when the status cannot be read; a hostile probe answer or FastCGI end is an error, not a crash.
 */
final class OutputSafetyCases
{
    /** Sets the terminal's title and clears its screen, when printed raw. */
    private const ESCAPES = "\e]0;PWNED\x07\e[2J";

    /** Every character Prometheus' Python client ends a line at (CR, VT, FF, NEL, LS), and a terminal escape. */
    private const LINE_ENDS = "\r\x0B\x0C\u{85}\u{2028}\e[2J";

    /** A raw control byte in the output: ESC, BEL, CR, VT, FF, or a C1 control (NEL, CSI) in UTF-8. */
    private const RAW_CONTROL = '{[\x07\x0B-\x0D\x1B]|\xC2[\x80-\x9F]}';

    /** One batch as the recorder writes it: 10 sampled requests that loaded /app/a.php. */
    private const BATCH = '{"v":2,"server":"web1","from":1700000000,"to":1700000060,"requests":10,"dropped":0,"files":{"/app/a.php":10},"required":{}}';

    /** The markers of the status probe's answer (Php\OpcacheStatus). */
    private const MARKER = '@@PREHEAT-OPCACHE@@';

    /** @return list<FaultCase> */
    public static function cases(): array
    {
        $statusUrl = static function (Sandbox $s, array $answer, string $script = 'preload.php'): Run {
            $s->write($s->root.'/probe.php', '<?php echo base64_decode('.var_export(base64_encode(self::MARKER.base64_encode(serialize($answer)).self::MARKER), true).');');

            return new Run(['status', $s->write($script, "<?php\n"), '--status-url=http://127.0.0.1:'.$s->webServer().'/probe.php', '--wait=5', '--format=openmetrics']);
        };

        return [
            new FaultCase('generate-escapes-in-file-name', 'generate', 'a file named `src/ESC]0;PWNED BEL ESC[2J.php` (sets the title, clears the screen), whose class is left out and so named in the report', static function (Sandbox $s): Run {
                $s->smallProject();
                $s->write('src/'.self::ESCAPES.'.php', "<?php\nnamespace App;\nfinal class Pwned extends Missing {}\n");

                return new Run(['generate', '--project='.$s->project, '-v']);
            }, new Expect([0, 1], '{\\\\x1B\]0;PWNED\\\\x07\\\\x1B\[2J}', self::RAW_CONTROL, creates: ['preload.php']), '28.5'),
            new FaultCase('explain-escapes-in-name', 'explain', 'a name holding escape sequences, a CR and a C1 CSI', static fn (Sandbox $s): Run => new Run(['explain', '--project='.$s->smallProject(), 'App\\X'.self::ESCAPES."\r\u{9B}2J"]), new Expect([1], '{not preloaded}', self::RAW_CONTROL), '28.5'),
            new FaultCase('explain-escapes-in-name-json', 'explain', 'the same name with --format=json', static fn (Sandbox $s): Run => new Run(['explain', '--project='.$s->smallProject(), 'App\\X'.self::ESCAPES."\r\u{9B}2J", '--format=json']), new Expect([1], '{\\\\u001b\]0;PWNED}', self::RAW_CONTROL, after: self::jsonKeeps('App\\X'.self::ESCAPES."\r\u{9B}2J"), afterSays: 'the JSON holds the name exactly'), '28.5'),
            new FaultCase('status-line-ends-in-path', 'status', '--format=openmetrics for a script whose path holds CR, VT, FF, NEL, LS and ESC, and a probe answer holding them too', static fn (Sandbox $s): Run => $statusUrl($s, self::answer(['ini' => ['preload' => '/srv/pre'.self::LINE_ENDS.'load.php'], 'php' => '8.2'.self::LINE_ENDS]), 'pre'.self::LINE_ENDS.'load.php'), new Expect([0, 1], null, self::RAW_CONTROL, after: self::exposition(1), afterSays: 'promtool and prometheus_client accept the exposition'), '28.14'),
            new FaultCase('usage-line-ends-in-store', 'usage', '--format=openmetrics for a store whose path holds CR, VT, FF, NEL, LS and ESC', static fn (Sandbox $s): Run => new Run(['usage', '--store='.$s->write('usage'.self::LINE_ENDS.'.log', self::BATCH."\n"), '--format=openmetrics']), new Expect([0], null, self::RAW_CONTROL, after: self::exposition(null), afterSays: 'promtool and prometheus_client accept the exposition'), '28.14'),
            new FaultCase('usage-count-overflow', 'usage', '--format=openmetrics for a store of two records whose counts add up beyond PHP\'s integers, after a good one', static fn (Sandbox $s): Run => new Run(['usage', '--store='.$s->write('usage.log', self::BATCH."\n".str_repeat(str_replace(':10', ':'.\PHP_INT_MAX, self::BATCH)."\n", 2)), '--format=openmetrics']), new Expect([0], '{preheat_usage_damaged_records\{[^\n]*\} 2\n}', after: self::exposition(null), afterSays: 'promtool and prometheus_client accept the exposition'), '28.14'),
            new FaultCase('status-missing-script-openmetrics', 'status', '--format=openmetrics for a preload script that does not exist (the input, not the server, fails)', static fn (Sandbox $s): Run => new Run(['status', $s->project.'/none.php', '--fastcgi=127.0.0.1:1', '--format=openmetrics']), new Expect([2], '{none\.php}', after: self::exposition(0), afterSays: 'a valid exposition saying up 0'), '28.14'),
            new FaultCase('status-probe-nul', 'status', 'a probe answer whose opcache.preload holds a NUL byte', static fn (Sandbox $s): Run => $statusUrl($s, self::answer(['ini' => ['preload' => "/srv/a\0b.php"]])), new Expect([3], '{values the status probe does not print}', after: self::exposition(0), afterSays: 'a valid exposition saying up 0'), '28.14'),
            new FaultCase('status-probe-overflow', 'status', 'a probe answer whose memory counts add up beyond PHP\'s integers', static fn (Sandbox $s): Run => $statusUrl($s, self::answer(['usedBytes' => \PHP_INT_MAX, 'freeBytes' => \PHP_INT_MAX])), new Expect([3], '{values the status probe does not print}', after: self::exposition(0), afterSays: 'a valid exposition saying up 0'), '28.14'),
            new FaultCase('status-probe-object', 'status', 'a probe answer holding an object where the PHP version is', static fn (Sandbox $s): Run => $statusUrl($s, self::answer(['php' => new \ArrayObject([1])])), new Expect([3], '{values the status probe does not print}', after: self::exposition(0), afterSays: 'a valid exposition saying up 0'), '28.15'),
            new FaultCase('status-end-request-without-body', 'status', 'a FastCGI server that ends the request with an END_REQUEST record of no body', static function (Sandbox $s): Run {
                $port = $s->freePort();
                $s->helper([\PHP_BINARY, '-r', self::FASTCGI_WITHOUT_END_BODY, (string) $port], '{ready}');

                return new Run(['status', $s->write('preload.php', "<?php\n"), '--fastcgi=127.0.0.1:'.$port, '--wait=5', '--format=openmetrics']);
            }, new Expect([3], '{without the status of its end}', after: self::exposition(0), afterSays: 'a valid exposition saying up 0'), '28.15'),
        ];
    }

    /** A FastCGI server on loopback port $argv[1] that answers one request with output and an END_REQUEST of no body. */
    private const FASTCGI_WITHOUT_END_BODY = <<<'PHP'
        $server = stream_socket_server('tcp://127.0.0.1:'.$argv[1]);
        echo "ready\n";
        $client = stream_socket_accept($server, 30);
        stream_set_timeout($client, 10);
        while (true) {
            $header = fread($client, 8);
            if (false === $header || strlen($header) < 8) { exit(1); }
            $h = unpack('Cv/Ctype/nid/nlength/Cpadding/x', $header);
            $length = $h['length'] + $h['padding'];
            $read = 0;
            while ($read < $length) { $read += strlen((string) fread($client, $length - $read)); }
            if (5 === $h['type'] && 0 === $h['length']) { break; }
        }
        $record = fn (int $type, string $content): string => pack('CCnnCx', 1, $type, 1, strlen($content), 0).$content;
        fwrite($client, $record(6, "Content-Type: text/plain\r\n\r\nhello"));
        fwrite($client, $record(3, ''));
        sleep(5);
        PHP;

    /**
     * A status probe's answer as a php-fpm of PHP 8.2 with OPcache on gives it, with $changes.
     *
     * @param array<string, mixed> $changes
     *
     * @return array<string, mixed>
     */
    private static function answer(array $changes): array
    {
        return array_replace([
            'php' => '8.2.30',
            'user' => 'www-data',
            'opcache' => true,
            'preload' => ['memoryBytes' => 0, 'scripts' => [], 'classes' => 0, 'functions' => 0],
            'usedBytes' => 9000,
            'cachedScripts' => 1,
            'maxCachedKeys' => 100,
            'manifest' => null,
            'interned' => ['used' => 10, 'buffer' => 100],
            'ini' => ['preload' => ''],
            'freeBytes' => 100,
            'wastedBytes' => 0,
            'restarts' => ['oom' => 0, 'hash' => 0, 'manual' => 0],
            'startTime' => 1700000000,
            'lastRestartTime' => 0,
        ], $changes);
    }

    /**
     * The exposition (stdout, before stderr in the output) is accepted by every reader, and says up $up.
     *
     * @return \Closure(Sandbox, Outcome): list<string>
     */
    private static function exposition(?int $up): \Closure
    {
        return static function (Sandbox $s, Outcome $o) use ($up): array {
            $end = strpos($o->output, "# EOF\n");
            if (false === $end) {
                return ['no exposition ending in # EOF'];
            }
            $text = substr($o->output, 0, $end + 6);
            $problems = ExpositionValidators::problems($text);
            if (null !== $up && 1 !== preg_match('{^preheat_status_up\{[^\n]*\} '.$up.'$}m', $text)) {
                $problems[] = 'the exposition does not say preheat_status_up '.$up;
            }

            return $problems;
        };
    }

    /** @return \Closure(Sandbox, Outcome): list<string> */
    private static function jsonKeeps(string $name): \Closure
    {
        return static fn (Sandbox $s, Outcome $o): array => str_contains($o->output, substr(json_encode($name, \JSON_UNESCAPED_SLASHES | \JSON_THROW_ON_ERROR), 1, -1))
            ? []
            : ['the JSON does not hold '.json_encode($name)];
    }
}
