<?php

declare(strict_types=1);

namespace Preheat\Server;

use Preheat\UserError;

/**
 * A path or name the bench would write into a server's configuration, refused because that format cannot carry it
 * safely.
 */
final class UnsafeConfigValue extends \InvalidArgumentException implements UserError
{
    public static function because(string $what, string $value, string $format, string $character): self
    {
        return new self(\sprintf(
            '%s %s contains %s, which cannot be written safely into %s configuration: move or rename it to a path'
            .' without it (or name another in preheat.json).',
            ucfirst($what),
            json_encode($value, \JSON_UNESCAPED_SLASHES | \JSON_UNESCAPED_UNICODE | \JSON_INVALID_UTF8_SUBSTITUTE),
            $character,
            str_ends_with($format, '\'') ? $format : $format.'\'s',
        ));
    }
}
