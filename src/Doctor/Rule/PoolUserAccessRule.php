<?php

declare(strict_types=1);

namespace Preheat\Doctor\Rule;

use Preheat\Doctor\Finding\Finding;
use Preheat\Doctor\Finding\Severity;
use Preheat\Doctor\Profile\AppProfile;
use Preheat\Doctor\Profile\ServerConfig;

/**
 * The pool's user cannot read files of the app that requests load (or enter a directory above them): every request
 * that loads one fails, with or without a preload. An error, with the one command that opens them all.
 */
final class PoolUserAccessRule implements Rule
{
    public function check(ServerConfig $server, AppProfile $app): array
    {
        if (null === $app->unreadable || !$app->unreadable->found()) {
            return [];
        }
        $user = $server->poolUser();

        return [new Finding(
            'pool-user-cannot-read-app',
            Severity::Error,
            \sprintf('%s, the user php-fpm runs requests as, cannot read files of the app', $user),
            implode(' ', $app->unreadable->lines($user, 'files the app can load'))
                .' Every request that loads one fails ("Failed to open stream: Permission denied"), whatever the '
                .'preload. Fix: '.$app->unreadable->fix().'.',
        )];
    }
}
