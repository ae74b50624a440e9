<?php

declare(strict_types=1);

namespace Preheat\Doctor\Rule;

use Preheat\Doctor\Finding\Finding;
use Preheat\Doctor\Finding\Fix;
use Preheat\Doctor\Finding\Rung;
use Preheat\Doctor\Finding\Severity;
use Preheat\Doctor\Profile\AppProfile;
use Preheat\Doctor\Profile\ServerConfig;

/** opcache.preload in the CLI's ini: Composer and every console command run the app's preload first. */
final class CliPreloadRule implements Rule
{
    public function check(ServerConfig $server, AppProfile $app): array
    {
        if ('' === trim($server->cli->preload)) {
            return [];
        }

        return [new Finding(
            'cli-preload',
            Severity::Error,
            \sprintf('The CLI preloads %s too', $server->cli->preload),
            'Composer, artisan and cron jobs then start with the app\'s classes already declared: Composer crashes '
            .'on the classes it declares itself, and a deploy\'s `composer install` runs the old release\'s code. '
            .'Keep opcache.preload in php-fpm\'s ini only.',
            [Fix::at($server->cli->ini->locate('opcache.preload'), '')],
            Rung::PreloadAll,
        )];
    }
}
