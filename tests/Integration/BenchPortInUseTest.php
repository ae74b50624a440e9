<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Server\Ports;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * A bench whose server's port is held by another process that answers HTTP 200 to anything: the user
 * is told the port is in use and by whom (exit 3), not that the app does not serve its pages, and
 * nothing the bench started is left running. The port is forced through PREHEAT_BENCH_PORT.
 */
#[Group('integration')]
final class BenchPortInUseTest extends TestCase
{
    private TemporaryDirectory $directory;
    private ?Process $squatter = null;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        chmod($this->directory->path, 0777);
    }

    protected function tearDown(): void
    {
        $this->squatter?->stop(5.0);
        $this->directory->remove();
        self::assertSame([], BenchProcesses::leftBehind(), 'nothing the bench started may survive');
    }

    /** @return iterable<string, array{list<string>}> */
    public static function runtimes(): iterable
    {
        yield 'nginx + php-fpm' => [[]];
        yield 'Apache + mod_php' => [['--runtime=mod_php']];
        yield 'persistent workers' => [['--runtime=worker']];
    }

    /** @param list<string> $runtime */
    #[DataProvider('runtimes')]
    public function testAPortTakenByAnotherListenerIsNamedNotBlamedOnTheApp(array $runtime): void
    {
        if ([] !== $runtime && '--runtime=mod_php' === $runtime[0] && !is_file('/usr/lib/apache2/modules/libphp'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION.'.so')) {
            self::markTestSkipped('needs libapache2-mod-php');
        }
        $port = Ports::free();
        $this->squatter = self::answerEverythingOn($port);
        $squatterPid = (int) $this->squatter->getPid();

        $process = new Process(
            [\PHP_BINARY, \dirname(__DIR__, 2).'/bin/preheat', 'bench', '--project='.\dirname(__DIR__).'/Fixtures/bench/app', '--scenario=none', '--scenario=all', '--url=/', '--rounds=2', '--max-time=0', '--duration=1', '--warmup=0', '--concurrency=2', '--workers=2', ...$runtime],
            null,
            [Ports::PORT_VARIABLE => (string) $port, 'PREHEAT_FIXTURE_COUNTER' => $this->directory->path.'/counter'],
            null,
            120,
        );
        $process->run();

        self::assertSame(3, $process->getExitCode(), $process->getErrorOutput());
        self::assertStringContainsString(\sprintf('Port 127.0.0.1:%d is in use by another process (PID %d: ', $port, $squatterPid), $process->getErrorOutput());
        self::assertStringNotContainsString('does not serve the pages', $process->getErrorOutput());
        self::assertTrue($this->squatter->isRunning(), 'the other listener is left alone');
    }

    /** A child PHP that listens on the port and answers every request "HTTP 200 hello". */
    private static function answerEverythingOn(int $port): Process
    {
        $code = <<<'PHP'
            $server = stream_socket_server('tcp://127.0.0.1:'.$argv[1], $errno, $error);
            $deadline = time() + 110;
            while (time() < $deadline) {
                $client = @stream_socket_accept($server, 1);
                if (false === $client) {
                    continue;
                }
                stream_set_timeout($client, 1);
                fread($client, 8192);
                fwrite($client, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello");
                fclose($client);
            }
            PHP;
        $process = new Process([\PHP_BINARY, '-r', $code, (string) $port]);
        $process->start();
        $deadline = microtime(true) + 10;
        while (!Ports::accepts('tcp://127.0.0.1:'.$port) && microtime(true) < $deadline) {
            usleep(20_000);
        }

        return $process;
    }
}
