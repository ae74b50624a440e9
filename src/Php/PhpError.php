<?php

declare(strict_types=1);

namespace Preheat\Php;

use Preheat\AboutSetting;
use Preheat\Setting;
use Preheat\SettingError;
use Preheat\UserError;

/** A PHP setting the user gave that cannot be used: a php.ini or a user that is not there. */
final class PhpError extends \RuntimeException implements UserError, SettingError
{
    use AboutSetting;

    public static function missingIni(string $path): self
    {
        return new self(\sprintf(
            'php.ini "%s" does not exist: give the php.ini your php-fpm uses '
            .'(php-fpm -i | grep "Loaded Configuration").',
            $path,
        ), Setting::PhpIni);
    }

    public static function notAnIniDirectory(string $path): self
    {
        return new self(\sprintf(
            '"%s" is a directory with no php.ini, php.ini-production or conf.d/: give the php.ini your php-fpm '
            .'uses, or the directory its -c names (php-fpm -i | grep "Configuration File").',
            $path,
        ), Setting::PhpIni);
    }

    public static function unknownUser(string $user): self
    {
        return new self(\sprintf(
            'User "%s" does not exist: give the user php-fpm\'s pool runs as (`user =` in its pool config).',
            $user,
        ), Setting::PoolUser);
    }
}
