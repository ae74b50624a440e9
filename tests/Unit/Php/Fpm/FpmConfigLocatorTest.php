<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Php\Fpm;

use PHPUnit\Framework\TestCase;
use Preheat\Php\Fpm\FpmConfigLocator;
use Preheat\Process\ProcessFailed;
use Preheat\Process\ProcessResult;
use Preheat\Process\ProcessRunner;
use Preheat\Process\RunningProcess;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * `php-fpm -tt` asked for the values php-fpm defaults: without running the ini's preload (which php-fpm runs at its
 * start, as the pool's user), and, when it gives no answer, the files read alone with a word on why.
 */
final class FpmConfigLocatorTest extends TestCase
{
    private TemporaryDirectory $directory;
    private string $main;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        $this->main = $this->directory->path.'/php-fpm.conf';
        file_put_contents($this->main, "[global]\npid = /run/test-fpm.pid\n[www]\nuser = app\nlisten = 127.0.0.1:19999\n");
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testTheDumpRunsWithoutThePreloadAndAddsPhpFpmsDefaults(): void
    {
        $output = "[29-Nov-2026 05:00:00] NOTICE: [global]\n[29-Nov-2026 05:00:00] NOTICE: \tpid = /run/test-fpm.pid\n"
            ."[29-Nov-2026 05:00:00] NOTICE:  \n[29-Nov-2026 05:00:00] NOTICE: [www]\n[29-Nov-2026 05:00:00] NOTICE: \tuser = app\n"
            ."[29-Nov-2026 05:00:00] NOTICE: \tpm.max_children = 5\n[29-Nov-2026 05:00:00] NOTICE:  \n"
            ."[29-Nov-2026 05:00:00] NOTICE: configuration file {$this->main} test is successful\n";
        $runner = new FakeFpm(static fn (array $command): ProcessResult => new ProcessResult($command, 0, '', $output, 0.1));

        $config = (new FpmConfigLocator($runner, $this->directory->path.'/no-proc'))->locate($this->main, '/usr/sbin/php-fpm8.2', '8.2');

        self::assertSame(['/usr/sbin/php-fpm8.2', '-d', 'opcache.preload=', '-tt'], \array_slice($runner->commands[0], 0, 4));
        self::assertNotNull($config);
        self::assertTrue($config->dumped);
        self::assertNull($config->dumpFailure);
        self::assertSame('5', $config->pools[0]->value('pm.max_children'));
        self::assertStringNotContainsString('files alone', $config->describe());
    }

    public function testADumpThatTimesOutLeavesTheFilesAloneAndSaysSo(): void
    {
        $runner = new FakeFpm(static fn (array $command): ProcessResult => throw ProcessFailed::timedOut($command, 30.0));

        $config = (new FpmConfigLocator($runner, $this->directory->path.'/no-proc'))->locate($this->main, '/usr/sbin/php-fpm8.2', '8.2');

        self::assertNotNull($config);
        self::assertFalse($config->dumped);
        self::assertSame('app', $config->firstUser()?->value, 'the files, read as php-fpm reads them');
        self::assertStringContainsString('did not finish within 30 s', (string) $config->dumpFailure);
        self::assertStringContainsString('read from its files alone, without the values php-fpm defaults: `/usr/sbin/php-fpm8.2 -d opcache.preload= -tt', $config->describe());
    }

    public function testADumpPhpFpmRefusesSaysWhatItPrinted(): void
    {
        $runner = new FakeFpm(static fn (array $command): ProcessResult => new ProcessResult($command, 78, '', "[29-Nov-2026 05:00:00] ERROR: \e[31mfailed\e[0m to open configuration file\nmore\n", 0.1));

        $config = (new FpmConfigLocator($runner, $this->directory->path.'/no-proc'))->locate($this->main, '/usr/sbin/php-fpm8.2', '8.2');

        self::assertNotNull($config);
        self::assertSame('`php-fpm -tt` printed no configuration (exit 78: [29-Nov-2026 05:00:00] ERROR:  [31mfailed [0m to open configuration file)', $config->dumpFailure, 'one line, no control characters');
    }
}

/** php-fpm -tt as $answer says. */
final class FakeFpm implements ProcessRunner
{
    /** @var list<list<string>> */
    public array $commands = [];

    /** @param \Closure(list<string>): ProcessResult $answer */
    public function __construct(private readonly \Closure $answer)
    {
    }

    public function run(array $command, ?string $workingDirectory = null, float $timeoutSeconds = 300.0, ?array $environment = null): ProcessResult
    {
        $this->commands[] = $command;

        return ($this->answer)($command);
    }

    public function start(array $command, ?string $workingDirectory = null, ?array $environment = null): RunningProcess
    {
        throw new \LogicException('nothing starts here');
    }
}
