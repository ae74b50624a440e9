<?php

declare(strict_types=1);

namespace Preheat\Server;

/**
 * What a server's own status page says about the requests its PHP workers serve: how many it took so
 * far and how many workers are busy now. The reading is itself a request: php-fpm counts it in
 * `accepted` when it accepts it; Apache counts it once it has answered, so in the next reading.
 */
final class RequestCount
{
    public function __construct(
        public readonly int $accepted,
        public readonly int $busy,
    ) {
    }

    /** php-fpm's status page (pm.status_path, plain text): "accepted conn" and "active processes". */
    public static function fromFpmStatus(string $status): ?self
    {
        if (!preg_match(
            '/^accepted conn:\s*(\d+)$/m',
            $status,
            $accepted,
        ) || !preg_match('/^active processes:\s*(\d+)$/m', $status, $active)) {
            return null;
        }

        return new self((int) $accepted[1], (int) $active[1]);
    }

    /** Apache's mod_status in machine form (?auto): "Total Accesses" and "BusyWorkers". */
    public static function fromApacheStatus(string $status): ?self
    {
        if (!preg_match(
            '/^Total Accesses:\s*(\d+)$/m',
            $status,
            $accepted,
        ) || !preg_match('/^BusyWorkers:\s*(\d+)$/m', $status, $busy)) {
            return null;
        }

        return new self((int) $accepted[1], (int) $busy[1]);
    }
}
