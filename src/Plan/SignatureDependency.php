<?php

declare(strict_types=1);

namespace Preheat\Plan;

/**
 * A class PHP must load to check that a method is compatible with the ancestor's method it overrides
 * or implements (`Child::find(): Post` against `Repository::find(): Entity` needs Post and Entity).
 * At preload a class that is not there leaves the class being linked unlinked:
 * "Can't preload unlinked class ...: Could not check compatibility between ...".
 */
final class SignatureDependency
{
    public function __construct(
        public readonly string $class,
        public readonly string $check,
    ) {
    }
}
