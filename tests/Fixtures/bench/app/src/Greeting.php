<?php

declare(strict_types=1);

namespace App;

// A constant beside the class: preloading this file means the define() never runs.
define('APP_GREETING', 'Hello from the fixture');

final class Greeting
{
    public static function text(): string
    {
        return \defined('APP_GREETING') ? APP_GREETING : 'no greeting: APP_GREETING is undefined';
    }
}
