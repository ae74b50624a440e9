<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use PhpParser\Node\Name;
use PhpParser\Node\Stmt\ClassLike;

/**
 * Reads the names a class header links against, already resolved by php-parser's NameResolver.
 *
 * @internal
 */
final class LinkNames
{
    /** @return list<string> the traits a class-like uses, in order */
    public static function traits(ClassLike $node): array
    {
        $traits = [];
        foreach ($node->getTraitUses() as $use) {
            foreach ($use->traits as $trait) {
                $traits[] = $trait->toString();
            }
        }

        return $traits;
    }

    /**
     * @param array<Name> $names
     *
     * @return list<string>
     */
    public static function of(array $names): array
    {
        return array_values(array_map(static fn (Name $name): string => $name->toString(), $names));
    }
}
