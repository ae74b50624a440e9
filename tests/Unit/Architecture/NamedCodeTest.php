<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Architecture;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\DocumentedShell;

/**
 * Every class, folder and `Class::member` the documentation names in a code span exists: a rename or a
 * move that leaves the docs behind fails here, naming the document, the line and the name.
 *
 * A name is read as code when it looks like one: `Name`, `Folder\Name`, `Name::member`, `Name::member()`.
 * It is found when the repository declares it (a class, interface, enum or trait in src/, tests/,
 * recorder/, bench/ or scripts/; an enum case; a folder of src/ or tests/), when PHP declares it, or when
 * it is a name of another project the docs speak of (EXTERNAL, each with where it comes from). All-caps
 * names are settings and environment variables, not code.
 */
final class NamedCodeTest extends TestCase
{
    /** Names of other projects or formats that the docs mention in code spans, and whose they are. */
    private const EXTERNAL = [
        'ClassNotFoundError' => 'Symfony ErrorHandler',
        'NameResolver' => 'nikic/php-parser',
        'FdServer' => 'react/socket',
        'StreamSelectLoop' => 'react/event-loop',
        'ServerRoot' => 'an Apache directive',
        'PHPIniDir' => 'an Apache directive',
        'SymLinksIfOwnerMatch' => 'an Apache option',
        'Location' => 'an HTTP header',
        'Upgrade' => 'an HTTP header',
        'Ms' => 'a suffix of report.json keys',
        'Post' => 'an example class of an app',
        'Child' => 'an example class of an app',
        'Foo\Bar' => 'an example class of an app',
        'Laravel\Telescope' => 'a Laravel package',
        'Illuminate\Http\Request' => 'Laravel',
        'FileFinder' => 'psysh',
        'X' => 'an example class of an app',
        'NAME_total' => 'a metric name\'s form',
        'KB' => 'a unit',
        'MB' => 'a unit',
        'GB' => 'a unit',
    ];

    private const DECLARATION = '/^\s*(?:(?:final|abstract|readonly)\s+)*(?:class|interface|enum|trait)\s+([A-Za-z_]\w*)/m';

    /** @var array{names: array<string, list<string>>, folders: array<string, true>, cases: array<string, true>}|null */
    private static ?array $repository = null;

    /** @return iterable<string, array{string}> */
    public static function documents(): iterable
    {
        foreach (DocumentedShell::documents() as $document) {
            yield $document => [$document];
        }
    }

    #[DataProvider('documents')]
    public function testEveryClassAndMemberTheDocumentNamesExists(string $document): void
    {
        $markdown = (string) file_get_contents(self::root().'/'.$document);
        $missing = array_map(
            static fn (array $name): string => \sprintf('%s:%d: `%s` %s', $document, $name[0], $name[1], $name[2]),
            self::missingNames($markdown),
        );

        self::assertSame([], $missing, 'Rename the name in the document, or add it to EXTERNAL with whose it is.');
    }

    public function testTheCheckSeesAMissingClassFolderAndMember(): void
    {
        $markdown = "Text `Plan\\Planner` and `Planner::plan()`.\n\n`Plan\\NoSuchPlanner`, "
            ."`Planner::noSuchMethod()`, `NoSuchFolder\\Planner`, `NoSuchClass` and `PATH`.\n";

        self::assertSame([
            [3, 'Plan\NoSuchPlanner', 'names no class or folder of the repository'],
            [3, 'Planner::noSuchMethod()', 'names no member of Preheat\Plan\Planner'],
            [3, 'NoSuchFolder\Planner', 'names no class or folder of the repository'],
            [3, 'NoSuchClass', 'names no class or folder of the repository'],
        ], self::missingNames($markdown));
    }

    /** @return list<array{int, string, string}> line, name, what is wrong */
    private static function missingNames(string $markdown): array
    {
        $missing = [];
        $fenced = false;
        foreach (explode("\n", $markdown) as $index => $line) {
            if (str_starts_with(ltrim($line), '```')) {
                $fenced = !$fenced;
                continue;
            }
            if ($fenced || !preg_match_all('/`([^`]+)`/', $line, $spans)) {
                continue;
            }
            foreach ($spans[1] as $span) {
                $problem = self::problem($span);
                if (null !== $problem) {
                    $missing[] = [$index + 1, $span, $problem];
                }
            }
        }

        return $missing;
    }

    private static function problem(string $span): ?string
    {
        $name = '(?:[A-Z]\w*\\\\)*[A-Z]\w*';
        if (!preg_match('/^(?:Preheat\\\\)?('.$name.')(?:::(\$?[A-Za-z_]\w*)(?:\(\))?)?$/', $span, $match)) {
            return null;
        }
        $class = $match[1];
        $member = $match[2] ?? null;
        if (isset(self::EXTERNAL[$class]) || (null === $member && strtoupper($class) === $class)) {
            return null;
        }
        $files = self::classFiles($class);
        if (null === $member) {
            return [] !== $files || self::isFolder($class) || self::isBuiltin($class) || self::isCase($class)
                ? null
                : 'names no class or folder of the repository';
        }
        if ([] === $files) {
            return self::isBuiltin($class) ? null : 'names no class of the repository';
        }
        $bare = ltrim($member, '$');
        foreach ($files as $file) {
            $source = (string) file_get_contents($file);
            $declared = '/(?:\bfunction\s+&?|\bconst\s+(?:\w+\s+)?|\bcase\s+|\$)'.preg_quote($bare, '/').'\b/';
            if (preg_match($declared, $source)) {
                return null;
            }
        }

        return 'names no member of '.self::qualified($files[0]);
    }

    /** @return list<string> the files declaring a class of that name (qualified names: under that folder) */
    private static function classFiles(string $class): array
    {
        $parts = explode('\\', $class);
        $short = array_pop($parts);
        $files = self::repository()['names'][$short] ?? [];
        if ([] === $parts) {
            return $files;
        }
        $folder = '/'.implode('/', $parts).'/';

        return array_values(array_filter($files, static fn (string $file): bool => str_contains($file, $folder)));
    }

    private static function isFolder(string $name): bool
    {
        $path = str_replace('\\', '/', $name);
        foreach (array_keys(self::repository()['folders']) as $folder) {
            if ($folder === $path || str_ends_with($folder, '/'.$path)) {
                return true;
            }
        }

        return false;
    }

    private static function isCase(string $name): bool
    {
        return isset(self::repository()['cases'][$name]);
    }

    private static function isBuiltin(string $name): bool
    {
        return !str_contains($name, '\\')
            && (class_exists($name, false) || interface_exists($name, false) || enum_exists($name, false));
    }

    private static function qualified(string $file): string
    {
        $source = (string) file_get_contents($file);
        preg_match('/^namespace\s+([^;]+);/m', $source, $namespace);

        return ($namespace[1] ?? '').'\\'.basename($file, '.php');
    }

    /** @return array{names: array<string, list<string>>, folders: array<string, true>, cases: array<string, true>} */
    private static function repository(): array
    {
        if (null !== self::$repository) {
            return self::$repository;
        }
        $names = [];
        $folders = [];
        $cases = [];
        foreach (['src', 'tests', 'recorder', 'bench', 'scripts'] as $top) {
            $files = new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator(
                self::root().'/'.$top,
                \FilesystemIterator::SKIP_DOTS,
            ));
            foreach ($files as $file) {
                $path = (string) $file;
                // Installed apps and their packages (the corpus, the fixtures' vendor trees) are not ours.
                $inRepository = substr($path, \strlen(self::root()));
                if (!str_ends_with($path, '.php') || preg_match('{/(?:vendor|work|Fixtures)/}', $inRepository)) {
                    continue;
                }
                $source = (string) file_get_contents($path);
                preg_match_all(self::DECLARATION, $source, $declared);
                foreach ($declared[1] as $name) {
                    $names[$name][] = $path;
                }
                if (preg_match_all('/^\s*case\s+([A-Z]\w*)\b/m', $source, $declaredCases)) {
                    $cases += array_fill_keys($declaredCases[1], true);
                }
                if (\in_array($top, ['src', 'tests'], true)) {
                    $relative = substr(\dirname($path), \strlen(self::root().'/'.$top));
                    for (; '' !== $relative && '/' !== $relative; $relative = \dirname($relative)) {
                        $folders[ltrim($relative, '/')] = true;
                    }
                }
            }
        }

        return self::$repository = ['names' => $names, 'folders' => $folders, 'cases' => $cases];
    }

    private static function root(): string
    {
        return \dirname(__DIR__, 3);
    }
}
