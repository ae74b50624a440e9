<?php

declare(strict_types=1);

namespace Preheat\Bench\Session;

use Preheat\Bench\BenchResult;
use Preheat\Bench\Compare\Assertion\Assertion;
use Preheat\Bench\Compare\Assertion\AssertionEvaluator;
use Preheat\Bench\Compare\RecordedRun;
use Preheat\Bench\Compare\RunComparer;

/** A benchmark run: what was measured, and what it is to be checked against once its report is written. */
final class BenchOutcome
{
    /** @param list<Assertion> $assertions */
    public function __construct(
        public readonly BenchResult $result,
        public readonly ?string $projectRoot,
        private readonly array $assertions,
        private readonly AssertionEvaluator $evaluator,
        private readonly ?RecordedRun $earlier,
        private readonly ?string $baselineFile,
        private readonly bool $strict,
    ) {
    }

    /**
     * The comparison with the earlier run and the assertions judged, when asked for. Apart from the run, as
     * either may fail: the report is written first, so that what was measured is not lost.
     */
    public function checks(): ?Checks
    {
        if (null === $this->earlier && [] === $this->assertions) {
            return null;
        }
        $recorded = RecordedRun::ofResult($this->result);
        $comparison = null === $this->earlier || null === $this->baselineFile
            ? null
            : (new RunComparer())->compare($recorded, $this->earlier, $this->baselineFile);

        $judged = $this->evaluator->evaluate($this->assertions, $recorded, $comparison);

        return new Checks($comparison, $judged, $this->strict);
    }
}
