<?php

declare(strict_types=1);

namespace Preheat\Bench;

use Preheat\Server\Runtime;

/**
 * One scenario as the runner runs it: what it learns about it (its record builder), how its server is
 * started (again at each restart) and the server running now.
 */
final class ScenarioRun
{
    /** Lines of each log read after the first start: every warning even a compile-everything preload prints. */
    private const STARTUP_LOG_LINES = 100000;

    private ?Runtime $runtime = null;

    /** @param (\Closure(): Runtime)|null $start null for a scenario that is not served (skipped or broken before) */
    public function __construct(
        public readonly ScenarioRecordBuilder $record,
        private readonly ?\Closure $start = null,
    ) {
    }

    public function name(): string
    {
        return $this->record->name();
    }

    /** Measured in the rounds: its server is up and nothing found it wrong. */
    public function isMeasured(): bool
    {
        return null !== $this->runtime && $this->record->isMeasured();
    }

    /**
     * Starts its server, the first time.
     *
     * @throws \Preheat\Server\RuntimeError when it does not start
     */
    public function start(): Runtime
    {
        if (null === $this->start) {
            $message = \sprintf('The scenario %s is not served: it has no server to start.', $this->name());
            throw new \LogicException($message);
        }
        $this->runtime = ($this->start)();
        // Before any request, its logs hold only what the start printed.
        $this->record->started($this->runtime->startSeconds(), $this->runtime->logTail(self::STARTUP_LOG_LINES));

        return $this->runtime;
    }

    /**
     * Its server stopped and started anew (the same script, php.ini and directory): later rounds run on
     * the new one.
     */
    public function restart(): void
    {
        if (null === $this->start) {
            return;
        }
        $this->runtime()->stop();
        $this->runtime = ($this->start)();
        $this->record->restarted();
    }

    /** The server running now. */
    public function runtime(): Runtime
    {
        return $this->runtime ?? throw new \LogicException(\sprintf('The server of %s is not running.', $this->name()));
    }

    public function hasRuntime(): bool
    {
        return null !== $this->runtime;
    }

    public function stop(): void
    {
        $this->runtime?->stop();
    }
}
