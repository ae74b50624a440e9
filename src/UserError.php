<?php

declare(strict_types=1);

namespace Preheat;

/**
 * An error caused by input the user can fix (a path, a setting, a file). The console prints its
 * message without a stack trace and exits non-zero.
 */
interface UserError extends \Throwable
{
}
