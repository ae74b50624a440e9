<?php

declare(strict_types=1);

namespace Preheat\Process;

/**
 * Told of every program Preheat starts and every configuration file it writes for a server it starts, so that a
 * user can see them (`-vvv`) and do the same by hand. Nothing it does may change the run.
 */
interface ProcessObserver
{
    /** Before the program starts (also one that then fails to start). */
    public function commandStarting(StartedCommand $command): void;

    /**
     * After a configuration file a server reads (its php.ini, php-fpm.conf, nginx.conf...) is written.
     *
     * @param string|null $copyOf a file whose contents open $path unchanged, $contents following them (a php.ini
     *                            copied before Preheat's overrides); null when $contents is the whole file
     */
    public function configWritten(string $path, string $contents, ?string $copyOf = null): void;
}
