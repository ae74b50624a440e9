<?php

declare(strict_types=1);

namespace Preheat\Util;

/** A word of a shell command a message proposes: quoted only when it needs to be, so the usual path reads as typed. */
final class ShellWord
{
    public static function of(string $word): string
    {
        return 1 === preg_match('~^[A-Za-z0-9_./:=@%+-]+$~', $word) ? $word : escapeshellarg($word);
    }
}
