<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Deploy;

use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/** scripts/install-deps.sh waits, bounded, for another apt or dpkg that holds the lock, with a fake apt-get. */
final class AptLockWaitTest extends TestCase
{
    private const LIBRARY = __DIR__.'/../../../scripts/lib/apt.sh';

    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory('preheat-apt-');
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testItWaitsForTheLockThenRuns(): void
    {
        $process = $this->aptGet(lockedTimes: 2, wait: 30);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertSame("installed\n", $process->getOutput());
        self::assertStringContainsString(
            'apt-get install -y foo: another apt or dpkg holds its lock; waiting for it (at most 30s)...',
            $process->getErrorOutput(),
        );
        self::assertSame(1, substr_count($process->getErrorOutput(), 'waiting for it'), 'said once');
        self::assertSame(3, \count(file($this->directory->path.'/calls') ?: []));
        self::assertSame(
            "install -y foo\n",
            file($this->directory->path.'/calls')[2] ?? null,
            'the same command again',
        );
    }

    public function testItGivesUpAfterTheBoundSayingWhatToDo(): void
    {
        $started = microtime(true);
        $process = $this->aptGet(lockedTimes: 1000, wait: 1);

        self::assertSame(100, $process->getExitCode());
        // Without the bound, 1,000 refusals 0.1 s apart: 100 s. With it, 1 s and the shell's start-ups, which a busy
        // machine may make ten times slower.
        self::assertLessThan(25, microtime(true) - $started);
        self::assertStringContainsString(
            'E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt-get)',
            $process->getErrorOutput(),
        );
        self::assertStringContainsString(
            'apt-get install -y foo: another apt or dpkg still holds its lock after 1s: let it finish',
            $process->getErrorOutput(),
        );
    }

    public function testAnotherFailureIsNotWaitedFor(): void
    {
        $process = $this->aptGet(lockedTimes: 0, wait: 30, otherFailure: true);

        self::assertSame(100, $process->getExitCode());
        self::assertStringContainsString('E: Unable to locate package foo', $process->getErrorOutput());
        self::assertStringNotContainsString('waiting', $process->getErrorOutput());
        self::assertCount(1, file($this->directory->path.'/calls') ?: []);
    }

    private function aptGet(int $lockedTimes, int $wait, bool $otherFailure = false): Process
    {
        $fake = $this->directory->path.'/apt-get';
        $calls = $this->directory->path.'/calls';
        file_put_contents($fake, <<<SH
            #!/bin/bash
            echo "\$*" >> {$calls}
            if [ {$this->flag($otherFailure)} = 1 ]; then echo 'E: Unable to locate package foo' >&2; exit 100; fi
            if [ "\$(wc -l < {$calls})" -le {$lockedTimes} ]; then
                echo 'E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt-get)' >&2
                echo 'E: Unable to acquire the dpkg frontend lock (/var/lib/dpkg/lock-frontend), is another process using it?' >&2
                exit 100
            fi
            echo installed
            SH);
        chmod($fake, 0o755);
        $process = new Process(
            ['bash', '-c', '. "$0" && apt_get_waiting install -y foo', realpath(self::LIBRARY)],
            null,
            ['APT_GET' => $fake, 'APT_LOCK_WAIT' => (string) $wait, 'APT_LOCK_POLL' => '0.1'],
            null,
            30,
        );
        $process->run();

        return $process;
    }

    private function flag(bool $value): string
    {
        return $value ? '1' : '0';
    }
}
