<?php

namespace Acme\App;

use Acme\Greeting\Greeter;

/** An optional parameter added: fine. */
class ExtraOptional extends Greeter
{
    public function hi(int $x = 0): string
    {
        return 'hi '.$x;
    }
}
