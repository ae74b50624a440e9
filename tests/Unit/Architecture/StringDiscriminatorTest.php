<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Architecture;

use PhpParser\Node;
use PhpParser\Node\Arg;
use PhpParser\Node\Expr;
use PhpParser\Node\Expr\Array_;
use PhpParser\Node\Expr\BinaryOp;
use PhpParser\Node\Expr\FuncCall;
use PhpParser\Node\Expr\Match_;
use PhpParser\Node\Name;
use PhpParser\Node\Scalar\String_;
use PhpParser\Node\Stmt\Switch_;
use PhpParser\NodeFinder;
use PhpParser\ParserFactory;
use PHPUnit\Framework\TestCase;
use Preheat\Console\Extension\Registries;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Worker\WorkerAdapter;

/**
 * A kind of runtime, load tool, strategy, report format or worker adapter is an object its registry holds, asked
 * what it can do, never a name compared by hand: no code under src/ outside the registries matches, switches on or
 * compares a value against the name of a registered kind (`match ($config->adapter) { 'laravel' => ... }`,
 * `'cgi' === $tool`, `in_array($format, ['json', 'md'])`). Such a branch is a place a new kind must be added by
 * hand, which an extension added through its registry alone never reaches.
 */
final class StringDiscriminatorTest extends TestCase
{
    /** The registries themselves, which map a name to its kind. */
    private const REGISTRIES = [
        'Util/NamedRegistry.php',
        'Server/Serve/RuntimeRegistry.php',
        'Bench/Load/Tool/LoadTools.php',
        'Plan/Strategy/Strategies.php',
        'Report/Formats/Renderers.php',
    ];

    public function testNoCodeOutsideTheRegistriesComparesAKindsName(): void
    {
        $found = self::find(\dirname(__DIR__, 3).'/src', self::kindNames());

        self::assertSame([], array_keys($found), 'ask the kind (a method of its interface), not its name: '
            .json_encode($found, \JSON_PRETTY_PRINT | \JSON_UNESCAPED_SLASHES));
    }

    public function testTheCheckFindsEachFormOfComparison(): void
    {
        $tree = new TemporaryDirectory('preheat-discriminators-');
        try {
            file_put_contents($tree->path.'/Planted.php', <<<'PHP'
                <?php
                final class Planted
                {
                    public function a(object $config): int
                    {
                        return match ($config->adapter) { 'laravel' => 1, default => 2 };
                    }

                    public function b(string $tool): bool
                    {
                        return 'cgi' === $tool || $tool == 'wrk';
                    }

                    public function c(string $format): bool
                    {
                        return \in_array($format, ['json', 'md'], true);
                    }

                    public function d(object $kind): int
                    {
                        switch ($kind->name()) {
                            case 'fpm':
                                return 1;
                        }

                        return 0;
                    }

                    public function fine(string $name): string
                    {
                        // A name returned, built or shown is no branch; nor is a comparison with another word.
                        return 'cgi'.('other' === $name ? 'x' : 'y');
                    }
                }
                PHP);
            mkdir($tree->path.'/Util');
            file_put_contents($tree->path.'/Util/NamedRegistry.php', "<?php\nreturn 'cgi' === \$name;\n");

            self::assertSame(
                ['Planted.php: cgi', 'Planted.php: fpm', 'Planted.php: json, md', 'Planted.php: laravel', 'Planted.php: wrk'],
                array_keys(self::find($tree->path, ['laravel', 'cgi', 'wrk', 'json', 'md', 'fpm'])),
            );
        } finally {
            $tree->remove();
        }
    }

    /** @return list<string> every name a registry or the worker adapters give a kind */
    private static function kindNames(): array
    {
        $registries = Registries::standard();

        return array_values(array_unique([
            ...$registries->runtimes->names(),
            ...$registries->tools->names(),
            ...$registries->strategies->names(),
            ...$registries->renderers->names(),
            ...array_map(static fn (WorkerAdapter $adapter): string => $adapter->value, WorkerAdapter::cases()),
        ]));
    }

    /**
     * @param list<string> $names
     *
     * @return array<string, string> "FILE: NAMES" => its line and code, for each comparison with one of $names
     */
    private static function find(string $root, array $names): array
    {
        $parser = (new ParserFactory())->createForNewestSupportedVersion();
        $finder = new NodeFinder();
        $found = [];
        $files = new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator($root, \FilesystemIterator::SKIP_DOTS));
        foreach ($files as $file) {
            $relative = substr((string) $file, \strlen($root) + 1);
            if (!str_ends_with($relative, '.php') || \in_array($relative, self::REGISTRIES, true)) {
                continue;
            }
            $code = (string) file_get_contents((string) $file);
            foreach ($finder->find($parser->parse($code) ?? [], static fn (Node $node): bool => true) as $node) {
                $compared = array_values(array_intersect(self::comparedLiterals($node), $names));
                if ([] !== $compared) {
                    // By file and names, not line: an edit elsewhere in the file does not move the entry.
                    $line = $node->getStartLine();
                    $found[\sprintf('%s: %s', $relative, implode(', ', $compared))] = \sprintf(
                        'line %d: %s',
                        $line,
                        trim(explode("\n", $code)[$line - 1] ?? ''),
                    );
                }
            }
        }
        ksort($found, \SORT_NATURAL);

        return $found;
    }

    /** @return list<string> the string literals $node compares a value with: a branch on them */
    private static function comparedLiterals(Node $node): array
    {
        if ($node instanceof BinaryOp\Identical || $node instanceof BinaryOp\NotIdentical
            || $node instanceof BinaryOp\Equal || $node instanceof BinaryOp\NotEqual) {
            return [...self::literals($node->left), ...self::literals($node->right)];
        }
        if ($node instanceof Match_) {
            $literals = [];
            foreach ($node->arms as $arm) {
                foreach ($arm->conds ?? [] as $cond) {
                    $literals = [...$literals, ...self::literals($cond)];
                }
            }

            return $literals;
        }
        if ($node instanceof Switch_) {
            $literals = [];
            foreach ($node->cases as $case) {
                $literals = [...$literals, ...(null === $case->cond ? [] : self::literals($case->cond))];
            }

            return $literals;
        }
        if ($node instanceof FuncCall && $node->name instanceof Name
            && \in_array(strtolower($node->name->toString()), ['in_array', 'array_search'], true)
            && isset($node->args[1]) && $node->args[1] instanceof Arg && $node->args[1]->value instanceof Array_) {
            $literals = [];
            foreach ($node->args[1]->value->items as $item) {
                $literals = [...$literals, ...self::literals($item->value)];
            }

            return $literals;
        }

        return [];
    }

    /** @return list<string> */
    private static function literals(Expr $expression): array
    {
        return $expression instanceof String_ ? [$expression->value] : [];
    }
}
