<?php

namespace Acme\App;

use Acme\Greeting\Greeter;

/** One of the parent's parameters left out: PHP refuses (callers may pass it). */
class LeftOut extends Greeter
{
    public function greet(string $name): string
    {
        return 'hello, '.$name;
    }
}
