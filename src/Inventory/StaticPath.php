<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use PhpParser\Node\Arg;
use PhpParser\Node\Expr;
use PhpParser\Node\Name;
use PhpParser\Node\Scalar;

/**
 * What an include expression's path is, as far as it can be told without running code: the whole
 * path for `__DIR__.'/x.php'`, `dirname(__FILE__).'/x.php'` or a string literal; otherwise only its
 * known end (`ABSPATH.WPINC.'/l10n.php'` ends in `/l10n.php`), or nothing at all (`include $file`).
 *
 * @internal
 */
final class StaticPath
{
    public function __construct(private readonly string $file)
    {
    }

    public function resolve(Expr $expr, int $line): GuardedInclude
    {
        $whole = $this->value($expr);
        if (null !== $whole) {
            if (str_starts_with($whole, '/')) {
                return new GuardedInclude(self::normalize($whole), '', $line);
            }

            // Relative: PHP looks it up in the include path, then next to the including file.
            return new GuardedInclude(null, '/'.ltrim(self::normalize('/'.$whole), '/'), $line);
        }

        return new GuardedInclude(null, $this->knownEnd($expr), $line);
    }

    /** The value of a constant expression of strings, __DIR__, __FILE__ and dirname(), or null. */
    private function value(Expr $expr): ?string
    {
        return match (true) {
            $expr instanceof Scalar\String_ => $expr->value,
            $expr instanceof Scalar\MagicConst\Dir => \dirname($this->file),
            $expr instanceof Scalar\MagicConst\File => $this->file,
            $expr instanceof Expr\BinaryOp\Concat => null === ($left = $this->value($expr->left)) || null === ($right = $this->value($expr->right)) ? null : $left.$right,
            $expr instanceof Expr\FuncCall => $this->dirname($expr),
            default => null,
        };
    }

    private function dirname(Expr\FuncCall $call): ?string
    {
        if (!$call->name instanceof Name || 'dirname' !== strtolower($call->name->getLast())) {
            return null;
        }
        $args = $call->args;
        if (!isset($args[0]) || !$args[0] instanceof Arg || null === ($path = $this->value($args[0]->value))) {
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

    /** The literal end of a concatenation whose start is unknown; '' when nothing is known. */
    private function knownEnd(Expr $expr): string
    {
        if (!$expr instanceof Expr\BinaryOp\Concat) {
            return '';
        }
        $right = $this->value($expr->right);
        if (null === $right) {
            return $this->knownEnd($expr->right);
        }
        $left = $this->knownEnd($expr->left);

        return $left.$right;
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
