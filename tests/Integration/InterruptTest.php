<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Inventory\JitWorkerCommand;
use Preheat\Process\ProcessTree;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * Each command interrupted in the middle of its work (SIGINT, SIGTERM or SIGHUP): it exits with 128 + the
 * signal, and leaves no process (checked by PID: every descendant seen before the signal) and no file of
 * its own (a private TMPDIR per test, listed after; the project, for the candidate script).
 *
 * Where a command waits on a program, a PHP that hangs (Fixtures/processes/slow-php, which also starts a
 * child of its own) holds it in that phase. explain, record and usage finish before they can be caught in
 * the middle: InterruptGuardTest covers them through the mechanism every command installs.
 */
#[Group('integration')]
#[Group('faults')]
final class InterruptTest extends TestCase
{
    private TemporaryDirectory $directory;
    private string $temp;
    private string $marker;

    protected function setUp(): void
    {
        if (!\function_exists('posix_kill')) {
            self::markTestSkipped('needs posix');
        }
        $this->directory = new TemporaryDirectory();
        chmod($this->directory->path, 0777);
        $this->temp = $this->directory->path.'/tmp';
        mkdir($this->temp);
        chmod($this->temp, 01777);
        $this->marker = $this->directory->path.'/slow-php-pids';
    }

    protected function tearDown(): void
    {
        foreach ($this->markerPids() as $pid) {
            @posix_kill($pid, \SIGKILL);
        }
        $this->directory->remove();
    }

    public function testGenerateInterruptedWhileVerifyingLeavesNoCandidateNoTemporaryFileAndNoChild(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        [$process, $seen] = $this->interrupt(['generate', '--project='.$project, '--php='.self::slowPhp()], \SIGTERM, fn (): bool => is_file($this->marker));

        $this->assertCleanExit($process, \SIGTERM, $seen);
        self::assertSame([], self::candidates($project), 'no .preload.php.*.php left next to the destination');
        self::assertFileDoesNotExist($project.'/preload.php');
    }

    public function testGenerateInterruptedWithCtrlC(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        [$process, $seen] = $this->interrupt(['generate', '--project='.$project, '--php='.self::slowPhp()], \SIGINT, fn (): bool => is_file($this->marker));

        $this->assertCleanExit($process, \SIGINT, $seen);
        self::assertSame([], self::candidates($project));
    }

    public function testGenerateInterruptedWhileParsingInWorkersUnderTheJit(): void
    {
        if (null === JitWorkerCommand::forThisProcess()) {
            self::markTestSkipped('this PHP has no OPcache JIT (or PREHEAT_JIT=0)');
        }
        $project = $this->directory->path.'/large';
        mkdir($project.'/src', 0o777, true);
        $methods = '';
        for ($m = 1; $m <= 40; ++$m) {
            $methods .= "    public function m$m(?array \$a = null, int ...\$b): ?array { return \$a ?? [\$b, fn () => $m]; }\n";
        }
        for ($i = 1; $i <= 2500; ++$i) {
            file_put_contents($project."/src/C$i.php", "<?php\nnamespace App;\nfinal class C$i\n{\n$methods}\n");
        }

        [$process, $seen] = $this->interrupt(
            ['generate', '--project='.$project, '--no-cache'],
            \SIGTERM,
            fn (): bool => [] !== (glob($this->temp.'/preheat-scan-*') ?: []),
        );

        $this->assertCleanExit($process, \SIGTERM, $seen);
        self::assertFileDoesNotExist($project.'/preload.php');
    }

    public function testVerifyInterrupted(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        file_put_contents($project.'/preload.php', "<?php\n// Preheat\n");
        [$process, $seen] = $this->interrupt(['verify', $project.'/preload.php', '--php='.self::slowPhp()], \SIGHUP, fn (): bool => is_file($this->marker));

        $this->assertCleanExit($process, \SIGHUP, $seen);
    }

    public function testDoctorInterruptedWhileAskingPhp(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        [$process, $seen] = $this->interrupt(['doctor', '--project='.$project, '--php='.self::slowPhp()], \SIGTERM, fn (): bool => is_file($this->marker), ['SLOW_PHP_ALWAYS' => '1']);

        $this->assertCleanExit($process, \SIGTERM, $seen);
    }

    public function testStatusInterruptedWhilePhpFpmDoesNotAnswerRemovesItsProbe(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        file_put_contents($project.'/preload.php', "<?php\n// Preheat\n");
        // A listener that takes the connection and never answers: a php-fpm whose workers are all busy.
        $server = stream_socket_server('tcp://127.0.0.1:0');
        self::assertIsResource($server);
        $address = (string) stream_socket_get_name($server, false);
        $probes = static fn (): array => glob($project.'/.preheat-status-*') ?: [];
        $started = microtime(true);
        [$process, $seen] = $this->interrupt(['status', $project.'/preload.php', '--fastcgi='.$address, '--wait=60'], \SIGTERM, static fn (): bool => [] !== $probes(), withChildren: false);
        $took = microtime(true) - $started;
        fclose($server);

        $this->assertCleanExit($process, \SIGTERM, $seen);
        // The signal ends the wait for php-fpm at once, not when --wait=60 runs out.
        self::assertLessThan(30.0, $took, 'SIGTERM while php-fpm does not answer ends status promptly');
        self::assertSame([], $probes(), 'the one-off status script is removed');
    }

    public function testBenchInterruptedWhilePreparingAScenario(): void
    {
        [$process, $seen] = $this->interrupt([...$this->bench(), '--php='.self::slowPhp()], \SIGINT, fn (): bool => is_file($this->marker));

        $this->assertCleanExit($process, \SIGINT, $seen);
        self::assertSame([], BenchProcesses::leftBehind());
    }

    public function testBenchInterruptedUnderLoadStopsItsServersAndTheLoadTool(): void
    {
        $wrk = fn (): bool => [] !== (glob($this->temp.'/preheat-wrk-*') ?: []);
        [$process, $seen] = $this->interrupt($this->bench(), \SIGTERM, $wrk);

        $this->assertCleanExit($process, \SIGTERM, $seen);
        self::assertSame([], BenchProcesses::leftBehind(), 'no php-fpm or nginx is left');
    }

    /** @return list<string> */
    private function bench(): array
    {
        return ['bench', '--project='.\dirname(__DIR__).'/Fixtures/bench/app', '--scenario=none', '--scenario=all', '--rounds=3', '--max-time=0', '--duration=20', '--warmup=0', '--concurrency=2', '--workers=2'];
    }

    /**
     * Starts bin/preheat, waits until $ready, notes every descendant, sends the signal, waits for the end.
     *
     * @param list<string>          $arguments
     * @param \Closure(): bool      $ready
     * @param array<string, string> $environment
     * @param bool                  $withChildren whether it has children then (status has none: it talks to php-fpm itself)
     *
     * @return array{Process, list<int>}
     */
    private function interrupt(array $arguments, int $signal, \Closure $ready, array $environment = [], bool $withChildren = true): array
    {
        $process = new Process(
            [\PHP_BINARY, \dirname(__DIR__, 2).'/bin/preheat', ...$arguments],
            null,
            ['TMPDIR' => $this->temp, 'SLOW_PHP_MARKER' => $this->marker, 'SLOW_PHP_REAL' => \PHP_BINARY, 'PREHEAT_FIXTURE_COUNTER' => $this->directory->path.'/counter'] + $environment,
            null,
            180,
        );
        $process->start();
        $deadline = microtime(true) + 90;
        while ($process->isRunning() && !$ready() && microtime(true) < $deadline) {
            usleep(50_000);
        }
        self::assertTrue($process->isRunning() && $ready(), 'the command reached the phase to interrupt: '.$process->getOutput().$process->getErrorOutput());
        // A moment for the phase's children to start, as they do right after the file that shows it.
        usleep(300_000);
        $seen = (new ProcessTree())->descendants((int) $process->getPid());
        if ($withChildren) {
            self::assertNotSame([], $seen, 'the command has children to stop');
        }
        posix_kill((int) $process->getPid(), $signal);
        $process->wait();

        return [$process, $seen];
    }

    /** @param list<int> $seen */
    private function assertCleanExit(Process $process, int $signal, array $seen): void
    {
        self::assertSame(128 + $signal, $process->getExitCode(), $process->getErrorOutput());
        self::assertMatchesRegularExpression('/Interrupted \(SIG(INT|TERM|HUP)\): stopped every process and removed every temporary file of this run\./', $process->getErrorOutput());
        $tree = new ProcessTree();
        self::assertSame([], array_values(array_filter([...$seen, ...$this->markerPids()], $tree->isAlive(...))), 'no process of the run is left');
        // The scan's cache is kept on purpose, between runs.
        $left = array_values(array_filter(scandir($this->temp) ?: [], static fn (string $entry): bool => !\in_array($entry, ['.', '..'], true) && !str_starts_with($entry, 'preheat-cache-')));
        self::assertSame([], $left, 'no file of the run is left in the temp dir');
    }

    /** @return list<int> */
    private function markerPids(): array
    {
        $text = is_file($this->marker) ? (string) file_get_contents($this->marker) : '';

        return array_map('intval', preg_split('/\s+/', trim($text), -1, \PREG_SPLIT_NO_EMPTY) ?: []);
    }

    /** @return list<string> */
    private static function candidates(string $project): array
    {
        return array_values(preg_grep('{^\..+\.[0-9a-f]{8}\.php$}', scandir($project) ?: []) ?: []);
    }

    private static function slowPhp(): string
    {
        return \dirname(__DIR__).'/Fixtures/processes/slow-php';
    }
}
