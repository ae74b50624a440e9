<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Plan\CapacityFit;
use Preheat\Plan\ForcedDrops;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanPipeline;
use Preheat\Plan\PlanRequest;
use Preheat\Plan\PlanResult;
use Preheat\Plan\PreloadPlan;
use Preheat\Plan\Replanner;
use Preheat\Plan\Strategy\HotSelection;
use Preheat\Plan\Strategy\MemoryEstimate;
use Preheat\Plan\Strategy\MemorySize;
use Preheat\Plan\Strategy\SeedStrategy;
use Preheat\Progress\Line;
use Preheat\Progress\NullProgressLogger;
use Preheat\Progress\Outcome;
use Preheat\Progress\ProgressLogger;
use Preheat\Progress\Timings;
use Preheat\Script\Verify\VerificationReport;
use Preheat\Script\Write\RecordedConstraints;
use Preheat\Util\CycleCollection;

/**
 * One `generate` (or `explain`'s replay of one): the safe plan, the planner for the PHP that runs the app
 * (named once), the strategy, and the constraints verification added so far (forced drops, capacity fits,
 * a calibrated memory estimate). Each constraint is applied by planning again from the same scan; what
 * the strategy chooses and the fits leave out come from the planner, never from converting a plan back.
 */
final class GenerateSession
{
    /** The options the safe plan is made with: the user's, with every forced drop so far. */
    private PlanOptions $options;

    /** Every file that is safe to preload (under the forced drops): what a strategy chooses from. */
    private PlanResult $safe;

    /** The plan to write: the safe plan, or the strategy's part of it, within the fits. */
    private PlanResult $result;

    private ?HotSelection $selection = null;

    private MemoryEstimate $estimate;

    /** @var list<CapacityFit> */
    private array $fits = [];

    /** @var list<FixRound> */
    private array $fixRounds = [];

    /** @var list<BudgetCalibration> */
    private array $calibrations = [];

    /** @var list<CapacityRound> */
    private array $capacityRounds = [];

    private function __construct(
        private readonly Replanner $planner,
        PlanResult $safe,
        PlanOptions $options,
        private readonly ?SeedStrategy $strategy,
        private ProgressLogger $progress,
        private readonly Timings $timings,
    ) {
        $this->safe = $safe;
        $this->result = $safe;
        $this->options = $options;
        $this->estimate = new MemoryEstimate();
    }

    /** Scans and plans, then lets the strategy choose. */
    public static function start(
        PlanPipeline $pipeline,
        PlanRequest $request,
        PlanOptions $options,
        ?SeedStrategy $strategy = null,
        ProgressLogger $progress = new NullProgressLogger(),
        Timings $timings = new Timings(),
    ): self {
        if (null !== $strategy) {
            // Files the recorded requests only ever required may stay in despite side effects (RequireLoadedRule).
            $options = $options->withRequireEvidence($strategy->requireEvidence());
        }
        $safe = $pipeline->run($request, $options);
        $session = new self(
            $pipeline->replanner($safe, $request->phpBinary),
            $safe,
            $options,
            $strategy,
            $progress,
            $timings,
        );
        $session->choose();

        return $session;
    }

    /**
     * The session a recorded run ended with, for its outcome: $constraints (what its rounds added, in order)
     * applied. Without a strategy or a budget calibration, that is one plan with every forced drop and fit at
     * once (the planner plans from the options alone: the same plan the rounds came to); with them, the safe plan
     * first, which the strategy chooses from. Not for rounds of its own: a session to verify is start()ed.
     *
     * $plan, when given, is the plan the recorded run ended with (ReuseRecord::$plan): taken as it is instead of
     * planning, where one plan is what the rounds came to.
     *
     * @param list<Constraint> $constraints
     */
    public static function resume(
        PlanPipeline $pipeline,
        PlanRequest $request,
        PlanOptions $options,
        ?SeedStrategy $strategy,
        array $constraints,
        ProgressLogger $progress = new NullProgressLogger(),
        Timings $timings = new Timings(),
        ?PreloadPlan $plan = null,
    ): self {
        $calibrated = array_filter($constraints, static fn (Constraint $c): bool => $c instanceof BudgetCalibration);
        if (null !== $strategy || [] !== $calibrated) {
            return self::start($pipeline, $request, $options, $strategy, $progress, $timings)->replaying($constraints);
        }
        $fixRounds = [];
        $fitRounds = [];
        foreach ($constraints as $constraint) {
            if ($constraint instanceof FixRound) {
                $fixRounds[] = $constraint;
                $options = $options->withForcedDrops($constraint->forcedDrops());
            } elseif ($constraint instanceof FitRound) {
                $fitRounds[] = $constraint;
            }
        }
        $fits = array_map(static fn (FitRound $r): CapacityFit => $r->fit, $fitRounds);
        $result = null === $plan
            ? $pipeline->run($request, $options->withFits($fits))
            : $pipeline->recorded($request, $options->withFits($fits), $plan);
        $session = new self(
            $pipeline->replanner($result, $request->phpBinary),
            $result,
            $options,
            null,
            $progress,
            $timings,
        );
        $session->fits = $fits;
        $session->fixRounds = $fixRounds;
        $session->capacityRounds = array_merge(...array_map(static fn (FitRound $r): array => $r->rows, $fitRounds));
        $progress->finish(\sprintf(
            'Planned %d files to preload, %d left out',
            \count($result->plan->included),
            \count($result->plan->droppedFiles),
        ));

        return $session;
    }

    /**
     * The plan a script's recorded constraints give (what PHP refused at its last verification, the fit it was
     * made with), as `explain` shows it: planned through a session, as `generate` planned it.
     */
    public static function replay(
        PlanPipeline $pipeline,
        PlanRequest $request,
        PlanOptions $options,
        RecordedConstraints $recorded,
    ): PlanResult {
        return CycleCollection::paused(static function () use ($pipeline, $request, $options, $recorded): PlanResult {
            $session = self::start($pipeline, $request, $options->withForcedDrops($recorded->drops));
            if (null !== $recorded->fit) {
                $session->fit($recorded->fit);
            }

            return $session->result;
        });
    }

    public function result(): PlanResult
    {
        return $this->result;
    }

    public function selection(): ?HotSelection
    {
        return $this->selection;
    }

    public function estimate(): MemoryEstimate
    {
        return $this->estimate;
    }

    /** The strategy's memory budget, if it has one. */
    public function budgetBytes(): ?int
    {
        return $this->strategy?->budgetBytes();
    }

    public function forcedDrops(): ForcedDrops
    {
        return $this->options->forcedDrops;
    }

    /** @return list<FixRound> */
    public function fixRounds(): array
    {
        return $this->fixRounds;
    }

    /** @return list<BudgetCalibration> */
    public function calibrations(): array
    {
        return $this->calibrations;
    }

    /** @return list<CapacityRound> */
    public function capacityRounds(): array
    {
        return $this->capacityRounds;
    }

    /** @return list<string> the real paths of the files the plan to write preloads */
    public function plannedPaths(): array
    {
        return array_map(static fn ($f): string => $f->path, $this->result->plan->included);
    }

    /**
     * A copy with $constraints added, in order, quietly (what a recorded run added): this session stays as
     * it is, for the rounds to start from should the copy's script not be the one on disk.
     *
     * @param list<Constraint> $constraints
     */
    public function replaying(array $constraints): self
    {
        $copy = clone $this;
        $copy->progress = new NullProgressLogger();
        foreach ($constraints as $constraint) {
            $copy->add($constraint);
        }
        $copy->progress = $this->progress;

        return $copy;
    }

    /** Applies what the round policy decided, and plans again. */
    public function add(Constraint $constraint): void
    {
        // Each round answers something the verification found (PHP refused, an overflow, over the budget).
        $this->progress->finish(new Line($constraint->progress(), Outcome::Warning));
        match (true) {
            $constraint instanceof FixRound => $this->drop($constraint),
            $constraint instanceof BudgetCalibration => $this->calibrate($constraint),
            $constraint instanceof FitRound => $this->fitRound($constraint),
            default => throw new \LogicException(\sprintf('A session cannot apply a %s.', $constraint::class)),
        };
    }

    /**
     * @param int|null $stalledFixRound the fix round that found nothing new to drop
     * @param bool     $reused          the script on disk and its last verification were reused, PHP not booted
     * @param bool     $reusedRelease   the verification of the same files at another root was reused
     */
    public function outcome(
        string $outputPath,
        bool $written,
        ?VerificationReport $report,
        bool $strict,
        int $fixRoundLimit = 0,
        ?int $stalledFixRound = null,
        bool $reused = false,
        bool $reusedRelease = false,
    ): GenerateOutcome {
        return new GenerateOutcome(
            planResult: $this->result,
            outputPath: $outputPath,
            written: $written,
            verification: $report,
            fixing: new FixRounds(rounds: $this->fixRounds, limit: $fixRoundLimit, stalledRound: $stalledFixRound),
            strict: $strict,
            selection: $this->selection,
            calibrations: $this->calibrations,
            capacityRounds: $this->capacityRounds,
            reused: match (true) {
                $reusedRelease => Reused::Release,
                $reused => Reused::Unchanged,
                default => Reused::No,
            },
        );
    }

    private function drop(FixRound $round): void
    {
        $this->fixRounds[] = $round;
        $this->options = $this->options->withForcedDrops($round->forcedDrops());
        $this->safe = $this->planner->plan($this->options);
        $this->choose();
    }

    private function calibrate(BudgetCalibration $calibration): void
    {
        $this->calibrations[] = $calibration;
        $this->estimate = $calibration->estimate;
        $this->choose();
    }

    private function fitRound(FitRound $round): void
    {
        array_push($this->capacityRounds, ...$round->rows);
        $this->fit($round->fit);
    }

    /** What a fit leaves out stays out: a later fit only takes away. */
    private function fit(CapacityFit $fit): void
    {
        $this->fits[] = $fit;
        $this->result = $this->planner->plan($this->chosenOptions());
    }

    /** The plan to write: the safe plan itself, or the part the strategy picks from it, within the fits. */
    private function choose(): void
    {
        $strategy = $this->strategy;
        if (null === $strategy) {
            $this->progress->finish(\sprintf(
                'Planned %d files to preload, %d left out',
                \count($this->safe->plan->included),
                \count($this->safe->plan->droppedFiles),
            ));
            $this->result = [] === $this->fits ? $this->safe : $this->planner->plan($this->chosenOptions());

            return;
        }
        $safe = $this->safe;
        $estimate = $this->estimate;
        $this->selection = $this->timings->span(
            'strategy selection',
            static fn (): HotSelection => $strategy->select($safe, $estimate),
        );
        $this->result = $this->planner->plan($this->chosenOptions());
        $this->progress->finish(\sprintf(
            'Chose %d of %d recorded files (%.1f%% of loads; with what they link to, %d files, about %s)%s',
            $this->selection->chosen,
            $this->selection->recordedFiles,
            $this->selection->coverage * 100,
            \count($this->result->plan->included),
            MemorySize::format($this->selection->estimatedBytes),
            null === $this->selection->kneeLoadsPerMb ? '' : \sprintf(
                ': the files every request loads, and those bringing at least their %.0f loads per MB',
                $this->selection->kneeLoadsPerMb,
            ),
        ));
    }

    private function chosenOptions(): PlanOptions
    {
        $options = null === $this->strategy || null === $this->selection
            ? $this->options
            : $this->options->withSeeds($this->selection->files, $this->strategy->name());

        return $options->withFits($this->fits);
    }
}
