<?php

declare(strict_types=1);

namespace Preheat\Integration\Laravel;

use Illuminate\Console\Application as Artisan;
use Illuminate\Support\ServiceProvider;
use Preheat\Integration\PreheatCommand;

/**
 * `php artisan preheat:generate` and `php artisan preheat:status`, found by Laravel's package discovery
 * (composer.json: extra.laravel.providers). Registered in the console only; they run Preheat's CLI as a
 * child process, so no other Preheat class loads into the app. `PREHEAT_BINARY` (e.g. in .env) or the
 * `preheat.binary` setting names a preheat.phar to run instead of the package's own bin/preheat.
 *
 * Not analysed by PHPStan (phpstan.neon.dist excludes it): Laravel is not one of Preheat's dependencies.
 */
final class PreheatServiceProvider extends ServiceProvider
{
    public function register(): void
    {
        if (!$this->app->runningInConsole()) {
            return;
        }
        $app = $this->app;
        // Symfony Console commands, built here: ServiceProvider::commands() would ask the container for them.
        Artisan::starting(static function (Artisan $artisan) use ($app): void {
            $binary = $app->make('config')->get('preheat.binary');
            $commands = PreheatCommand::all($app->basePath(), \is_string($binary) && '' !== $binary ? $binary : null);
            foreach ($commands as $command) {
                // addCommand() since Laravel 12 / Symfony 7.4, which deprecate add().
                method_exists($artisan, 'addCommand') ? $artisan->addCommand($command) : $artisan->add($command);
            }
        });
    }
}
