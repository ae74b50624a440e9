<?php

declare(strict_types=1);

namespace Preheat\Bench\Config;

use Preheat\ConfigError;

/**
 * A check of a loaded configuration against what this run can hold, made before any server starts. Given by the
 * caller: the console's names the options beside the keys.
 */
interface BenchConfigCheck
{
    /** @throws ConfigError naming the first setting refused */
    public function check(BenchConfig $config): void;
}
