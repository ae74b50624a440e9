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

/** The files a generate keeps for the next run to read instead of the project's files (the bytes' hashes), planted or damaged. */
final class CacheFormatCases
{
    /** @return list<FaultCase> */
    public static function cases(): array
    {
        return [
            new FaultCase('cache-file-hashes-object', 'generate', 'the file hashes the last generate kept replaced with a serialized WrkLoadGenerator whose destructor would delete a file outside the project', static function (Sandbox $s): Run {
                $s->smallProject();
                self::generate($s);
                $victim = $s->write($s->root.'/victim.txt', 'keep me');
                $scripts = "\0".WrkLoadGenerator::class."\0scripts";
                $payload = \sprintf('O:%d:"%s":1:{s:%d:"%s";a:1:{i:0;s:%d:"%s";}}', \strlen(WrkLoadGenerator::class), WrkLoadGenerator::class, \strlen($scripts), $scripts, \strlen($victim), $victim);
                foreach (self::fileHashes($s) as $file) {
                    file_put_contents($file, $payload);
                }

                return new Run(['generate', '--project='.$s->project, '--reverify']);
            }, new Expect([0], creates: ['preload.php'], after: static fn (Sandbox $s, Outcome $o): array => is_file($s->root.'/victim.txt') ? [] : ['the planted file deleted victim.txt'], afterSays: 'the file it names is not deleted'), '32.3'),
            new FaultCase('cache-file-hashes-wrong', 'generate', 'every hash the last generate kept of the project\'s files replaced with a path (../../etc/passwd)', static function (Sandbox $s): Run {
                $s->smallProject();
                self::generate($s);
                foreach (self::fileHashes($s) as $file) {
                    $data = unserialize((string) file_get_contents($file), ['allowed_classes' => false]);
                    \assert(\is_array($data) && \is_array($data['files']));
                    foreach ($data['files'] as &$entry) {
                        $entry[1] = '../../etc/passwd';
                    }
                    file_put_contents($file, serialize($data));
                }

                return new Run(['generate', '--project='.$s->project, '--reverify']);
            }, new Expect([0], creates: ['preload.php'], after: self::manifestOfTheFiles(), afterSays: 'the script\'s manifest hashes the files\' bytes'), '32.3'),
        ];
    }

    /** @return non-empty-list<string> the file hashes a generate kept in the sandbox's cache */
    private static function fileHashes(Sandbox $s): array
    {
        $files = glob($s->cache.'/preheat/file-hashes-*.bin') ?: [];
        if ([] === $files) {
            throw new \RuntimeException('The first generate kept no file hashes.');
        }

        return $files;
    }

    /** The script's sources hash is that of the files' bytes, whatever the planted hashes said. */
    private static function manifestOfTheFiles(): \Closure
    {
        return static function (Sandbox $s, Outcome $o): array {
            $script = (string) @file_get_contents($s->project.'/preload.php');
            $files = \Preheat\Script\Write\ScriptManifest::filesOf($script, $s->project.'/preload.php');
            $hashes = array_map(static fn (string $f): string => (string) hash_file('xxh128', $f), $files);
            $expected = 'xxh128:'.hash('sha256', implode("\n", $hashes));

            return str_contains($script, $expected) ? [] : ['the manifest does not hash the files\' bytes'];
        };
    }

    /** A first generate of the sandbox's project, so that its caches exist. */
    private static function generate(Sandbox $s): void
    {
        $first = new Process([\PHP_BINARY, \dirname(__DIR__, 3).'/bin/preheat', 'generate', '--project='.$s->project], $s->root, ['TMPDIR' => $s->tmp, 'XDG_CACHE_HOME' => $s->cache], null, 60);
        $first->run();
        if (0 !== $first->getExitCode()) {
            throw new \RuntimeException('The first generate failed: '.$first->getErrorOutput());
        }
    }
}
