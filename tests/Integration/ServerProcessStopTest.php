<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\TestCase;
use Preheat\Process\ProcessTree;
use Preheat\Process\SymfonyProcessRunner;
use Preheat\Server\ProcessSupervisor;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * Stopping a server stops every process it started, checked by PID: workers that ignore SIGTERM, workers
 * forked after it started, a grandchild that left the session, and the workers of a master that died.
 */
final class ServerProcessStopTest extends TestCase
{
    private TemporaryDirectory $directory;

    /** @var list<int> */
    private array $pids = [];

    protected function setUp(): void
    {
        if (!\function_exists('pcntl_fork') || !\function_exists('posix_kill')) {
            self::markTestSkipped('needs pcntl and posix');
        }
        $this->directory = new TemporaryDirectory();
    }

    protected function tearDown(): void
    {
        // Whatever a failed test left: by the PIDs the fake wrote, never by name.
        foreach ($this->pids() as $pid) {
            @posix_kill($pid, \SIGKILL);
        }
        $this->directory->remove();
    }

    public function testStoppingAServerStopsEveryProcessItForked(): void
    {
        $supervisor = new ProcessSupervisor(new SymfonyProcessRunner(), false);
        $server = $supervisor->start([\PHP_BINARY, \dirname(__DIR__).'/Fixtures/processes/forking-server.php', $this->directory->path.'/pids']);
        // The master, 3 workers, the grandchild, and workers forked since it started.
        $this->waitForPids(7);

        $supervisor->stop($server);

        self::assertSame([], $this->alive(), 'every process the server started is gone');
    }

    public function testACommandRunOnceLeavesNothingItForkedRunning(): void
    {
        $pidFile = $this->directory->path.'/pids';
        // Like a tool that starts a helper in the background and ends without waiting for it.
        $result = (new SymfonyProcessRunner())->run(['sh', '-c', 'sleep 30 </dev/null >/dev/null 2>&1 & echo $! > '.escapeshellarg($pidFile)]);

        self::assertSame(0, $result->exitCode);
        $left = (int) trim((string) file_get_contents($pidFile));
        self::assertGreaterThan(0, $left);
        self::assertFalse(file_exists('/proc/'.$left) && !str_contains((string) @file_get_contents('/proc/'.$left.'/stat'), ') Z '), 'the background child of a command run once is stopped when the command ends');
    }

    public function testTheWorkersOfAMasterThatDiedAreStoppedToo(): void
    {
        $supervisor = new ProcessSupervisor(new SymfonyProcessRunner(), false);
        $server = $supervisor->start([\PHP_BINARY, \dirname(__DIR__).'/Fixtures/processes/forking-server.php', $this->directory->path.'/pids']);
        $this->waitForPids(6);
        posix_kill((int) $server->pid(), \SIGKILL);
        $deadline = microtime(true) + 5;
        while ($server->isRunning() && microtime(true) < $deadline) {
            usleep(20_000);
        }
        self::assertFalse($server->isRunning());
        self::assertNotSame([], $this->alive(), 'its workers outlive the master');

        $supervisor->stopAll();

        self::assertSame([], $this->alive(), 'the orphaned workers are stopped by their session');
    }

    private function waitForPids(int $count): void
    {
        $deadline = microtime(true) + 10;
        while (\count($this->pids()) < $count && microtime(true) < $deadline) {
            usleep(50_000);
        }
        self::assertGreaterThanOrEqual($count, \count($this->pids()), 'the fake server started its processes');
    }

    /** @return list<int> */
    private function pids(): array
    {
        $file = $this->directory->path.'/pids';
        $this->pids = is_file($file) ? array_values(array_unique(array_map('intval', file($file, \FILE_IGNORE_NEW_LINES | \FILE_SKIP_EMPTY_LINES) ?: []))) : $this->pids;

        return $this->pids;
    }

    /** @return list<int> the fake's processes that still run (zombies excluded) */
    private function alive(): array
    {
        $tree = new ProcessTree();

        return array_values(array_filter($this->pids(), $tree->isAlive(...)));
    }
}
