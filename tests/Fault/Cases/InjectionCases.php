<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Outcome;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;

/**
 * Hostile names: nothing Preheat writes into PHP may carry an unescaped string from a path, a name,
 * a file or a setting. Each case generates a script for such a name, runs it with PHP, and checks
 * that the code hidden in the name did not run (it would write the file $FAULT_MARK).
 */
final class InjectionCases
{
    /** Ends a comment, runs, opens a new comment: what a folder name could carry. */
    private const CODE = "*/ getenv('FAULT_MARK') && file_put_contents(getenv('FAULT_MARK'), 'ran'); /*";

    /** @return list<FaultCase> */
    public static function cases(): array
    {
        return [
            new FaultCase('inject-path-comment', 'generate', 'a scanned --path whose name closes the header comment (`ev*/ code; /*x`)', static function (Sandbox $s): Run {
                $root = 'ev'.self::CODE.'x';
                $s->write($root.'/C.php', "<?php\nclass InjRoot {}\n");

                return new Run(['generate', '--project='.$s->project, '--path='.$root]);
            }, new Expect([0], creates: GenerateCases::WRITES, after: self::harmless(), afterSays: 'the script runs without running the name'), '16.1'),
            new FaultCase('inject-path-newline', 'generate', 'a scanned --path with newlines and PHP code in its name', static function (Sandbox $s): Run {
                $root = "nl\n?><?php getenv('FAULT_MARK') && file_put_contents(getenv('FAULT_MARK'), 'ran'); ?>\n";
                $s->write($root.'/C.php', "<?php\nclass InjNewline {}\n");

                return new Run(['generate', '--project='.$s->project, '--path='.$root]);
            }, new Expect([0], creates: GenerateCases::WRITES, after: self::harmless(), afterSays: 'the script runs without running the name'), '16.1'),
            new FaultCase('inject-config-paths', 'generate', 'preheat.json generate.paths names such a folder', static function (Sandbox $s): Run {
                $root = 'cfg'.self::CODE.'x';
                $s->write($root.'/C.php', "<?php\nclass InjConfig {}\n");
                $s->write('preheat.json', (string) json_encode(['generate' => ['paths' => [$root]]]));

                return new Run(['generate', '--project='.$s->project]);
            }, new Expect([0], creates: GenerateCases::WRITES, after: self::harmless(), afterSays: 'the script runs without running the name'), '16.1'),
            new FaultCase('inject-ignore-pattern', 'generate', 'an --ignore pattern that closes a comment', static function (Sandbox $s): Run {
                $s->smallProject();

                return new Run(['generate', '--project='.$s->project, '--ignore=x'.self::CODE]);
            }, new Expect([0], creates: GenerateCases::WRITES, after: self::harmless(), afterSays: 'the script runs without running the pattern')),
            new FaultCase('inject-ini-path', 'generate', 'an --ini whose path closes a comment', static function (Sandbox $s): Run {
                $s->smallProject();
                $ini = $s->write($s->root.'/ini'.self::CODE.'/php.ini', (string) file_get_contents((string) php_ini_loaded_file()));

                return new Run(['generate', '--project='.$s->project, '--ini='.$ini]);
            }, new Expect([0], creates: GenerateCases::WRITES, after: self::harmless(), afterSays: 'the script runs without running the path'), '16.1'),
            new FaultCase('inject-file-names', 'generate', 'file names with `?>`, `<?php`, quotes and backslashes', static function (Sandbox $s): Run {
                $s->write("lib/Evil?><?php getenv('FAULT_MARK') && file_put_contents(getenv('FAULT_MARK'), 'ran') ?>.php", "<?php\nclass EvilName {}\n");
                $s->write("lib/back\\slash'quote.php", "<?php\nclass BackSlash {}\n");

                return new Run(['generate', '--project='.$s->project]);
            }, new Expect([0], creates: GenerateCases::WRITES, after: self::harmless(['EvilName', 'BackSlash']), afterSays: 'both classes preloaded, nothing else run')),
            new FaultCase('inject-class-content', 'generate', 'classes and namespaces with non-ASCII names and `*/` in their doc comments and strings', static function (Sandbox $s): Run {
                $s->write('src/Ünï.php', "<?php\nnamespace Ńs\\Ünï;\n// ".self::CODE."\nfinal class Klassé { public const C = ".var_export(self::CODE, true)."; }\n");

                return new Run(['generate', '--project='.$s->project]);
            }, new Expect([0], creates: GenerateCases::WRITES, after: self::harmless(['Klassé']), afterSays: 'the class preloaded, nothing else run')),
        ];
    }

    /**
     * Lints and runs the written preload.php with PHP (as the issue's reproduction does) and checks the mark was not written.
     *
     * @param list<string> $classes classes the script must preload (their file is named in it)
     *
     * @return \Closure(Sandbox, Outcome): list<string>
     */
    private static function harmless(array $classes = []): \Closure
    {
        return static function (Sandbox $s, Outcome $o) use ($classes): array {
            $script = $s->project.'/preload.php';
            if (!is_file($script)) {
                return ['no preload.php written'];
            }
            $mark = $s->root.'/PWNED';
            $problems = [];
            exec(escapeshellarg(\PHP_BINARY).' -l '.escapeshellarg($script).' 2>&1', $lint, $code);
            if (0 !== $code) {
                $problems[] = 'preload.php is not valid PHP: '.implode(' ', $lint);
            }
            // Run as the issue's reproduction does, with OPcache on; what it compiled is listed after it ran.
            $list = $s->write($s->root.'/list-compiled.php', '<?php echo "\n", json_encode(array_keys(opcache_get_status(true)["scripts"] ?? []));');
            $run = 'cd '.escapeshellarg($s->project).' && FAULT_MARK='.escapeshellarg($mark).' timeout 20 '.escapeshellarg(\PHP_BINARY).' -d opcache.enable_cli=1 -d opcache.file_update_protection=0 -d auto_append_file='.escapeshellarg($list).' '.escapeshellarg($script).' 2>/dev/null';
            $lines = explode("\n", (string) shell_exec($run));
            if (file_exists($mark)) {
                $problems[] = 'running preload.php ran code from a name';
            }
            $compiled = '';
            foreach ((array) json_decode((string) end($lines), true) as $file) {
                $compiled .= \is_string($file) ? (string) @file_get_contents($file) : '';
            }
            foreach ($classes as $class) {
                if (!str_contains($compiled, 'class '.$class)) {
                    $problems[] = "preload.php does not preload $class";
                }
            }

            return $problems;
        };
    }
}
