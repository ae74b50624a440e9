<?php

declare(strict_types=1);

namespace App;

interface Greeting
{
    public function greet(string $name): string;
}
