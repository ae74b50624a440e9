<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Load;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Load\Callgrind\CallgrindError;
use Preheat\Bench\Load\CallgrindLoadGenerator;
use Preheat\Bench\Load\LoadSettings;
use Preheat\Bench\Load\LoadTarget;
use Preheat\Bench\Result\Metric;
use Preheat\Config\IntegerSettings;
use Preheat\Process\ProcessFailed;
use Preheat\Server\RuntimeError;
use Preheat\Tests\Support\CallgrindFakeRunner;
use Preheat\Tests\Support\TemporaryDirectory;

final class CallgrindLoadGeneratorTest extends TestCase
{
    /** Any executable: the fake runner starts nothing. */
    private const BINARY = '/bin/sh';

    private TemporaryDirectory $directory;
    private LoadTarget $target;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        mkdir($this->directory->path.'/02-all');
        touch($this->directory->path.'/02-all/php.ini');
        $this->target = new LoadTarget('http://127.0.0.1:8080', ['/', '/api?page=2'], $this->directory->path.'/02-all/php.ini', '/srv/app/public', '/srv/app/public/index.php');
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testCountsTheInstructionsOfTheRequestsAfterTheWarmUpOfEachPage(): void
    {
        $runner = new CallgrindFakeRunner();
        $result = (new CallgrindLoadGenerator($runner, self::BINARY, self::BINARY))->run($this->target, new LoadSettings(1.0, 1, tool: (new IntegerSettings())->with(CallgrindLoadGenerator::requests(), 3)->with(CallgrindLoadGenerator::warmup(), 2)), 1.0);

        // The fixture's requests: the preload's (429,908), then 675,766 and four of 107,623; the last 3 are measured.
        self::assertSame(6 * 107623, $result->instructions?->total);
        self::assertSame(107623.0, $result->instructions->minimumPerRequest, 'each page\'s cheapest measured request');
        self::assertSame(6, $result->requests, '3 per page');
        self::assertSame(107623.0, Metric::InstructionsPerRequest->of($result));
        self::assertTrue($result->isValid());
        self::assertSame('callgrind', $result->tool);
        self::assertCount(2, $runner->commands);
        [$command, $environment, $directory] = $runner->commands[1];
        self::assertSame([
            self::BINARY, '--tool=callgrind', '--combine-dumps=yes', '--dump-instr=no',
            '--callgrind-out-file='.$this->directory->path.'/02-all/callgrind/002.%p',
            '--dump-before=php_request_startup', '--dump-after=php_request_shutdown',
            self::BINARY, '-c', $this->target->phpIni, '-d', 'opcache.file_update_protection=0', '-d', 'max_input_time=0', '-q', '-T', '5', '/srv/app/public/index.php',
        ], $command);
        self::assertSame('/api?page=2', $environment['REQUEST_URI']);
        self::assertSame('page=2', $environment['QUERY_STRING']);
        self::assertSame('/srv/app/public', $directory);
        self::assertSame([], glob($this->directory->path.'/02-all/callgrind/*'), 'the profiles are removed once read, the preload child\'s too');
    }

    public function testAsRootPhpCgiRunsAsTheWorkersUserSoWhatTheAppWritesStaysTheirs(): void
    {
        if (0 !== posix_geteuid() || false === posix_getpwnam('www-data')) {
            self::markTestSkipped('runs as root, with a www-data user');
        }
        $runner = new CallgrindFakeRunner();
        (new CallgrindLoadGenerator($runner, self::BINARY, self::BINARY, 'www-data'))->run($this->target, new LoadSettings(1.0, 1, tool: (new IntegerSettings())->with(CallgrindLoadGenerator::requests(), 3)->with(CallgrindLoadGenerator::warmup(), 2)), 1.0);

        self::assertSame(['--reuid=www-data', '--regid=www-data', '--init-groups', '--', self::BINARY, '--tool=callgrind'], \array_slice($runner->commands[0][0], 1, 6));
        self::assertStringEndsWith('setpriv', $runner->commands[0][0][0]);
    }

    public function testOnlyTheProfileOfTheProcessValgrindStartedIsRead(): void
    {
        // The preload's child (as the workers' user, when run as root) writes a profile of its own.
        $runner = new CallgrindFakeRunner(childProfile: "# callgrind format\npart: 1\ndesc: Trigger: --dump-after=php_request_shutdown\nevents: Ir\ntotals: 999999999\n");
        $result = (new CallgrindLoadGenerator($runner, self::BINARY, self::BINARY))->run($this->target, new LoadSettings(1.0, 1, tool: (new IntegerSettings())->with(CallgrindLoadGenerator::requests(), 4)->with(CallgrindLoadGenerator::warmup(), 1)), 1.0);

        self::assertSame(107623.0, Metric::InstructionsPerRequest->of($result));
    }

    public function testAPageThatFailsVoidsTheRun(): void
    {
        $runner = new CallgrindFakeRunner(stdout: "Status: 500 Internal Server Error\r\n\r\nfailing");
        $result = (new CallgrindLoadGenerator($runner, self::BINARY, self::BINARY))->run($this->target, new LoadSettings(1.0, 1, tool: (new IntegerSettings())->with(CallgrindLoadGenerator::requests(), 3)->with(CallgrindLoadGenerator::warmup(), 2)), 1.0);

        self::assertFalse($result->isValid());
    }

    public function testFewerRequestsThanRanMeansValgrindMissedTheRequestBoundaries(): void
    {
        $this->expectException(CallgrindError::class);
        $this->expectExceptionMessageMatches('{shows 6 request\(s\) where php-cgi ran 8: valgrind did not find where PHP starts and ends a request \(php_request_startup, php_request_shutdown\)}');
        (new CallgrindLoadGenerator(new CallgrindFakeRunner(), self::BINARY, self::BINARY))->run($this->target, new LoadSettings(1.0, 1, tool: (new IntegerSettings())->with(CallgrindLoadGenerator::requests(), 5)->with(CallgrindLoadGenerator::warmup(), 3)), 1.0);
    }

    public function testAFailingPhpCgiIsAnErrorWithWhatItSaid(): void
    {
        $this->expectException(ProcessFailed::class);
        $this->expectExceptionMessage('PHP Fatal error:  Uncaught Error');
        (new CallgrindLoadGenerator(new CallgrindFakeRunner(exitCode: 255, stderr: "PHP Fatal error:  Uncaught Error\n"), self::BINARY, self::BINARY))->run($this->target, new LoadSettings(1.0, 1), 1.0);
    }

    public function testWithoutValgrindTheErrorNamesThePackage(): void
    {
        $this->expectException(RuntimeError::class);
        $this->expectExceptionMessage('Cannot find no-such-valgrind: install it (Debian: apt-get install valgrind)');
        (new CallgrindLoadGenerator(new CallgrindFakeRunner(), self::BINARY, 'no-such-valgrind'))->run($this->target, new LoadSettings(1.0, 1), 1.0);
    }

    public function testItWarmsUpInEachRunSoTheBenchRunsNoWarmUpOfItsOwn(): void
    {
        self::assertTrue((new CallgrindLoadGenerator(new CallgrindFakeRunner()))->warmsUpInEachRun());
    }
}
