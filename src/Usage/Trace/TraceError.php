<?php

declare(strict_types=1);

namespace Preheat\Usage\Trace;

use Preheat\AboutSetting;
use Preheat\EnvironmentError;
use Preheat\Setting;
use Preheat\SettingError;

/** The app, served for tracing, failed a page or ran no PHP: the machine or the app, not the input. */
final class TraceError extends \RuntimeException implements EnvironmentError, SettingError
{
    use AboutSetting;

    public static function pageFailed(string $path, string $answer, string $log): self
    {
        return new self(\sprintf(
            'Tracing %s failed: it answered %s. Check the URLs to trace and that the app works without preloading.%s',
            $path,
            $answer,
            '' === trim($log) ? '' : "\nphp-fpm/PHP log:\n".$log,
        ), Setting::Urls);
    }

    public static function nothingRecorded(string $paths): self
    {
        return new self(\sprintf(
            'Tracing %s recorded no PHP file: check that the pages run PHP through the front controller '
            .'(preheat.json "bench.frontController").',
            $paths,
        ));
    }
}
