<?php

namespace Acme\Cache;

class RedisStore implements \Psr\SimpleCache\CacheInterface
{
}
