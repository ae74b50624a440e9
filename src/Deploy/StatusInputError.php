<?php

declare(strict_types=1);

namespace Preheat\Deploy;

use Preheat\UserError;
use Preheat\Util\DisplayString;

final class StatusInputError extends \RuntimeException implements UserError
{
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
            '--status-url %s is not a URL the status can be read from: %s.',
            addcslashes(DisplayString::of($url), "\0..\37\177"), // a control character shown, not sent to the terminal
            $why,
        ));
    }
}
