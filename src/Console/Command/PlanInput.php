<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Composer\ProjectError;
use Preheat\Config\PreheatJson;
use Preheat\Console\Option\InvalidOption;
use Preheat\Inventory\InventoryCache;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanRequest;
use Symfony\Component\Console\Command\Command;
use Symfony\Component\Console\Input\InputInterface;
use Symfony\Component\Console\Input\InputOption;

/**
 * The options `generate` and `explain` share to describe what to scan.
 *
 * @internal
 */
final class PlanInput
{
    public static function configure(Command $command): void
    {
        $command
            ->addOption('project', null, InputOption::VALUE_REQUIRED, 'The project root (where composer.json is)', '.')
            ->addOption(
                'path',
                null,
                InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY,
                'A directory or file to scan, relative to the project root (default: the project root, without tests, '.
                'docs and caches, plus vendor/); replaces the defaults',
            )
            ->addOption(
                'include-dir',
                null,
                InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY,
                'Scan a directory the defaults skip (tests, docs, cache, ...): its path relative to the project root, '.
                'or its name for every such directory',
            )
            ->addOption(
                'ignore',
                null,
                InputOption::VALUE_REQUIRED | InputOption::VALUE_IS_ARRAY,
                'Leave out a namespace prefix (Laravel\\Telescope) or a path glob (vendor/laravel/telescope); an '.
                'ignored file still counts for duplicate declarations',
            )
            ->addOption(
                'include-dev',
                null,
                InputOption::VALUE_NONE,
                'Also preload packages Composer installed for development only',
            )
            ->addOption(
                'php',
                null,
                InputOption::VALUE_REQUIRED,
                'The PHP binary php-fpm runs (its built-in classes and version decide what is safe; default: the PHP'
                .' running Preheat)',
            )
            ->addOption(
                'cache-dir',
                null,
                InputOption::VALUE_REQUIRED,
                'Where to keep the parse cache: a directory of yours only (default: $XDG_CACHE_HOME/preheat or '.
                '~/.cache/preheat)',
            )
            ->addOption('no-cache', null, InputOption::VALUE_NONE, 'Parse every file again');
    }

    public static function request(InputInterface $input): PlanRequest
    {
        $project = (string) $input->getOption('project');
        $root = realpath($project);
        if (false === $root || !is_dir($root)) {
            // Said first: a cache directory, php-fpm's hit counts or PHP's location would only come to it later.
            throw ProjectError::missingDirectory($project);
        }
        $cacheFile = null;
        if (!$input->getOption('no-cache')) {
            $cacheDir = $input->getOption('cache-dir');
            $cacheFile = InventoryCache::fileFor($root, null === $cacheDir ? null : (string) $cacheDir);
        }

        $paths = array_values(array_map('strval', (array) $input->getOption('path')));

        return new PlanRequest(
            $root,
            [] === $paths ? PreheatJson::read($root)->generate()->paths : $paths,
            $cacheFile,
            PhpInput::binary($input),
            array_values(array_map('strval', (array) $input->getOption('include-dir'))),
        );
    }

    /**
     * What to leave out of the plan: --ignore and --include-dev. A strategy names the plan it chooses itself
     * (GenerateSession), so the options never carry its name apart from it.
     */
    public static function options(InputInterface $input): PlanOptions
    {
        $ignore = array_values(array_map('strval', (array) $input->getOption('ignore')));
        if ([] === $ignore) {
            $root = realpath((string) $input->getOption('project'));
            $ignore = false === $root ? [] : PreheatJson::read($root)->generate()->ignore;
        }

        return PlanOptions::ignoring($ignore, (bool) $input->getOption('include-dev'));
    }

    public static function format(InputInterface $input, string ...$allowed): string
    {
        $format = (string) $input->getOption('format');
        if (!\in_array($format, $allowed, true)) {
            throw new InvalidOption(\sprintf('--format=%s is not one of %s.', $format, implode(', ', $allowed)));
        }

        return $format;
    }
}
