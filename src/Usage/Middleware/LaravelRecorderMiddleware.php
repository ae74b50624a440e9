<?php

declare(strict_types=1);

namespace Preheat\Usage\Middleware;

use Preheat\Recorder\Config;
use Preheat\Recorder\Recorder;
use Preheat\Usage\RecorderFile;

/**
 * Starts the usage recorder from Laravel's middleware stack instead of auto_prepend_file, and records
 * in terminate(), after the response was sent. Register it as global middleware and give it its
 * settings with a contextual binding, in a service provider:
 *
 *     $this->app->when(LaravelRecorderMiddleware::class)
 *         ->needs('$config')
 *         ->give(['store' => storage_path('preheat-usage.log')]);
 *
 * With Octane (one process for many requests) every request would count every file the worker ever
 * loaded: use it with php-fpm.
 */
final class LaravelRecorderMiddleware
{
    /** @var array<string, mixed> */
    private readonly array $config;

    /** @param array<string, mixed> $config the recorder's settings (store, sample, batch, ...), checked now */
    public function __construct(array $config)
    {
        RecorderFile::load();
        $exclude = \is_array($config['exclude'] ?? null)
            ? array_values(array_filter($config['exclude'], 'is_string'))
            : [];
        $recorder = (string) (new \ReflectionClass(RecorderFile::class))->getFileName();
        $config['exclude'] = [...$exclude, __FILE__, $recorder];
        Config::fromArray($config);
        $this->config = $config;
    }

    /**
     * @param object                  $request the Illuminate\Http\Request
     * @param \Closure(object): mixed $next
     */
    public function handle(object $request, \Closure $next): mixed
    {
        Recorder::start($this->config);

        return $next($request);
    }

    /** Laravel calls it once the response was sent: record then rather than at shutdown. */
    public function terminate(object $request, mixed $response): void
    {
        Recorder::finish();
    }
}
