<?php

declare(strict_types=1);

namespace Preheat\Worker;

use Preheat\Worker\App\Application;
use Preheat\Worker\App\LaravelApplication;
use Preheat\Worker\App\PlainScripts;
use Preheat\Worker\App\Psr15Application;
use Preheat\Worker\App\SymfonyApplication;

/** Boots the app the configuration names, with its adapter. */
final class Adapters
{
    public static function boot(WorkerConfig $config): Application
    {
        return match ($config->adapter) {
            'laravel' => new LaravelApplication(
                self::entry($config, 'the laravel adapter needs an entry (bootstrap/app.php)'),
            ),
            'symfony' => new SymfonyApplication(
                self::entry($config, 'the symfony adapter needs an entry: a file returning the kernel'),
            ),
            'psr15' => new Psr15Application(
                self::entry($config, 'the psr15 adapter needs an entry: a file returning the request handler'),
            ),
            default => new PlainScripts($config->documentRoot, $config->frontController),
        };
    }

    private static function entry(WorkerConfig $config, string $whenMissing): string
    {
        return $config->entry ?? throw new \InvalidArgumentException($whenMissing);
    }
}
