<?php

declare(strict_types=1);

namespace Preheat;

/**
 * A line for the user (a warning, a check to make) and the setting it is about, when one is: the console
 * adds the option that sets it, as it does for errors.
 */
final class Note
{
    public function __construct(
        public readonly string $message,
        public readonly ?Setting $setting = null,
    ) {
    }
}
