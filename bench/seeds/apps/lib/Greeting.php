<?php

declare(strict_types=1);

namespace Seeds;

final class Greeting implements \Stringable
{
    public function __construct(private readonly string $name)
    {
    }

    public function __toString(): string
    {
        return 'Hello, '.$this->name.'!';
    }
}
