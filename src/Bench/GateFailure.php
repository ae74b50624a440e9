<?php

declare(strict_types=1);

namespace Preheat\Bench;

use Preheat\EnvironmentError;
use Preheat\Setting;
use Preheat\SettingError;

/**
 * The baseline itself does not serve the pages: nothing can be compared with it. The app or its server
 * fails, not the input.
 */
final class GateFailure extends \RuntimeException implements EnvironmentError, SettingError
{
    /** @param list<string> $problems */
    public function __construct(string $scenario, array $problems, string $log)
    {
        parent::__construct(\sprintf(
            // The advice on the first line: the console adds the option of the URLs there.
            'The %s scenario does not serve the pages, so nothing was measured: check the URLs and that the app'
            ." works without preloading.\n  %s%s",
            $scenario,
            implode("\n  ", $problems),
            '' === trim($log) ? '' : "\nphp-fpm/PHP log:\n".$log,
        ));
    }

    public function setting(): Setting
    {
        return Setting::Urls;
    }
}
