<?php

namespace Acme\Greeting;

class Greeter
{
    public function hi(): string
    {
        return 'hi';
    }

    public function greet(string $name, string $greeting): string
    {
        return $greeting.', '.$name;
    }

    public function sort(array &$names): void
    {
        sort($names);
    }
}
