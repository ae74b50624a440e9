<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Plan\PlanResult;
use Preheat\Plan\Strategy\HotSelection;
use Preheat\Script\Verify\VerificationReport;

final class GenerateOutcome
{
    /**
     * @param list<BudgetCalibration> $calibrations
     * @param list<CapacityRound>     $capacityRounds
     */
    public function __construct(
        public readonly PlanResult $planResult,
        public readonly string $outputPath,
        public readonly bool $written,
        public readonly ?VerificationReport $verification,
        public readonly FixRounds $fixing,
        public readonly bool $strict,
        public readonly ?HotSelection $selection = null,
        public readonly array $calibrations = [],
        public readonly array $capacityRounds = [],
        public readonly Reused $reused = Reused::No,
    ) {
    }

    /**
     * What fitting to the php.ini did, one line: the setting, how many files are kept, and the value for all of them.
     */
    public function capacitySummary(): ?string
    {
        if ([] === $this->capacityRounds || null === $this->verification) {
            return null;
        }
        $ini = $this->verification->php->settings->iniFile ?? 'php.ini';
        $bySetting = [];
        foreach ($this->capacityRounds as $round) {
            $bySetting[$round->setting] ??= $round;
        }
        $fitted = implode(
            ' and ',
            array_map(static fn (CapacityRound $r): string => $r->setting.'='.$r->currentValue, $bySetting),
        );
        // "set A=1 and B=2" when every value is known, else each its own verb: "raise A and set B=2".
        $known = [] === array_filter($bySetting, static fn (CapacityRound $r): bool => null === $r->neededValue);
        $advice = ($known ? 'set ' : '').implode(
            ' and ',
            array_map(
                static fn (CapacityRound $r): string => match (true) {
                    null === $r->neededValue => 'raise '.$r->setting,
                    $known => $r->setting.'='.$r->neededValue,
                    default => 'set '.$r->setting.'='.$r->neededValue,
                },
                $bySetting,
            ),
        );

        return \sprintf(
            'fitted to %s in %s: preloading %d of %d planned files; to preload all of them %s (and restart '.
            'php-fpm)',
            $fitted,
            $ini,
            \count($this->planResult->plan->included),
            $this->capacityRounds[0]->plannedFiles,
            $advice,
        );
    }

    public function succeeded(): bool
    {
        return $this->written && (null === $this->verification || $this->verification->passed($this->strict));
    }
}
