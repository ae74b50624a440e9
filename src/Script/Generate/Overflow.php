<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Script\Verify\Finding;

/** A capacity setting the boot overflowed, and how many bytes of source the plan may keep to fit it. */
final class Overflow
{
    public function __construct(
        public readonly Finding $finding,
        public readonly int $sourceBytes,
    ) {
    }

    public function setting(): string
    {
        return (string) $this->finding->setting;
    }
}
