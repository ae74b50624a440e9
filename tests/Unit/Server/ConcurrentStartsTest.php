<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Server;

use PHPUnit\Framework\TestCase;
use Preheat\Process\RunningProcess;
use Preheat\Server\ConcurrentStarts;
use Preheat\Server\StartWait;

final class ConcurrentStartsTest extends TestCase
{
    public function testTheServersWaitForAnswersSideBySide(): void
    {
        $events = [];
        $starts = [];
        foreach (['a', 'b', 'c'] as $name) {
            $starts[] = static function () use ($name, &$events): void {
                $events[] = 'spawn '.$name;
                $readyAt = microtime(true) + 0.3;
                StartWait::until(
                    'server '.$name,
                    self::running(),
                    static fn (): bool => microtime(true) >= $readyAt,
                    'it did not answer',
                    [],
                    10.0,
                );
                $events[] = 'up '.$name;
            };
        }

        $began = microtime(true);
        ConcurrentStarts::run($starts);
        $took = microtime(true) - $began;

        // One after another the three waits take 0.9 s.
        self::assertLessThan(0.6, $took);
        self::assertSame(['spawn a', 'spawn b', 'spawn c'], \array_slice($events, 0, 3));
        self::assertEqualsCanonicalizing(['up a', 'up b', 'up c'], \array_slice($events, 3));
    }

    public function testAFailedStartLetsTheOthersFinishThenItsFailureIsThrown(): void
    {
        $up = [];
        $wait = static function (int $polls): void {
            for ($i = 0; $i < $polls; ++$i) {
                ConcurrentStarts::pause();
            }
        };
        $starts = [
            static function () use ($wait, &$up): void {
                $wait(3);
                $up[] = 'first';
            },
            static function () use ($wait): void {
                $wait(1);
                throw new \RuntimeException('php-fpm for scenario all did not start');
            },
            static function () use ($wait): void {
                $wait(2);
                throw new \LogicException('a later failure');
            },
            static function () use ($wait, &$up): void {
                $wait(5);
                $up[] = 'last';
            },
        ];

        try {
            ConcurrentStarts::run($starts);
            self::fail('The failure was not thrown.');
        } catch (\RuntimeException $failure) {
            self::assertSame('php-fpm for scenario all did not start', $failure->getMessage());
        }
        self::assertSame(['first', 'last'], $up);
    }

    public function testOutsideConcurrentStartsAPauseIsASleep(): void
    {
        $began = microtime(true);
        ConcurrentStarts::pause();

        self::assertGreaterThanOrEqual(0.015, microtime(true) - $began);
    }

    private static function running(): RunningProcess
    {
        return new class implements RunningProcess {
            public function pid(): int
            {
                return 4242;
            }

            public function isRunning(): bool
            {
                return true;
            }

            public function exitCode(): ?int
            {
                return null;
            }

            public function stop(float $graceSeconds = 5.0): void
            {
            }

            public function output(): string
            {
                return '';
            }

            public function errorOutput(): string
            {
                return '';
            }

            public function commandLine(): string
            {
                return 'php-fpm8.2 --nodaemonize';
            }
        };
    }
}
