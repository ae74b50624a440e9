<?php

declare(strict_types=1);

namespace Preheat\Doctor\Rule;

/** A preload bug of PHP itself: the php-src issue, the versions it affects, and what sets it off. */
final class KnownPreloadBug
{
    /**
     * @param string|null  $fixedIn    the first release without it; null while it is open
     * @param list<string> $extensions it needs one of these loaded; none when any setup is affected
     */
    public function __construct(
        public readonly string $issue,
        public readonly string $summary,
        public readonly string $since,
        public readonly ?string $fixedIn,
        public readonly array $extensions = [],
    ) {
    }

    public function affects(string $phpVersion): bool
    {
        return version_compare($phpVersion, $this->since, '>=')
            && (null === $this->fixedIn || version_compare($phpVersion, $this->fixedIn, '<'));
    }
}
