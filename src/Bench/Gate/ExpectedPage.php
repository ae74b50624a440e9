<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

/** What the baseline answered for one page, learned from several identical requests. */
final class ExpectedPage
{
    public function __construct(
        public readonly string $path,
        public readonly int $status,
        public readonly VolatileMask $location,
        public readonly VolatileMask $body,
        /** @var non-empty-list<string> the bodies it was learned from, as compared: for AcceptingMask */
        public readonly array $bodySamples,
    ) {
    }
}
