<?php

namespace Acme\Cache;

class ArrayStore implements Store, \Countable
{
    public function count(): int
    {
        return 0;
    }
}
