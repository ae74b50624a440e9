<?php

declare(strict_types=1);

namespace Preheat\Worker\App;

use Preheat\Worker\Http\CgiRequest;
use Preheat\Worker\Http\Response;

/**
 * A Symfony HttpKernel booted once: the entry file returns the kernel (or a closure making it, as
 * Symfony's Runtime front controllers do). Each request gets a fresh HttpFoundation request; after the
 * answer, terminate() runs, and Symfony's kernel resets its resettable services (services_resetter) before
 * it handles the next request, as under RoadRunner or Swoole runtimes.
 */
final class SymfonyApplication implements Application
{
    private mixed $kernel;

    public function __construct(string $entry)
    {
        $this->kernel = EntryFile::load($entry);
        if (!Framework::isA($this->kernel, 'Symfony\Component\HttpKernel\HttpKernelInterface')) {
            throw new \RuntimeException(
                $entry.' does not return a Symfony HttpKernelInterface (or a closure that makes one)',
            );
        }
        Framework::callIfThere($this->kernel, 'boot');
    }

    public function handle(CgiRequest $request): Response
    {
        $request->toGlobals();
        $symfonyRequest = Framework::make(
            'Symfony\Component\HttpFoundation\Request',
            $request->query,
            $request->post,
            [],
            $request->cookies,
            [],
            $request->server,
            $request->request->body,
        );
        $response = $this->kernel->handle($symfonyRequest);
        $converted = SymfonyResponses::convert($response);
        if (Framework::isA($this->kernel, 'Symfony\Component\HttpKernel\TerminableInterface')) {
            $this->kernel->terminate($symfonyRequest, $response);
        }

        return $converted;
    }
}
