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
            'laravel' => new LaravelApplication($config->entry ?? throw new \InvalidArgumentException('the laravel adapter needs an entry (bootstrap/app.php)')),
            'symfony' => new SymfonyApplication($config->entry ?? throw new \InvalidArgumentException('the symfony adapter needs an entry: a file returning the kernel')),
            'psr15' => new Psr15Application($config->entry ?? throw new \InvalidArgumentException('the psr15 adapter needs an entry: a file returning the request handler')),
            default => new PlainScripts($config->documentRoot, $config->frontController),
        };
    }
}
