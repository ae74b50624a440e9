<?php

declare(strict_types=1);

namespace Preheat\Worker\Http;

/**
 * A request as PHP under php-fpm would see it: $_SERVER filled as nginx's FastCGI parameters fill it
 * (SCRIPT_NAME the front controller, REQUEST_URI as sent, HTTP_* for each header), $_GET from the query,
 * $_POST from a form-encoded body, $_COOKIE from the Cookie header. Multipart bodies are not parsed into
 * $_POST and $_FILES: the raw body is there for the app.
 */
final class CgiRequest
{
    /**
     * @param array<string, string|int|float> $server
     * @param array<mixed>                    $query
     * @param array<mixed>                    $post
     * @param array<mixed>                    $cookies
     */
    public function __construct(
        public readonly Request $request,
        public readonly Endpoint $endpoint,
        public readonly array $server,
        public readonly array $query,
        public readonly array $post,
        public readonly array $cookies,
    ) {
    }

    public static function of(Request $request, Endpoint $endpoint, string $scriptName, string $scriptFilename): self
    {
        $now = microtime(true);
        $server = [
            'QUERY_STRING' => $request->query(),
            'REQUEST_METHOD' => $request->method,
            'CONTENT_TYPE' => $request->header('Content-Type') ?? '',
            'CONTENT_LENGTH' => '' === $request->body && null === $request->header('Content-Length')
                ? ''
                : (string) \strlen($request->body),
            'SCRIPT_NAME' => $scriptName,
            'REQUEST_URI' => $request->target,
            'DOCUMENT_URI' => $scriptName,
            'DOCUMENT_ROOT' => $endpoint->documentRoot,
            'SERVER_PROTOCOL' => $request->protocol,
            'REQUEST_SCHEME' => 'http',
            'GATEWAY_INTERFACE' => 'CGI/1.1',
            'SERVER_SOFTWARE' => 'preheat-worker',
            'REMOTE_ADDR' => $endpoint->remoteAddress,
            'REMOTE_PORT' => (string) $endpoint->remotePort,
            'SERVER_ADDR' => $endpoint->serverAddress,
            'SERVER_PORT' => (string) $endpoint->serverPort,
            'SERVER_NAME' => $endpoint->serverName,
            'REDIRECT_STATUS' => '200',
            'SCRIPT_FILENAME' => $scriptFilename,
            'PHP_SELF' => $scriptName,
            'REQUEST_TIME_FLOAT' => $now,
            'REQUEST_TIME' => (int) $now,
        ];
        foreach ($request->headers as [$name]) {
            // Every header as HTTP_*, as nginx passes them to php-fpm.
            $server['HTTP_'.strtoupper(strtr($name, '-', '_'))] = (string) $request->header($name);
        }
        parse_str($request->query(), $query);
        $post = [];
        $type = strtolower(trim(explode(';', $request->header('Content-Type') ?? '')[0]));
        // PHP fills $_POST for POST only; Symfony's Request reads PUT, PATCH and DELETE forms itself.
        if (\in_array($request->method, ['POST', 'PUT', 'PATCH', 'DELETE'], true)
            && 'application/x-www-form-urlencoded' === $type) {
            parse_str($request->body, $post);
        }

        return new self($request, $endpoint, $server, $query, $post, self::cookies($request->header('Cookie') ?? ''));
    }

    /** Sets PHP's superglobals to this request, for code that reads them directly. */
    public function toGlobals(): void
    {
        $_SERVER = $this->server + self::processServer();
        $_GET = $this->query;
        $_POST = 'POST' === $this->request->method ? $this->post : [];
        $_COOKIE = $this->cookies;
        $_FILES = [];
        $_REQUEST = $this->query + $this->post;
    }

    /**
     * Cookies as PHP parses them: pairs split on ";", values URL-decoded, the first of a repeated name kept,
     * names mangled as for a query string ("a.b" is "a_b", "a[x]" an array).
     *
     * @return array<mixed>
     */
    public static function cookies(string $header): array
    {
        $cookies = [];
        foreach (explode(';', $header) as $pair) {
            $pair = ltrim($pair, " \t");
            if ('' === $pair || !str_contains($pair, '=')) {
                continue;
            }
            [$name, $value] = explode('=', $pair, 2);
            if ('' === trim($name)) {
                continue;
            }
            parse_str(rawurlencode(rtrim($name)).'='.rawurlencode(urldecode($value)), $one);
            $cookies += $one;
        }

        return $cookies;
    }

    /** @var array<string, mixed>|null */
    private static ?array $processServer = null;

    /**
     * @return array<string, mixed> the worker process's own $_SERVER (environment), as a FastCGI worker has its
     *                              environment
     */
    private static function processServer(): array
    {
        if (null === self::$processServer) {
            self::$processServer = array_diff_key($_SERVER, array_flip([
                'argv', 'argc', 'PHP_SELF', 'SCRIPT_NAME', 'SCRIPT_FILENAME', 'PATH_TRANSLATED', 'DOCUMENT_ROOT',
                'REQUEST_TIME', 'REQUEST_TIME_FLOAT',
            ]));
        }

        return self::$processServer;
    }
}
