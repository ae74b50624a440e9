<?php

namespace Acme\Uuid;

final class Uuid
{
    public static function v4(): string
    {
        return bin2hex(random_bytes(16));
    }
}
