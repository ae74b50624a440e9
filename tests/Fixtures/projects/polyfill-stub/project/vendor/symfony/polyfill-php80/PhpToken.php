<?php

namespace Symfony\Polyfill\Php80;

class PhpToken implements \Stringable
{
    public function __toString(): string
    {
        return '';
    }
}
