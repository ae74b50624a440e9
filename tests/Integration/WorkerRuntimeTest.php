<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Php\PhpInstallationLocator;
use Preheat\Process\SymfonyProcessRunner;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\StackSettings;
use Preheat\Server\Worker\WorkerLauncher;
use Preheat\Server\Worker\WorkerRuntime;
use Preheat\Server\WorkerSettings;
use Preheat\Tests\Support\RawHttp;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Worker\WorkerAdapter;

/**
 * The persistent-worker runtime on real processes, plain-script mode over the fixture scripts in
 * tests/Fixtures/worker/app: keep-alive, pipelining, a slow client, a body over the bound, a worker
 * killed mid-request, a fatal error, max_requests, a large file streamed, and nothing left after stop. No timing asserts:
 * waits are bounded and only say how long to wait at most.
 */
#[Group('integration')]
final class WorkerRuntimeTest extends TestCase
{
    private TemporaryDirectory $directory;
    private ProcessSupervisor $supervisor;
    private ?WorkerRuntime $runtime = null;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        chmod($this->directory->path, 0777);
        mkdir($this->directory->path.'/app');
        mkdir($this->directory->path.'/scenario');
        exec('cp -R '.escapeshellarg(\dirname(__DIR__).'/Fixtures/worker/app/public').' '.escapeshellarg($this->directory->path.'/app/public'));
        chmod($this->directory->path.'/app/public', 0777);
        $this->supervisor = new ProcessSupervisor(new SymfonyProcessRunner(), false);
    }

    protected function tearDown(): void
    {
        $this->runtime?->stop();
        $this->supervisor->stopAll();
        $this->directory->remove();
    }

    public function testKeepAliveAndPipelinedRequestsAreAnsweredInOrderOnOneConnection(): void
    {
        $runtime = $this->start(1);
        $socket = $this->connect($runtime);

        fwrite($socket, "GET /?n=1 HTTP/1.1\r\nHost: t\r\n\r\n");
        $first = self::response($socket);
        fwrite($socket, "GET /?n=2 HTTP/1.1\r\nHost: t\r\n\r\nGET /?n=3 HTTP/1.1\r\nHost: t\r\n\r\nPOST /?n=4 HTTP/1.1\r\nHost: t\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 7\r\n\r\na=bcdefGET /?n=5 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
        $pipelined = [self::response($socket), self::response($socket), self::response($socket), self::response($socket)];

        self::assertSame(200, $first['status']);
        self::assertMatchesRegularExpression('/^pid \d+ n 1 body 0$/', trim($first['body']));
        self::assertSame(['n 2 body 0', 'n 3 body 0', 'n 4 body 7', 'n 5 body 0'], array_map(static fn (array $r): string => trim((string) preg_replace('/^pid \d+ /', '', $r['body'])), $pipelined));
        self::assertSame('close', $pipelined[3]['headers']['connection'] ?? null);
        self::assertSame('', (string) fread($socket, 1), 'closed after "Connection: close"');
    }

    public function testASlowClientDoesNotHoldTheWorkerUp(): void
    {
        $runtime = $this->start(1);
        $slow = $this->connect($runtime);
        fwrite($slow, "GET /?n=slow HTTP/1.1\r\nHo");

        $other = $this->connect($runtime);
        fwrite($other, "GET /?n=other HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
        $answer = self::response($other);
        fwrite($slow, "st: t\r\n\r\n");

        self::assertStringContainsString('n other', $answer['body'], 'one worker answered another client while the slow one was mid-request');
        self::assertStringContainsString('n slow', self::response($slow)['body']);
    }

    public function testABodyOverTheBoundIs413AndTheConnectionCloses(): void
    {
        $runtime = $this->start(1, maxBodyBytes: 1000);
        $socket = $this->connect($runtime);

        fwrite($socket, "POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 1001\r\n\r\n");
        $answer = self::response($socket);

        self::assertSame(413, $answer['status']);
        self::assertSame('close', $answer['headers']['connection'] ?? null);
        self::assertSame('', (string) fread($socket, 1));
        self::assertStringContainsString('refused a request', $runtime->logTail(), 'the log says why');
    }

    public function testAWorkerKilledMidRequestIsReplacedAndNothingElseIsLost(): void
    {
        $runtime = $this->start(2);
        $before = $runtime->workerPids();
        $pidFile = $this->directory->path.'/app/public/pid';
        $victim = $this->connect($runtime);
        fwrite($victim, 'GET /slow.php?pidfile='.rawurlencode($pidFile)." HTTP/1.1\r\nHost: t\r\n\r\n");
        self::waitFor(static fn (): bool => is_file($pidFile) && '' !== file_get_contents($pidFile), 'the slow request to start');
        $killed = (int) file_get_contents($pidFile);
        // Another client holds a keep-alive connection: on the other worker, or queued behind the slow one.
        $bystander = $this->connect($runtime);

        posix_kill($killed, \SIGKILL);

        self::assertSame('', (string) fread($victim, 1), 'the killed worker\'s connection ends');
        self::waitFor(static fn (): bool => 2 === \count(array_diff($runtime->workerPids(), [$killed])), 'a new worker');
        self::assertCount(2, $runtime->workerPids());
        self::assertNotContains($killed, $runtime->workerPids());
        self::assertCount(1, array_intersect($before, $runtime->workerPids()), 'the other worker lives on');
        for ($i = 0; $i < 6; ++$i) {
            $socket = $this->connect($runtime);
            fwrite($socket, "GET /?n=$i HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
            self::assertSame(200, self::response($socket)['status']);
        }
        $runtime->ensureRunning('the test');
        self::assertStringContainsString('was killed by signal 9; starting another', $runtime->logTail());
        fwrite($bystander, "GET /?n=bystander HTTP/1.1\r\nHost: t\r\n\r\n");
        // Queued behind the killed worker's request, it may have been cut too; never left hanging.
        $answer = self::response($bystander, allowClosed: true);
        self::assertTrue(null === $answer || str_contains($answer['body'], 'n bystander'));
    }

    public function testAFatalErrorAnswers500AndTheWorkerIsReplaced(): void
    {
        $runtime = $this->start(1);
        $before = $runtime->workerPids();
        $socket = $this->connect($runtime);

        fwrite($socket, "GET /fatal.php HTTP/1.1\r\nHost: t\r\n\r\n");
        $answer = self::response($socket);

        self::assertSame(500, $answer['status']);
        self::assertSame('close', $answer['headers']['connection'] ?? null);
        self::waitFor(static fn (): bool => [] !== $runtime->workerPids() && $runtime->workerPids() !== $before, 'the replacement worker');
        $next = $this->connect($runtime);
        fwrite($next, "GET /?n=next HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
        self::assertStringContainsString('n next', self::response($next)['body']);
        self::assertStringContainsString('fatal error during a request: Allowed memory size', $runtime->logTail(30));
    }

    public function testAWorkerIsReplacedAfterMaxRequestsWithoutLosingARequest(): void
    {
        $runtime = $this->start(1, maxRequests: 3);
        $first = $runtime->workerPids();
        $socket = $this->connect($runtime);
        $answers = [];
        for ($i = 1; $i <= 3; ++$i) {
            fwrite($socket, "GET /?n=$i HTTP/1.1\r\nHost: t\r\n\r\n");
            $answers[] = self::response($socket);
        }

        self::assertSame([200, 200, 200], array_column($answers, 'status'));
        self::assertSame('close', $answers[2]['headers']['connection'] ?? null, 'the last request before the restart closes its connection');
        self::waitFor(static fn (): bool => [] !== $runtime->workerPids() && $runtime->workerPids() !== $first, 'the replacement worker');
        $next = $this->connect($runtime);
        fwrite($next, "GET /?n=4 HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
        $answer = self::response($next);
        self::assertSame(200, $answer['status']);
        self::assertStringNotContainsString('pid '.$first[0].' ', $answer['body']);
        self::assertStringContainsString('max_requests (3) reached', $runtime->logTail());
    }

    public function testALargeFileIsStreamedAndTheWorkerStaysSmall(): void
    {
        $file = $this->directory->path.'/app/public/big.bin';
        $handle = fopen($file, 'w');
        self::assertIsResource($handle);
        for ($i = 0; $i < 24; ++$i) {
            fwrite($handle, str_repeat(\chr(65 + $i), 1024 * 1024));
        }
        fclose($handle);
        $runtime = $this->start(1);
        $socket = $this->connect($runtime);

        fwrite($socket, "GET /big.bin HTTP/1.1\r\nHost: t\r\n\r\nGET /?n=after HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
        $big = self::response($socket);
        $after = self::response($socket);

        self::assertSame(24 * 1024 * 1024, \strlen($big['body']));
        self::assertSame(md5_file($file), md5($big['body']));
        self::assertStringContainsString('n after', $after['body'], 'the pipelined request waited for the file');
        $memory = $runtime->workerMemory();
        self::assertCount(1, $memory);
        self::assertLessThan(24 * 1024 * 1024, $memory[0], 'a 24 MB file never sat in the worker\'s memory');
    }

    public function testTheWorkersCountTheRequestsTheyTookAcrossARestart(): void
    {
        if (!\function_exists('shmop_open')) {
            self::markTestSkipped('the workers count in shared memory (ext-shmop)');
        }
        $runtime = $this->start(2, maxRequests: 4);
        $first = $runtime->requestCount();
        self::assertNotNull($first);
        for ($i = 0; $i < 7; ++$i) {
            $socket = $this->connect($runtime);
            fwrite($socket, "GET /?n=$i HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n");
            self::response($socket);
        }
        $count = $runtime->requestCount();

        self::assertNotNull($count);
        self::assertSame(7 + 1, $count->accepted - $first->accepted, 'seven pages and this reading, though a worker was replaced meanwhile');
        self::assertSame(1, $count->busy, 'only the worker answering the reading');
    }

    public function testStopLeavesNoProcessBehind(): void
    {
        $runtime = $this->start(2);
        $pids = $runtime->workerPids();
        $socket = $this->connect($runtime);
        fwrite($socket, "GET / HTTP/1.1\r\nHost: t\r\n\r\n");
        self::response($socket);
        self::assertCount(2, $pids);
        self::assertNotNull($runtime->opcacheStatus(), 'the OPcache probe answers');

        $runtime->stop();
        $this->runtime = null;

        foreach ($pids as $pid) {
            self::assertFalse(is_dir('/proc/'.$pid) && str_contains((string) @file_get_contents('/proc/'.$pid.'/cmdline'), 'worker.json'), 'worker '.$pid.' stopped');
        }
        self::assertSame(0, $this->supervisor->count());
    }

    private function start(int $workers, int $maxRequests = 0, int $maxBodyBytes = WorkerSettings::DEFAULT_MAX_BODY_BYTES): WorkerRuntime
    {
        $root = $this->directory->path.'/app';
        $php = (new PhpInstallationLocator(new SymfonyProcessRunner()))->locate(\PHP_BINARY);
        $stack = new StackSettings($root.'/public', $root.'/public/index.php', $workers, 'php-fpm', 'nginx', $php, 60.0);
        $launcher = new WorkerLauncher($this->supervisor, $stack, new WorkerSettings($root, WorkerAdapter::Plain, null, $maxRequests, $maxBodyBytes));

        return $this->runtime = $launcher->start('test', $this->directory->path.'/scenario', null);
    }

    /** @return resource */
    private function connect(WorkerRuntime $runtime)
    {
        return RawHttp::connect($runtime->port);
    }

    /**
     * @param resource $socket
     *
     * @return ($allowClosed is true ? array{status: int, headers: array<string, string>, cookies: list<string>, body: string}|null : array{status: int, headers: array<string, string>, cookies: list<string>, body: string})
     */
    private static function response($socket, bool $allowClosed = false): ?array
    {
        return RawHttp::response($socket, $allowClosed);
    }

    /** @param \Closure(): bool $condition */
    private static function waitFor(\Closure $condition, string $what): void
    {
        $deadline = microtime(true) + 30;
        while (!$condition()) {
            if (microtime(true) > $deadline) {
                self::fail('waited 30 s for '.$what);
            }
            usleep(50_000);
        }
    }
}
