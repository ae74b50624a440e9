<?php

declare(strict_types=1);

namespace Preheat\Doctor\Rule;

use Preheat\Doctor\Finding\Finding;
use Preheat\Doctor\Profile\AppProfile;
use Preheat\Doctor\Profile\ServerConfig;

/** One check of `preheat doctor`: pure, over what was read; the same input gives the same findings. */
interface Rule
{
    /** @return list<Finding> */
    public function check(ServerConfig $server, AppProfile $app): array;
}
