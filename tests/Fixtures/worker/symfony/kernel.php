<?php

// The entry file of a tiny Symfony HttpKernel app on Debian's Symfony components: returns a closure making
// the kernel, as Symfony's Runtime front controllers do. Its answers show that it was booted once (the
// count of requests it handled goes on) and that terminate() ran after each answer.

use Symfony\Component\HttpFoundation\Cookie;
use Symfony\Component\HttpFoundation\Request;
use Symfony\Component\HttpFoundation\Response;
use Symfony\Component\HttpKernel\HttpKernelInterface;
use Symfony\Component\HttpKernel\TerminableInterface;

require_once 'Symfony/Component/HttpKernel/autoload.php';

final class FixtureKernel implements HttpKernelInterface, TerminableInterface
{
    private int $handled = 0;
    private int $terminated = 0;

    public function handle(Request $request, int $type = self::MAIN_REQUEST, bool $catch = true): Response
    {
        ++$this->handled;
        $response = new Response(sprintf(
            '%s %s name=%s cookie=%s handled=%d terminated=%d',
            $request->getMethod(),
            $request->getPathInfo(),
            $request->request->get('name', '-'),
            $request->cookies->get('c', '-'),
            $this->handled,
            $this->terminated,
        ), 'POST' === $request->getMethod() ? 201 : 200);
        $response->headers->setCookie(Cookie::create('seen', 'yes'));

        return $response;
    }

    public function terminate(Request $request, Response $response): void
    {
        ++$this->terminated;
    }
}

return static fn (array $context): FixtureKernel => new FixtureKernel();
