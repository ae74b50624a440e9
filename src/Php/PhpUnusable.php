<?php

declare(strict_types=1);

namespace Preheat\Php;

use Preheat\EnvironmentError;

/** The PHP binary runs but cannot serve: it prints no settings, or has no OPcache. The machine, not the input. */
final class PhpUnusable extends \RuntimeException implements EnvironmentError
{
    public static function cannotRead(string $command, string $output): self
    {
        return new self(\sprintf(
            'Cannot read PHP\'s settings: `%s` printed no answer. Check the PHP binary and the php.ini.%s',
            $command,
            '' === $output ? '' : "\n".$output,
        ));
    }

    public static function noOpcache(string $phpBinary, string $output): self
    {
        return new self(\sprintf(
            '%s has no OPcache: install or enable the opcache extension (zend_extension=opcache) to preload.%s',
            $phpBinary,
            '' === trim($output) ? '' : "\n".trim($output),
        ));
    }
}
