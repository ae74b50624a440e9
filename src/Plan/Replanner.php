<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Progress\Timings;

/**
 * Plans a scanned project again with other options (forced drops, seeds, fits), for the PHP the first plan
 * was made for, without scanning again. PlanPipeline::replanner() makes one.
 */
final class Replanner
{
    private readonly PlanContext $context;

    public function __construct(
        private readonly Planner $planner,
        private readonly PlanResult $scanned,
        private readonly Timings $timings = new Timings(),
    ) {
        $this->context = PlanContext::of($scanned);
    }

    public function plan(PlanOptions $options): PlanResult
    {
        $started = hrtime(true);
        $plan = $this->timings->span(
            'plan again',
            fn (): PreloadPlan => $this->planner->plan($this->context, $options),
        );

        return new PlanResult(
            $this->scanned->project,
            $this->scanned->scan,
            $plan,
            (hrtime(true) - $started) / 1e9,
            $this->scanned->locator,
            $this->scanned->warnings,
            $this->context,
        );
    }
}
