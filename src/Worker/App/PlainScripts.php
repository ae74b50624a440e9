<?php

declare(strict_types=1);

namespace Preheat\Worker\App;

use Preheat\Worker\Http\CgiRequest;
use Preheat\Worker\Http\Response;

/**
 * Micro workloads: each request runs a PHP script of the document root (the one the path names, as nginx
 * runs *.php, else the front controller), with PHP's superglobals set as under php-fpm and its output as
 * the body. What the process booted once is PHP itself: the scripts' code comes from OPcache, functions and
 * classes a script declares stay declared (a script must declare them once: require_once, or a guard).
 *
 * http_response_code() sets the status; header() does nothing under PHP's CLI, so every answer is HTML
 * in the ini's default_charset. A script that calls exit ends its worker, which the master restarts.
 */
final class PlainScripts implements Application
{
    public function __construct(
        private readonly string $documentRoot,
        private readonly string $frontController,
    ) {
    }

    public function handle(CgiRequest $request): Response
    {
        [$script, $scriptName] = $this->script($request->request->path());
        if (null === $script) {
            return Response::text(404, "Not Found\n");
        }
        $cgi = CgiRequest::of($request->request, $request->endpoint, $scriptName, $script);
        $cgi->toGlobals();
        http_response_code(200);
        $previous = getcwd();
        chdir(\dirname($script));
        try {
            $body = OutputCapture::of(static function () use ($script): void {
                (static function (string $__script): void {
                    require $__script;
                })($script);
            });
        } finally {
            if (false !== $previous) {
                chdir($previous);
            }
        }
        $status = http_response_code();
        $charset = (string) \ini_get('default_charset');

        $type = 'text/html'.('' === $charset ? '' : '; charset='.$charset);

        return new Response(\is_int($status) ? $status : 200, [['Content-Type', $type]], $body);
    }

    /** @return array{?string, string} the script's path and its SCRIPT_NAME */
    private function script(string $path): array
    {
        $decoded = rawurldecode($path);
        if (str_ends_with($decoded, '.php') && !str_contains($decoded, "\0")
            && !\in_array('..', explode('/', $decoded), true)) {
            $file = $this->documentRoot.$decoded;
            if (is_file($file)) {
                return [$file, $decoded];
            }
        }
        if (is_file($this->frontController)) {
            $scriptName = '/'.ltrim(substr($this->frontController, \strlen($this->documentRoot)), '/');

            return [$this->frontController, $scriptName];
        }

        return [null, ''];
    }
}
