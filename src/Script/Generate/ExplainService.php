<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

use Preheat\Plan\Explainer;
use Preheat\Plan\Explanation;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanPipeline;
use Preheat\Plan\PlanRequest;
use Preheat\Plan\PlanResult;
use Preheat\Script\Write\RecordedConstraints;

/**
 * `explain`: the plan made again as `generate` made it (what PHP refused at the script's last verification,
 * and the fit it was made with, left out too), then why a class, file or package is in it or not.
 */
final class ExplainService
{
    public function __construct(private readonly PlanPipeline $pipeline)
    {
    }

    /**
     * @param string $subject a class, a file or a package, as the user named it
     * @param string $cwd     the directory a relative file name is read against
     *
     * @return array{PlanResult, Explanation}
     */
    public function explain(
        PlanRequest $request,
        PlanOptions $options,
        RecordedConstraints $recorded,
        string $subject,
        string $cwd,
    ): array {
        $result = GenerateSession::replay($this->pipeline, $request, $options, $recorded);
        $explanation = (new Explainer())->explain(
            $result->plan,
            $result->scan->inventory,
            $subject,
            $cwd,
            $result->scan,
            $result->locator,
        );

        return [$result, $explanation];
    }
}
