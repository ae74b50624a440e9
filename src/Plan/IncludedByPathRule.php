<?php

declare(strict_types=1);

namespace Preheat\Plan;

use Preheat\Composer\ComposerProject;
use Preheat\Inventory\FileInventory;
use Preheat\Util\RelativePath;

/**
 * Files that must stay out of a preload because the app includes them by their path.
 *
 * A preloaded file's functions and classes stay declared, from the path it was preloaded from, until php-fpm
 * restarts. Including that same path again is harmless (PHP skips what is preloaded), but a deploy moves the
 * app: once `current` points to the next release, the next release's code includes its own copy, from another
 * path, which PHP compiles anew, and declaring its functions or classes a second time is fatal ("Cannot
 * redeclare", "Cannot declare class") on every request until the restart. A class the autoloader loads is
 * safe (it exists, the autoloader is never asked); a file included by path is not. What is left out:
 *
 * - the files Composer's autoloader includes by path on every request: its `files` entries
 *   (vendor/composer/autoload_files.php) and its own loader (autoload_real.php, autoload_static.php, which
 *   vendor/autoload.php requires). Always: their gain is a few small files, the risk every request.
 * - in a release directory (the project's parent is `releases/`, as Deployer, Envoyer and Capistrano lay
 *   releases out), the files recorded requests only ever required by path: the next release requires its copy.
 */
final class IncludedByPathRule
{
    /** The files of Composer's loader that vendor/autoload.php requires by path, in vendor/composer/. */
    private const COMPOSER_LOADER = ['autoload_real.php', 'autoload_static.php'];

    /** @var array<string, string> real path => what includes it, for the message */
    private readonly array $includedBy;

    private readonly bool $releaseDirectory;

    public function __construct(private readonly ComposerProject $project, private readonly ?RequireEvidence $evidence)
    {
        $includedBy = [];
        foreach ($project->autoload->files as $file) {
            $includedBy[realpath($file) ?: $file] = 'Composer\'s autoloader includes it by its path on every request '.
                '(a `files` entry of vendor/composer/autoload_files.php)';
        }
        if (null !== $project->vendorDir) {
            foreach (self::COMPOSER_LOADER as $name) {
                // By its real path, as the files entries and the scan's files (a vendor/ linked elsewhere).
                $path = $project->vendorDir.'/composer/'.$name;
                $includedBy[realpath($path) ?: $path] = 'vendor/autoload.php requires it by its path '.
                    'on every request (Composer\'s own loader)';
            }
        }
        $this->includedBy = $includedBy;
        $this->releaseDirectory = 'releases' === basename(\dirname($project->root));
    }

    /** Why the file, which declares something at top level, must stay out; null when it may be preloaded. */
    public function exclusion(FileInventory $file): ?Exclusion
    {
        $includedBy = $this->includedBy[$file->path] ?? null;
        if (null === $includedBy && $this->releaseDirectory && null !== $this->evidence
            && $this->evidence->loads($file->path) > 0 && $this->evidence->onlyRequired($file->path)
        ) {
            $includedBy = \sprintf(
                'every load of it in %s was an explicit require or include, and the project is a release directory '.
                '(%s)',
                $this->evidence->source,
                RelativePath::of(\dirname($this->project->root), \dirname($this->project->root, 2)).'/',
            );
        }
        if (null === $includedBy) {
            return null;
        }
        $first = $file->declarations[0] ?? null;
        $declared = null === $first ? 'what it declares' : $first->name.($first->kind->isClassLike() ? '' : '()');

        return new Exclusion(DropReason::IncludedByPath, \sprintf(
            '%s: preloaded, %s would stay declared from this path until php-fpm restarts, and once the next '.
            'release is switched in, its copy of this file, included from another path, would declare it again: '.
            'a fatal "%s" on every request until the restart',
            $includedBy,
            $declared,
            null !== $first && $first->kind->isClassLike() ? 'Cannot declare class' : 'Cannot redeclare',
        ));
    }
}
