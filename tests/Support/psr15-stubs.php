<?php

declare(strict_types=1);

/*
 * The few PSR-7 and PSR-15 interfaces Preheat\Usage\Middleware\Psr15RecorderMiddleware names, with
 * their real signatures, declared only when missing: Preheat does not require
 * psr/http-server-middleware, yet static analysis and the middleware's test need them.
 */

namespace Psr\Http\Message {
    if (!interface_exists(ServerRequestInterface::class)) {
        interface ServerRequestInterface
        {
        }
    }
    if (!interface_exists(ResponseInterface::class)) {
        interface ResponseInterface
        {
        }
    }
}

namespace Psr\Http\Server {
    use Psr\Http\Message\ResponseInterface;
    use Psr\Http\Message\ServerRequestInterface;

    if (!interface_exists(RequestHandlerInterface::class)) {
        interface RequestHandlerInterface
        {
            public function handle(ServerRequestInterface $request): ResponseInterface;
        }
    }
    if (!interface_exists(MiddlewareInterface::class)) {
        interface MiddlewareInterface
        {
            public function process(ServerRequestInterface $request, RequestHandlerInterface $handler): ResponseInterface;
        }
    }
}
