<?php

declare(strict_types=1);

namespace Preheat\Bench\Statistics;

use Preheat\Bench\Result\MachineLoad;
use Preheat\Bench\Result\Metric;
use Preheat\Bench\Result\ScenarioRecord;

/**
 * Which metric gives the headline verdict, and why. Instructions per request when an instruction-counting
 * tool counted them for the baseline: the same code gives the same count, whatever the machine does,
 * and under valgrind time (so req/s) is valgrind's, not PHP's. Else CPU per request whenever the
 * server's CPU was measured for the baseline: it counts only the CPU PHP itself spent, so what other
 * processes and the hypervisor take from the machine (which moves req/s) barely moves it, and on a
 * saturated server capacity is set by it. req/s otherwise (an in-process tool, a system without /proc).
 */
final class PrimaryMetric
{
    /**
     * Above this share of the machine's time stolen by the hypervisor during the runs, the report calls the
     * machine noisy.
     */
    public const NOISY_STEAL_SHARE = 0.02;

    /**
     * Above this share of the machine's CPU used by processes other than the bench's servers and load tool,
     * likewise.
     */
    public const NOISY_OTHER_SHARE = 0.10;

    /**
     * @param list<ScenarioRecord> $scenarios what was measured so far
     * @param MachineLoad|null     $during    the machine over the runs so far, for the reason given
     */
    public static function choose(array $scenarios, string $baseline, ?MachineLoad $during = null): PrimaryChoice
    {
        $reference = null;
        foreach ($scenarios as $scenario) {
            if ($scenario->name === $baseline) {
                $reference = $scenario;
            }
        }
        if (null !== $reference && [] !== $reference->byRound(Metric::InstructionsPerRequest)) {
            return new PrimaryChoice(
                Metric::InstructionsPerRequest,
                'instructions were counted: the same code gives the same count, whatever else the machine does'
                .' (and under valgrind req/s measures valgrind)',
            );
        }
        if (null === $reference || [] === $reference->byRound(Metric::CpuPerRequest)) {
            return new PrimaryChoice(
                Metric::RequestsPerSecond,
                'the CPU the PHP processes used was not measured (a tool that runs PHP itself, or no /proc)',
            );
        }

        return new PrimaryChoice(
            Metric::CpuPerRequest,
            'it counts only the CPU PHP itself spent, so what the rest of the machine does moves it far less'
            .' than req/s ('.self::noise($during).')',
        );
    }

    /** The machine's noise in words: steal and other load over the runs, and whether they pass the thresholds. */
    public static function noise(?MachineLoad $during): string
    {
        if (null === $during || (null === $during->stealShare && null === $during->otherShare)) {
            return 'how busy the machine was is not known';
        }
        $parts = [];
        if (null !== $during->stealShare) {
            $parts[] = \sprintf('%.1f%% of CPU time stolen by the hypervisor', $during->stealShare * 100);
        }
        if (null !== $during->otherShare) {
            $parts[] = \sprintf('%.0f%% of the CPU used by other processes', $during->otherShare * 100);
        }
        $noisy = ($during->stealShare ?? 0.0) > self::NOISY_STEAL_SHARE
            || ($during->otherShare ?? 0.0) > self::NOISY_OTHER_SHARE;

        return \sprintf('the machine was %s during the runs: %s', $noisy ? 'noisy' : 'quiet', implode(', ', $parts));
    }
}
