<?php

declare(strict_types=1);

namespace Preheat;

/**
 * Input the user must fix: an option, a setting in preheat.json, a file or directory named, a store.
 * The console prints the message without a stack trace and exits with code 2.
 */
interface UserError extends \Throwable
{
}
