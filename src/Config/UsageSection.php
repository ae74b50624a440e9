<?php

declare(strict_types=1);

namespace Preheat\Config;

use Preheat\ConfigError;
use Preheat\Plan\Strategy\HotCriteria;

/**
 * preheat.json's "bench.usage" (the store the hot scenario plans from) and "bench.hot" (how much of its traffic
 * to preload): the bench's hot scenario and generate's default strategy read the same settings.
 */
final class UsageSection
{
    public function __construct(
        /** The store as the file gives it: a path relative to the project, or redis://...; null when none. */
        public readonly ?string $store,
        public readonly HotCriteria $hot,
    ) {
    }

    public static function of(ConfigSection $bench): self
    {
        $hot = $bench->section('hot');
        $budget = $hot->optionalString('budget');
        $fraction = 'a number, e.g. 0.99';
        try {
            // Checks the ranges now rather than in the middle of a run.
            $criteria = HotCriteria::orDefaults(
                $hot->optionalNumber('coverage', $fraction),
                $hot->optionalNumber('minShare', $fraction),
                null === $budget ? null : HotCriteria::parseBudget($budget),
            );
        } catch (\InvalidArgumentException $error) {
            throw ConfigError::invalid($hot->file.' key bench.hot', $hot->data, $error->getMessage());
        }

        return new self($bench->optionalString('usage'), $criteria);
    }
}
