<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Architecture;

use PhpParser\Node\Stmt\ClassMethod;
use PhpParser\NodeFinder;
use PhpParser\ParserFactory;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * No class of src/ is over 500 lines (its file, as one file holds one class) and no constructor takes over 10
 * parameters: past that a class does several things, and its parts are better split along their seams and
 * tested on their own.
 *
 * The classes not split yet are listed below with the item of the issue that splits them. The lists shrink:
 * a class listed that is now within the limit fails too, so that it is taken off.
 */
final class ClassSizeTest extends TestCase
{
    private const MAX_LINES = 500;

    private const MAX_CONSTRUCTOR_PARAMETERS = 10;

    /** Class (by its path under src/, without .php) => the issue item that splits it. */
    private const LONG_CLASSES = [
    ];

    /** Class => the issue item that gives its constructor fewer parameters (a value object of parts, a builder). */
    private const LONG_CONSTRUCTORS = [
    ];

    public function testNoClassIsOver500LinesButThoseListed(): void
    {
        $lines = self::measuredSrc()['lines'];
        $over = array_filter($lines, static fn (int $count): bool => $count > self::MAX_LINES);

        self::assertSame(
            self::describe(self::LONG_CLASSES, $lines),
            self::describe(array_intersect_key(self::LONG_CLASSES + $over, $over), $lines),
            \sprintf('classes over %d lines: split them, or (for one not split yet) list it with its issue item;'
                .' a listed class now within the limit is taken off the list', self::MAX_LINES),
        );
    }

    public function testNoConstructorTakesOver10ParametersButThoseListed(): void
    {
        $parameters = self::measuredSrc()['constructors'];
        $over = array_filter($parameters, static fn (int $count): bool => $count > self::MAX_CONSTRUCTOR_PARAMETERS);

        self::assertSame(
            self::describe(self::LONG_CONSTRUCTORS, $parameters),
            self::describe(array_intersect_key(self::LONG_CONSTRUCTORS + $over, $over), $parameters),
            \sprintf('constructors over %d parameters: group them into value objects, or (for one not done yet) list'
                .' the class with its issue item; a listed class now within the limit is taken off the list',
                self::MAX_CONSTRUCTOR_PARAMETERS),
        );
    }

    public function testTheMeasureSeesLinesAndParameters(): void
    {
        // The check itself, on a tree made for it: a class of 501 lines whose constructor takes 11 parameters
        // (promoted or not), and a short one.
        $tree = new TemporaryDirectory('preheat-sizes-');
        try {
            mkdir($tree->path.'/A');
            $parameters = implode(', ', array_map(static fn (int $i): string => '#[\SensitiveParameter] $p'.$i.' = [1, 2]', range(1, 10)));
            $long = "<?php\nfinal class Long\n{\n    public function __construct(public readonly int \$first, ".$parameters.")\n    {\n    }\n}\n";
            file_put_contents($tree->path.'/A/Long.php', $long.str_repeat("\n", 501 - substr_count($long, "\n")));
            file_put_contents($tree->path.'/Short.php', "<?php\nfinal class Short { public function __construct(\$a) {} }\n");

            self::assertSame(
                ['lines' => ['A/Long' => 501, 'Short' => 2], 'constructors' => ['A/Long' => 11, 'Short' => 1]],
                self::measure($tree->path),
            );
        } finally {
            $tree->remove();
        }
    }

    /** @return array{lines: array<string, int>, constructors: array<string, int>} */
    private static function measuredSrc(): array
    {
        static $measured = null;

        return $measured ??= self::measure(self::src());
    }

    /**
     * Every PHP file's line count, and the parameters of each constructor, by class (path under $root without .php).
     *
     * @return array{lines: array<string, int>, constructors: array<string, int>}
     */
    private static function measure(string $root): array
    {
        $parser = (new ParserFactory())->createForNewestSupportedVersion();
        $finder = new NodeFinder();
        $lines = [];
        $constructors = [];
        $files = new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator($root, \FilesystemIterator::SKIP_DOTS));
        foreach ($files as $file) {
            if (!$file instanceof \SplFileInfo || 'php' !== $file->getExtension()) {
                continue;
            }
            $class = substr($file->getPathname(), \strlen($root) + 1, -4);
            $code = (string) file_get_contents($file->getPathname());
            $lines[$class] = substr_count($code, "\n");
            foreach ($finder->findInstanceOf($parser->parse($code) ?? [], ClassMethod::class) as $method) {
                if ('__construct' === $method->name->toLowerString()) {
                    $constructors[$class] = max($constructors[$class] ?? 0, \count($method->params));
                }
            }
        }
        ksort($lines);
        ksort($constructors);

        return ['lines' => $lines, 'constructors' => $constructors];
    }

    /**
     * @param array<string, string|int> $listed
     * @param array<string, int>        $measured
     *
     * @return list<string> "class (measure)", sorted
     */
    private static function describe(array $listed, array $measured): array
    {
        $described = array_map(
            static fn (string $class): string => \sprintf('%s (%d)', $class, $measured[$class] ?? 0),
            array_keys($listed),
        );
        sort($described);

        return $described;
    }

    private static function src(): string
    {
        return \dirname(__DIR__, 3).'/src';
    }
}
