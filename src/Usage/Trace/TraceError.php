<?php

declare(strict_types=1);

namespace Preheat\Usage\Trace;

use Preheat\UserError;

final class TraceError extends \RuntimeException implements UserError
{
    public static function pageFailed(string $path, string $answer, string $log): self
    {
        return new self(\sprintf('Tracing %s failed: it answered %s. Check --url and that the app works without preloading.%s', $path, $answer, '' === trim($log) ? '' : "\nphp-fpm/PHP log:\n".$log));
    }

    public static function nothingRecorded(string $paths): self
    {
        return new self(\sprintf('Tracing %s recorded no PHP file: check that the pages run PHP through the front controller (preheat.json "bench.frontController").', $paths));
    }
}
