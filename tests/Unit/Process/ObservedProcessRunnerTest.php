<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Process;

use PHPUnit\Framework\TestCase;
use Preheat\Process\ObservedProcessRunner;
use Preheat\Process\ProcessFailed;
use Preheat\Process\ProcessResult;
use Preheat\Process\ProcessRunner;
use Preheat\Process\RunningProcess;
use Preheat\Tests\Support\FakeProcessRunner;
use Preheat\Tests\Support\RecordingObserver;

final class ObservedProcessRunnerTest extends TestCase
{
    public function testEachProgramIsToldWithItsDirectoryEnvironmentAndWhetherItRunsInTheBackground(): void
    {
        $inner = new FakeProcessRunner();
        $observer = new RecordingObserver();
        $runner = new ObservedProcessRunner($inner, $observer);

        $runner->run(['/usr/bin/php8.2', '-r', 'echo 1;'], '/srv/app', 5.0, ['PHP_INI_SCAN_DIR' => '/etc/php']);
        $runner->start(['/usr/sbin/nginx', '-c', '/tmp/x/nginx.conf'], '/tmp/x');
        $runner->run(['git', 'status']);

        self::assertSame(
            ['run /usr/bin/php8.2 -r echo 1;', 'start /usr/sbin/nginx -c /tmp/x/nginx.conf', 'run git status'],
            $observer->events,
        );
        self::assertSame('/srv/app', $observer->commands[0]->workingDirectory);
        self::assertSame(['PHP_INI_SCAN_DIR' => '/etc/php'], $observer->commands[0]->environment);
        self::assertFalse($observer->commands[0]->background);
        self::assertTrue($observer->commands[1]->background);
        self::assertNull($observer->commands[2]->workingDirectory);
        self::assertSame([], $observer->commands[2]->environment);
        self::assertCount(2, $inner->ran, 'the wrapped runner still runs them');
        self::assertCount(1, $inner->started);
    }

    public function testAProgramIsToldBeforeItStartsSoOneThatCannotStartIsSeenToo(): void
    {
        $observer = new RecordingObserver();
        $runner = new ObservedProcessRunner(new class implements ProcessRunner {
            public function run(array $command, ?string $workingDirectory = null, float $timeoutSeconds = 300.0, ?array $environment = null): ProcessResult
            {
                throw ProcessFailed::cannotStart($command, 'command not found');
            }

            public function start(array $command, ?string $workingDirectory = null, ?array $environment = null): RunningProcess
            {
                throw ProcessFailed::cannotStart($command, 'command not found');
            }
        }, $observer);

        try {
            $runner->run(['no-such-program']);
            self::fail('the inner runner fails');
        } catch (ProcessFailed) {
        }

        self::assertSame(['run no-such-program'], $observer->events);
    }
}
