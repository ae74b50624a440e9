<?php

declare(strict_types=1);

namespace Preheat\Server;

/**
 * What every runtime kind of a run is made from: the shared stack, the supervisor, the binaries, the worker settings.
 */
final class RuntimeContext
{
    public function __construct(
        public readonly ProcessSupervisor $supervisor,
        public readonly StackSettings $stack,
        public readonly Binaries $binaries,
        public readonly WorkerSettings $worker,
    ) {
    }
}
