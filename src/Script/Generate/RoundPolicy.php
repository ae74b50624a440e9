<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Php\PhpSettings;
use Preheat\Plan\CapacityFit;
use Preheat\Plan\ForcedDrop;
use Preheat\Plan\ForcedDrops;
use Preheat\Plan\PlanResult;
use Preheat\Progress\Timings;
use Preheat\Script\Verify\Finding;
use Preheat\Script\Verify\LimitEstimate;
use Preheat\Script\Verify\Severity;
use Preheat\Script\Verify\StartupChecks;
use Preheat\Script\Verify\StartupMessage;
use Preheat\Script\Verify\UnbootedFit;
use Preheat\Script\Verify\UnlinkedClass;
use Preheat\Script\Verify\VerificationReport;

/**
 * Decides from each verification what the next round of `generate` adds, or that it stops. In order:
 * a plan that overflows the php.ini's OPcache sizes is fitted to them; a script over the strategy's memory
 * budget has the estimate calibrated to what PHP measured; what PHP refused is dropped (fix rounds go on
 * while PHP warns too: a passing script may still warn at every start). Fix rounds, calibrations and fits
 * are counted apart: each has its own bound, and none uses up another. A round that would add nothing new
 * stops. A fit needs no boot of its own when the boot it answers already tells that it passes (fittedReport()).
 * A plan far over the php.ini's sizes by the estimate is fitted before its first boot (beforeBoot()).
 */
final class RoundPolicy
{
    /** How often a budget may be re-checked with the estimate calibrated to what PHP measured. */
    public const CALIBRATION_ROUNDS = 3;

    /** How often the plan may be fitted to the php.ini's OPcache sizes and verified again. */
    public const CAPACITY_ROUNDS = 3;

    /**
     * @param int  $fixRounds how often what PHP refused may be dropped and the script tried again (0: never)
     * @param bool $fit       fit the plan to the php.ini's interned-string buffer and OPcache memory when it
     *                        overflows them
     */
    public function __construct(
        private readonly int $fixRounds,
        private readonly bool $strict = false,
        private readonly bool $fit = true,
        private readonly CapacityFitter $fitter = new CapacityFitter(),
        private readonly Timings $timings = new Timings(),
    ) {
    }

    /**
     * The fit of a plan that the estimate puts far over the php.ini's OPcache sizes (CapacityFitter::farOver()),
     * before its first boot: PHP then compiles about what can be kept, not the whole plan, and the boot verifies
     * the fitted part and measures it for the fits that follow (next()). Null when the plan is not that far over,
     * fitting is off, or the plan was fitted already. Not counted against CAPACITY_ROUNDS.
     */
    public function beforeBoot(GenerateSession $session, PhpSettings $settings): ?FitRound
    {
        if (!$this->fit || [] !== $session->capacityRounds()) {
            return null;
        }
        $result = $session->result();
        $keep = $this->fitter->farOver($result, $settings);
        if ([] === $keep) {
            return null;
        }
        $why = self::leftOutWhy((string) array_key_first($keep), $settings, null);
        $fit = $this->timings->span(
            'capacity fit',
            fn (): CapacityFit => $this->fitter->fit($result, min($keep), $session->selection()->files ?? [], $why),
        );
        $planned = \count($result->plan->included);
        if (\count($fit->kept()) >= $planned) {
            return null;
        }
        $rows = [];
        foreach (array_keys($keep) as $setting) {
            $rows[] = new CapacityRound(
                \count($rows) + 1,
                $setting,
                $settings->value($setting) ?? '?',
                null,
                $planned,
                \count($fit->kept()),
                true,
            );
        }

        return new FitRound($fit, $rows, $planned);
    }

    public function next(VerificationReport $report, GenerateSession $session): NextRound
    {
        $result = $session->result();
        $overflows = $this->fit && \count(self::measured($session->capacityRounds())) < self::CAPACITY_ROUNDS
            ? $this->fitter->overflows($report, $result)
            : [];
        if ([] !== $overflows) {
            $fit = $this->timings->span(
                'capacity fit',
                fn (): FitRound => $this->fitRound($overflows, $session, $report),
            );

            // A fit that keeps every file it was given would boot the same plan again, and overflow again: the
            // report says what overflowed and by how much, and generate stops there.
            return \count($fit->fit->kept()) < \count($result->plan->included)
                ? NextRound::adding($fit)
                : NextRound::stop();
        }
        $budget = $session->budgetBytes();
        if (
            $report->passed($this->strict)
            && null !== $budget
            && $report->preloaded->memoryBytes > $budget
            && \count($session->calibrations()) < self::CALIBRATION_ROUNDS
        ) {
            // Over budget: scale the estimate to what PHP measured and choose again.
            $estimate = $session->estimate()->calibrated($session->plannedPaths(), $report->preloaded->memoryBytes);

            return NextRound::adding(new BudgetCalibration(
                \count($session->calibrations()) + 1,
                $report->preloaded->memoryBytes,
                $budget,
                $estimate,
            ));
        }
        $drops = $report->clean() || \count($session->fixRounds()) >= $this->fixRounds
            ? []
            : $this->dropsFor($report, $result);
        if ([] === $drops) {
            return NextRound::stop();
        }
        $round = new FixRound(\count($session->fixRounds()) + 1, $drops);
        // A round that would drop only what earlier rounds dropped changes nothing: PHP refuses them
        // again for a reason dropping cannot fix (a file it cannot read, a setting), so stop here.
        if ($session->forcedDrops()->coversAll($round->forcedDrops())) {
            return NextRound::stalled($round);
        }

        return NextRound::adding($round);
    }

    /**
     * The report of a fitted plan that needs no boot of its own, or null when it does. It needs none when the boot
     * of the plan it was fitted from ($report, of $booted) found nothing but the overflow (no fatal, no warning, no
     * class PHP could not link), the fitted plan is a part of that plan (the planner closed it over what its files
     * need to link, so PHP links each kept class as it did in that boot), the most it may take of each limit
     * leaves room (CapacityFitter::estimate()), and no budget is left to check. Never under --strict (a fit whose
     * estimate is off would warn at every start), nor for a fit after one that still overflowed: its estimate
     * was off once already.
     */
    public function fittedReport(
        VerificationReport $report,
        PlanResult $booted,
        GenerateSession $session,
        FitRound $round,
    ): ?VerificationReport {
        $fitted = $session->result();
        $budget = $session->budgetBytes();
        if (
            $this->strict
            || \count(self::measured($session->capacityRounds())) > \count($round->rows)
            || !$report->boot->booted
            || 0 !== $report->fatalCount()
            || [] !== $report->unlinkedClasses
            || (null !== $budget && $report->preloaded->memoryBytes > $budget)
        ) {
            return null;
        }
        $share = $this->fitter->keptShare($booted, $fitted);
        $limits = null === $share ? null : $this->fitter->estimate($report, $share);
        $tight = null === $limits
            ? []
            : array_filter($limits, fn (LimitEstimate $l): bool => !$this->fitter->leavesRoom($l));
        if (null === $share || null === $limits || [] !== $tight) {
            return null;
        }
        $settings = array_map(static fn (LimitEstimate $l): string => $l->setting, $limits);
        $interned = \in_array('opcache.interned_strings_buffer', $settings, true);
        // PHP's own word on an overflow the fit made room for (a boot with the php.ini's sizes) is that overflow.
        $otherWarnings = [
            ...array_filter(
                $report->withSeverity(Severity::Warning),
                static fn (StartupMessage $m): bool => !$interned || !StartupChecks::isInternedOverflow($m),
            ),
            ...array_filter(
                $report->findings,
                static fn (Finding $f): bool => Severity::Notice !== $f->severity
                    && !\in_array($f->setting, $settings, true),
            ),
        ];
        if ([] !== $otherWarnings) {
            return null;
        }
        $kept = [];
        $classes = $report->preloaded->classes;
        $functions = $report->preloaded->functions;
        foreach ($fitted->plan->included as $file) {
            $kept[$file->path] = true;
        }
        foreach ($booted->plan->included as $file) {
            if (!isset($kept[$file->path])) {
                $classes -= \count($file->classes);
                $functions -= \count($file->functions);
            }
        }

        return $report->forFit(
            new UnbootedFit(\count($booted->plan->included), \count($kept), $limits),
            $kept,
            max(0, $classes),
            max(0, $functions),
            $share,
            (int) round($report->preloaded->memoryBytes * $share),
        );
    }

    /**
     * The files to keep so that the plan fits what overflowed, never more than the last fit kept.
     *
     * @param non-empty-list<Overflow> $overflows
     */
    private function fitRound(array $overflows, GenerateSession $session, VerificationReport $report): FitRound
    {
        $result = $session->result();
        $earlier = $session->capacityRounds();
        $settings = $report->php->settings;
        // Counted against the plan before any fit: what `generate` would preload with room for all of it.
        $planned = [] === $earlier ? \count($result->plan->included) : $earlier[0]->plannedFiles;
        $capacity = min(\PHP_INT_MAX, ...array_map(static fn (Overflow $o): int => $o->sourceBytes, $overflows));
        $first = $overflows[0]->finding;
        // After a fit before the first boot, no boot measured the whole plan: nothing tells what fits all of it.
        $estimated = [] !== array_filter($earlier, static fn (CapacityRound $r): bool => $r->estimated);
        $value = $estimated ? null : ([] === $earlier ? null : $earlier[0]->neededValue) ?? $first->value;
        $why = self::leftOutWhy((string) $first->setting, $settings, $value);
        $fit = $this->fitter->fit($result, $capacity, $session->selection()->files ?? [], $why);
        $all = $earlier;
        $rows = [];
        foreach ($overflows as $overflow) {
            $setting = $overflow->setting();
            $same = array_values(array_filter($all, static fn (CapacityRound $r): bool => $r->setting === $setting));
            $all[] = $rows[] = new CapacityRound(
                \count($all) + 1,
                $setting,
                $settings->value($setting) ?? '?',
                $estimated ? null : $same[0]->neededValue ?? $overflow->finding->value,
                $planned,
                \count($fit->kept()),
            );
        }

        return new FitRound($fit, $rows, $planned);
    }

    /**
     * Why a fit leaves a file out, as `explain` and the script's fitted line tell it: the setting in the php.ini,
     * and the value that fits every planned file when a boot of the whole plan measured one.
     */
    private static function leftOutWhy(string $setting, PhpSettings $settings, ?string $fitsAll): string
    {
        return \sprintf(
            'left out so that the preload fits %s=%s in %s%s',
            $setting,
            $settings->value($setting) ?? '?',
            $settings->iniFile ?? 'php.ini',
            null === $fitsAll ? '' : \sprintf(' (%s=%s fits every planned file)', $setting, $fitsAll),
        );
    }

    /**
     * The rounds fitted by what a boot measured, not before any boot.
     *
     * @param list<CapacityRound> $rounds
     *
     * @return list<CapacityRound>
     */
    private static function measured(array $rounds): array
    {
        return array_values(array_filter($rounds, static fn (CapacityRound $r): bool => !$r->estimated));
    }

    /**
     * What to leave out next round: every class PHP could not link, and every planned file PHP complained about.
     *
     * @return list<ForcedDrop>
     */
    private function dropsFor(VerificationReport $report, PlanResult $result): array
    {
        $drops = [];
        foreach ($report->unlinkedClasses as $class) {
            $drops[] = ForcedDrop::unlinkedClass($class->class, $class->reason);
        }
        $planned = [];
        foreach ($result->plan->included as $file) {
            $planned[$file->path] = true;
        }
        foreach ($report->messages as $message) {
            if (
                Severity::Deprecated === $message->severity
                || Severity::Notice === $message->severity
                || null === $message->file
            ) {
                continue;
            }
            // Memory is a setting of the whole preload: dropping the file that happened to hit the limit fixes nothing.
            if (StartupChecks::isMemoryExhausted($message) || StartupChecks::isInternedOverflow($message)) {
                continue;
            }
            $file = realpath($message->file) ?: $message->file;
            $linked = [] === array_filter(
                $report->unlinkedClasses,
                static fn (UnlinkedClass $c): bool => $c->file === $message->file,
            );
            if (isset($planned[$file]) && $linked) {
                $drops[] = ForcedDrop::refusedFile($file, (string) strtok($message->message, "\n"));
            }
        }

        // One drop per class or file: the last word on each, as PHP said it.
        return (new ForcedDrops(...$drops))->all();
    }
}
