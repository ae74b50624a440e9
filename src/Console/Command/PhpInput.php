<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Console\Option\FpmConfigOption;
use Preheat\Console\Option\InvalidOption;
use Preheat\Php\Cache\ProbeCache;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpInstallationLocator;
use Preheat\Process\ProcessRunner;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;

/**
 * The options `generate` and `verify` share to say which PHP installation to verify against.
 *
 * @internal
 */
final class PhpInput
{
    public static function configure(Command $command): void
    {
        $command
            ->addOption(
                'ini',
                null,
                InputOption::VALUE_REQUIRED,
                'The php.ini php-fpm uses, or the directory its -c names when it has none (default: the one the '.
                'php-fpm matching --php loads, as `php-fpm -i` says, else /etc/php/X.Y/fpm/php.ini)',
            )
            ->addOption(
                'opcache-memory',
                null,
                InputOption::VALUE_REQUIRED,
                'Verify with this opcache.memory_consumption in MB instead of what the ini says',
            )
            ->addOption(
                'pool-user',
                null,
                InputOption::VALUE_REQUIRED,
                'As root: the user php-fpm preloads as (default: opcache.preload_user, else `user =` of the fpm pool '.
                'config, else www-data)',
            );
        FpmConfigOption::configure($command);
    }

    /**
     * The --php binary: a path that names no executable file is a bad option (exit 2); a bare name is
     * looked up when run, and one that is not installed is the environment's failure. Without the option, the PHP
     * running Preheat: resolved here, not as the option's default, so that help shows the rule and not a path of
     * the machine it runs on.
     */
    public static function binary(InputInterface $input): string
    {
        $binary = (string) ($input->getOption('php') ?? \PHP_BINARY);
        if (str_contains($binary, '/') && (!is_file($binary) || !is_executable($binary))) {
            $message = \sprintf(
                '--php=%s is not an executable file: give the PHP binary php-fpm runs, e.g. --php=/usr/bin/php8.2.',
                $binary,
            );

            throw new InvalidOption($message);
        }

        return $binary;
    }

    /**
     * @param string|null $cacheDirectory the private cache directory, where what the probes of the installation
     *                                    answered is kept for the next run (ProbeCache); null: asked every run
     */
    public static function installation(
        InputInterface $input,
        ProcessRunner $runner,
        string $phpBinary,
        ?string $cacheDirectory = null,
    ): PhpInstallation {
        $ini = $input->getOption('ini');
        $user = $input->getOption('pool-user');
        $cache = null === $cacheDirectory ? null : new ProbeCache($cacheDirectory);
        $installation = (new PhpInstallationLocator($runner, cache: $cache))->locate(
            $phpBinary,
            null === $ini ? null : (string) $ini,
            null,
            null === $user ? null : (string) $user,
            FpmConfigOption::value($input),
        );
        $memory = $input->getOption('opcache-memory');
        if (null === $memory) {
            return $installation;
        }
        $megabytes = filter_var($memory, \FILTER_VALIDATE_INT, ['options' => ['min_range' => 8, 'max_range' => 65536]]);
        if (false === $megabytes) {
            throw new InvalidOption('--opcache-memory must be a number of megabytes from 8 to 65536.');
        }

        return $installation->withSettings(
            $installation->settings->withOverride(
                'opcache.memory_consumption',
                (string) $megabytes,
                '--opcache-memory',
            ),
        );
    }
}
