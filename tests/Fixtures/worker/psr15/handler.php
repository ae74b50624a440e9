<?php

// The entry file of a tiny PSR-15 app: returns the request handler; the worker finds Debian's slim/psr7
// for the requests. Its answers show what the handler was given, and that it was booted once.

use Psr\Http\Message\ResponseInterface;
use Psr\Http\Message\ServerRequestInterface;
use Slim\Psr7\Response;

require_once 'Slim/Psr7/autoload.php';

final class FixtureHandler
{
    private int $handled = 0;

    public function handle(ServerRequestInterface $request): ResponseInterface
    {
        ++$this->handled;
        $body = $request->getParsedBody();
        $response = (new Response(202))->withHeader('X-Handled', (string) $this->handled)->withAddedHeader('Set-Cookie', 'a=1')->withAddedHeader('Set-Cookie', 'b=2');
        $response->getBody()->write(sprintf(
            '%s %s n=%s name=%s cookie=%s header=%s body=%d handled=%d',
            $request->getMethod(),
            $request->getUri()->getPath(),
            $request->getQueryParams()['n'] ?? '-',
            is_array($body) ? ($body['name'] ?? '-') : '-',
            $request->getCookieParams()['c'] ?? '-',
            $request->getHeaderLine('X-Test'),
            strlen((string) $request->getBody()),
            $this->handled,
        ));

        return $response;
    }
}

return new FixtureHandler();
