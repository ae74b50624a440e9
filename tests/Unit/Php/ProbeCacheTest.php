<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Php;

use PHPUnit\Framework\TestCase;
use Preheat\Php\Cache\ProbeCache;
use Preheat\Php\Fpm\FpmConfigLocator;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpInstallationLocator;
use Preheat\Process\ProcessResult;
use Preheat\Process\ProcessRunner;
use Preheat\Process\RunningProcess;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * The installation located once and remembered: a second run starts none of the probes while the binaries, the ini
 * files, the scan directory and the environment they name are as they were, and every probe whose input changed
 * runs again. The kept file is hostile input: one that is not ours is no answer.
 */
final class ProbeCacheTest extends TestCase
{
    private TemporaryDirectory $directory;
    private string $fpm;
    private string $ini;
    private string $scanDir;
    private string $cache;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        mkdir($this->directory->path.'/fpm/pool.d', 0777, true);
        $this->scanDir = $this->directory->path.'/fpm/conf.d';
        mkdir($this->scanDir);
        file_put_contents($this->scanDir.'/10-opcache.ini', "zend_extension = opcache\n");
        $this->ini = $this->directory->path.'/fpm/php.ini';
        file_put_contents($this->ini, "memory_limit = \${PREHEAT_TEST_MEMORY}\n");
        file_put_contents($this->directory->path.'/fpm/pool.d/www.conf', "[www]\nuser = app-user\n");
        $this->fpm = $this->directory->path.'/php-fpm8.2';
        file_put_contents($this->fpm, "#!/bin/sh\n");
        chmod($this->fpm, 0755);
        $this->cache = $this->directory->path.'/cache';
        mkdir($this->cache, 0700);
        putenv('PREHEAT_TEST_MEMORY=128M');
    }

    protected function tearDown(): void
    {
        putenv('PREHEAT_TEST_MEMORY');
        $this->directory->remove();
    }

    public function testASecondRunStartsNoProbeAndFindsTheSameInstallation(): void
    {
        [$first, $firstCommands] = $this->locate();
        [$second, $secondCommands] = $this->locate();

        self::assertCount(3, $firstCommands, 'the version, `php-fpm -i` and the settings: '.print_r($firstCommands, true));
        self::assertSame([], $secondCommands, 'nothing changed: nothing asked');
        self::assertEquals($first, $second);
        self::assertSame($this->ini, $second->settings->iniFile);
        self::assertSame('128M', $second->settings->value('memory_limit'));
    }

    public function testAnIniTouchedOrEditedIsAskedAbout(): void
    {
        $this->locate();
        touch($this->ini, time() + 10);
        [, $afterTouch] = $this->locate();
        file_put_contents($this->ini, "memory_limit = 256M\n");
        [, $afterEdit] = $this->locate();

        self::assertSame(['-i', 'settings'], self::kinds($afterTouch), 'what reads the ini; the version does not');
        self::assertSame(['-i', 'settings'], self::kinds($afterEdit));
    }

    public function testAScanDirectoryEntryAddedOrChangedIsAskedAbout(): void
    {
        $this->locate();
        file_put_contents($this->scanDir.'/20-mine.ini', "memory_limit = 1G\n");
        [, $afterAdd] = $this->locate();
        touch($this->scanDir.'/10-opcache.ini', time() + 10);
        [, $afterTouch] = $this->locate();
        // The same size, likely within the same second as the last change: the content tells.
        file_put_contents($this->scanDir.'/20-mine.ini', "memory_limit = 2G\n");
        [, $afterSameSize] = $this->locate();

        self::assertSame(['-i', 'settings'], self::kinds($afterAdd), 'a file added in the same second shows');
        self::assertSame(['-i', 'settings'], self::kinds($afterTouch));
        self::assertSame(['-i', 'settings'], self::kinds($afterSameSize));
    }

    public function testAnEnvironmentVariableTheIniNamesIsPartOfTheAnswer(): void
    {
        $this->locate();
        putenv('PREHEAT_TEST_MEMORY=512M');
        [, $afterChange] = $this->locate();
        putenv('PHP_INI_SCAN_DIR='.$this->scanDir);
        try {
            [, $afterScanDir] = $this->locate();
        } finally {
            putenv('PHP_INI_SCAN_DIR');
        }

        self::assertSame(['-i', 'settings'], self::kinds($afterChange));
        self::assertNotSame([], $afterScanDir, 'PHP_INI_SCAN_DIR decides what PHP reads');
    }

    public function testAnotherPhpBinaryIsAskedAbout(): void
    {
        $this->locate();
        touch($this->fpm, time() + 10);
        [, $afterFpm] = $this->locate();

        self::assertSame(['-i'], self::kinds($afterFpm), 'php-fpm upgraded: what it says is asked again');
    }

    public function testAKeptFileThatIsNotOursIsNoAnswer(): void
    {
        $this->locate();
        $kept = $this->cache.'/php-probes.bin';
        $data = unserialize((string) file_get_contents($kept), ['allowed_classes' => false]);
        self::assertIsArray($data);
        // Answers of the wrong shape: a version that is not one, settings that are not strings.
        foreach ($data['answers'] as $key => $answer) {
            $data['answers'][$key]['answer'] = \is_string($answer['answer']) ? ['8.2'] : [new \ArrayObject()];
        }
        file_put_contents($kept, serialize($data));
        [$wrongShape, $afterWrongShape] = $this->locate();
        file_put_contents($kept, 'O:8:"stdClass":0:{}');
        [, $afterGarbage] = $this->locate();
        chmod($kept, 0o666);
        [, $afterWritable] = $this->locate();

        self::assertCount(3, $afterWrongShape, 'each answer asked again');
        self::assertSame('128M', $wrongShape->settings->value('memory_limit'));
        self::assertCount(3, $afterGarbage);
        self::assertCount(3, $afterWritable, 'a file others may write is not read');
    }

    public function testPhpFpmsDumpIsRememberedUntilAConfigurationFileChanges(): void
    {
        $main = $this->directory->path.'/php-fpm.conf';
        file_put_contents($main, "[global]\npid = /run/test-fpm.pid\ninclude = {$this->directory->path}/fpm/pool.d/*.conf\n");
        $dump = "NOTICE: [www]\nNOTICE: \tuser = app-user\nNOTICE: \tpm.max_children = 5\n"
            ."NOTICE: configuration file {$main} test is successful\n";
        $locate = function () use ($main, $dump): array {
            $runner = new CountingRunner(new FakeInstallation($this->ini, null), $dump);
            $config = (new FpmConfigLocator($runner, $this->directory->path.'/no-proc', null, new ProbeCache($this->cache)))
                ->locate($main, $this->fpm, '8.2');

            return [$config, $runner->commands];
        };
        [$first, $firstCommands] = $locate();
        [$second, $secondCommands] = $locate();
        touch($this->directory->path.'/fpm/pool.d/www.conf', time() + 10);
        [, $afterPool] = $locate();

        self::assertCount(1, $firstCommands);
        self::assertSame([], $secondCommands);
        self::assertEquals($first, $second);
        self::assertSame('5', $second?->pools[0]->value('pm.max_children'));
        self::assertCount(1, $afterPool, 'an included pool file changed');
    }

    /** @return array{PhpInstallation, list<list<string>>} the installation one run finds, and the probes it ran */
    private function locate(): array
    {
        $runner = new CountingRunner(new FakeInstallation($this->ini, $this->scanDir));
        $php = (new PhpInstallationLocator($runner, [], false, new ProbeCache($this->cache)))
            ->locate('php8.2', null, $this->fpm);

        return [$php, $runner->commands];
    }

    /**
     * @param list<list<string>> $commands
     *
     * @return list<string>
     */
    private static function kinds(array $commands): array
    {
        return array_map(
            static fn (array $command): string => match (true) {
                \in_array('-i', $command, true) => '-i',
                \in_array('-n', $command, true) => 'version',
                default => 'settings',
            },
            $commands,
        );
    }
}

/** Counts what is started; answers the version probe (0.0: no layout of this machine's) and `php-fpm -tt`. */
final class CountingRunner implements ProcessRunner
{
    /** @var list<list<string>> */
    public array $commands = [];

    public function __construct(private readonly ProcessRunner $runner, private readonly string $dump = '')
    {
    }

    public function run(
        array $command,
        ?string $workingDirectory = null,
        float $timeoutSeconds = 300.0,
        ?array $environment = null,
    ): ProcessResult {
        $this->commands[] = $command;
        if (\in_array('-n', $command, true)) {
            return new ProcessResult($command, 0, '0.0', '', 0.01);
        }
        if (\in_array('-tt', $command, true)) {
            return new ProcessResult($command, 0, '', $this->dump, 0.01);
        }

        return $this->runner->run($command, $workingDirectory, $timeoutSeconds, $environment);
    }

    public function start(array $command, ?string $workingDirectory = null, ?array $environment = null): RunningProcess
    {
        throw new \LogicException('No server is started here.');
    }
}
