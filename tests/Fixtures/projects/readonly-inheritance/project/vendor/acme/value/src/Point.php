<?php

namespace Acme\Value;

readonly class Point
{
    public function __construct(public int $x, public int $y)
    {
    }
}
