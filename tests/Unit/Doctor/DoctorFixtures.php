<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Doctor;

use Preheat\Doctor\PoolFileParser;
use Preheat\Doctor\Profile\AppProfile;
use Preheat\Doctor\Profile\AutoloaderState;
use Preheat\Doctor\Profile\CliConfig;
use Preheat\Doctor\Profile\Host;
use Preheat\Doctor\Profile\IniFiles;
use Preheat\Doctor\Profile\PreloadState;
use Preheat\Doctor\Profile\PreloadStatus;
use Preheat\Doctor\Profile\ServerConfig;

/** Server configurations and app profiles over the fixtures of tests/Fixtures/doctor. */
final class DoctorFixtures
{
    public const STOCK = [
        'opcache.enable' => '1',
        'opcache.memory_consumption' => '128',
        'opcache.interned_strings_buffer' => '8',
        'opcache.max_accelerated_files' => '10000',
        'opcache.validate_timestamps' => '1',
        'opcache.jit' => 'tracing',
        'opcache.jit_buffer_size' => '0',
        'opcache.preload' => '',
        'opcache.preload_user' => '',
        'memory_limit' => '128M',
    ];

    public static function dir(string $name = ''): string
    {
        return \dirname(__DIR__, 2).'/Fixtures/doctor'.('' === $name ? '' : '/'.$name);
    }

    /**
     * @param array<string, string> $settings   on top of Debian's defaults
     * @param list<string>          $extensions
     */
    public static function server(
        string $fixture = 'stock',
        array $settings = [],
        string $php = '8.2.30',
        int $cores = 2,
        ?int $memory = 8 << 30,
        string $cliPreload = '',
        array $extensions = ['zend opcache'],
        bool $asRoot = true,
    ): ServerConfig {
        $ini = new IniFiles(self::dir($fixture).'/php.ini');

        return new ServerConfig(
            phpVersion: $php,
            fpmBinary: '/usr/sbin/php-fpm8.2',
            ini: $ini,
            settings: $settings + self::STOCK,
            extensions: $extensions,
            pools: (new PoolFileParser())->parse(self::dir($fixture).'/pool.d/www.conf'),
            cli: new CliConfig(ini: new IniFiles(self::dir('undersized').'/php.ini'), preload: $cliPreload),
            host: new Host(cores: $cores, memoryBytes: $memory, asRoot: $asRoot),
        );
    }

    public static function app(
        int $files = 100,
        int $sourceBytes = 1 << 20,
        ?PreloadState $preload = null,
        ?AutoloaderState $autoloader = null,
        bool $measured = false,
    ): AppProfile {
        return new AppProfile(
            self::dir('apps/optimised'),
            $files,
            $sourceBytes,
            (int) ($sourceBytes * 2.8),
            (int) ($sourceBytes * 0.42),
            $measured,
            $autoloader ?? new AutoloaderState(true, true, true),
            $preload ?? new PreloadState(PreloadStatus::None),
        );
    }
}
