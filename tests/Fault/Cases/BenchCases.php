<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Process\ProcStat;
use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Hook;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;
use Preheat\Tests\Fault\Watch;

/**
 * `bench` on every runtime and load tool: servers killed, a port taken, pages that fail, interrupts at
 * each phase, and the bench's own attack surface (links out of the document root, its status pages).
 */
final class BenchCases
{
    private const SECRET = 'root-only-secret-4f1c9a';

    /** One round of one second, one worker: a fault case needs a bench that runs, not figures. */
    public const SHORT = ['--scenario=none', '--url=/', '--rounds=1', '--max-time=0', '--duration=1', '--warmup=0', '--concurrency=1', '--workers=1'];

    /** Long enough to be interrupted in the middle of the rounds. */
    private const ROUNDS = ['--scenario=none', '--url=/', '--rounds=6', '--max-time=0', '--duration=1', '--warmup=0', '--concurrency=1', '--workers=1'];

    /** Said once the gate passed: the rounds start. */
    private const MEASURING = '{Pages checked}';

    /** @return list<FaultCase> */
    public static function cases(): array
    {
        /**
         * @param list<string>                $options
         * @param list<\Closure(Watch): bool> $during
         */
        $bench = static function (array $options, array $during = []): \Closure {
            return static fn (Sandbox $s): Run => new Run(['bench', '--project='.$s->project, ...$options], $s->benchApp(), $during, 120);
        };
        $interrupt = static fn (int $signal, string ...$more): \Closure => $bench([...self::ROUNDS, ...$more], [Hook::signalOnOutput(self::MEASURING, $signal, 1.2)]);

        return [
            new FaultCase('bench-fpm-killed', 'bench', 'php-fpm\'s master killed (SIGKILL, by its pid file) during the rounds', $bench(self::ROUNDS, [Hook::killServerOnOutput(self::MEASURING, 'fpm.pid')]), new Expect([3], '{php-fpm for scenario none died}')),
            new FaultCase('bench-nginx-killed', 'bench', 'nginx\'s master killed during the rounds', $bench(self::ROUNDS, [Hook::killServerOnOutput(self::MEASURING, 'nginx.pid')]), new Expect([3], '{nginx.*died|died.*nginx}i'), '16.3'),
            new FaultCase('bench-apache-killed', 'bench', 'Apache (mod_php) killed during the rounds', $bench([...self::ROUNDS, '--runtime=mod_php'], [Hook::killServerOnOutput(self::MEASURING, 'apache2.pid')]), new Expect([3], '{died}')),
            new FaultCase('bench-app-500', 'bench', 'the app starts answering HTTP 500 during the rounds', $bench(['--scenario=none', '--url=/flaky', '--rounds=2', '--max-time=0', '--duration=1', '--warmup=0', '--concurrency=1', '--workers=1']), new Expect([1], '{non-2xx|500|void|not measured}i')),
            new FaultCase('bench-page-missing', 'bench', 'a page the app does not have (HTTP 404)', $bench(['--scenario=none', '--scenario=all', '--url=/missing', '--rounds=1', '--max-time=0', '--duration=1', '--warmup=0', '--concurrency=1', '--workers=1']), new Expect([3], '{/missing answered HTTP 404}')),
            new FaultCase('bench-port-taken', 'bench', 'another listener takes nginx\'s port as it starts', static function (Sandbox $s): Run {
                $env = $s->benchApp();
                $s->write('preheat.json', (string) json_encode(['bench' => ['binaries' => ['nginx' => $s->squattedNginx()]]]));

                return new Run(['bench', '--project='.$s->project, ...self::SHORT], $env, [], 120);
            }, new Expect([3], '{in use}i', '{check the URLs}'), '16.5'),
            new FaultCase('bench-root-symlink-attack', 'bench', 'as root: a link to a root-only secret file planted in the document root by an unprivileged user, fetched during the rounds; the status page asked for; the workers\' user', static function (Sandbox $s): Run {
                $env = $s->benchApp();
                // A root-only file of the case's own stands for /etc/shadow.
                $secret = $s->write($s->root.'/secret.txt', self::SECRET."\n", 0600);
                symlink($secret, $s->project.'/public/leak.txt');
                @lchown($s->project.'/public/leak.txt', 'nobody');

                return new Run(['bench', '--project='.$s->project, ...self::ROUNDS], $env, [Hook::onServer(self::MEASURING, self::probeAttack(...))], 120);
            }, new Expect([0]), '16.2'),
            new FaultCase('bench-sigint-rounds', 'bench', 'SIGINT during the rounds (nginx + php-fpm, wrk)', $interrupt(\SIGINT), new Expect([130], '{Interrupted \(SIGINT\): stopped every process}'), '16.4'),
            new FaultCase('bench-sigterm-rounds', 'bench', 'SIGTERM during the rounds', $interrupt(\SIGTERM), new Expect([143], '{stopped}'), '16.4'),
            new FaultCase('bench-sighup-rounds', 'bench', 'SIGHUP during the rounds', $interrupt(\SIGHUP), new Expect([129], '{stopped}'), '16.4'),
            new FaultCase('bench-sigint-mod-php', 'bench', 'SIGINT during the rounds on Apache + mod_php', $interrupt(\SIGINT, '--runtime=mod_php'), new Expect([130], '{stopped}'), '16.4'),
            new FaultCase('bench-sigterm-worker', 'bench', 'SIGTERM during the rounds on the persistent-worker runtime', $interrupt(\SIGTERM, '--runtime=worker'), new Expect([143], '{stopped}'), '16.4'),
            new FaultCase('bench-sigint-ab', 'bench', 'SIGINT during the rounds with ab as the load tool', $interrupt(\SIGINT, '--tool=ab'), new Expect([130], '{stopped}')),
            new FaultCase('bench-sigterm-cgi', 'bench', 'SIGTERM during the rounds with php-cgi -T as the load tool', $bench([...self::ROUNDS, '--tool=cgi', '--rounds=100'], [Hook::signalOnOutput('{Round 1 done}', \SIGTERM)]), new Expect([143], '{stopped}')),
            new FaultCase('bench-sigint-record', 'bench', 'SIGINT during the rounds of the record scenario (recorder on)', $bench(['--scenario=none', '--scenario=rec=record', '--url=/', '--rounds=6', '--max-time=0', '--duration=1', '--warmup=0', '--concurrency=1', '--workers=1'], [Hook::signalOnOutput(self::MEASURING, \SIGINT, 1.2)]), new Expect([130], '{stopped}'), '16.4'),
            new FaultCase('bench-sigint-preparing', 'bench', 'SIGINT while the all scenario is being prepared (its verification)', static function (Sandbox $s): Run {
                $env = $s->benchApp();
                $php = $s->stallingPhp($s->root.'/stalled');

                return new Run(['bench', '--project='.$s->project, '--scenario=none', '--scenario=all', '--url=/', '--rounds=1', '--max-time=0', '--duration=1', '--warmup=0', '--concurrency=1', '--workers=1', '--php='.$php], $env, [Hook::signalOnFile($s->root.'/stalled', \SIGINT)], 120);
            }, new Expect([130]), '16.4'),
            new FaultCase('bench-stray-server-process', 'bench', 'php-fpm forks a process its master does not know of (a fake php-fpm that leaves a child): the bench ends normally', static function (Sandbox $s): Run {
                $env = $s->benchApp();
                $s->write('preheat.json', (string) json_encode(['bench' => ['binaries' => ['fpm' => $s->fakeFpm(64, true)]]]));

                return new Run(['bench', '--project='.$s->project, ...self::SHORT], $env, [], 120);
            }, new Expect([0]), '16.3'),
            new FaultCase('bench-stray-server-process-sigint', 'bench', 'the same, interrupted by SIGINT during the rounds', static function (Sandbox $s): Run {
                $env = $s->benchApp();
                $s->write('preheat.json', (string) json_encode(['bench' => ['binaries' => ['fpm' => $s->fakeFpm(64, true)]]]));

                return new Run(['bench', '--project='.$s->project, ...self::ROUNDS], $env, [Hook::signalOnOutput(self::MEASURING, \SIGINT, 1.2)], 120);
            }, new Expect([130]), '16.3'),
        ];
    }

    /**
     * What a local user could do to a root bench while it runs: read a file through a planted link, ask
     * for the bench's status pages; and whether the web server's workers run as root.
     */
    private static function probeAttack(Watch $watch, int $port): void
    {
        if (str_contains(Hook::get($port, '/leak.txt'), self::SECRET)) {
            $watch->problem('GET /leak.txt served the root-only secret through the planted link');
        }
        foreach (['/__preheat/status', '/__preheat/fpm-status'] as $path) {
            if (1 === preg_match('{^HTTP/\S+ 200}', Hook::get($port, $path))) {
                $watch->problem("GET $path answered 200 to any client of the machine");
            }
        }
        $master = $watch->pidFromFile('nginx.pid');
        foreach (glob('/proc/[0-9]*/stat') ?: [] as $stat) {
            $fields = ProcStat::fields((string) @file_get_contents($stat)) ?? [];
            if (null !== $master && (int) ($fields[1] ?? 0) === $master && 1 === preg_match('{^Uid:\s+0\s}m', (string) @file_get_contents(\dirname($stat).'/status'))) {
                $watch->problem('an nginx worker runs as root');
                break;
            }
        }
    }
}
