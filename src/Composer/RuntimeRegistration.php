<?php

declare(strict_types=1);

namespace Preheat\Composer;

/**
 * A call in the app's code that adds to Composer's class loader while the app runs (`$loader->addPsr4(...)`):
 * a class under what it registers is not in the dumped classmap, so an authoritative classmap never finds it.
 */
final class RuntimeRegistration
{
    public function __construct(
        public readonly string $file,
        public readonly int $line,
        /** What the call looks like, e.g. `$loader->addPsr4()` */
        public readonly string $call,
    ) {
    }

    public function describe(): string
    {
        return \sprintf('%s at %s:%d', $this->call, $this->file, $this->line);
    }
}
