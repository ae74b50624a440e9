<?php

declare(strict_types=1);

namespace App;

/** A class of an app whose vendor/ came built with it, as a system package ships it. */
final class Greeter
{
    public function greet(): string
    {
        return 'hello';
    }
}
