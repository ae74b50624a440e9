<?php

declare(strict_types=1);

namespace Preheat\Plan;

final class ExplanationStep
{
    public function __construct(
        public readonly string $subject,
        public readonly ?string $file,
        public readonly ?Exclusion $exclusion,
    ) {
    }
}
