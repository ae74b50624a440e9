<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * What a walk over one file's top-level statements has found so far.
 *
 * @internal
 */
final class TopLevelScan
{
    /** @var list<Declaration> */
    public array $declarations = [];

    /** @var list<ConditionalDeclaration> */
    public array $conditional = [];

    /** @var list<SideEffect> */
    public array $sideEffects = [];

    /** @var list<ConditionalDeclaration> top-level declarations PHP never reaches (after a top-level `return;`) */
    public array $unreachable = [];

    /** The line of a top-level `return;`, once the walk has passed one: what follows never runs. */
    public ?int $returnedOnLine = null;

    /**
     * @var list<array{names: list<string>, line: int}> `if (class_exists(X, false)) { return; }` guards and the
     *                                                  names they ask about
     */
    public array $returnGuards = [];
}
