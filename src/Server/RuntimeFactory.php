<?php

declare(strict_types=1);

namespace Preheat\Server;

use Preheat\Php\PhpInstallation;

/** Starts runtimes of one kind, all with the same settings; only the preload script and extra ini differ. */
interface RuntimeFactory
{
    /**
     * Starts one runtime in $directory (its configuration, sockets and logs go there) and waits until it answers.
     *
     * @param array<string, string> $extraIni more php.ini settings, e.g. auto_prepend_file for the recorder
     *
     * @throws RuntimeError when it does not start
     */
    public function start(string $name, string $directory, ?string $preloadScript, array $extraIni = []): Runtime;

    /** The PHP installation every runtime it starts serves with (its ini, sizes and pool user). */
    public function php(): PhpInstallation;
}
