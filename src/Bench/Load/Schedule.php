<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

/**
 * How each round loads the scenarios: all at the same time (each then meets the same machine, so what a
 * busy host does to the CPU falls on all alike and cancels out of their ratios), or in turns, each alone
 * on the machine (req/s is then what one server alone serves).
 */
enum Schedule: string
{
    case Together = 'together';
    case Turns = 'turns';

    /** @return list<string> */
    public static function names(): array
    {
        return array_map(static fn (self $s): string => $s->value, self::cases());
    }
}
