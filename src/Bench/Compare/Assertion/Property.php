<?php

declare(strict_types=1);

namespace Preheat\Bench\Compare\Assertion;

/** What an assertion reads of a scenario, and the units its threshold may be written in. */
enum Property: string
{
    /** The gain over the baseline on the primary metric (a speed-up, positive is faster), with its interval. */
    case Gain = 'gain';
    /** The change against the same scenario of the `--baseline` run (a speed-up), with its interval. */
    case Change = 'change';
    /** The memory OPcache's preloading took, as its status reports it. */
    case Memory = 'memory';
    /** The seconds PHP took to start (the server's first start, preloading included). */
    case Startup = 'startup';
    /** The warnings its server logged while it first started. */
    case Warnings = 'warnings';

    /**
     * The units a threshold may carry, each with what one of it is in the property's own unit (a fraction, bytes,
     * seconds, a count); the empty string is a number without a unit.
     *
     * @return array<string, float>
     */
    public function units(): array
    {
        return match ($this) {
            self::Gain, self::Change => ['%' => 0.01],
            self::Memory => ['B' => 1.0, 'KB' => 1024.0, 'MB' => 1048576.0, 'GB' => 1073741824.0],
            self::Startup => ['s' => 1.0, 'ms' => 0.001],
            self::Warnings => ['' => 1.0],
        };
    }

    /** Whether the value has a confidence interval, which the assertion is then judged by. */
    public function estimated(): bool
    {
        return self::Gain === $this || self::Change === $this;
    }

    /** @return list<string> */
    public static function names(): array
    {
        return array_map(static fn (self $p): string => $p->value, self::cases());
    }
}
