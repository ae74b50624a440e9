<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Script\Verify\VerificationReport;

/**
 * What a `generate` that installed a verified script remembers for the next one: the key it ran with
 * (ReuseKey), the script's hash, the constraints its rounds added in order (to plan the same script again
 * without PHP), and the verification report of the script it installed. A new release of the same files finds it
 * by its ReleaseKey (ReuseStore::readRelease()), with the project root it was made at.
 */
final class ReuseRecord
{
    /** @param list<Constraint> $constraints */
    public function __construct(
        public readonly string $key,
        public readonly string $scriptSha256,
        public readonly array $constraints,
        public readonly VerificationReport $report,
        public readonly ?int $stalledFixRound = null,
        /** The project root the run was made at: a new release's record is this one with its root put in */
        public readonly ?string $root = null,
        /**
         * The plan the run ended with (the script's), for an unchanged re-run to render instead of planning again;
         * null in a release record (another root's paths).
         */
        public readonly ?RecordedPlan $plan = null,
    ) {
    }
}
