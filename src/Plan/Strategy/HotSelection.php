<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

/** The files the hot strategy chose (with what they need to link), and how far they go. */
final class HotSelection
{
    /**
     * @param list<string>          $files   chosen files and the files they need, in the order chosen
     * @param array<string, string> $skipped recorded files not chosen => why
     */
    public function __construct(
        public readonly array $files,
        public readonly int $chosen,
        public readonly float $coverage,
        public readonly int $estimatedBytes,
        public readonly array $skipped,
        public readonly int $recordedFiles,
        public readonly int $requests,
        public readonly UsageCounts $counts = UsageCounts::SampledRequests,
        /** With the automatic budget: the loads per MB a file had to bring past the floor (the knee's price). */
        public readonly ?float $kneeLoadsPerMb = null,
    ) {
    }
}
