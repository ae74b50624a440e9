<?php

declare(strict_types=1);

namespace Preheat\Report\Json;

use Preheat\Plan\Exclusion;
use Preheat\Script\Generate\CapacityRound;

/** The public JSON of why a file or class is left out, and of a round that fitted the plan to the php.ini. */
final class PlanJson
{
    /** @return array{reason: string, message: string, because?: string} */
    public static function exclusion(Exclusion $exclusion): array
    {
        $json = ['reason' => $exclusion->reason->value, 'message' => $exclusion->message];
        if (null !== $exclusion->because) {
            $json['because'] = $exclusion->because;
        }

        return $json;
    }

    /** @return array<string, mixed> */
    public static function capacityRound(CapacityRound $round): array
    {
        return [
            'round' => $round->round,
            'setting' => $round->setting,
            'value' => $round->currentValue,
            'needed' => $round->neededValue,
            'plannedFiles' => $round->plannedFiles,
            'keptFiles' => $round->keptFiles,
            'estimated' => $round->estimated,
        ];
    }
}
