<?php

declare(strict_types=1);

namespace Preheat\Server;

/**
 * Starts several servers at once: each start runs in a Fiber, and while one waits for its server to answer
 * (StartWait suspends the Fiber instead of sleeping) the others go on. Restarting the demo ladder's eight servers
 * one after another, with the warm-up after it, took 33 to 46 s, more than half of its four minutes of measuring,
 * mostly the two php-fpm masters that preload every file (8 to 16 s each with other work on the machine); side
 * by side 18 to 32 s there (the starts themselves 14 to 23 s), and on idle cores the two preloads take a core each.
 *
 * What a start does before its wait (writing configurations, spawning the process) still runs one start at a
 * time; only the waits overlap. A start that fails does not stop the others: they finish (their servers are
 * the supervisor's to stop), then the first failure is thrown.
 */
final class ConcurrentStarts
{
    /** How long to sleep when every start is waiting for its server: StartWait's own poll interval. */
    private const POLL_MICROSECONDS = 20_000;

    /**
     * @param list<\Closure(): void> $starts
     *
     * @throws \Throwable the first start's failure, once every start has ended
     */
    public static function run(array $starts): void
    {
        /** @var list<\Fiber<mixed, mixed, mixed, mixed>> $fibers */
        $fibers = [];
        $failure = null;
        foreach ($starts as $start) {
            $fiber = new \Fiber($start);
            $fibers[] = $fiber;
            $failed = self::step(static fn (): mixed => $fiber->start());
            $failure ??= $failed;
        }
        while (true) {
            $waiting = array_filter($fibers, static fn (\Fiber $fiber): bool => !$fiber->isTerminated());
            if ([] === $waiting) {
                break;
            }
            foreach ($waiting as $fiber) {
                $failed = self::step(static fn (): mixed => $fiber->resume());
                $failure ??= $failed;
            }
            usleep(self::POLL_MICROSECONDS);
        }
        if (null !== $failure) {
            throw $failure;
        }
    }

    /**
     * While the calling code runs in one of run()'s Fibers, lets the other starts go on; else sleeps as long.
     */
    public static function pause(): void
    {
        if (null !== \Fiber::getCurrent()) {
            \Fiber::suspend();

            return;
        }
        usleep(self::POLL_MICROSECONDS);
    }

    /**
     * @param \Closure(): mixed $step
     *
     * @return \Throwable|null what the start threw in this step
     */
    private static function step(\Closure $step): ?\Throwable
    {
        try {
            $step();
        } catch (\Throwable $failure) {
            return $failure;
        }

        return null;
    }
}
