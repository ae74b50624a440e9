<?php

declare(strict_types=1);

namespace Preheat\Script;

/** One `generate --fix` round: what verification found, and what was dropped because of it. */
final class FixRound
{
    /** @param array<string, string> $drops lower-case class name or file path => what PHP said */
    public function __construct(
        public readonly int $round,
        public readonly array $drops,
    ) {
    }
}
