<?php

declare(strict_types=1);

namespace Preheat\Php;

/**
 * What the PHP running Preheat must allow, checked before a command starts, so that a limit of its php.ini
 * is named as such rather than found later as a failure that names something else: proc_open() and its
 * companions (every command that boots PHP or a server starts a process), and no open_basedir (Preheat
 * reads the project, /proc, php-fpm's configuration and the temp dir wherever they are, and runs
 * binaries from anywhere on the PATH).
 */
final class CliLimits
{
    /** What Symfony's Process needs to start, watch and stop a program. */
    private const PROCESS_FUNCTIONS = ['proc_open', 'proc_get_status', 'proc_close', 'proc_terminate'];

    /** @throws PhpUnusable when the running PHP disables a process function or sets open_basedir */
    public static function check(): void
    {
        $ini = php_ini_loaded_file();
        $where = (false === $ini ? 'no php.ini' : $ini)
            .(false === php_ini_scanned_files() ? '' : ', its scan directory').' or -d';
        $missing = array_values(array_filter(
            self::PROCESS_FUNCTIONS,
            static fn (string $function): bool => !\function_exists($function),
        ));
        if ([] !== $missing) {
            throw new PhpUnusable(\sprintf(
                'The PHP that runs Preheat cannot start programs: %s %s disabled (disable_functions, set in %s). '
                .'Preheat boots PHP and servers to check what it writes: take %s out of disable_functions for '
                .'the CLI (its own php.ini), or run `php -d disable_functions= preheat ...`.',
                implode(', ', $missing),
                1 === \count($missing) ? 'is' : 'are',
                $where,
                1 === \count($missing) ? 'it' : 'them',
            ));
        }
        $baseDirectories = (string) \ini_get('open_basedir');
        if ('' !== $baseDirectories) {
            throw new PhpUnusable(\sprintf(
                'The PHP that runs Preheat sets open_basedir (%s, set in %s): Preheat reads the project, /proc, '
                .'php-fpm\'s configuration and the temp dir and runs binaries wherever they are, and would misread '
                .'what it may not see. Remove open_basedir from the CLI\'s php.ini (keep it in php-fpm\'s), or run '
                .'`php -d open_basedir= preheat ...`.',
                $baseDirectories,
                $where,
            ));
        }
    }
}
