<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Architecture;

use PhpParser\Node\Stmt\ClassMethod;
use PhpParser\NodeFinder;
use PhpParser\ParserFactory;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * A command of the console parses its options and calls one service: no `execute()` under src/Console is over
 * 40 lines (from its signature to its closing brace). Past that, the command wires collaborators or runs a flow
 * of its own, which belongs to the stage it serves, where it is tested without a console.
 */
final class ThinCommandsTest extends TestCase
{
    private const MAX_LINES = 40;

    public function testNoCommandsExecuteIsOver40Lines(): void
    {
        $lines = self::measure(\dirname(__DIR__, 3).'/src', 'Console');
        $over = array_filter($lines, static fn (int $count): bool => $count > self::MAX_LINES);

        self::assertNotSame([], $lines, 'the commands\' execute() are measured');
        self::assertSame([], self::describe($over), \sprintf(
            'execute() over %d lines: move its flow into a service of its stage, built by one factory, and let the'
            .' command parse its options and call it',
            self::MAX_LINES,
        ));
    }

    public function testTheMeasureSeesExecuteOnly(): void
    {
        // The check itself, on a tree made for it: an execute() of 41 lines, one of 40, and a long method of
        // another name, which is not measured.
        $tree = new TemporaryDirectory('preheat-commands-');
        try {
            mkdir($tree->path.'/Console');
            mkdir($tree->path.'/Console/A');
            $method = static fn (string $name, int $lines): string => "    protected function {$name}(\$input): int\n"
                ."    {\n".str_repeat("        \$input->run();\n", $lines - 4)."        return 0;\n    }\n";
            file_put_contents(
                $tree->path.'/Console/A/Long.php',
                "<?php\nfinal class Long\n{\n".$method('execute', 41)."}\n",
            );
            file_put_contents(
                $tree->path.'/Console/Short.php',
                "<?php\nfinal class Short\n{\n".$method('execute', 40).$method('configure', 90)."}\n",
            );

            self::assertSame(['Console/A/Long' => 41, 'Console/Short' => 40], self::measure($tree->path, 'Console'));
        } finally {
            $tree->remove();
        }
    }

    /**
     * The lines of each execute() under $root/$folder, by class (path under $root without .php).
     *
     * @return array<string, int>
     */
    private static function measure(string $root, string $folder): array
    {
        $parser = (new ParserFactory())->createForNewestSupportedVersion();
        $finder = new NodeFinder();
        $lines = [];
        $files = new \RecursiveIteratorIterator(
            new \RecursiveDirectoryIterator($root.'/'.$folder, \FilesystemIterator::SKIP_DOTS),
        );
        foreach ($files as $file) {
            if (!$file instanceof \SplFileInfo || 'php' !== $file->getExtension()) {
                continue;
            }
            $class = substr($file->getPathname(), \strlen($root) + 1, -4);
            $code = (string) file_get_contents($file->getPathname());
            foreach ($finder->findInstanceOf($parser->parse($code) ?? [], ClassMethod::class) as $method) {
                if ('execute' === $method->name->toLowerString()) {
                    $lines[$class] = $method->getEndLine() - $method->getStartLine() + 1;
                }
            }
        }
        ksort($lines);

        return $lines;
    }

    /**
     * @param array<string, int> $measured
     *
     * @return list<string> "class (lines)", sorted
     */
    private static function describe(array $measured): array
    {
        $described = [];
        foreach ($measured as $class => $lines) {
            $described[] = \sprintf('%s (%d)', $class, $lines);
        }
        sort($described);

        return $described;
    }
}
