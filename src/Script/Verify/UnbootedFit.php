<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

/**
 * Why a fitted script was moved into place without a boot of its own: the boot of the plan it was fitted
 * from preloaded every file it keeps with no fatal and no warning but the overflow, the kept files are a part
 * of that plan closed over what they need to link, and even the most each limit may take (LimitEstimate)
 * leaves room. The report's figures are that boot's, for the files kept.
 */
final class UnbootedFit
{
    /** @param non-empty-list<LimitEstimate> $limits one per setting that overflowed */
    public function __construct(
        public readonly int $bootedFiles,
        public readonly int $keptFiles,
        public readonly array $limits,
    ) {
    }
}
