<?php

declare(strict_types=1);

namespace Preheat\Tests\Fault;

/**
 * One bad input or fault: what is done to which command, and what must come of it.
 *
 * A row of the reliability table: `arrange` prepares the case's private sandbox and says how to run
 * Preheat there; `expect` is what the runner checks afterwards (beside its own checks, which hold for
 * every case: nothing Preheat started is left running).
 */
final class FaultCase
{
    /**
     * @param \Closure(Sandbox): Run $arrange
     * @param int|null               $item    the item of the reliability issue this case proves, while it is open
     */
    public function __construct(
        public readonly string $id,
        public readonly string $command,
        public readonly string $does,
        public readonly \Closure $arrange,
        public readonly Expect $expect,
        public readonly ?int $item = null,
    ) {
    }
}
