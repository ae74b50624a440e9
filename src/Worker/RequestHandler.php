<?php

declare(strict_types=1);

namespace Preheat\Worker;

use Preheat\Worker\App\Application;
use Preheat\Worker\App\OutputCapture;
use Preheat\Worker\Http\CgiRequest;
use Preheat\Worker\Http\Endpoint;
use Preheat\Worker\Http\Request;
use Preheat\Worker\Http\Response;

/**
 * What answers a complete request: the OPcache probe and the request count at their own paths, a static
 * file of the document root, else the app. An exception the app lets out is a 500 (logged), not the end of the worker.
 */
final class RequestHandler
{
    public function __construct(
        private readonly WorkerConfig $config,
        private readonly StaticFiles $files,
        private readonly Application $application,
        private readonly WorkerLog $log,
        private readonly ?RequestCounter $counter = null,
    ) {
    }

    public function handle(Request $request, Endpoint $endpoint): Response
    {
        $config = $this->config;
        $status = $config->status;
        if (null !== $this->counter && null !== $status->countPath && $request->path() === $status->countPath) {
            return new Response(200, [['Content-Type', 'text/plain']], $this->counter->status());
        }
        if (null !== $status->statusPath && $request->path() === $status->statusPath
            && null !== $status->statusScript) {
            $script = $status->statusScript;
            $page = OutputCapture::of(static function () use ($script): void {
                (static function (string $__script): void {
                    require $__script;
                })($script);
            });

            return new Response(200, [['Content-Type', 'text/plain']], $page);
        }
        // Preheat's own pages live under a prefix drawn at random for each run; the fixed prefix of older
        // versions answers nothing, whoever asks.
        if (str_starts_with($request->path(), '/__preheat/')) {
            return new Response(404, [['Content-Type', 'text/plain']], "Not Found\n");
        }
        $file = $this->files->serve($request);
        if (null !== $file) {
            return $file;
        }
        if (null !== $config->site->host) {
            // Every scenario's app sees the same site whichever port its workers listen on, as behind nginx
            // and Apache: a page cache keyed by the absolute URL holds one render for all of them.
            $request = $request->withHeader('Host', $config->site->host);
            $endpoint = $endpoint->servingSite($config->site->host, $config->site->port);
        }
        $app = $this->config->app;
        $scriptName = '/'.ltrim(substr($app->frontController, \strlen($app->documentRoot)), '/');
        try {
            return $this->application->handle(
                CgiRequest::of($request, $endpoint, $scriptName, $app->frontController),
            );
        } catch (\Throwable $error) {
            $this->log->write(\sprintf(
                '%s %s: uncaught %s: %s in %s:%d',
                $request->method,
                $request->target,
                $error::class,
                $error->getMessage(),
                $error->getFile(),
                $error->getLine(),
            ));

            return Response::text(500, "Internal Server Error\n");
        }
    }
}
