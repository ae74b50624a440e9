<?php

declare(strict_types=1);

namespace Preheat\Worker;

use Preheat\Worker\App\Application;
use Preheat\Worker\App\LaravelApplication;
use Preheat\Worker\App\PlainScripts;

/** Boots the app the configuration names, with its adapter. */
final class Adapters
{
    public static function boot(WorkerConfig $config): Application
    {
        return match ($config->adapter) {
            'laravel' => new LaravelApplication($config->entry ?? throw new \InvalidArgumentException('the laravel adapter needs an entry (bootstrap/app.php)')),
            'plain' => new PlainScripts($config->documentRoot, $config->frontController),
            default => throw new \InvalidArgumentException(\sprintf('The %s adapter is not available yet.', $config->adapter)),
        };
    }
}
