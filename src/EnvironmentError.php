<?php

declare(strict_types=1);

namespace Preheat;

/**
 * The machine, not the input, failed: a server or tool that does not start, dies or answers nonsense,
 * a binary that is not installed, a port in use, a disk that refuses a write. Running again once the
 * environment is fixed may succeed. The console prints the message without a stack trace and exits
 * with code 3.
 */
interface EnvironmentError extends \Throwable
{
}
