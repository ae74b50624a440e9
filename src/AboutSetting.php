<?php

declare(strict_types=1);

namespace Preheat;

/** What every SettingError holds: its message, and the setting it is about (none when no option sets it). */
trait AboutSetting
{
    private function __construct(string $message, private readonly ?Setting $setting = null)
    {
        parent::__construct($message);
    }

    public function setting(): ?Setting
    {
        return $this->setting;
    }
}
