<?php

namespace Acme\Shop;

final class Slugger
{
    public static function slug(string $text): string
    {
        return strtolower(trim((string) preg_replace('/[^a-z0-9]+/i', '-', $text), '-'));
    }
}
