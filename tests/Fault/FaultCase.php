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
     * @param string|null            $item    the hostile-testing finding this case proves, as ISSUE.ITEM ('28.2': issue 28, item 2)
     */
    public function __construct(
        public readonly string $id,
        public readonly string $command,
        public readonly string $does,
        public readonly \Closure $arrange,
        public readonly Expect $expect,
        public readonly ?string $item = null,
    ) {
    }
}
