<?php

namespace Acme\Legacy;

// Included twice by old code: the second include must not declare the class again.
if (class_exists(Clock::class, false)) {
    return;
}

class Clock
{
    public function now(): int
    {
        return 0;
    }
}
