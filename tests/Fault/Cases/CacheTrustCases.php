<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Bench\Load\WrkLoadGenerator;
use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Outcome;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;
use Symfony\Component\Process\Process;

/** What Preheat trusts on disk: its own caches (planted, damaged, of the wrong types), the autoloader it loads, and files too large to read whole. */
final class CacheTrustCases
{
    /** @return list<FaultCase> */
    public static function cases(): array
    {
        return [
            new FaultCase('cache-reuse-record-object', 'generate', 'the reuse record of the last generate replaced with a serialized WrkLoadGenerator whose destructor would delete a file outside the project', static function (Sandbox $s): Run {
                $s->smallProject();
                self::generate($s);
                $victim = $s->write($s->root.'/victim.txt', 'keep me');
                $scripts = "\0".WrkLoadGenerator::class."\0scripts";
                $payload = \sprintf('O:%d:"%s":1:{s:%d:"%s";a:1:{i:0;s:%d:"%s";}}', \strlen(WrkLoadGenerator::class), WrkLoadGenerator::class, \strlen($scripts), $scripts, \strlen($victim), $victim);
                foreach (glob($s->cache.'/preheat/generate-*.bin') ?: [] as $record) {
                    file_put_contents($record, $payload);
                }

                return new Run(['generate', '--project='.$s->project]);
            }, new Expect([0], after: static fn (Sandbox $s, Outcome $o): array => is_file($s->root.'/victim.txt') ? [] : ['the planted record deleted victim.txt'], afterSays: 'the file the record names is not deleted'), '28.2'),
        ];
    }

    /** A first generate of the sandbox's project, so that its caches exist. */
    private static function generate(Sandbox $s): void
    {
        $first = new Process([\PHP_BINARY, \dirname(__DIR__, 3).'/bin/preheat', 'generate', '--project='.$s->project], $s->root, ['TMPDIR' => $s->tmp, 'XDG_CACHE_HOME' => $s->cache], null, 60);
        $first->run();
        if (0 !== $first->getExitCode() || [] === glob($s->cache.'/preheat/generate-*.bin')) {
            throw new \RuntimeException('The first generate failed or kept no record: '.$first->getErrorOutput());
        }
    }
}
