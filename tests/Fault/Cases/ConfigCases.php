<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;

/**
 * preheat.json and bench options: broken, empty, unknown, out-of-range and absurd values. Each run
 * is short if Preheat wrongly accepts its input (one round of one second), so a regression costs seconds.
 */
final class ConfigCases
{
    /** @return list<FaultCase> */
    public static function cases(): array
    {
        $config = static function (string $json, string ...$more): \Closure {
            return static function (Sandbox $s) use ($json, $more): Run {
                $env = $s->benchApp();
                $s->write('preheat.json', $json);

                return new Run(['bench', '--project='.$s->project, ...($more ?: BenchCases::SHORT)], $env, timeoutSeconds: 90);
            };
        };
        $option = static function (string ...$options): \Closure {
            return static fn (Sandbox $s): Run => new Run(['bench', '--project='.$s->project, ...BenchCases::SHORT, ...$options], $s->benchApp(), timeoutSeconds: 90);
        };

        return [
            new FaultCase('config-invalid-json', 'bench', 'preheat.json is not JSON', $config('{bad'), new Expect([2], '{preheat\.json.*JSON}', unchanged: ['preheat.json'])),
            new FaultCase('config-empty-array', 'bench', 'preheat.json is `[]`', $config('[]'), new Expect([2], '{preheat\.json}', unchanged: ['preheat.json']), '16.10'),
            new FaultCase('config-is-a-directory', 'bench', 'preheat.json is a directory', static function (Sandbox $s): Run {
                $env = $s->benchApp();
                mkdir($s->project.'/preheat.json');

                return new Run(['bench', '--project='.$s->project, ...BenchCases::SHORT], $env, timeoutSeconds: 90);
            }, new Expect([2], '{preheat\.json}')),
            new FaultCase('config-unknown-key', 'bench', 'a typo in a key (bench.duraton)', $config('{"bench": {"duraton": 1}}'), new Expect([2], '{unknown key "bench\.duraton"\. Did you mean "bench\.duration"\?}')),
            new FaultCase('config-negative-duration', 'bench', '{"bench":{"duration":-2}}', $config('{"bench": {"duration": -2}}', '--scenario=none', '--url=/'), new Expect([2], '{preheat\.json.*bench\.duration|bench\.duration.*preheat\.json}s'), '16.10'),
            new FaultCase('config-negative-rounds', 'bench', '{"bench":{"rounds":-1}}', $config('{"bench": {"rounds": -1}}', '--scenario=none', '--url=/'), new Expect([2], '{preheat\.json.*bench\.rounds|bench\.rounds.*preheat\.json}s'), '16.10'),
            new FaultCase('config-zero-concurrency', 'bench', '{"bench":{"concurrency":0}}', $config('{"bench": {"concurrency": 0}}', '--scenario=none', '--url=/'), new Expect([2], '{preheat\.json.*bench\.concurrency|bench\.concurrency.*preheat\.json}s'), '16.10'),
            new FaultCase('config-zero-timeout', 'bench', '{"bench":{"timeout":0}}', $config('{"bench": {"timeout": 0}}', '--scenario=none', '--url=/'), new Expect([2], '{preheat\.json.*bench\.timeout|bench\.timeout.*preheat\.json}s'), '16.10'),
            new FaultCase('config-invalid-overridden', 'bench', 'an invalid duration in preheat.json and --duration=1 on the command line', $config('{"bench": {"duration": -2}}'), new Expect([2], '{bench\.duration}'), '16.10'),
            new FaultCase('config-bad-runtime', 'bench', '{"bench":{"runtime":"lighttpd"}}', $config('{"bench": {"runtime": "lighttpd"}}', '--scenario=none', '--url=/'), new Expect([2], '{lighttpd}')),
            new FaultCase('config-missing-file', 'bench', '--config names a file that does not exist', static fn (Sandbox $s): Run => new Run(['bench', '--project='.$s->project, '--config='.$s->root.'/none.json', ...BenchCases::SHORT], $s->benchApp()), new Expect([2], '{none\.json}')),
            new FaultCase('config-workers-100000', 'bench', '{"bench":{"workers":100000}} (php-fpm is a fake that refuses more than 64 children, so that nothing forks 100000)', static function (Sandbox $s): Run {
                $env = $s->benchApp();
                $s->write('preheat.json', (string) json_encode(['bench' => ['workers' => 100000, 'binaries' => ['fpm' => $s->fakeFpm(64, false)]]]));

                return new Run(['bench', '--project='.$s->project, '--scenario=none', '--url=/', '--rounds=1', '--max-time=0', '--duration=1', '--warmup=0', '--concurrency=1'], $env, timeoutSeconds: 90);
            }, new Expect([0, 2], '{workers}i', '{refusing}'), '16.3'),
            new FaultCase('bench-negative-duration-option', 'bench', '--duration=-2', $option('--duration=-2'), new Expect([2], '{duration}')),
            new FaultCase('bench-zero-rounds-option', 'bench', '--rounds=0', $option('--rounds=0'), new Expect([2], '{rounds}')),
            new FaultCase('bench-bad-url', 'bench', '--url without a leading slash', $option('--url=nope'), new Expect([2], '{"nope"}')),
            new FaultCase('bench-missing-scenario-script', 'bench', '--scenario=x=/nonexistent.php', $option('--scenario=x=/nonexistent.php'), new Expect([2], '{/nonexistent\.php}')),
            new FaultCase('bench-missing-php', 'bench', '--php names a binary that does not exist: the same exit and words as every command', $option('--php=/nonexistent/php'), new Expect([2], '{--php=/nonexistent/php is not an executable file}'), '30.9'),
            new FaultCase('bench-bad-tool', 'bench', '--tool=siege', $option('--tool=siege'), new Expect([2], '{siege}')),
            new FaultCase('bench-bad-max-time', 'bench', '--max-time=soon', $option('--max-time=soon'), new Expect([2], '{soon}')),
            new FaultCase('bench-out-is-a-file', 'bench', '--out names an existing file', static fn (Sandbox $s): Run => new Run(['bench', '--project='.$s->project, ...BenchCases::SHORT, '--out='.$s->write($s->root.'/report.txt', 'x')], $s->benchApp(), timeoutSeconds: 90), new Expect([2], '{report\.txt}')),
        ];
    }
}
