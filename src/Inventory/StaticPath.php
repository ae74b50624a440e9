<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use PhpParser\Node\Arg;
use PhpParser\Node\Expr;
use PhpParser\Node\Name;
use PhpParser\Node\Scalar;

/**
 * What a path expression is, as far as it can be told without running code, as parts: literal text
 * (strings, `__DIR__`, `__FILE__`, `dirname()` of those), a constant the app defines (`ABSPATH`,
 * resolved later over the whole app by `ConstantTable`), or something unknown (`$file`).
 * `__DIR__.'/x.php'` is known completely, `ABSPATH.WPINC.'/l10n.php'` once its constants are, and
 * `$dir.'/l10n.php'` only by its end.
 *
 * @internal
 */
final class StaticPath
{
    public const LITERAL = 's';
    public const CONSTANT = 'c';
    public const UNKNOWN = '?';

    public function __construct(private readonly string $file)
    {
    }

    /** @return list<array{string, string}> */
    public function parts(Expr $expr): array
    {
        if ($expr instanceof Expr\BinaryOp\Concat) {
            return self::join([...$this->parts($expr->left), ...$this->parts($expr->right)]);
        }
        $literal = $this->literal($expr);
        if (null !== $literal) {
            return [[self::LITERAL, $literal]];
        }
        if ($expr instanceof Expr\ConstFetch) {
            $name = $expr->name->toString();

            return 'DIRECTORY_SEPARATOR' === $name ? [[self::LITERAL, '/']] : [[self::CONSTANT, ltrim($name, '\\')]];
        }

        return [[self::UNKNOWN, '']];
    }

    /**
     * The include these parts name, with the constants the table knows.
     *
     * @param list<array{string, string}> $parts
     */
    public static function resolve(
        array $parts,
        GuardCondition $condition,
        int $line,
        ?ConstantTable $constants = null,
    ): GuardedInclude {
        $whole = self::value($parts, $constants);
        if (null !== $whole) {
            if (str_starts_with($whole, '/')) {
                return new GuardedInclude(self::normalize($whole), '', $line, $condition, $parts);
            }

            // Relative: PHP looks it up in the include path, then next to the including file.
            return new GuardedInclude(null, '/'.ltrim(self::normalize('/'.$whole), '/'), $line, $condition, $parts);
        }
        $end = '';
        foreach (array_reverse($parts) as [$kind, $text]) {
            $text = self::LITERAL === $kind ? $text : (self::CONSTANT === $kind ? $constants?->value($text) : null);
            if (null === $text) {
                break;
            }
            $end = $text.$end;
        }

        return new GuardedInclude(null, $end, $line, $condition, $parts);
    }

    /** @param list<array{string, string}> $parts */
    public static function value(array $parts, ?ConstantTable $constants, int $depth = 0): ?string
    {
        $value = '';
        foreach ($parts as [$kind, $text]) {
            $text = match ($kind) {
                self::LITERAL => $text,
                self::CONSTANT => $constants?->value($text, $depth + 1),
                default => null,
            };
            if (null === $text) {
                return null;
            }
            $value .= $text;
        }

        return $value;
    }

    /** Strings, __DIR__, __FILE__ and dirname() of those, concatenated; null for anything else. */
    private function literal(Expr $expr): ?string
    {
        $parts = match (true) {
            $expr instanceof Scalar\String_ => [[self::LITERAL, $expr->value]],
            $expr instanceof Scalar\MagicConst\Dir => [[self::LITERAL, \dirname($this->file)]],
            $expr instanceof Scalar\MagicConst\File => [[self::LITERAL, $this->file]],
            $expr instanceof Expr\BinaryOp\Concat => $this->parts($expr),
            $expr instanceof Expr\FuncCall => null === ($dir = $this->dirname($expr)) ? [] : [[self::LITERAL, $dir]],
            default => [],
        };

        return [] === $parts ? null : self::value($parts, null);
    }

    private function dirname(Expr\FuncCall $call): ?string
    {
        if (!$call->name instanceof Name || 'dirname' !== strtolower($call->name->getLast())) {
            return null;
        }
        $args = $call->args;
        if (!isset($args[0]) || !$args[0] instanceof Arg || null === ($path = $this->literal($args[0]->value))) {
            return null;
        }
        $levels = 1;
        if (isset($args[1])) {
            if (!$args[1] instanceof Arg || !$args[1]->value instanceof Scalar\Int_) {
                return null;
            }
            $levels = max(1, $args[1]->value->value);
        }

        return \dirname($path, $levels);
    }

    /**
     * Adjacent literals as one.
     *
     * @param list<array{string, string}> $parts
     *
     * @return list<array{string, string}>
     */
    private static function join(array $parts): array
    {
        $joined = [];
        foreach ($parts as $part) {
            $last = array_key_last($joined);
            if (null !== $last && self::LITERAL === $part[0] && self::LITERAL === $joined[$last][0]) {
                $joined[$last] = [self::LITERAL, $joined[$last][1].$part[1]];
            } else {
                $joined[] = $part;
            }
        }

        return $joined;
    }

    /** Removes `.` and `..` segments and doubled slashes, without touching the file system. */
    private static function normalize(string $path): string
    {
        $parts = [];
        foreach (explode('/', $path) as $part) {
            if ('' === $part || '.' === $part) {
                continue;
            }
            if ('..' === $part) {
                array_pop($parts);
                continue;
            }
            $parts[] = $part;
        }

        return '/'.implode('/', $parts);
    }
}
