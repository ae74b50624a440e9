<?php

namespace Acme\Support;

trait Macroable
{
    public function macro(): string
    {
        return 'macro';
    }
}
