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
 * The worker's Symfony HttpKernel and PSR-15 adapters on real processes, over the fixture apps in
 * tests/Fixtures/worker (Debian's Symfony components and slim/psr7): booted once, a fresh request each
 * time with what the client sent, the answer as the app made it, terminate() after it.
 */
#[Group('integration')]
final class WorkerAdaptersTest extends TestCase
{
    private TemporaryDirectory $directory;
    private ProcessSupervisor $supervisor;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        chmod($this->directory->path, 0777);
        mkdir($this->directory->path.'/public');
        touch($this->directory->path.'/public/index.php');
        $this->supervisor = new ProcessSupervisor(new SymfonyProcessRunner(), false);
    }

    protected function tearDown(): void
    {
        $this->supervisor->stopAll();
        $this->directory->remove();
    }

    public function testASymfonyKernelIsBootedOnceAndTerminatedAfterEachRequest(): void
    {
        if (!is_file('/usr/share/php/Symfony/Component/HttpKernel/autoload.php')) {
            self::markTestSkipped('Debian\'s Symfony HttpKernel (php-symfony-http-kernel) is not installed');
        }
        $runtime = $this->start(WorkerAdapter::Symfony, \dirname(__DIR__).'/Fixtures/worker/symfony/kernel.php');
        $socket = RawHttp::connect($runtime->port);

        fwrite($socket, "GET /first HTTP/1.1\r\nHost: t\r\n\r\n");
        $first = RawHttp::response($socket);
        fwrite($socket, "POST /second HTTP/1.1\r\nHost: t\r\nCookie: c=crumb\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 8\r\n\r\nname=Ann");
        $second = RawHttp::response($socket);

        self::assertSame([200, 'GET /first name=- cookie=- handled=1 terminated=0'], [$first['status'], $first['body']]);
        self::assertSame([201, 'POST /second name=Ann cookie=crumb handled=2 terminated=1'], [$second['status'], $second['body']]);
        self::assertCount(1, array_filter($second['cookies'], static fn (string $cookie): bool => str_starts_with($cookie, 'seen=yes')));
    }

    public function testAPsr15HandlerGetsAFreshServerRequestEachTime(): void
    {
        if (!is_file('/usr/share/php/Slim/Psr7/autoload.php')) {
            self::markTestSkipped('Debian\'s slim/psr7 (php-slim-psr7) is not installed');
        }
        $runtime = $this->start(WorkerAdapter::Psr15, \dirname(__DIR__).'/Fixtures/worker/psr15/handler.php');
        $socket = RawHttp::connect($runtime->port);

        fwrite($socket, "GET /items?n=3 HTTP/1.1\r\nHost: t\r\nX-Test: one\r\n\r\n");
        $first = RawHttp::response($socket);
        fwrite($socket, "POST /items HTTP/1.1\r\nHost: t\r\nCookie: c=crumb\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 8\r\n\r\nname=Ann");
        $second = RawHttp::response($socket);

        self::assertSame([202, 'GET /items n=3 name=- cookie=- header=one body=0 handled=1'], [$first['status'], $first['body']]);
        self::assertSame('POST /items n=- name=Ann cookie=crumb header= body=8 handled=2', $second['body']);
        self::assertSame('2', $second['headers']['x-handled']);
        self::assertSame(['a=1', 'b=2'], $second['cookies']);
    }

    private function start(WorkerAdapter $adapter, string $entry): WorkerRuntime
    {
        $root = $this->directory->path;
        $php = (new PhpInstallationLocator(new SymfonyProcessRunner()))->locate(\PHP_BINARY);
        $stack = new StackSettings($root.'/public', $root.'/public/index.php', 1, 'php-fpm', 'nginx', $php, 60.0);
        mkdir($root.'/scenario');

        return (new WorkerLauncher($this->supervisor, $stack, new WorkerSettings($root, $adapter, $entry)))->start($adapter->value, $root.'/scenario', null);
    }
}
