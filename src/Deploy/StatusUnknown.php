<?php

declare(strict_types=1);

namespace Preheat\Deploy;

/**
 * A status that could not be read: the server did not answer with the probe. Only monitoring formats
 * report it (as "unknown", beside the error and exit code 3), so that a metrics file written from a
 * timer does not go on saying "fresh" about a server that no longer answers.
 */
final class StatusUnknown
{
    public function __construct(
        public readonly string $server,
        public readonly string $script,
        public readonly string $why,
        /** the script's mtime on disk (Unix time), or null when it cannot be read */
        public readonly ?int $scriptModified,
    ) {
    }

    public static function of(string $server, string $script, \Throwable $why): self
    {
        $modified = is_file($script) ? @filemtime($script) : false;

        return new self(
            $server,
            realpath($script) ?: $script,
            $why->getMessage(),
            false === $modified ? null : $modified,
        );
    }
}
