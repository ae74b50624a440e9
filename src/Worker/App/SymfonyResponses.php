<?php

declare(strict_types=1);

namespace Preheat\Worker\App;

use Preheat\Worker\Http\Response;

/**
 * A Symfony HttpFoundation response (Laravel's are ones too) as the worker sends it: status, headers in
 * order, cookies as Set-Cookie, the body as sendContent() prints it; a BinaryFileResponse's file is streamed.
 */
final class SymfonyResponses
{
    public static function convert(mixed $response): Response
    {
        $headers = [];
        foreach ($response->headers->allPreserveCaseWithoutCookies() as $name => $values) {
            foreach ((array) $values as $value) {
                $headers[] = [(string) $name, (string) $value];
            }
        }
        foreach ($response->headers->getCookies() as $cookie) {
            $headers[] = ['Set-Cookie', (string) $cookie];
        }
        $status = (int) $response->getStatusCode();
        if (Framework::isA($response, 'Symfony\Component\HttpFoundation\BinaryFileResponse')) {
            $path = (string) $response->getFile()->getPathname();

            return new Response($status, $headers, '', $path, (int) filesize($path));
        }

        return new Response($status, $headers, OutputCapture::of(static function () use ($response): void {
            $response->sendContent();
        }));
    }
}
