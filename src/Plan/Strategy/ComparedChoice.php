<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

use Preheat\Plan\PlannedFile;
use Preheat\Plan\PlanResult;
use Preheat\Plan\RequireEvidence;

/**
 * The strategy the default chose from the evidence it found, saying so once it has chosen: what it
 * preloads and what every safe file would cost instead, e.g. "hot from php-fpm's hit counts at ...:
 * 536 files, about 7.0 MB; every safe file would be 2909 files, about 31.5 MB".
 */
final class ComparedChoice implements SeedStrategy
{
    /** Fit rounds choose again: the line is said once. */
    private bool $said = false;

    /** @param \Closure(string): void $say */
    public function __construct(
        private readonly SeedStrategy $chosen,
        private readonly string $evidence,
        private readonly \Closure $say,
    ) {
    }

    public function name(): string
    {
        return $this->chosen->name();
    }

    public function select(PlanResult $safe, MemoryEstimate $estimate): HotSelection
    {
        $selection = $this->chosen->select($safe, $estimate);
        if ($this->said) {
            return $selection;
        }
        $this->said = true;
        $all = array_map(static fn (PlannedFile $file): string => $file->path, $safe->plan->included);
        ($this->say)(\sprintf(
            'Strategy: %s from %s: %d files, about %s; every safe file would be %d files, '
            .'about %s',
            $this->chosen->name(),
            $this->evidence,
            \count($selection->files),
            MemorySize::format($selection->estimatedBytes),
            \count($all),
            MemorySize::format($estimate->ofFiles($all)),
        ));

        return $selection;
    }

    public function budgetBytes(): ?int
    {
        return $this->chosen->budgetBytes();
    }

    public function requireEvidence(): ?RequireEvidence
    {
        return $this->chosen->requireEvidence();
    }
}
