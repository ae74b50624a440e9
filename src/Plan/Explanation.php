<?php

declare(strict_types=1);

namespace Preheat\Plan;

/** Whether a class or file is preloaded and, if not, the chain of reasons down to the root cause. */
final class Explanation
{
    /** @param list<ExplanationStep> $chain first the subject itself, then what caused its exclusion, and so on */
    public function __construct(
        public readonly string $subject,
        public readonly string $kind,
        public readonly bool $found,
        public readonly bool $included,
        public readonly ?string $file,
        public readonly array $chain,
        public readonly string $note = '',
    ) {
    }
}
