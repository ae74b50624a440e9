<?php

declare(strict_types=1);

namespace Preheat;

/** A value the user gave for a setting that cannot be used; the message names the setting and what to do. */
final class InvalidSetting extends \InvalidArgumentException implements UserError, SettingError
{
    private function __construct(string $message, public readonly Setting $setting)
    {
        parent::__construct($message);
    }

    public static function because(Setting $setting, string $message): self
    {
        return new self($message, $setting);
    }

    public function setting(): Setting
    {
        return $this->setting;
    }
}
