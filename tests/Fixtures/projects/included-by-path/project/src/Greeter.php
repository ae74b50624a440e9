<?php

namespace App;

final class Greeter
{
    public function greet(): string
    {
        return 'hello';
    }
}
