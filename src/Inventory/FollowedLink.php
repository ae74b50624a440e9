<?php

declare(strict_types=1);

namespace Preheat\Inventory;

/** A symbolic link to a directory that the scan followed: files under it are known by their real path. */
final class FollowedLink
{
    public function __construct(
        public readonly string $link,
        public readonly string $target,
    ) {
    }
}
