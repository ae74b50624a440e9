<?php

declare(strict_types=1);

namespace Preheat;

/** An error about one setting of the user's: the console adds the option that sets it to the message. */
interface SettingError extends \Throwable
{
    public function setting(): ?Setting;
}
