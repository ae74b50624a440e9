<?php

namespace Acme\Legacy;

class Timer extends Clock
{
}

return;

// Kept for reference, never runs.
echo 'legacy timer loaded';
legacy_register_timer(Timer::class);
