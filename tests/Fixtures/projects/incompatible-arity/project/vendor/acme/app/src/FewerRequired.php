<?php

namespace Acme\App;

use Acme\Greeting\Greeter;

/** Fewer required arguments (defaults added) and a variadic rest: fine. */
class FewerRequired extends Greeter
{
    public function greet(string $name = 'you', string $greeting = 'hello', string ...$more): string
    {
        return $greeting.', '.$name;
    }
}
