<?php

declare(strict_types=1);

namespace Preheat\Bench\Compare;

use Preheat\AboutSetting;
use Preheat\Setting;
use Preheat\SettingError;
use Preheat\UserError;

/** An earlier report that cannot be compared with: missing, too large, not JSON, not a bench report. */
final class CompareError extends \InvalidArgumentException implements UserError, SettingError
{
    use AboutSetting;

    public static function unreadable(string $file, string $why): self
    {
        return new self(\sprintf(
            'Cannot compare with the earlier report %s: %s. Give the report.json an earlier'
            .' `preheat bench --out=DIR` wrote.',
            $file,
            $why,
        ), Setting::BaselineReport);
    }
}
