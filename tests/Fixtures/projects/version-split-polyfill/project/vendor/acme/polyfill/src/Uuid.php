<?php

namespace Acme\Polyfill;

final class Uuid
{
    public function __construct(public readonly string $value)
    {
    }
}
