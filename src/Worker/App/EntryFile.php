<?php

declare(strict_types=1);

namespace Preheat\Worker\App;

/**
 * The file an adapter boots the app from (`bench.worker.entry`): it loads the app's classes and returns
 * what serves requests, or a closure that makes it from the environment (the shape Symfony's Runtime
 * component gives public/index.php: `return fn (array $context) => new Kernel(...)`).
 */
final class EntryFile
{
    public static function load(string $file): mixed
    {
        $returned = (static fn (string $__file): mixed => require $__file)($file);
        if ($returned instanceof \Closure) {
            $returned = $returned($_SERVER + $_ENV);
        }

        return $returned;
    }
}
