<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use PhpParser\Node;
use PhpParser\Node\Expr;
use PhpParser\Node\Stmt;
use PhpParser\NodeFinder;

/**
 * Finds, anywhere in a file (top level, functions, methods, closures), the includes that run only
 * depending on whether a name exists: inside an `if`, loop, ternary or `&&`/`||` whose condition asks
 * function_exists(), class_exists(), defined() and the like, or after an `if` asking that which
 * returns, exits or throws; each with what its guards ask about (`GuardCondition`). Over-approximates
 * on purpose: a guard it sees wrongly only keeps a file out.
 *
 * @internal
 */
final class GuardedIncludeCollector
{
    private readonly NodeFinder $finder;
    private readonly StaticPath $paths;

    /** The node classes condition() looks at: every other node is passed over with one lookup. */
    private const BRANCHES = [
        Stmt\If_::class => true,
        Stmt\While_::class => true,
        Stmt\Do_::class => true,
        Expr\Ternary::class => true,
        Stmt\For_::class => true,
        Expr\BinaryOp\BooleanAnd::class => true,
        Expr\BinaryOp\BooleanOr::class => true,
        Expr\BinaryOp\LogicalAnd::class => true,
        Expr\BinaryOp\LogicalOr::class => true,
        Expr\BinaryOp\LogicalXor::class => true,
        Stmt\Switch_::class => true,
        Expr\Match_::class => true,
    ];

    /** @var list<GuardedInclude> */
    private array $found = [];

    public function __construct(string $file)
    {
        $this->finder = new NodeFinder();
        $this->paths = new StaticPath($file);
    }

    /**
     * @param array<Node> $statements
     *
     * @return list<GuardedInclude>
     */
    public function collect(array $statements): array
    {
        $this->found = [];
        $this->visitList($statements, null);

        return $this->found;
    }

    /** @param array<mixed> $nodes */
    private function visitList(array $nodes, ?GuardCondition $guard): void
    {
        foreach ($nodes as $node) {
            if (!$node instanceof Node) {
                continue;
            }
            $condition = $this->visit($node, $guard);
            // `if (function_exists('x')) { return; }` guards everything after it in the same block. The condition
            // first: asking whether the branch leaves walks the whole branch.
            if ($node instanceof Stmt\If_ && null !== $condition && $this->leaves($node)) {
                $guard = $condition->merge($guard);
            }
        }
    }

    /** @return GuardCondition|null what the node's own branching condition asks, for visitList() */
    private function visit(Node $node, ?GuardCondition $guard): ?GuardCondition
    {
        if (null !== $guard && $node instanceof Expr\Include_) {
            $this->found[] = StaticPath::resolve($this->paths->parts($node->expr), $guard, $node->getStartLine());
        }
        $condition = $this->condition($node);
        if (null !== $condition) {
            $guard = $condition->merge($guard);
        }
        foreach ($node->getSubNodeNames() as $name) {
            $child = $node->$name;
            if ($child instanceof Node) {
                $this->visit($child, $guard);
            } elseif (\is_array($child)) {
                $this->visitList($child, $guard);
            }
        }

        return $condition;
    }

    /** What the node's branching condition asks about existence, if it is a branch that asks. */
    private function condition(Node $node): ?GuardCondition
    {
        if (!isset(self::BRANCHES[$node::class])) {
            return null;
        }
        $conditions = match (true) {
            $node instanceof Stmt\If_ => [
                $node->cond,
                ...array_map(static fn (Stmt\ElseIf_ $e): Expr => $e->cond, $node->elseifs),
            ],
            $node instanceof Stmt\While_, $node instanceof Stmt\Do_, $node instanceof Expr\Ternary => [$node->cond],
            $node instanceof Stmt\For_ => $node->cond,
            $node instanceof Expr\BinaryOp\BooleanAnd, $node instanceof Expr\BinaryOp\BooleanOr,
            $node instanceof Expr\BinaryOp\LogicalAnd, $node instanceof Expr\BinaryOp\LogicalOr,
            $node instanceof Expr\BinaryOp\LogicalXor => [$node->left, $node->right],
            $node instanceof Stmt\Switch_, $node instanceof Expr\Match_ => [$node->cond],
            default => [],
        };

        return [] === $conditions ? null : GuardCondition::of($conditions);
    }

    private function leaves(Stmt\If_ $if): bool
    {
        return null !== $this->finder->findFirst($if, static fn (Node $n): bool => $n instanceof Stmt\Return_
            || $n instanceof Expr\Exit_
            || $n instanceof Expr\Throw_
            || $n instanceof Stmt\Break_
            || $n instanceof Stmt\Continue_);
    }
}
