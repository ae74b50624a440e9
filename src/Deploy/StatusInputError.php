<?php

declare(strict_types=1);

namespace Preheat\Deploy;

use Preheat\AboutSetting;
use Preheat\Setting;
use Preheat\SettingError;
use Preheat\UserError;
use Preheat\Util\DisplayString;

final class StatusInputError extends \RuntimeException implements UserError, SettingError
{
    use AboutSetting;

    public static function noScript(string $script): self
    {
        return new self(
            \sprintf('no preload script at %s: give the script php-fpm preloads (its opcache.preload).', $script),
        );
    }

    public static function scriptTooLarge(string $script, string $why): self
    {
        return new self(\sprintf(
            'the preload script %s is not read: %s, far more than any preload script. Give the script php-fpm'
            .' preloads (its opcache.preload).',
            $script,
            $why,
        ));
    }

    public static function cannotWriteProbe(string $directory): self
    {
        return new self(
            \sprintf(
                'cannot write the status probe into %s: give a directory you can write and php-fpm can read.',
                $directory,
            ),
        );
    }

    public static function badUrl(string $url, string $why): self
    {
        return new self(\sprintf(
            'The status URL %s is not one the status can be read from: %s.',
            DisplayString::of($url), // a control character shown escaped, not sent to the terminal
            $why,
        ), Setting::StatusUrl);
    }
}
