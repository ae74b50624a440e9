<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

/** Waits for runs started in the background; if one fails, the others are stopped before the failure goes up. */
final class LoadRuns
{
    private const POLL_MICROSECONDS = 5_000;

    /**
     * Starts the runs, then waits for them all; if one cannot start, those already started are stopped.
     *
     * @template K of array-key
     *
     * @param array<K, \Closure(): LoadRun> $starts
     *
     * @return array<K, LoadResult> in the order of $starts
     */
    public static function startAll(array $starts): array
    {
        $runs = [];
        try {
            foreach ($starts as $key => $start) {
                $runs[$key] = $start();
            }
        } catch (\Throwable $failure) {
            foreach ($runs as $run) {
                $run->abort();
            }
            throw $failure;
        }

        return self::wait($runs);
    }

    /**
     * @template K of array-key
     *
     * @param array<K, LoadRun> $runs
     *
     * @return array<K, LoadResult> in the order of $runs
     */
    public static function wait(array $runs): array
    {
        $results = [];
        try {
            while (\count($results) < \count($runs)) {
                foreach ($runs as $key => $run) {
                    if (!isset($results[$key]) && null !== ($result = $run->poll())) {
                        $results[$key] = $result;
                    }
                }
                if (\count($results) < \count($runs)) {
                    usleep(self::POLL_MICROSECONDS);
                }
            }
        } catch (\Throwable $failure) {
            foreach ($runs as $key => $run) {
                if (!isset($results[$key])) {
                    $run->abort();
                }
            }
            throw $failure;
        }

        $ordered = [];
        foreach (array_keys($runs) as $key) {
            $ordered[$key] = $results[$key];
        }

        return $ordered;
    }
}
