<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Setting;

/** Something the user asked for that had no effect, or that the plan could not know; about a setting when one caused it. */
final class PlanWarning
{
    public function __construct(
        public readonly string $message,
        public readonly ?Setting $setting = null,
    ) {
    }
}
