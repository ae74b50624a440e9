<?php

namespace dokuwiki\Cache;

// Runtime code in a directory named like a cache: only lower-case cache/ directories hold what the app writes.
class Cache
{
    public function useCache(): bool
    {
        return false;
    }
}
