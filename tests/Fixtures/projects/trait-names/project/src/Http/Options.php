<?php

namespace App\Http;

trait Options
{
    public static function fromArray(array $values): object
    {
        // An anonymous class using the trait it is declared in, extending a class that uses it too: the
        // files need each other, but the classes do not (PHP declares the anonymous class when this runs).
        return new class($values) extends OptionsBag {
            use Options;

            public function __construct(private readonly array $values)
            {
            }
        };
    }
}
