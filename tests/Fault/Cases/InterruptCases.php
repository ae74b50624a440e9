<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Hook;
use Preheat\Tests\Fault\Outcome;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;

/**
 * Interrupts of generate, verify and status at their slowest phase. Verification is made to stall
 * (a PHP binary that sleeps where it would boot the preload script), so the signal lands there.
 */
final class InterruptCases
{
    private const EXISTING = "<?php // the preload script production runs\n";

    /** @return list<FaultCase> */
    public static function cases(): array
    {
        $generate = static function (int $signal, int $stall = 60): \Closure {
            return static function (Sandbox $s) use ($signal, $stall): Run {
                $s->smallProject();
                $s->write('preload.php', self::EXISTING);
                $php = $s->stallingPhp($s->root.'/stalled', $stall);

                return new Run(['generate', '--project='.$s->project, '--php='.$php, '--ini='.Sandbox::FPM_INI], [], [Hook::signalOnFile($s->root.'/stalled', $signal)]);
            };
        };
        $verify = static function (int $signal): \Closure {
            return static function (Sandbox $s) use ($signal): Run {
                $script = $s->write('preload.php', "<?php\n");
                $php = $s->stallingPhp($s->root.'/stalled');

                return new Run(['verify', $script, '--php='.$php, '--ini='.Sandbox::FPM_INI], [], [Hook::signalOnFile($s->root.'/stalled', $signal)]);
            };
        };

        return [
            new FaultCase('generate-sigint-verifying', 'generate', 'SIGINT while the script is being verified', $generate(\SIGINT), new Expect([130], unchanged: ['preload.php']), '16.4'),
            new FaultCase('generate-sigterm-verifying', 'generate', 'SIGTERM while the script is being verified', $generate(\SIGTERM), new Expect([143], unchanged: ['preload.php']), '16.4'),
            new FaultCase('generate-sighup-verifying', 'generate', 'SIGHUP while the script is being verified', $generate(\SIGHUP), new Expect([129], unchanged: ['preload.php']), '16.4'),
            new FaultCase('generate-sigkill-verifying', 'generate', 'kill -9 while the script is being verified (its PHP child ends by itself 2 s later), then generate again', $generate(\SIGKILL, 2), new Expect([137], unchanged: ['preload.php'], cleanTemp: false, after: self::nextRunIgnoresLeftovers(), afterSays: 'the next generate succeeds and preloads no leftover candidate')),
            new FaultCase('verify-sigint', 'verify', 'SIGINT while PHP boots the script', $verify(\SIGINT), new Expect([130], unchanged: ['preload.php']), '16.4'),
            new FaultCase('verify-sigterm', 'verify', 'SIGTERM while PHP boots the script', $verify(\SIGTERM), new Expect([143], unchanged: ['preload.php']), '16.4'),
            new FaultCase('status-sigint-waiting', 'status', 'SIGINT while waiting for a FastCGI listener that never answers', static function (Sandbox $s): Run {
                $port = $s->freePort();
                $s->helper([\PHP_BINARY, '-r', '$s = stream_socket_server("tcp://127.0.0.1:'.$port.'"); echo "ready\n"; $c = stream_socket_accept($s, 60); sleep(60);'], '{ready}');

                return new Run(['status', $s->write('preload.php', "<?php\n"), '--fastcgi=127.0.0.1:'.$port, '--wait=30'], [], [Hook::signalAfter(1.5, \SIGINT)]);
            }, new Expect([130]), '16.4'),
        ];
    }

    /** @return \Closure(Sandbox, Outcome): list<string> */
    private static function nextRunIgnoresLeftovers(): \Closure
    {
        return static function (Sandbox $s, Outcome $o): array {
            $next = new \Symfony\Component\Process\Process([\PHP_BINARY, \dirname(__DIR__, 3).'/bin/preheat', 'generate', '--project='.$s->project], $s->root, ['TMPDIR' => $s->tmp, 'XDG_CACHE_HOME' => $s->cache], null, 60);
            $next->run();
            if (0 !== $next->getExitCode()) {
                return ['the next generate failed (exit '.$next->getExitCode().'): '.$next->getErrorOutput()];
            }
            $script = (string) file_get_contents($s->project.'/preload.php');

            return str_contains($script, '.preload.php.') ? ['the next generate preloads the leftover candidate of the killed run'] : [];
        };
    }
}
