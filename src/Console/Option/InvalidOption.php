<?php

declare(strict_types=1);

namespace Preheat\Console\Option;

use Preheat\UserError;

/**
 * An option of a command given a value it cannot take, or with another it does not go with; the message names the
 * option.
 */
final class InvalidOption extends \InvalidArgumentException implements UserError
{
}
