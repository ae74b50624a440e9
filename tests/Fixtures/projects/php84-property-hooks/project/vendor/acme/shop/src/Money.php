<?php

namespace Acme\Shop;

class Money
{
    public function __construct(public readonly int $cents)
    {
    }
}
