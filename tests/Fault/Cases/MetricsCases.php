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
 * `--format=prometheus`, what node_exporter's textfile collector reads (text format 0.0.4): for a status that
 * cannot be read or a store, each with a path holding what ends a line for some reader, it stays a file that
 * promtool and Prometheus' Python client accept with every family typed and with its HELP, and no raw control
 * character, as `--format=openmetrics` does (OutputSafetyCases).
 */
final class MetricsCases
{
    /** Every character Prometheus' Python client ends a line at (CR, VT, FF, NEL, LS), a quote, a backslash, an escape. */
    private const LINE_ENDS = "\r\x0B\x0C\u{85}\u{2028}\"\\\e[2J";

    /** A raw control byte in the output: ESC, BEL, CR, VT, FF, or a C1 control (NEL, CSI) in UTF-8. */
    private const RAW_CONTROL = '{[\x07\x0B-\x0D\x1B]|\xC2[\x80-\x9F]}';

    /** One batch as the recorder writes it: 10 sampled requests that loaded /app/a.php. */
    private const BATCH = '{"v":2,"server":"web1","from":1700000000,"to":1700000060,"requests":10,"dropped":0,"files":{"/app/a.php":10},"required":{}}';

    /** @return list<FaultCase> */
    public static function cases(): array
    {
        return [
            new FaultCase('status-unreachable-prometheus', 'status', '--format=prometheus for a script whose path holds CR, VT, FF, NEL, LS, a quote, a backslash and ESC, and no php-fpm behind the address', static fn (Sandbox $s): Run => new Run(['status', $s->write('pre'.self::LINE_ENDS.'load.php', "<?php\n"), '--fastcgi=127.0.0.1:'.$s->freePort(), '--wait=2', '--format=prometheus']), new Expect([3], '{cannot}i', self::RAW_CONTROL, after: self::exposition('preheat_status_up', '0'), afterSays: 'promtool and prometheus_client accept it, every family typed, up 0'), '30.7'),
            new FaultCase('status-missing-script-prometheus', 'status', '--format=prometheus for a preload script that does not exist (the input, not the server, fails)', static fn (Sandbox $s): Run => new Run(['status', $s->project.'/none.php', '--fastcgi=127.0.0.1:1', '--format=prometheus']), new Expect([2], '{none\.php}', after: self::exposition('preheat_status_up', '0'), afterSays: 'promtool and prometheus_client accept it, every family typed, up 0'), '30.7'),
            new FaultCase('usage-line-ends-in-store-prometheus', 'usage', '--format=prometheus for a store whose path holds CR, VT, FF, NEL, LS, a quote, a backslash and ESC', static fn (Sandbox $s): Run => new Run(['usage', '--store='.$s->write('usage'.self::LINE_ENDS.'.log', self::BATCH."\n"), '--format=prometheus']), new Expect([0], null, self::RAW_CONTROL, after: self::exposition('preheat_usage_requests_total', '10'), afterSays: 'promtool and prometheus_client accept it, the counters typed counter'), '30.7'),
        ];
    }

    /**
     * The exposition (the lines stdout starts with, before stderr in the output) is accepted by every reader
     * of 0.0.4, every family typed and with its HELP, and it holds $sample with the value $value.
     *
     * @return \Closure(Sandbox, Outcome): list<string>
     */
    private static function exposition(string $sample, string $value): \Closure
    {
        return static function (Sandbox $s, Outcome $o) use ($sample, $value): array {
            $text = 1 === preg_match('/^(?:(?:# HELP |# TYPE |preheat_)[^\n]*\n)*/', $o->output, $m) ? $m[0] : '';
            if ('' === $text) {
                return ['no exposition'];
            }
            $problems = ExpositionValidators::prometheusTextProblems($text);
            if (str_contains($text, '# EOF')) {
                $problems[] = 'an # EOF, which text format 0.0.4 does not have';
            }
            if (1 !== preg_match('{^'.preg_quote($sample).'\{[^\n]*\} '.preg_quote($value).'$}m', $text)) {
                $problems[] = \sprintf('the exposition does not say %s %s', $sample, $value);
            }
            if (str_ends_with($sample, '_total') && !str_contains($text, '# TYPE '.$sample.' counter')) {
                $problems[] = $sample.' is not typed counter';
            }

            return $problems;
        };
    }
}
