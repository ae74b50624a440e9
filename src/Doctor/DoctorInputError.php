<?php

declare(strict_types=1);

namespace Preheat\Doctor;

use Preheat\UserError;

/** Input doctor cannot read: a pool file or project that is not there or does not parse. */
final class DoctorInputError extends \RuntimeException implements UserError
{
    public static function unreadablePool(string $file): self
    {
        return new self(
            \sprintf(
                'cannot read the php-fpm pool file %s: give a readable pool file (the one php-fpm includes, e.g. '
                .'/etc/php/8.2/fpm/pool.d/www.conf).',
                $file,
            ),
        );
    }

    public static function badPool(string $file, string $why): self
    {
        return new self(
            \sprintf(
                'the php-fpm pool file %s does not parse: %s. Fix it (php-fpm -t checks it too) or give another pool '
                .'file.',
                $file,
                $why,
            ),
        );
    }

    public static function noProject(string $root): self
    {
        return new self(
            \sprintf('the project %s is not a directory: give the app\'s root (where composer.json is).', $root),
        );
    }

    public static function noPath(string $path): self
    {
        return new self(
            \sprintf('%s does not exist: give a directory or file of the app, relative to the project root.', $path),
        );
    }

    public static function noPoolFiles(string $where): self
    {
        return new self(\sprintf('no php-fpm pool file found (%s): give the pool file php-fpm includes.', $where));
    }
}
