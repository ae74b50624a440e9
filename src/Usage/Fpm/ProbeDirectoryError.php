<?php

declare(strict_types=1);

namespace Preheat\Usage\Fpm;

use Preheat\UserError;

/** The directory given for the OPcache probe cannot take it. */
final class ProbeDirectoryError extends \RuntimeException implements UserError
{
}
