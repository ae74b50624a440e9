<?php

declare(strict_types=1);

namespace Preheat\Php\FastCgi;

use Preheat\UserError;

/** An address given for php-fpm that cannot be one. */
final class FastCgiAddressError extends \InvalidArgumentException implements UserError
{
}
