<?php

namespace Acme\App;

use Acme\Greeting\Greeter;

/** A required parameter added: PHP refuses ("must be compatible"). */
class Bad extends Greeter
{
    public function hi(int $x): string
    {
        return 'hi '.$x;
    }
}
