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
            }, new Expect([0], '{Ignored the reuse record \S*/preheat/generate-\w+\.bin}', after: static fn (Sandbox $s, Outcome $o): array => is_file($s->root.'/victim.txt') ? [] : ['the planted record deleted victim.txt'], afterSays: 'the file the record names is not deleted'), '28.2'),
            new FaultCase('cache-wrong-types', 'generate', 'every entry of the parse cache and of its content index of the wrong type (a declaration\'s kind null, the parse error a number)', static function (Sandbox $s): Run {
                $s->smallProject();
                self::generate($s);
                foreach ([...glob($s->cache.'/preheat/inventory-*.bin') ?: [], ...glob($s->cache.'/preheat/content-index-*.bin') ?: []] as $file) {
                    $data = unserialize((string) file_get_contents($file), ['allowed_classes' => false]);
                    \assert(\is_array($data) && \is_array($data['entries']));
                    foreach ($data['entries'] as &$serialized) {
                        $entry = unserialize($serialized, ['allowed_classes' => false]);
                        \assert(\is_array($entry));
                        $entry['parseError'] = 7;
                        foreach ($entry['declarations'] as &$declaration) {
                            $declaration['kind'] = null;
                        }
                        unset($declaration);
                        $serialized = serialize($entry);
                    }
                    file_put_contents($file, serialize($data));
                }

                return new Run(['generate', '--project='.$s->project, '-v']);
            }, new Expect([0], '{Ignored \d+ entries of the parse cache \S*/preheat/inventory-\w+\.bin}', after: self::preloads('App\\Thing'), afterSays: 'App\Thing preloaded'), '28.11'),
            new FaultCase('autoload-planted-above-clone', 'generate', 'a clone two levels below a directory others can write (w/A/preheat), and another user\'s w/autoload.php planted there', static fn (Sandbox $s): Run => self::plantedAutoload($s, 'A/preheat', installed: false), new Expect([0], creates: ['preload.php'], after: self::plantedDidNotRun(), afterSays: 'the planted autoload.php did not run'), '28.1'),
            new FaultCase('autoload-planted-vendor-shape', 'generate', 'the same with the clone at w/preheat/preheat and w/composer/installed.json listing preheat/preheat, all planted by another user', static fn (Sandbox $s): Run => self::plantedAutoload($s, 'preheat/preheat', installed: true), new Expect([0], creates: ['preload.php'], after: self::plantedDidNotRun(), afterSays: 'the planted autoload.php did not run'), '28.1'),
            new FaultCase('generate-php-file-over-limit', 'generate', 'a 9 MB PHP file (one comment and a class) beside good classes', static function (Sandbox $s): Run {
                $s->smallProject();
                $s->write('src/Big.php', "<?php\nnamespace App;\n/*".str_repeat('x', 9 * 1024 * 1024)."*/\nfinal class Big {}\n");

                return new Run(['generate', '--project='.$s->project, '--no-verify']);
            }, new Expect([0], '{src/Big\.php \(larger than 8 MB, the most Preheat parses of a PHP file: not scanned\)}', creates: ['preload.php'], after: self::preloads('App\\Thing'), afterSays: 'App\Thing preloaded'), '28.8'),
            new FaultCase('generate-preheat-json-over-limit', 'generate', 'preheat.json of 2 MB (a valid JSON object with one long string)', static function (Sandbox $s): Run {
                $s->smallProject();
                $s->write('preheat.json', (string) json_encode(['$schema' => str_repeat('x', 2 * 1024 * 1024)]));

                return new Run(['generate', '--project='.$s->project, '--no-verify']);
            }, new Expect([2], '{preheat\.json: it is larger than 1 MB, far more than a configuration}', unchanged: ['preheat.json']), '28.20'),
        ];
    }

    /**
     * A copy of bin/preheat in a clone at w/$clone (its vendor/ a link to the real one), w writable by all,
     * and an autoload.php in w, of another user, that leaves a mark when it runs.
     */
    private static function plantedAutoload(Sandbox $s, string $clone, bool $installed): Run
    {
        $s->smallProject();
        $w = $s->root.'/w';
        mkdir($w.'/'.$clone.'/bin', 0755, true);
        chmod($w, 01777);
        copy(\dirname(__DIR__, 3).'/bin/preheat', $w.'/'.$clone.'/bin/preheat');
        symlink(\dirname(__DIR__, 3).'/vendor', $w.'/'.$clone.'/vendor');
        $planted = [$s->write($w.'/autoload.php', "<?php\nfile_put_contents(__DIR__.'/../planted-ran', 'ran');\n")];
        if ($installed) {
            $planted[] = $s->write($w.'/composer/installed.json', '{"packages": [{"name": "preheat/preheat"}]}');
            $planted[] = $w.'/composer';
        }
        if (0 === posix_geteuid()) {
            foreach ($planted as $path) {
                chown($path, 'nobody');
            }
        }

        return new Run(['generate', '--project='.$s->project, '--no-verify'], script: $w.'/'.$clone.'/bin/preheat');
    }

    /** @return \Closure(Sandbox, Outcome): list<string> */
    private static function plantedDidNotRun(): \Closure
    {
        return static fn (Sandbox $s, Outcome $o): array => is_file($s->root.'/planted-ran') ? ['the planted autoload.php ran'] : [];
    }

    /** @return \Closure(Sandbox, Outcome): list<string> */
    private static function preloads(string $class): \Closure
    {
        return static fn (Sandbox $s, Outcome $o): array => str_contains((string) @file_get_contents($s->project.'/preload.php'), str_replace('App\\', '', $class).'.php') ? [] : ['preload.php does not preload '.$class];
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
