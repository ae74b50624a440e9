<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanRequest;
use Preheat\Plan\Strategy\SeedStrategy;
use Preheat\Script\Verify\VerifyOptions;

/** One `generate`: what to plan, where to write, how to verify, and how many fix rounds it may spend. */
final class GenerateRequest
{
    /** @param int $fixRounds how often what PHP refused may be dropped and the script tried again (0: never) */
    public function __construct(
        public readonly PlanRequest $plan,
        public readonly PlanOptions $options,
        public readonly string $outputPath,
        public readonly ?VerifyOptions $verify,
        public readonly int $fixRounds = 5,
        public readonly bool $strict = false,
        public readonly ?SeedStrategy $strategy = null,
        /** fit the plan to the php.ini's interned-string buffer and OPcache memory when it overflows them */
        public readonly bool $fit = true,
    ) {
    }
}
