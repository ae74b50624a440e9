<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault;

/** Every catalogue of the fault suite, one per command area. */
final class FaultCases
{
    /** One per line, so that a catalogue added is a line added. */
    private const CATALOGUES = [
        Cases\GenerateCases::class,
        Cases\InjectionCases::class,
        Cases\VerifyCases::class,
        Cases\ExplainCases::class,
        Cases\DoctorCases::class,
        Cases\StatusCases::class,
        Cases\UsageCases::class,
        Cases\ConfigCases::class,
        Cases\BenchCases::class,
        Cases\InterruptCases::class,
        Cases\OutputSafetyCases::class,
        Cases\JudgementCases::class,
        Cases\LiveAppCases::class,
        Cases\FileSafetyCases::class,
        Cases\CacheTrustCases::class,
        Cases\PeerBoundsCases::class,
        Cases\MetricsCases::class,
        Cases\JsonSyntaxCases::class,
        Cases\ReadabilityCases::class,
        Cases\ProbeCacheCases::class,
        Cases\ConfigStageCases::class,
        Cases\HotBudgetCases::class,
        Cases\CacheFormatCases::class,
    ];

    /** @return array<string, FaultCase> by id */
    public static function all(): array
    {
        $cases = [];
        foreach (self::CATALOGUES as $catalogue) {
            foreach ($catalogue::cases() as $case) {
                if (isset($cases[$case->id])) {
                    throw new \LogicException('Two fault cases are called '.$case->id);
                }
                $cases[$case->id] = $case;
            }
        }

        return $cases;
    }
}
