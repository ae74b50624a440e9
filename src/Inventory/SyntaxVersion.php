<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use PhpParser\Modifiers;
use PhpParser\Node;
use PhpParser\Node\Expr;
use PhpParser\Node\Stmt;
use PhpParser\NodeVisitorAbstract;

/**
 * The oldest PHP that can compile a file, by the newest syntax it uses (PHP 8.3 and later): files are parsed
 * with the newest grammar php-parser knows, whatever PHP runs Preheat, and the planner leaves a file out when
 * the PHP the plan is for is older than this (opcache_compile_file() of it would be a parse error there).
 *
 * @internal
 */
final class SyntaxVersion extends NodeVisitorAbstract
{
    /** The oldest PHP that parses everything seen so far ('8.4'), null when any PHP 8.2 does. */
    public ?string $version = null;

    /** What needs it first, with its line ("a property hook on line 12"). */
    public ?string $reason = null;

    /**
     * The only node classes any rule below looks at: every other node (most of a file) is passed over with one
     * lookup instead of the whole chain of checks.
     */
    private const CANDIDATES = [
        Expr\BinaryOp\Pipe::class => true,
        Expr\Cast\Void_::class => true,
        Stmt\Const_::class => true,
        Stmt\Property::class => true,
        Node\Param::class => true,
        Expr\MethodCall::class => true,
        Expr\NullsafeMethodCall::class => true,
        Expr\PropertyFetch::class => true,
        Expr\NullsafePropertyFetch::class => true,
        Expr\ArrayDimFetch::class => true,
        Expr\StaticCall::class => true,
        Expr\StaticPropertyFetch::class => true,
        Expr\ClassConstFetch::class => true,
        Stmt\ClassConst::class => true,
        Stmt\Class_::class => true,
    ];

    public function enterNode(Node $node): null
    {
        if (!isset(self::CANDIDATES[$node::class])) {
            return null;
        }
        $line = $node->getStartLine();
        switch (true) {
            case $node instanceof Expr\BinaryOp\Pipe:
                $this->needs('8.5', 'the pipe operator |>', $line);
                break;
            case $node instanceof Expr\Cast\Void_:
                $this->needs('8.5', 'a (void) cast', $line);
                break;
            case $node instanceof Stmt\Const_ && [] !== $node->attrGroups:
                $this->needs('8.5', 'an attribute on a constant', $line);
                break;
            case ($node instanceof Stmt\Property || $node instanceof Node\Param) && [] !== $node->hooks:
                $this->needs('8.4', 'a property hook', $line);
                break;
            case ($node instanceof Stmt\Property || $node instanceof Node\Param)
                && 0 !== ($node->flags & Modifiers::VISIBILITY_SET_MASK):
                $this->needs('8.4', 'asymmetric visibility', $line);
                break;
            case $node instanceof Stmt\Property && 0 !== ($node->flags & (Modifiers::FINAL | Modifiers::ABSTRACT)):
                $this->needs('8.4', 'a final or abstract property', $line);
                break;
            case ($node instanceof Expr\MethodCall || $node instanceof Expr\NullsafeMethodCall
                || $node instanceof Expr\PropertyFetch || $node instanceof Expr\NullsafePropertyFetch
                || $node instanceof Expr\ArrayDimFetch) && $this->isBareNew($node, $node->var):
            case ($node instanceof Expr\StaticCall || $node instanceof Expr\StaticPropertyFetch
                || $node instanceof Expr\ClassConstFetch) && $this->isBareNew($node, $node->class):
                $this->needs('8.4', 'new without parentheses in a chain', $line);
                break;
            case $node instanceof Stmt\ClassConst && null !== $node->type:
                $this->needs('8.3', 'a typed class constant', $line);
                break;
            case $node instanceof Expr\ClassConstFetch && $node->name instanceof Expr:
                $this->needs('8.3', 'a dynamic class constant fetch', $line);
                break;
            case $node instanceof Stmt\Class_ && null === $node->name && $node->isReadonly():
                $this->needs('8.3', 'a readonly anonymous class', $line);
                break;
        }

        return null;
    }

    /** `new Foo()->bar()`: the chain starts where the `new` does, with no parenthesis before it. */
    private function isBareNew(Node $chain, Node $start): bool
    {
        return $start instanceof Expr\New_ && $start->getStartTokenPos() === $chain->getStartTokenPos();
    }

    private function needs(string $version, string $what, int $line): void
    {
        if (null === $this->version || version_compare($version, $this->version, '>')) {
            $this->version = $version;
            $this->reason = \sprintf('%s on line %d', $what, $line);
        }
    }
}
