<?php

namespace Acme\Value;

readonly class Point3 extends Point
{
    public function __construct(int $x, int $y, public int $z)
    {
        parent::__construct($x, $y);
    }
}
