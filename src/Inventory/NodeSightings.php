<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use PhpParser\Node;
use PhpParser\Node\Expr;
use PhpParser\Node\Name;
use PhpParser\NodeVisitorAbstract;

/**
 * What the analysis looks at further, noted in the one traversal every file gets: whether the file includes
 * anything (most class files do not, and then there is no guarded include to look for) and its define() calls,
 * in the order they appear. A second walk over every node of every file for each would cost more than the
 * parse of some of them.
 *
 * @internal
 */
final class NodeSightings extends NodeVisitorAbstract
{
    public bool $includes = false;

    /** @var list<Expr\FuncCall> */
    public array $defineCalls = [];

    public function enterNode(Node $node): null
    {
        if ($node instanceof Expr\Include_) {
            $this->includes = true;
        } elseif ($node instanceof Expr\FuncCall && $node->name instanceof Name
            && 'define' === strtolower($node->name->getLast())) {
            $this->defineCalls[] = $node;
        }

        return null;
    }
}
