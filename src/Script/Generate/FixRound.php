<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

/** One fix round: what PHP refused at start-up, dropped (with everything that needs it) before trying again. */
final class FixRound
{
    /** @param array<string, string> $drops class name as PHP spells it, or file path => what PHP said */
    public function __construct(
        public readonly int $round,
        public readonly array $drops,
    ) {
    }

    /**
     * The drops as the planner takes them: class names lower-cased (PHP's are case-insensitive).
     *
     * @return array<string, string>
     */
    public function forcedDrops(): array
    {
        $drops = [];
        foreach ($this->drops as $subject => $why) {
            $drops[str_contains($subject, '/') ? $subject : strtolower($subject)] = $why;
        }

        return $drops;
    }
}
