<?php

declare(strict_types=1);

namespace Preheat\Doctor;

use Preheat\Doctor\Finding\Finding;
use Preheat\Doctor\Profile\AppProfile;
use Preheat\Doctor\Profile\ServerConfig;
use Preheat\Doctor\Rule\AutoloaderRule;
use Preheat\Doctor\Rule\CliPreloadRule;
use Preheat\Doctor\Rule\IniSyntaxRule;
use Preheat\Doctor\Rule\JitRule;
use Preheat\Doctor\Rule\KnownPreloadBugsRule;
use Preheat\Doctor\Rule\OpcacheSizingRule;
use Preheat\Doctor\Rule\PoolUserAccessRule;
use Preheat\Doctor\Rule\PreloadRule;
use Preheat\Doctor\Rule\Rule;
use Preheat\Doctor\Rule\ValidateTimestampsRule;
use Preheat\Doctor\Rule\WorkerRule;

/** Runs every rule over what was read and orders the findings, worst first. */
final class Doctor
{
    /** @param list<Rule> $rules */
    public function __construct(private readonly array $rules = [
        new IniSyntaxRule(),
        new OpcacheSizingRule(),
        new ValidateTimestampsRule(),
        new PreloadRule(),
        new PoolUserAccessRule(),
        new CliPreloadRule(),
        new WorkerRule(),
        new JitRule(),
        new AutoloaderRule(),
        new KnownPreloadBugsRule(),
    ])
    {
    }

    public function examine(ServerConfig $server, AppProfile $app): DoctorReport
    {
        $findings = [];
        foreach ($this->rules as $rule) {
            array_push($findings, ...$rule->check($server, $app));
        }
        $order = array_keys($findings);
        usort(
            $order,
            static fn (int $a, int $b): int => [
                $findings[$b]->severity->rank(),
                $a,
            ] <=> [$findings[$a]->severity->rank(), $b],
        );

        return new DoctorReport($server, $app, array_map(static fn (int $i): Finding => $findings[$i], $order));
    }
}
