<?php

declare(strict_types=1);

namespace Preheat\Doctor;

use Preheat\EnvironmentError;

/** The machine, not the input: no php-fpm to read, a PHP that cannot measure. */
final class DoctorEnvironmentError extends \RuntimeException implements EnvironmentError
{
    public static function noFpm(string $phpBinary): self
    {
        return new self(
            \sprintf(
                'no php-fpm found for %s: install the php-fpm that matches it (Debian: apt-get install php8.2-fpm), '
                .'or point doctor at the php.ini and pool file php-fpm uses.',
                $phpBinary,
            ),
        );
    }

    public static function cannotMeasure(string $why): self
    {
        return new self(
            \sprintf('cannot measure what the app takes in OPcache: %s. Run without measuring for an estimate.', $why),
        );
    }

    public static function cannotRead(string $command, string $why): self
    {
        return new self(\sprintf('cannot read PHP\'s settings (%s): %s', $command, $why));
    }
}
