<?php

declare(strict_types=1);

namespace Preheat\Worker\App;

use Preheat\Worker\Http\CgiRequest;
use Preheat\Worker\Http\Response;

/**
 * A PSR-15 request handler booted once. The entry file returns the handler, or
 * `['handler' => $handler, 'factory' => $psr17]` with a PSR-17 factory that makes server requests and
 * streams; without one the worker uses the first PSR-7 implementation the app's class loader knows
 * (nyholm/psr7, guzzlehttp/psr7, laminas-diactoros, slim/psr7). Each request is a new ServerRequest
 * (query, cookies, parsed form body, headers, body stream); PSR-15 handlers hold no request state.
 */
final class Psr15Application implements Application
{
    private const FACTORIES = [
        ['Nyholm\Psr7\Factory\Psr17Factory', 'Nyholm\Psr7\Factory\Psr17Factory'],
        ['GuzzleHttp\Psr7\HttpFactory', 'GuzzleHttp\Psr7\HttpFactory'],
        ['Laminas\Diactoros\ServerRequestFactory', 'Laminas\Diactoros\StreamFactory'],
        ['Slim\Psr7\Factory\ServerRequestFactory', 'Slim\Psr7\Factory\StreamFactory'],
    ];

    private mixed $handler;

    private mixed $requests;

    private mixed $streams;

    public function __construct(string $entry)
    {
        $returned = EntryFile::load($entry);
        $this->handler = \is_array($returned) ? ($returned['handler'] ?? null) : $returned;
        if (!\is_object($this->handler) || !method_exists($this->handler, 'handle')) {
            throw new \RuntimeException(
                $entry.' does not return a PSR-15 request handler (or ["handler" => ..., "factory" => ...])',
            );
        }
        $factory = \is_array($returned) ? ($returned['factory'] ?? null) : null;
        [$this->requests, $this->streams] = null !== $factory ? [$factory, $factory] : self::factories($entry);
    }

    public function handle(CgiRequest $request): Response
    {
        $request->toGlobals();
        $http = $request->request;
        $host = $http->header('Host') ?? $request->endpoint->serverAddress.':'.$request->endpoint->serverPort;
        $uri = 'http://'.$host.$http->target;
        $psr = $this->requests->createServerRequest($http->method, $uri, $request->server)
            ->withProtocolVersion(substr($http->protocol, 5))
            ->withQueryParams($request->query)
            ->withCookieParams($request->cookies)
            ->withBody($this->streams->createStream($http->body));
        if ([] !== $request->post) {
            $psr = $psr->withParsedBody($request->post);
        }
        // Replaced, not added: some factories already made headers from the server parameters.
        $headers = [];
        foreach ($http->headers as [$name, $value]) {
            $headers[strtolower($name)][0] ??= $name;
            $headers[strtolower($name)][1][] = $value;
        }
        foreach ($headers as [$name, $values]) {
            $psr = $psr->withHeader($name, $values);
        }
        $response = $this->handler->handle($psr);
        $headers = [];
        foreach ($response->getHeaders() as $name => $values) {
            foreach ($values as $value) {
                $headers[] = [(string) $name, (string) $value];
            }
        }

        return new Response((int) $response->getStatusCode(), $headers, (string) $response->getBody());
    }

    /** @return array{object, object} */
    private static function factories(string $entry): array
    {
        foreach (self::FACTORIES as [$requests, $streams]) {
            if (Framework::exists($requests) && Framework::exists($streams)) {
                return [Framework::make($requests), Framework::make($streams)];
            }
        }
        throw new \RuntimeException(\sprintf(
            'No PSR-17 factory for %s\'s handler: return ["handler" => ..., "factory" => a PSR-17 factory] from it, '
            .'or install nyholm/psr7, guzzlehttp/psr7, laminas-diactoros or slim/psr7.',
            $entry,
        ));
    }
}
