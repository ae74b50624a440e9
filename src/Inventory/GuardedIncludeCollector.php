<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use PhpParser\Node;
use PhpParser\Node\Expr;
use PhpParser\Node\Name;
use PhpParser\Node\Stmt;
use PhpParser\NodeFinder;

/**
 * Finds, anywhere in a file (top level, functions, methods, closures), the includes that run only
 * depending on whether a name exists: inside an `if`, loop, ternary or `&&`/`||` whose condition asks
 * function_exists(), class_exists(), defined() and the like, or after an `if` asking that which
 * returns, exits or throws. Over-approximates on purpose: a guard it sees wrongly only keeps a file out.
 *
 * @internal
 */
final class GuardedIncludeCollector
{
    private const EXISTENCE_CHECKS = [
        'function_exists', 'class_exists', 'interface_exists', 'trait_exists', 'enum_exists',
        'defined', 'is_callable', 'method_exists',
    ];

    private readonly NodeFinder $finder;
    private readonly StaticPath $paths;

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
        $this->visitList($statements, false);

        return $this->found;
    }

    /** @param array<mixed> $nodes */
    private function visitList(array $nodes, bool $guarded): void
    {
        foreach ($nodes as $node) {
            if (!$node instanceof Node) {
                continue;
            }
            $this->visit($node, $guarded);
            // `if (function_exists('x')) { return; }` guards everything after it in the same block.
            if ($node instanceof Stmt\If_ && $this->asksExistence($node) && $this->leaves($node)) {
                $guarded = true;
            }
        }
    }

    private function visit(Node $node, bool $guarded): void
    {
        if ($guarded && $node instanceof Expr\Include_) {
            $this->found[] = $this->paths->resolve($node->expr, $node->getStartLine());
        }
        $guarded = $guarded || $this->asksExistence($node);
        foreach ($node->getSubNodeNames() as $name) {
            $child = $node->$name;
            if ($child instanceof Node) {
                $this->visit($child, $guarded);
            } elseif (\is_array($child)) {
                $this->visitList($child, $guarded);
            }
        }
    }

    /** Whether the node branches on a condition that asks whether a name exists. */
    private function asksExistence(Node $node): bool
    {
        $conditions = match (true) {
            $node instanceof Stmt\If_ => [$node->cond, ...array_map(static fn (Stmt\ElseIf_ $e): Expr => $e->cond, $node->elseifs)],
            $node instanceof Stmt\While_, $node instanceof Stmt\Do_, $node instanceof Expr\Ternary => [$node->cond],
            $node instanceof Stmt\For_ => $node->cond,
            $node instanceof Expr\BinaryOp\BooleanAnd, $node instanceof Expr\BinaryOp\BooleanOr,
            $node instanceof Expr\BinaryOp\LogicalAnd, $node instanceof Expr\BinaryOp\LogicalOr,
            $node instanceof Expr\BinaryOp\LogicalXor => [$node->left, $node->right],
            $node instanceof Stmt\Switch_, $node instanceof Expr\Match_ => [$node->cond],
            default => [],
        };
        if ([] === $conditions) {
            return false;
        }

        return null !== $this->finder->findFirst($conditions, static fn (Node $n): bool => $n instanceof Expr\FuncCall
            && $n->name instanceof Name
            && \in_array(strtolower($n->name->getLast()), self::EXISTENCE_CHECKS, true));
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
