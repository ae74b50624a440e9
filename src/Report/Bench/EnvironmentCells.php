<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Result\MachineLoad;
use Preheat\Bench\Result\OpcacheSettings;
use Preheat\Config\Duration;

/**
 * The environment table: what ran, on what machine, and how the rounds were scheduled.
 *
 * @internal
 */
final class EnvironmentCells
{
    /** @return list<array{string, string}> */
    public static function environment(BenchReport $report): array
    {
        $environment = $report->environment;
        $php = $environment->phpSetup;
        $machine = $environment->machine;
        $plan = $environment->roundPlan;

        return array_values(array_filter([
            ['PHP', $php->version],
            null !== $php->ini
                ? ['php.ini', $php->ini.(null !== $php->user ? '; workers run as '.$php->user : '')]
                : null,
            ['OPcache', self::opcache($php->opcache)],
            ['CPU', implode('; ', array_filter([
                $machine->cpuModel,
                1 === $machine->cores ? '1 core' : $machine->cores.' cores',
                null === $machine->governor ? null : 'governor '.$machine->governor,
            ]))],
            ['PHP workers', $environment->workers],
            [
                'load tool',
                $environment->loadTool->settings.(
                    null === $machine->during?->toolShare
                        ? ''
                        : \sprintf('; it took %.1f%% of the CPU during the runs', $machine->during->toolShare * 100)
                ),
            ],
            ['rounds', \sprintf(
                '%s, %s, order rotated each round%s; %s',
                $plan->rounds.self::roundsRule($report),
                $environment->together() ? 'every scenario loaded at the same time in each round' : 'interleaved',
                $plan->restartEvery > 0 && $plan->rounds > $plan->restartEvery
                    ? \sprintf(
                        '; every server started anew every %d rounds, the gains\' intervals taken over these starts',
                        $plan->restartEvery,
                    )
                    : '',
                $report->timesRequests()
                    ? \sprintf(
                        $environment->together()
                            ? '%s s warm-up, every scenario at once (discarded)'
                            : '%s s warm-up per scenario (discarded)',
                        $plan->warmup,
                    )
                    : 'no warm-up pass: each run warms up itself',
            )],
            null === HeadlineCells::stopped($report) ? null : ['stopped', (string) HeadlineCells::stopped($report)],
            ['pages', implode(' ', $environment->urls)],
            null === $machine->before
                ? null
                : ['machine before', self::machine($machine->before, 'until the first measured run')],
            null === $machine->during
                ? null
                : ['machine during', self::machine($machine->during, 'during the runs')],
        ]));
    }

    /** The settings known, as name=value in the ini's names: "memory_consumption=128M, jit=off". */
    private static function opcache(OpcacheSettings $settings): string
    {
        return implode(', ', array_filter([
            null === $settings->memoryConsumption ? null : 'memory_consumption='.$settings->memoryConsumption,
            null === $settings->internedStringsBuffer
                ? null
                : 'interned_strings_buffer='.$settings->internedStringsBuffer,
            null === $settings->maxAcceleratedFiles ? null : 'max_accelerated_files='.$settings->maxAcceleratedFiles,
            null === $settings->validateTimestamps ? null : 'validate_timestamps='.$settings->validateTimestamps,
            null === $settings->jit ? null : 'jit='.$settings->jit,
        ]));
    }

    /** How many rounds the rule asked for, in words: " (at least 5; more until ...)". */
    private static function roundsRule(BenchReport $report): string
    {
        $rule = $report->stopping?->rule;
        if (null === $rule) {
            return '';
        }

        return 0.0 === $rule->maxSeconds
            ? \sprintf(' (%d planned, no time limit for more)', $rule->minRounds)
            : \sprintf(
                ' (at least %d; more until every gain is within ±%s points, while they fit in %s)',
                $rule->minRounds,
                Cells::points($rule->precisionPoints),
                Duration::format($rule->maxSeconds),
            );
    }

    /** Load average, steal and other processes' CPU in words. */
    private static function machine(MachineLoad $load, string $when): string
    {
        return implode('; ', array_filter([
            null === $load->loadAverage
                ? null
                : 'load average '.implode(
                    ' ',
                    array_map(static fn (float $l): string => \sprintf('%.2f', $l), $load->loadAverage),
                ),
            null === $load->stealShare
                ? null
                : \sprintf('%.1f%% of CPU time stolen by the hypervisor %s', $load->stealShare * 100, $when),
            null === $load->otherShare
                ? null
                : \sprintf('%.0f%% of the CPU used by other processes', $load->otherShare * 100),
        ])) ?: 'not known';
    }
}
