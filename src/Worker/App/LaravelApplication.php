<?php

declare(strict_types=1);

namespace Preheat\Worker\App;

use Preheat\Worker\Http\CgiRequest;
use Preheat\Worker\Http\Response;

/**
 * A Laravel app behind its HTTP kernel, booted once (its class loader: vendor/autoload.php, else
 * bootstrap/autoload.php; then bootstrap/app.php, the kernel's bootstrappers, the services every request
 * uses resolved), each request served in a sandbox, as Laravel Octane does:
 *
 * - a copy of the booted container is the app for the request (the container, the facades, the kernel,
 *   the router and the view factory point at it), so what the request resolves or binds stays in its copy;
 * - what holds one request's state is never shared: the session, auth guards, queued cookies, the URL
 *   generator and redirector are resolved anew in each copy, the config is a copy per request; after it,
 *   the translator's locale is put back and an open database transaction rolled back;
 * - fresh request and response objects; the kernel's terminate() runs after the response is written out.
 *
 * Framework classes are named by string: the worker carries no framework of its own, it runs on the app's.
 */
final class LaravelApplication implements Application
{
    /**
     * Resolved at boot and shared by every request: stateless services, or state that
     * must outlive one (database connections).
     */
    private const WARM = [
        'events', 'config', 'files', 'log', 'encrypter', 'hash', 'cache', 'cache.store', 'db', 'db.factory', 'router',
        'routes', 'translator', 'view', 'blade.compiler', 'validator',
    ];

    /** Holds one request's state: resolved anew in each request's copy. */
    private const PER_REQUEST = [
        'request', 'session', 'session.store', 'auth', 'auth.driver', 'Illuminate\Contracts\Auth\Access\Gate', 'cookie',
        'url', 'redirect',
    ];

    private mixed $app;

    private mixed $kernel;

    /** The locale the app booted with: a request that changes it changes it for itself only. */
    private ?string $locale = null;

    public function __construct(string $bootstrapFile)
    {
        // Served, not run from a console, although PHP_SAPI is "cli" (Laravel asks this environment variable first).
        putenv('APP_RUNNING_IN_CONSOLE=false');
        $_ENV['APP_RUNNING_IN_CONSOLE'] = $_SERVER['APP_RUNNING_IN_CONSOLE'] = 'false';
        \defined('LARAVEL_START') || \define('LARAVEL_START', microtime(true));
        // The app's class loader, as public/index.php requires it: Composer's, else the app's own.
        $root = \dirname($bootstrapFile, 2);
        foreach ([$root.'/vendor/autoload.php', $root.'/bootstrap/autoload.php'] as $autoload) {
            if (is_file($autoload)) {
                (static fn (string $file): mixed => require_once $file)($autoload);
                break;
            }
        }
        $this->app = (static fn (string $file): mixed => require $file)($bootstrapFile);
        if (!Framework::isA($this->app, 'Illuminate\Contracts\Container\Container')) {
            throw new \RuntimeException($bootstrapFile.' does not return a Laravel application');
        }
        $this->kernel = $this->app->make('Illuminate\Contracts\Http\Kernel');
        $this->kernel->bootstrap();
        foreach (self::WARM as $service) {
            if ($this->app->bound($service)) {
                $this->app->make($service);
            }
        }
        if ($this->app->resolved('translator')) {
            $this->locale = (string) $this->app->make('translator')->getLocale();
        }
    }

    public function handle(CgiRequest $request): Response
    {
        $request->toGlobals();
        $laravelRequest = $this->request($request);
        $sandbox = $this->sandbox();
        // Code that kept the booted app (closures of service providers) sees this request too.
        $this->app->instance('request', $laravelRequest);
        try {
            $response = $this->kernel->handle($laravelRequest);
            $converted = SymfonyResponses::convert($response);
            $this->kernel->terminate($laravelRequest, $response);
        } finally {
            $this->restore($sandbox);
        }

        return $converted;
    }

    private function request(CgiRequest $request): mixed
    {
        Framework::call('Illuminate\Http\Request', 'enableHttpMethodParameterOverride');
        $base = Framework::make(
            'Symfony\Component\HttpFoundation\Request',
            $request->query,
            $request->post,
            [],
            $request->cookies,
            [],
            $request->server,
            $request->request->body,
        );

        return Framework::call('Illuminate\Http\Request', 'createFromBase', $base);
    }

    private function sandbox(): mixed
    {
        $sandbox = Framework::copy($this->app);
        $sandbox->instance('app', $sandbox);
        $sandbox->instance('Illuminate\Container\Container', $sandbox);
        foreach (self::PER_REQUEST as $service) {
            $sandbox->forgetInstance($service);
        }
        if ($this->app->resolved('config')) {
            $sandbox->instance('config', clone $this->app->make('config'));
        }
        $this->pointAt($sandbox);

        return $sandbox;
    }

    /**
     * What one request may have changed in the shared services, put back: the translator's locale, and a
     * database transaction the request left open (rolled back, as php-fpm's end of request would drop it).
     */
    private function restore(mixed $sandbox): void
    {
        if (null !== $this->locale) {
            $this->app->make('translator')->setLocale($this->locale);
        }
        if ($this->app->resolved('db')) {
            foreach ($this->app->make('db')->getConnections() as $connection) {
                while ($connection->transactionLevel() > 0) {
                    $connection->rollBack();
                }
            }
        }
        if ($this->app->resolved('view')) {
            Framework::callIfThere($this->app->make('view'), 'flushState');
        }
        $this->pointAt($this->app);
        $sandbox->flush();
    }

    /** The container, the facades and the services that hold the container, pointed at $container. */
    private function pointAt(mixed $container): void
    {
        Framework::call('Illuminate\Container\Container', 'setInstance', $container);
        Framework::call('Illuminate\Support\Facades\Facade', 'clearResolvedInstances');
        Framework::call('Illuminate\Support\Facades\Facade', 'setFacadeApplication', $container);
        $this->kernel->setApplication($container);
        $setters = [
            'router' => 'setContainer',
            'view' => 'setContainer',
            'validator' => 'setContainer',
            'db' => 'setApplication',
        ];
        foreach ($setters as $service => $method) {
            if ($this->app->resolved($service)) {
                Framework::callIfThere($this->app->make($service), $method, $container);
            }
        }
        if ($this->app->resolved('view')) {
            $this->app->make('view')->share('app', $container);
        }
    }
}
