<?php

namespace Acme\App;

use Acme\Greeting\Greeter;

/** A parameter the parent takes by reference taken by value: PHP refuses. */
class ByValue extends Greeter
{
    public function sort(array $names): void
    {
        sort($names);
    }
}
