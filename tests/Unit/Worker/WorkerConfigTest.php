<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Worker;

use PHPUnit\Framework\TestCase;
use Preheat\Worker\ServedApp;
use Preheat\Worker\SiteAddress;
use Preheat\Worker\StatusEndpoints;
use Preheat\Worker\WorkerAdapter;
use Preheat\Worker\WorkerConfig;
use Preheat\Worker\WorkerLimits;

/** The worker's configuration as the launcher writes it (flat JSON keys) and as the worker program reads it back. */
final class WorkerConfigTest extends TestCase
{
    public function testWhatTheLauncherWritesTheWorkerReadsBackTheSame(): void
    {
        $config = new WorkerConfig(
            host: '127.0.0.1',
            port: 8080,
            workers: 4,
            app: new ServedApp('/srv/app/public', '/srv/app/public/index.php', WorkerAdapter::Symfony, '/srv/app/kernel.php'),
            limits: new WorkerLimits(maxRequests: 500, maxBodyBytes: 1024, idleTimeout: 12.5),
            status: new StatusEndpoints('/opcache-x', '/srv/run/status.php', '/count-x'),
            user: 'www-data',
            log: '/srv/run/worker.log',
            autoload: ['React\\' => '/opt/react'],
            site: new SiteAddress('example.test', 443),
        );

        $json = json_decode(json_encode($config->toArray(), \JSON_THROW_ON_ERROR), true, 8, \JSON_THROW_ON_ERROR);
        self::assertIsArray($json);
        self::assertEquals($config, WorkerConfig::fromArray($json));
        // The keys the worker program has always read: one flat object.
        self::assertSame(
            ['adapter', 'autoload', 'countPath', 'documentRoot', 'entry', 'frontController', 'host', 'idleTimeout', 'log',
                'maxBodyBytes', 'maxRequests', 'port', 'siteHost', 'sitePort', 'statusPath', 'statusScript', 'user', 'workers'],
            self::sortedKeys($json),
        );
        self::assertSame('symfony', $json['adapter']);
        self::assertSame('example.test', $json['siteHost']);
    }

    public function testTheOptionalKeysTakeTheirDefaults(): void
    {
        $config = WorkerConfig::fromArray([
            'documentRoot' => '/srv/app/public',
            'frontController' => '/srv/app/public/index.php',
            'host' => '127.0.0.1',
            'port' => 8080,
            'workers' => 1,
            'adapter' => 'plain',
            'maxRequests' => 0,
            'maxBodyBytes' => 1024,
            'log' => '/srv/app/worker.log',
        ]);

        self::assertEquals(new WorkerLimits(0, 1024, 30.0), $config->limits);
        self::assertEquals(new StatusEndpoints(), $config->status);
        self::assertEquals(new SiteAddress(null, 80), $config->site);
        self::assertNull($config->app->entry);
        self::assertNull($config->user);
    }

    /**
     * @param array<mixed> $array
     *
     * @return list<string>
     */
    private static function sortedKeys(array $array): array
    {
        $keys = array_map('strval', array_keys($array));
        sort($keys);

        return $keys;
    }
}
