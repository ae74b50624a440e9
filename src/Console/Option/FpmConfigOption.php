<?php

declare(strict_types=1);

namespace Preheat\Console\Option;

use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;

/**
 * --fpm-config: php-fpm's main configuration file, for a php-fpm whose configuration is not where its layout
 * keeps it. Defined here once for every command that reads php-fpm's configuration.
 */
final class FpmConfigOption
{
    public const NAME = 'fpm-config';

    public static function configure(Command $command): void
    {
        $command->addOption(
            self::NAME,
            null,
            InputOption::VALUE_REQUIRED,
            'php-fpm\'s main configuration file, as its -y names it (default: the one beside --ini, else '
            .'/etc/php/X.Y/fpm, /usr/local/etc, /etc or /etc/opt/remi/phpXY\'s php-fpm.conf; a running '
            .'master\'s first)',
        );
    }

    /** The file named, checked: a path that is not a file is a bad option (exit 2); null when not given. */
    public static function value(InputInterface $input): ?string
    {
        if (!$input->hasOption(self::NAME)) {
            return null;
        }
        $given = $input->getOption(self::NAME);
        if (null === $given || '' === $given) {
            return null;
        }
        $path = (string) $given;
        if (!is_file($path) || !is_readable($path)) {
            throw new InvalidOption(\sprintf(
                '--%s=%s is not a readable file: give php-fpm\'s main configuration (the file its -y names; '
                .'`php-fpm -t` prints the one it reads by default), or leave the option out to find it.',
                self::NAME,
                $path,
            ));
        }

        return realpath($path) ?: $path;
    }
}
