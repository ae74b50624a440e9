<?php

declare(strict_types=1);

namespace Preheat\Php\Fpm;

/** php-fpm asked about its configuration (`-i`, `-tt`) rather than started to serve. */
final class FpmQuery
{
    /**
     * What it runs with: no preload. php-fpm runs the ini's opcache.preload as it starts, even only to print its
     * settings: on a server that preloads an app, the whole preload, as the pool's user, for every question.
     */
    public const SETTINGS = ['-d', 'opcache.preload='];
}
