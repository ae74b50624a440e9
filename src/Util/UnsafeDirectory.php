<?php

declare(strict_types=1);

namespace Preheat\Util;

use Preheat\Setting;
use Preheat\SettingError;
use Preheat\UserError;

/** A directory Preheat would keep files in that another user could write into; the message says what to do. */
final class UnsafeDirectory extends \RuntimeException implements UserError, SettingError
{
    public function setting(): Setting
    {
        return Setting::CacheDirectory;
    }
}
