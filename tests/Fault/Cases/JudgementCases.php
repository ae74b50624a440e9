<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Outcome;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;

/**
 * What the bench judges and trusts: assertions that would hold when false, a hostile earlier report, preheat.json's
 * duplicate keys and huge values, and the messages that must say what really failed. Each bench run is the short
 * one-round run of BenchCases, so a regression costs seconds.
 */
final class JudgementCases
{
    /** An echoed value is cut to 200 characters: a message with it stays far below this. */
    private const MAX_MESSAGE_BYTES = 4096;

    /** @return list<FaultCase> */
    public static function cases(): array
    {
        $bench = static function (string ...$options): \Closure {
            return static fn (Sandbox $s): Run => new Run(['bench', '--project='.$s->project, ...BenchCases::SHORT, ...$options], $s->benchApp(), timeoutSeconds: 90);
        };
        // An earlier report.json of this version whose one valid run of none has the figures given.
        $baseline = static function (string $figures, int $version = 4) use ($bench): \Closure {
            return static function (Sandbox $s) use ($figures, $version, $bench): Run {
                $report = $s->write($s->root.'/earlier.json', '{"version": '.$version.', "baseline": "none", "primaryMetric": {"metric": "cpuPerRequest"}, "environment": {"urls": ["/"], "cpuModel": null, "cores": 2, "php": "'.\PHP_VERSION.'", "tool": "wrk", "toolSettings": "wrk -c 1"}, "scenarios": [{"name": "none", "spec": "none", "measured": true, "runs": [{"round": 1, "valid": true, "requests": 100, '.$figures.'}]}]}');

                return $bench('--baseline='.$report, '--out='.$s->root.'/out')($s);
            };
        };
        $config = static function (string $json) use ($bench): \Closure {
            return static function (Sandbox $s) use ($json, $bench): Run {
                $run = $bench()($s);
                $s->write('preheat.json', $json);

                return $run;
            };
        };
        $bounded = static fn (Sandbox $s, Outcome $o): array => \strlen($o->output) > self::MAX_MESSAGE_BYTES ? [\sprintf('the output is %d bytes: a value was echoed whole', \strlen($o->output))] : [];

        return [
            new FaultCase('judgement-assert-infinite-threshold', 'bench', '--assert=\'none.warnings == 999…9\' (400 digits: a float reads it as infinity, with an infinite tolerance)', $bench('--assert=none.warnings == '.str_repeat('9', 400)), new Expect([2], '{none\.warnings.*400 digits}s'), '28.9'),
            new FaultCase('judgement-assert-matches-nothing', 'bench', '--assert=\'*.gain >= 500%\' with only the baseline scenario: judged on no scenario', $bench('--assert=*.gain >= 500%'), new Expect([1], '{✗ \*\.gain >= 500%: matches no scenario}'), '28.9'),
            new FaultCase('judgement-baseline-tiny-figures', 'bench', '--baseline=REPORT.json whose run has requestsPerSecond 5e-324 and cpuPerRequestMs 1.7e308: refused before any server starts', $baseline('"requestsPerSecond": 5e-324, "cpuPerRequestMs": 1.7e308'), new Expect([2], '{earlier\.json: scenarios\[0\]\.runs\[0\]\.requestsPerSecond gives 5\.0E-324 req/s, which no bench measures}', '{Pages checked}'), '28.10'),
            new FaultCase('judgement-baseline-version-99', 'bench', '--baseline=REPORT.json of "version": 99', $baseline('"requestsPerSecond": 100, "cpuPerRequestMs": 1.0', 99), new Expect([2], '{earlier\.json: version is 99 where this version of Preheat writes 4}', '{Pages checked}'), '28.10'),
            new FaultCase('judgement-config-duplicate-key', 'bench', 'preheat.json gives bench.duration twice (JSON keeps the last without a word)', $config("{\"bench\": {\"duration\": 1,\n  \"duration\": 3600}}"), new Expect([2], '{preheat\.json: the key "bench\.duration" is given twice \(line 1 and line 2\)}', unchanged: ['preheat.json']), '28.18'),
            // A preheat.json of 60 MB is refused before it is read (generate-preheat-json-over-limit); a value as
            // long as the bound on the file allows is echoed cut.
            new FaultCase('judgement-config-huge-value', 'bench', 'preheat.json\'s bench.tool is a 900 KB string: the error shows it cut', static function (Sandbox $s) use ($bench): Run {
                $run = $bench()($s);
                $s->write('preheat.json', '{"bench": {"tool": "'.str_repeat('w', 900 * 1024).'"}}');

                return $run;
            }, new Expect([2], '{Invalid tool "w+…" \(921600 bytes\)}', after: $bounded, afterSays: 'the output under 4 KB'), '28.18'),
            new FaultCase('judgement-config-overridden-urls', 'bench', 'preheat.json\'s bench.urls is a string, and --url overrides it: checked all the same', $config('{"bench": {"urls": "/"}}'), new Expect([2], '{preheat\.json key bench\.urls "/": expected a list}'), '28.18'),
            new FaultCase('judgement-config-overridden-scenarios', 'bench', 'preheat.json\'s bench.scenarios is a list, and --scenario overrides it: checked all the same', $config('{"bench": {"scenarios": ["none"]}}'), new Expect([2], '{preheat\.json key bench\.scenarios \["none"\]: expected an object}'), '28.18'),
            new FaultCase('judgement-config-tiny-timeout', 'bench', '{"bench":{"timeout":1e-300}}: above 0, yet every page times out', $config('{"bench": {"timeout": 1e-300}}'), new Expect([2], '{preheat\.json key bench\.timeout 1\.0e-300: .*at least 0\.1}', '{check the URLs}'), '28.12'),
            new FaultCase('judgement-generate-deep-chain', 'generate', 'a chain of 3000 classes, each extending the one before and adding a method: OPcache needs its memory quadratically, and the boot that overflows it preloads nothing', static function (Sandbox $s): Run {
                $s->write('composer.json', '{"name": "fault/deep", "autoload": {"classmap": ["src/"]}}');
                $s->write('vendor/composer/installed.json', '{"packages": []}');
                for ($i = 0; $i < 3000; ++$i) {
                    $s->write("src/C{$i}.php", "<?php\nnamespace App;\nclass C{$i}".($i > 0 ? ' extends C'.($i - 1) : '')." { public function m{$i}(): int { return {$i}; } }\n");
                }

                return new Run(['generate', '--project='.$s->project], timeoutSeconds: 300);
            }, new Expect([0], '{Fitted to opcache\.memory_consumption=\d+ in .*: preloading \d+ of 3000 planned files; to preload all of them set opcache\.memory_consumption=\d+ }', '{keeping 3000 of 3000|set raise}', creates: GenerateCases::WRITES), '28.19'),
            new FaultCase('judgement-assert-long-echo', 'bench', 'a 120 KB --assert that cannot be read: echoed cut, once', $bench('--assert=none.gain >= 5% '.str_repeat('y', 120000)), new Expect([2], '{unexpected "y+…" \(120000 bytes\)}', after: $bounded, afterSays: 'the output under 4 KB'), '28.18'),
        ];
    }
}
