<?php

declare(strict_types=1);

namespace Preheat\Bench;

use Preheat\Bench\Result\RunConditions;
use Preheat\Bench\Result\ScenarioRecord;

/** Every configured scenario's run, in the configured order: what the runner executes its plan on. */
final class ScenarioRuns
{
    /** @var list<ScenarioRun> */
    private array $runs = [];

    public function add(ScenarioRun $run): void
    {
        $this->runs[] = $run;
    }

    public function named(string $name): ?ScenarioRun
    {
        foreach ($this->runs as $run) {
            if ($run->name() === $name) {
                return $run;
            }
        }

        return null;
    }

    /** @return list<ScenarioRun> */
    public function all(): array
    {
        return $this->runs;
    }

    /** @return list<ScenarioRun> the ones the rounds measure, in the configured order */
    public function measured(): array
    {
        return array_values(array_filter($this->runs, static fn (ScenarioRun $run): bool => $run->isMeasured()));
    }

    /** The plan: the measured scenarios, for the rounds planned at least. */
    public function plan(int $rounds): BenchPlan
    {
        return new BenchPlan(
            array_map(static fn (ScenarioRun $run): string => $run->name(), $this->measured()),
            $rounds,
        );
    }

    /**
     * The plan's runs, in the configured order.
     *
     * @return list<ScenarioRun>
     */
    public function planned(BenchPlan $plan): array
    {
        return array_map(fn (string $name): ScenarioRun => $this->inPlan($name), $plan->scenarios);
    }

    /**
     * The plan's runs that are still measured (a scenario whose load failed in a round is out), in the
     * configured order.
     *
     * @return list<ScenarioRun>
     */
    public function stillMeasured(BenchPlan $plan): array
    {
        return array_values(array_filter(
            $this->planned($plan),
            static fn (ScenarioRun $run): bool => $run->isMeasured(),
        ));
    }

    /**
     * One round's runs of the plan, in the order they are run.
     *
     * @return list<ScenarioRun>
     */
    public function inRound(BenchPlan $plan, int $round): array
    {
        return array_map(fn (RoundSlot $slot): ScenarioRun => $this->inPlan($slot->scenario), $plan->round($round));
    }

    private function inPlan(string $name): ScenarioRun
    {
        return $this->named($name)
            ?? throw new \LogicException(\sprintf('The plan runs %s, which is not a scenario.', $name));
    }

    /** @return list<ScenarioRecord> every scenario's record as it stands */
    public function records(): array
    {
        return array_map(static fn (ScenarioRun $run): ScenarioRecord => $run->record->build(), $this->runs);
    }

    /** @return list<RunConditions> what the machine did during every measured run */
    public function conditions(): array
    {
        return array_merge(
            ...array_map(static fn (ScenarioRun $run): array => $run->record->conditions(), $this->runs),
        );
    }

    /** Every server that runs, stopped. */
    public function stopAll(): void
    {
        foreach ($this->runs as $run) {
            $run->stop();
        }
    }
}
