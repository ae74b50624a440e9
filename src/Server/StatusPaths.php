<?php

declare(strict_types=1);

namespace Preheat\Server;

/**
 * Where a bench server answers Preheat's own questions (OPcache's view from inside PHP, the server's
 * request count): under a prefix drawn at random for each start, so that nobody else on the machine
 * who can reach the loopback port can read them. Only Preheat's own clients know the prefix; the
 * fixed prefix of older versions (FIXED_PREFIX) answers 404.
 */
final class StatusPaths
{
    public const FIXED_PREFIX = '/__preheat';

    private function __construct(public readonly string $prefix)
    {
    }

    /** A fresh prefix of 128 random bits. */
    public static function random(): self
    {
        return new self(self::FIXED_PREFIX.'-'.bin2hex(random_bytes(16)));
    }

    /** The OPcache probe. */
    public function opcache(): string
    {
        return $this->prefix.'/status';
    }

    /** The server's own status: php-fpm's status page, Apache's mod_status, the workers' request count. */
    public function server(): string
    {
        return $this->prefix.'/server-status';
    }
}
