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

/** What generate keeps of the PHP installation's probes (php-probes.bin): planted or of the wrong shape, it is no answer. */
final class ProbeCacheCases
{
    /** @return list<FaultCase> */
    public static function cases(): array
    {
        return [
            new FaultCase('cache-php-probes-object', 'generate', 'the kept answers of the PHP installation\'s probes replaced with a serialized WrkLoadGenerator whose destructor would delete a file outside the project', static function (Sandbox $s): Run {
                $kept = self::generate($s);
                $victim = $s->write($s->root.'/victim.txt', 'keep me');
                $scripts = "\0".WrkLoadGenerator::class."\0scripts";
                file_put_contents($kept, \sprintf('O:%d:"%s":1:{s:%d:"%s";a:1:{i:0;s:%d:"%s";}}', \strlen(WrkLoadGenerator::class), WrkLoadGenerator::class, \strlen($scripts), $scripts, \strlen($victim), $victim));

                return new Run(['generate', '--project='.$s->project, '--reverify']);
            }, new Expect([0], creates: ['preload.php'], after: static fn (Sandbox $s, Outcome $o): array => is_file($s->root.'/victim.txt') ? [] : ['the planted file deleted victim.txt'], afterSays: 'the file the planted object names is not deleted'), '32.4'),
            new FaultCase('cache-php-probes-wrong-shape', 'generate', 'every kept answer of the PHP installation\'s probes of another shape (a version that is a list, settings that are numbers, an ini path that is an array)', static function (Sandbox $s): Run {
                $kept = self::generate($s);
                $data = unserialize((string) file_get_contents($kept), ['allowed_classes' => false]);
                \assert(\is_array($data) && \is_array($data['answers']));
                foreach ($data['answers'] as &$answer) {
                    $answer['answer'] = \is_string($answer['answer']) ? ['8.2'] : array_map(static fn (mixed $v): mixed => \is_array($v) ? [7] : ['/etc/passwd'], (array) $answer['answer']);
                }
                file_put_contents($kept, serialize($data));

                return new Run(['generate', '--project='.$s->project, '--reverify']);
            }, new Expect([0], creates: ['preload.php'], after: static fn (Sandbox $s, Outcome $o): array => str_contains((string) @file_get_contents($s->project.'/preload.php'), 'Thing.php') ? [] : ['preload.php does not preload App\Thing'], afterSays: 'App\Thing preloaded'), '32.4'),
        ];
    }

    /** A first generate of the sandbox's project; the file it kept the probes' answers in. */
    private static function generate(Sandbox $s): string
    {
        $s->smallProject();
        $first = new Process([\PHP_BINARY, \dirname(__DIR__, 3).'/bin/preheat', 'generate', '--project='.$s->project], $s->root, ['TMPDIR' => $s->tmp, 'XDG_CACHE_HOME' => $s->cache], null, 60);
        $first->run();
        $kept = $s->cache.'/preheat/php-probes.bin';
        if (0 !== $first->getExitCode() || !is_file($kept)) {
            throw new \RuntimeException('The first generate failed or kept no answers of the probes: '.$first->getErrorOutput());
        }

        return $kept;
    }
}
