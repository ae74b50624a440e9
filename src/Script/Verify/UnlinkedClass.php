<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

/** A class PHP compiled but could not link at start-up ("Can't preload unlinked class X: reason"). */
final class UnlinkedClass
{
    public function __construct(
        public readonly string $class,
        public readonly string $reason,
        public readonly ?string $file = null,
        public readonly ?int $line = null,
    ) {
    }
}
