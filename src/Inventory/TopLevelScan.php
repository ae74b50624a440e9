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
}
