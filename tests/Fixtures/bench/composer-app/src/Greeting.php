<?php

declare(strict_types=1);

namespace App;

final class Greeting
{
    public static function text(): string
    {
        return 'Hello from a Composer-loaded class';
    }
}
