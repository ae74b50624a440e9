<?php

declare(strict_types=1);

namespace Preheat\Bench\Config;

use Preheat\ConfigError;
use Preheat\Setting;

/** A page to check and load: its path and, optionally, text its body must contain. */
final class UrlSpec
{
    public function __construct(
        public readonly string $path,
        public readonly ?string $expect = null,
    ) {
        if (!str_starts_with($path, '/')) {
            throw ConfigError::invalid('url', $path, 'give a path starting with /, e.g. /', Setting::Urls);
        }
    }
}
