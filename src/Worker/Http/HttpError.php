<?php

declare(strict_types=1);

namespace Preheat\Worker\Http;

/** A request the worker refuses before the app sees it: answered with this status, then the connection is closed. */
final class HttpError extends \RuntimeException
{
    public function __construct(public readonly int $status, string $why)
    {
        parent::__construct($why);
    }

    public static function badRequest(string $why): self
    {
        return new self(400, $why);
    }
}
