<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * The arity PHP checks when a method overrides an ancestor's: how many arguments a call must pass, how many
 * parameters there are, whether the last takes the rest, and which are passed by reference. Counts are null when
 * unknown (a built-in's, read by reflection without them).
 */
final class MethodArity
{
    /** @param list<int> $byReference the positions of the parameters passed by reference */
    public function __construct(
        /** The last parameter takes the rest */
        public readonly bool $variadic = false,
        /** How many arguments a call must pass (PHP's required_num_args) */
        public readonly ?int $required = null,
        /** How many parameters, the variadic one aside (PHP's num_args) */
        public readonly ?int $count = null,
        public readonly array $byReference = [],
    ) {
    }
}
