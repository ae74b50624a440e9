<?php

declare(strict_types=1);

namespace Preheat\Bench\Scenario;

/** How a scenario's php.ini sets OPcache up, on top of the ini php-fpm uses. */
enum OpcacheLayer: string
{
    /** The ini as it is: its sizes, its validate_timestamps. The ladder's baseline. */
    case AsConfigured = 'as configured';
    /**
     * The ini as it is, no stat() per include (opcache.validate_timestamps=0): what every scenario of a plain bench
     * runs with.
     */
    case TimestampsOff = 'validate_timestamps=0';
    /**
     * Sized for this app (memory, interned strings, max_accelerated_files as measured), validate_timestamps=0, a
     * realpath cache for every file.
     */
    case Sized = 'sized';
}
