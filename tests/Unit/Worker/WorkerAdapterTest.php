<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Worker;

use PHPUnit\Framework\TestCase;
use Preheat\Worker\App\PlainScripts;
use Preheat\Worker\WorkerAdapter;
use Preheat\Worker\WorkerConfig;

/** The one list of the worker's adapters: names, entries, and a configuration that names another. */
final class WorkerAdapterTest extends TestCase
{
    public function testTheNamesAreListedOnceInTheirOrder(): void
    {
        self::assertSame('laravel, symfony, psr15, plain', WorkerAdapter::names());
    }

    public function testOnlyLaravelHasADefaultEntryAndOnlySymfonyAndPsr15RequireOne(): void
    {
        self::assertSame(
            [['bootstrap/app.php', null], [null, 'kernel'], [null, 'request handler'], [null, null]],
            array_map(
                static fn (WorkerAdapter $adapter): array => [$adapter->defaultEntry(), $adapter->requiredEntry()],
                WorkerAdapter::cases(),
            ),
        );
    }

    public function testTheWorkersConfigurationKeepsTheAdapterByNameBothWays(): void
    {
        $config = WorkerConfig::fromArray(self::config('psr15'));

        self::assertSame(WorkerAdapter::Psr15, $config->app->adapter);
        self::assertSame('psr15', $config->toArray()['adapter']);
        self::assertInstanceOf(PlainScripts::class, WorkerAdapter::Plain->boot($config));
    }

    public function testAnAdapterWithoutItsEntryIsNamed(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('the symfony adapter needs an entry: a file returning the kernel');
        WorkerAdapter::Symfony->boot(WorkerConfig::fromArray(self::config('symfony')));
    }

    public function testAConfigurationNamingAnotherAdapterIsRefused(): void
    {
        $this->expectException(\InvalidArgumentException::class);
        $this->expectExceptionMessage('worker configuration: adapter is "octane" (one of laravel, symfony, psr15, plain)');
        WorkerConfig::fromArray(self::config('octane'));
    }

    /** @return array<string, mixed> */
    private static function config(string $adapter): array
    {
        return [
            'documentRoot' => '/srv/app/public',
            'frontController' => '/srv/app/public/index.php',
            'host' => '127.0.0.1',
            'port' => 8080,
            'workers' => 1,
            'adapter' => $adapter,
            'maxRequests' => 0,
            'maxBodyBytes' => 1024,
            'log' => '/srv/app/worker.log',
        ];
    }
}
