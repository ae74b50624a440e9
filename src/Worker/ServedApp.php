<?php

declare(strict_types=1);

namespace Preheat\Worker;

/** The app the workers serve: its document root and front controller, and how it is booted (the adapter). */
final class ServedApp
{
    public function __construct(
        public readonly string $documentRoot,
        public readonly string $frontController,
        public readonly WorkerAdapter $adapter,
        /** The file that returns the app, for the adapters that boot one (see WorkerAdapter) */
        public readonly ?string $entry = null,
    ) {
    }
}
