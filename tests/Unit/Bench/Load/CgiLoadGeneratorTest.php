<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Load;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Load\CgiLoadGenerator;
use Preheat\Bench\Load\LoadSettings;
use Preheat\Bench\Load\LoadTarget;
use Preheat\Config\IntegerSettings;
use Preheat\Process\ProcessResult;
use Preheat\Process\ProcessRunner;
use Preheat\Process\RunningProcess;

final class CgiLoadGeneratorTest extends TestCase
{
    public function testAsRootPhpCgiRunsAsTheWorkersUserSoWhatTheAppWritesStaysTheirs(): void
    {
        if (0 !== posix_geteuid() || false === posix_getpwnam('www-data')) {
            self::markTestSkipped('runs as root, with a www-data user');
        }
        $runner = new class implements ProcessRunner {
            /** @var list<list<string>> */
            public array $commands = [];

            public function run(array $command, ?string $workingDirectory = null, float $timeoutSeconds = 300.0, ?array $environment = null): ProcessResult
            {
                $this->commands[] = $command;

                return new ProcessResult($command, 0, "Content-type: text/html\r\n\r\nhi", "\nElapsed time: 0.5 sec\n", 0.6);
            }

            public function start(array $command, ?string $workingDirectory = null, ?array $environment = null): RunningProcess
            {
                throw new \LogicException('php-cgi runs to completion');
            }
        };
        $target = new LoadTarget('http://127.0.0.1:8080', ['/'], '/srv/bench/01-none/php.ini', '/srv/app/public', '/srv/app/public/index.php');

        $result = (new CgiLoadGenerator($runner, '/bin/sh', 'www-data'))->run($target, new LoadSettings(1.0, 1, tool: (new IntegerSettings())->with(CgiLoadGenerator::requests(), 100)), 1.0);

        self::assertSame(200.0, $result->requestsPerSecond());
        self::assertSame(['--reuid=www-data', '--regid=www-data', '--init-groups', '--', '/bin/sh', '-c', '/srv/bench/01-none/php.ini', '-d', 'max_input_time=0'], \array_slice($runner->commands[0], 1, 9));
        self::assertStringEndsWith('setpriv', $runner->commands[0][0]);
    }
}
