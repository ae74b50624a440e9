<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Process;

use PHPUnit\Framework\TestCase;
use Preheat\Process\InterruptGuard;
use Preheat\Process\ProcessTree;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * The mechanism every command installs (Application::doRunCommand): it covers the commands too quick to
 * be caught in the middle (explain, record, usage) as well as the others.
 */
final class InterruptGuardTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testCleanUpStopsTheLatestProgramFirstThenRemovesFilesAndDirectories(): void
    {
        $guard = new InterruptGuard();
        $file = $guard->temporaryFile($this->directory->path, 'preheat-x-');
        self::assertIsString($file);
        $tree = $this->directory->path.'/work';
        mkdir($tree.'/a/b', 0777, true);
        touch($tree.'/a/b/c');
        symlink('/etc', $tree.'/a/link');
        $guard->removeOnExit($tree);
        $kept = $this->directory->path.'/kept';
        touch($kept);
        $guard->removeOnExit($kept);
        $guard->forgetPath($kept);
        $order = [];
        $guard->stopOnExit(static function () use (&$order): void {
            $order[] = 'server';
        });
        $guard->stopOnExit(static function () use (&$order): void {
            $order[] = 'tool';
        });
        $forgotten = $guard->stopOnExit(static function () use (&$order): void {
            $order[] = 'stopped already';
        });
        $guard->forget($forgotten);

        $guard->cleanUp();

        self::assertSame(['tool', 'server'], $order);
        self::assertFileDoesNotExist($file);
        self::assertDirectoryDoesNotExist($tree);
        self::assertFileExists('/etc/hostname', 'a link is removed, not followed');
        self::assertFileExists($kept, 'a forgotten path stays');
        self::assertSame(0, $guard->pending());
    }

    public function testASignalStopsTheChildrenRemovesTheFilesAndExitsWith128PlusTheSignal(): void
    {
        foreach ([\SIGINT => 130, \SIGTERM => 143, \SIGHUP => 129] as $signal => $code) {
            $process = $this->guarded();
            $process->start();
            $pids = $this->waitForPids($process);
            $process->signal($signal);
            $process->wait();

            self::assertSame($code, $process->getExitCode(), $process->getErrorOutput());
            self::assertStringContainsString(
                'Interrupted ('.InterruptGuard::signalName($signal).'): '
                .'stopped every process and removed every temporary file of this run.',
                $process->getErrorOutput(),
            );
            self::assertSame(
                [],
                array_values(array_filter($pids, (new ProcessTree())->isAlive(...))),
                'the child and its own child are gone',
            );
            self::assertSame(
                [],
                glob($this->directory->path.'/preheat-*') ?: [],
                'the temporary file and directory are gone',
            );
        }
    }

    public function testANormalEndCleansUpToo(): void
    {
        $process = $this->guarded('exit(0);');
        $process->run();

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertSame([], glob($this->directory->path.'/preheat-*') ?: []);
    }

    public function testWithoutPcntlAKilledRunLeavesItsFilesAndProgramToTheReaper(): void
    {
        $process = $this->guarded(disabled: 'pcntl_signal,pcntl_async_signals,pcntl_sigprocmask');
        $process->start();
        [$child, $grandchild] = $this->waitForPids($process);
        posix_kill((int) $process->getPid(), \SIGKILL);
        while ($process->isRunning()) {
            usleep(20_000);
        }

        $deadline = microtime(true) + 5;
        while (microtime(true) < $deadline
            && ([] !== (glob($this->directory->path.'/preheat-*') ?: []) || (new ProcessTree())->isAlive($child))) {
            usleep(20_000);
        }
        posix_kill($grandchild, \SIGKILL); // the child's own child: the reaper stops registered programs only
        self::assertSame([], glob($this->directory->path.'/preheat-*') ?: [], 'the temporary file and directory are gone');
        self::assertFalse((new ProcessTree())->isAlive($child), 'the registered child is stopped');
    }

    public function testAForkedChildLeavesItsParentsFilesAlone(): void
    {
        $process = $this->guarded(
            'if (0 === pcntl_fork()) { exit(0); } pcntl_wait($status); '
            .'echo file_exists($file) ? "kept\n" : "removed\n"; exit(0);',
        );
        $process->run();

        self::assertStringContainsString('kept', $process->getOutput(), $process->getErrorOutput());
    }

    /**
     * A PHP process that installs the guard, registers a file, a directory and a child (which has a child), then waits.
     */
    private function guarded(string $then = 'while (true) { sleep(1); }', string $disabled = ''): Process
    {
        $code = '<?php require '.var_export(\dirname(__DIR__, 3).'/vendor/autoload.php', true).';'
            .'$guard = Preheat\Process\InterruptGuard::instance(); $guard->install();'
            .'$file = $guard->temporaryFile('.var_export($this->directory->path, true).', "preheat-file-");'
            .'$dir = '.var_export($this->directory->path.'/preheat-dir', true).';'
            .' $guard->removeOnExit($dir); mkdir($dir); touch($dir."/x");'
            .'$child = (new Preheat\Process\SymfonyProcessRunner())'
            .'->start(["sh", "-c", "sleep 300 & echo \$! > '.$this->directory->path.'/grandchild; wait"]);'
            .'echo $child->pid(), "\n";'
            .$then;
        file_put_contents($this->directory->path.'/guarded.php', $code);

        $ini = '' === $disabled ? [] : ['-d', 'disable_functions='.$disabled];

        return new Process([\PHP_BINARY, ...$ini, $this->directory->path.'/guarded.php'], null, null, null, 60);
    }

    /** @return list<int> the child's PID and its own child's */
    private function waitForPids(Process $process): array
    {
        $deadline = microtime(true) + 10;
        $grandchild = $this->directory->path.'/grandchild';
        while (microtime(true) < $deadline && ('' === trim($process->getOutput()) || !is_file($grandchild)
            || '' === trim((string) file_get_contents($grandchild)))) {
            usleep(20_000);
        }
        $pids = [(int) trim($process->getOutput()), (int) trim((string) file_get_contents($grandchild))];
        unlink($grandchild);
        self::assertNotContains(0, $pids);

        return $pids;
    }
}
