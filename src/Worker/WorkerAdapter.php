<?php

declare(strict_types=1);

namespace Preheat\Worker;

use Preheat\Worker\App\Application;
use Preheat\Worker\App\LaravelApplication;
use Preheat\Worker\App\PlainScripts;
use Preheat\Worker\App\Psr15Application;
use Preheat\Worker\App\SymfonyApplication;

/**
 * How the persistent worker boots the app (`bench.worker.adapter` in preheat.json): the one list of
 * adapters, what each needs as its entry file, and the app it boots.
 */
enum WorkerAdapter: string
{
    /** Laravel's HTTP kernel, from bootstrap/app.php. */
    case Laravel = 'laravel';

    /** A Symfony HttpKernel, from a file that returns the kernel. */
    case Symfony = 'symfony';

    /** A PSR-15 request handler, from a file that returns it. */
    case Psr15 = 'psr15';

    /** Each request runs the script its path names, or the front controller, as php-fpm would. */
    case Plain = 'plain';

    /** The adapters' names, for a message: "laravel, symfony, psr15, plain". */
    public static function names(): string
    {
        return implode(', ', array_map(static fn (self $adapter): string => $adapter->value, self::cases()));
    }

    /** The entry file, relative to the project, when none is configured; null: none or no default. */
    public function defaultEntry(): ?string
    {
        return self::Laravel === $this ? 'bootstrap/app.php' : null;
    }

    /** What the entry file must return, for an adapter that cannot boot without one; null: it needs none. */
    public function requiredEntry(): ?string
    {
        return match ($this) {
            self::Symfony => 'kernel',
            self::Psr15 => 'request handler',
            self::Laravel, self::Plain => null,
        };
    }

    /** The app, booted once in a worker. */
    public function boot(WorkerConfig $config): Application
    {
        if (self::Plain === $this) {
            return new PlainScripts($config->app->documentRoot, $config->app->frontController);
        }
        $entry = $config->app->entry ?? throw new \InvalidArgumentException(\sprintf(
            'the %s adapter needs an entry: a file returning the %s',
            $this->value,
            $this->requiredEntry() ?? 'application',
        ));

        return match ($this) {
            self::Laravel => new LaravelApplication($entry),
            self::Symfony => new SymfonyApplication($entry),
            self::Psr15 => new Psr15Application($entry),
        };
    }
}
