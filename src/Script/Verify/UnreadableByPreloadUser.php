<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

use Preheat\EnvironmentError;

/**
 * The user php-fpm preloads as cannot read files to preload, or enter a directory on the way: the machine's
 * permissions, not the input, are wrong.
 */
final class UnreadableByPreloadUser extends \RuntimeException implements EnvironmentError
{
}
