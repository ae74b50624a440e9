<?php

namespace Acme\Grapheme;

final class Width
{
    public static function of(string $s): int
    {
        return \count(Grapheme::split($s));
    }
}
