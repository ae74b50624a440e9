<?php

declare(strict_types=1);

namespace Preheat\Bench\Event;

use Preheat\Progress\StageEvent;

/** A stage of the bench the runner starts: which, and of what (a scenario, a round). */
final class BenchStage implements StageEvent
{
    private function __construct(private readonly string $description)
    {
    }

    public static function preparing(string $scenario): self
    {
        return new self('Preparing '.$scenario);
    }

    public static function checkingPages(): self
    {
        return new self('Checking every page before timing');
    }

    /** @param string|null $scenario null: every scenario together */
    public static function warmingUp(?string $scenario): self
    {
        return new self(null === $scenario ? 'Warming up every scenario together' : 'Warming up '.$scenario);
    }

    public static function roundInTurns(int $round, string $scenario): self
    {
        return new self(\sprintf('Round %d: %s', $round, $scenario));
    }

    public static function roundTogether(int $round, int $scenarios): self
    {
        return new self(\sprintf('Round %d: %d scenarios together', $round, $scenarios));
    }

    public static function restarting(int $beforeRound): self
    {
        return new self(\sprintf('Starting every server anew before round %d', $beforeRound));
    }

    public function description(): string
    {
        return $this->description;
    }
}
