<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault\Cases;

use Preheat\Tests\Fault\Expect;
use Preheat\Tests\Fault\FaultCase;
use Preheat\Tests\Fault\Outcome;
use Preheat\Tests\Fault\Run;
use Preheat\Tests\Fault\Sandbox;

/** `generate`: bad projects, bad files and names, unreadable and unwritable places, links and loops. */
final class GenerateCases
{
    /** What a good run may add to the project. */
    public const WRITES = ['preload.php'];

    /** @return list<FaultCase> */
    public static function cases(): array
    {
        $generate = static fn (Sandbox $s, string ...$more): Run => new Run(['generate', '--project='.$s->project, ...$more]);

        return [
            new FaultCase('generate-missing-project', 'generate', 'the project directory does not exist', static fn (Sandbox $s): Run => new Run(['generate', '--project='.$s->root.'/nowhere']), new Expect([2], '{nowhere}')),
            new FaultCase('generate-project-is-a-file', 'generate', '--project names a file', static function (Sandbox $s): Run {
                $s->write($s->root.'/file.txt', 'x');

                return new Run(['generate', '--project='.$s->root.'/file.txt']);
            }, new Expect([2], '{file\.txt}')),
            new FaultCase('generate-empty-project', 'generate', 'a project without one PHP file', static fn (Sandbox $s): Run => $generate($s), new Expect([2], '{No PHP file to preload under}', notOutput: '{Wrote}'), '30.9'),
            new FaultCase('generate-binary-file', 'generate', 'a .php file of random bytes beside good classes', static function (Sandbox $s) use ($generate): Run {
                $s->smallProject();
                $s->write('src/Noise.php', random_bytes(4096));

                return $generate($s);
            }, new Expect([0], '{nothing preloadable|Noise\.php}', creates: self::WRITES, after: self::preloads('Thing.php'), afterSays: 'the good classes preloaded')),
            new FaultCase('generate-invalid-utf8', 'generate', 'a class file with invalid UTF-8 in strings and comments', static function (Sandbox $s) use ($generate): Run {
                $s->smallProject();
                $s->write('src/Latin.php', "<?php\nnamespace App;\n/* caf\xE9 \xFF\xFE */\nfinal class Latin { public const NAME = \"\xE9t\xE9\"; }\n");

                return $generate($s);
            }, new Expect([0], creates: self::WRITES, after: self::preloads('Latin.php'), afterSays: 'the class preloaded')),
            new FaultCase('generate-huge-line', 'generate', 'a class file with a 2 MB line', static function (Sandbox $s) use ($generate): Run {
                $s->smallProject();
                $s->write('src/Big.php', "<?php\nnamespace App;\nfinal class Big { public const DATA = '".str_repeat('x', 2 << 20)."'; }\n");

                return $generate($s);
            }, new Expect([0], creates: self::WRITES, after: self::preloads('Big.php'), afterSays: 'the class preloaded')),
            new FaultCase('generate-parse-error', 'generate', 'a file that does not parse', static function (Sandbox $s) use ($generate): Run {
                $s->smallProject();
                $s->write('src/Broken.php', "<?php\nnamespace App;\nclass Broken {\n");

                return $generate($s);
            }, new Expect([0], '{Broken\.php}', creates: self::WRITES, after: self::preloads('Thing.php'), afterSays: 'the good classes preloaded')),
            new FaultCase('generate-missing-parent', 'generate', 'a class whose parent exists nowhere', static fn (Sandbox $s): Run => $generate(self::fixture($s, 'missing-parent')), new Expect([0], '{missing-dependency|does not exist}', creates: self::WRITES)),
            new FaultCase('generate-duplicate-class', 'generate', 'the same class declared in two files', static fn (Sandbox $s): Run => $generate(self::fixture($s, 'duplicate-class')), new Expect([0], '{duplicate-class|Cannot declare}i', creates: self::WRITES)),
            new FaultCase('generate-spaces-quotes-dollar', 'generate', 'paths with spaces, quotes and $ in directory and file names', static function (Sandbox $s) use ($generate): Run {
                $s->smallProject();
                $s->write("src/it's a \"dir\" \$HOME/Odd \$name.php", "<?php\nnamespace App;\nfinal class Odd {}\n");

                return $generate($s, '--path=src');
            }, new Expect([0], creates: self::WRITES, after: self::preloads('Odd $name.php'), afterSays: 'the class preloaded')),
            new FaultCase('generate-missing-path', 'generate', '--path names a directory that does not exist', static fn (Sandbox $s): Run => new Run(['generate', '--project='.self::small($s)->project, '--path=nowhere']), new Expect([2], '{nowhere}')),
            new FaultCase('generate-path-without-php', 'generate', '--path names a directory without PHP files', static function (Sandbox $s) use ($generate): Run {
                $s->smallProject();
                $s->write('assets/style.css', 'body {}');

                return $generate($s, '--path=src', '--path=assets');
            }, new Expect([0], '{assets}', creates: self::WRITES)),
            new FaultCase('generate-link-loop', 'generate', 'a symbolic link inside the project to the project (a loop)', static function (Sandbox $s) use ($generate): Run {
                $s->smallProject();
                symlink($s->project, $s->project.'/src/loop');

                return $generate($s);
            }, new Expect([0], '{loop}i', creates: self::WRITES, after: self::preloads('Thing.php'), afterSays: 'the classes preloaded once')),
            new FaultCase('generate-dangling-link', 'generate', 'a symbolic link to a file that does not exist', static function (Sandbox $s) use ($generate): Run {
                $s->smallProject();
                symlink($s->root.'/gone.php', $s->project.'/src/Gone.php');

                return $generate($s);
            }, new Expect([0], creates: self::WRITES, after: self::preloads('Thing.php'), afterSays: 'the good classes preloaded')),
            new FaultCase('generate-broken-composer-json', 'generate', 'composer.json is not JSON', static function (Sandbox $s) use ($generate): Run {
                $s->smallProject();
                $s->write('composer.json', '{"autoload": ');

                return $generate($s);
            }, new Expect([2], '{composer\.json}')),
            new FaultCase('generate-broken-installed-json', 'generate', 'vendor/composer/installed.json is garbage', static function (Sandbox $s) use ($generate): Run {
                $s->smallProject();
                $s->write('vendor/composer/installed.json', "\x00\x01garbage");

                return $generate($s);
            }, new Expect([2], '{installed\.json}')),
            new FaultCase('generate-output-dir-missing', 'generate', '-o into a directory that does not exist', static fn (Sandbox $s): Run => $generate(self::small($s), '-o', $s->root.'/no/such/dir/preload.php', '--no-verify'), new Expect([2, 3], '{no/such/dir}')),
            new FaultCase('generate-output-under-a-file', 'generate', '-o into a "directory" that is a file', static fn (Sandbox $s): Run => $generate(self::small($s), '-o', $s->project.'/composer.json/preload.php', '--no-verify'), new Expect([2, 3], '{composer\.json}', unchanged: ['composer.json'])),
            new FaultCase('generate-output-is-a-directory', 'generate', '--output names an existing directory', static function (Sandbox $s) use ($generate): Run {
                self::small($s);
                mkdir($s->root.'/out');

                return $generate($s, '--output='.$s->root.'/out', '--no-verify');
            }, new Expect([2], '{is a directory}i', '{cannot create files}i'), '16.10'),
            new FaultCase('generate-bad-fix-rounds', 'generate', '--fix-rounds=-1', static fn (Sandbox $s): Run => $generate(self::small($s), '--fix-rounds=-1'), new Expect([2], '{fix-rounds}')),
            new FaultCase('generate-bad-format', 'generate', '--format=xml', static fn (Sandbox $s): Run => $generate(self::small($s), '--format=xml'), new Expect([2], '{format}')),
            new FaultCase('generate-bad-strategy', 'generate', '--strategy=fastest', static fn (Sandbox $s): Run => $generate(self::small($s), '--strategy=fastest'), new Expect([2], '{strategy}')),
            new FaultCase('generate-hot-without-usage', 'generate', '--strategy=hot without a usage store', static fn (Sandbox $s): Run => $generate(self::small($s), '--strategy=hot'), new Expect([2], '{--store=STORE}')),
            new FaultCase('generate-bad-budget', 'generate', '--budget=lots', static fn (Sandbox $s): Run => $generate(self::small($s), '--strategy=hot', '--usage=x.log', '--budget=lots'), new Expect([2], '{budget}')),
            new FaultCase('generate-missing-php', 'generate', '--php names a binary that does not exist', static fn (Sandbox $s): Run => $generate(self::small($s), '--php=/nonexistent/php'), new Expect([2], '{--php=/nonexistent/php is not an executable file}'), '30.9'),
            new FaultCase('generate-missing-ini', 'generate', '--ini names a file that does not exist', static fn (Sandbox $s): Run => $generate(self::small($s), '--ini='.$s->root.'/none.ini'), new Expect([2, 3], '{none\.ini}')),
            new FaultCase('generate-cache-dir-link', 'generate', '--cache-dir is a symbolic link', static function (Sandbox $s) use ($generate): Run {
                self::small($s);
                symlink($s->cache, $s->root.'/cache-link');

                return $generate($s, '--cache-dir='.$s->root.'/cache-link', '--no-verify');
            }, new Expect([2], '{link}i')),
            new FaultCase('generate-cache-dir-writable-by-others', 'generate', '--cache-dir others can write', static function (Sandbox $s) use ($generate): Run {
                self::small($s);
                mkdir($s->root.'/open-cache');
                chmod($s->root.'/open-cache', 0777);

                return $generate($s, '--cache-dir='.$s->root.'/open-cache', '--no-verify');
            }, new Expect([2], '{open-cache}')),
            new FaultCase('generate-unreadable-file', 'generate', 'a vendor file of mode 0600 the pool\'s user cannot read (run as root, --user=www-data)', static function (Sandbox $s) use ($generate): Run {
                self::small($s);
                $s->write('vendor/acme/lib/Secret.php', "<?php\nnamespace Acme;\nfinal class Secret {}\n", 0600);
                chown($s->project.'/vendor/acme/lib/Secret.php', 'root');

                return $generate($s, '--user=www-data');
            }, new Expect([3], '{cannot read|not readable}i', creates: self::WRITES), '16.9'),
            new FaultCase('generate-untraversable-parent', 'generate', 'the project inside a 0700 directory the pool\'s user cannot enter (as root, --user=www-data)', static function (Sandbox $s): Run {
                $closed = $s->root.'/closed';
                mkdir($closed, 0700);
                $project = $closed.'/app';
                mkdir($project);
                file_put_contents($project.'/C.php', "<?php\nfinal class Closed {}\n");

                return new Run(['generate', '--project='.$project, '--user=www-data']);
            }, new Expect([3], '{cannot read|not readable|may not enter|cannot enter|traverse}i', '{Failed opening required}'), '16.9'),
            new FaultCase('generate-incompatible-parameter', 'generate', 'a child method whose parameters do not fit its parent\'s (default mode)', static fn (Sandbox $s): Run => $generate(self::incompatible($s)), new Expect([0], '{Bad::hi\(\) requires 1 argument.*PHP refuses to link}', creates: self::WRITES, after: self::doesNotPreload('Bad'), afterSays: 'Bad left out'), '16.8'),
            new FaultCase('generate-incompatible-parameter-no-fix', 'generate', 'the same with --no-fix: no script that warns at every start', static fn (Sandbox $s): Run => $generate(self::incompatible($s), '--no-fix'), new Expect([0], '{Bad::hi\(\) requires 1 argument.*PHP refuses to link}', '{must be compatible}', creates: self::WRITES, after: self::doesNotPreload('Bad'), afterSays: 'Bad left out'), '16.8'),
            new FaultCase('generate-concurrent', 'generate', 'two generates of the same project at the same time', static fn (Sandbox $s): Run => new Run(['generate', '--project='.self::small($s)->project], copies: 2), new Expect([0], creates: self::WRITES, after: self::preloads('Thing.php'), afterSays: 'a whole script')),
            new FaultCase('generate-keeps-preload-on-failure', 'generate', 'generate fails (its --php does not exist) where a preload.php is in place', static function (Sandbox $s) use ($generate): Run {
                self::small($s);
                $s->write('preload.php', "<?php // the script that works in production\n");

                return $generate($s, '--php=/nonexistent/php');
            }, new Expect([2, 3], unchanged: ['preload.php'])),
        ];
    }

    public static function small(Sandbox $s): Sandbox
    {
        $s->smallProject();

        return $s;
    }

    private static function fixture(Sandbox $s, string $name): Sandbox
    {
        $s->fixture($name);

        return $s;
    }

    private static function incompatible(Sandbox $s): Sandbox
    {
        $s->write('A.php', "<?php\nclass A { public function hi(): string { return 'a'; } }\n");
        $s->write('Bad.php', "<?php\nclass Bad extends A { public function hi(int \$x): string { return 'b'; } }\n");

        return $s;
    }

    /** @return \Closure(Sandbox, Outcome): list<string> the written preload.php compiles the file named $file and is valid PHP */
    public static function preloads(string $file): \Closure
    {
        return static function (Sandbox $s, Outcome $o) use ($file): array {
            $script = (string) @file_get_contents($s->project.'/preload.php');
            if (!str_contains($script, $file)) {
                return ["preload.php does not preload $file"];
            }
            exec(escapeshellarg(\PHP_BINARY).' -l '.escapeshellarg($s->project.'/preload.php').' 2>&1', $lint, $code);

            return 0 === $code ? [] : ['preload.php is not valid PHP: '.implode(' ', $lint)];
        };
    }

    /** @return \Closure(Sandbox, Outcome): list<string> */
    private static function doesNotPreload(string $file): \Closure
    {
        return static fn (Sandbox $s, Outcome $o): array => str_contains((string) @file_get_contents($s->project.'/preload.php'), $file.'.php') ? ["preload.php still preloads $file.php"] : [];
    }
}
