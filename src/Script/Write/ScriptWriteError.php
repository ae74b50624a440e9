<?php

declare(strict_types=1);

namespace Preheat\Script\Write;

use Preheat\AboutSetting;
use Preheat\Setting;
use Preheat\SettingError;
use Preheat\UserError;

/** The output path of the script cannot be written: the user chooses another or makes it writable. */
final class ScriptWriteError extends \RuntimeException implements UserError, SettingError
{
    use AboutSetting;

    public static function directoryMissing(string $outputPath): self
    {
        return new self(
            \sprintf(
                'Cannot write %s: directory %s does not exist. Create it or choose another output path.',
                $outputPath,
                \dirname($outputPath),
            ),
            Setting::Output,
        );
    }

    public static function isDirectory(string $outputPath): self
    {
        return new self(
            \sprintf(
                'Cannot write %s: it is a directory. Give the path of a file, e.g. %s/preload.php.',
                $outputPath,
                rtrim($outputPath, '/'),
            ),
            Setting::Output,
        );
    }

    public static function notWritable(string $outputPath, string $why): self
    {
        $user = \function_exists(
            'posix_geteuid',
        ) ? (posix_getpwuid(posix_geteuid())['name'] ?? 'this user') : 'this user';

        return new self(
            \sprintf(
                'Cannot write %s: %s cannot create files in %s (%s). Make the directory writable for %s or choose '.
                'another output path.',
                $outputPath,
                $user,
                \dirname($outputPath),
                $why,
                $user,
            ),
            Setting::Output,
        );
    }
}
