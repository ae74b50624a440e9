<?php

namespace Acme\Grapheme;

define('ACME_GRAPHEME_RX', '(?:\r\n|\X)');

final class Grapheme
{
    public static function split(string $s): array
    {
        preg_match_all('/'.ACME_GRAPHEME_RX.'/u', $s, $m);

        return $m[0];
    }
}
