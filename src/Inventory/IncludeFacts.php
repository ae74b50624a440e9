<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/**
 * What a file tells the planner about the files it includes: the includes that run only depending on whether
 * a name exists, and the constants it define()s, which other files' include paths may be built from
 * (`ConstantTable`).
 */
final class IncludeFacts
{
    /**
     * @param list<GuardedInclude>                             $guarded   includes anywhere in the file that run only
     *                                                                    depending on whether a name exists
     * @param array<string, list<list<array{string, string}>>> $constants constant => its define() values as
     *                                                                    StaticPath parts
     */
    public function __construct(
        public readonly array $guarded = [],
        public readonly array $constants = [],
    ) {
    }

    public static function none(): self
    {
        return new self();
    }
}
