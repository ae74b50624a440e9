<?php

declare(strict_types=1);

namespace Preheat\Doctor\Rule;

use Preheat\Doctor\Finding\Finding;
use Preheat\Doctor\Finding\Fix;
use Preheat\Doctor\Finding\Rung;
use Preheat\Doctor\Finding\Severity;
use Preheat\Doctor\Profile\AppProfile;
use Preheat\Doctor\Profile\ServerConfig;

/** In production, code changes only with a deploy: checking every file's mtime is work for nothing. */
final class ValidateTimestampsRule implements Rule
{
    public function check(ServerConfig $server, AppProfile $app): array
    {
        if (!$server->flag('opcache.enable') || !$server->flag('opcache.validate_timestamps')) {
            return [];
        }

        return [new Finding(
            'validate-timestamps-on',
            Severity::Warning,
            'opcache.validate_timestamps is on',
            'OPcache checks the files of every request for changes (each opcache.revalidate_freq seconds). In '
            .'production code changes only with a deploy: turn it off, and restart php-fpm on every deploy (you must '
            .'anyway when preloading).',
            [Fix::at($server->ini->fixLocation('opcache.validate_timestamps'), '0')],
            Rung::OpcacheSizing,
        )];
    }
}
