<?php

declare(strict_types=1);

namespace Preheat\Doctor\Finding;

/**
 * Whether the user running doctor can make the change a fix names: the file exists (or can be created
 * in its directory), they can write it, and no system package owns it (dpkg's file lists: a package's
 * files are replaced on its next upgrade, so a change there does not last; its conffiles are kept).
 */
final class EditableFile
{
    private const DPKG_LISTS = '/var/lib/dpkg/info';

    /** @var array<string, ?string> path => package, for the lifetime of the process */
    private static array $packages = [];

    public function __construct(
        public readonly string $path,
        public readonly bool $exists,
        public readonly bool $writable,
        // of the file, or of its directory when the file is to be created; null when neither is there
        public readonly ?string $owner,
        public readonly ?int $mode,
        public readonly ?string $package,
        public readonly string $user,
    ) {
    }

    public static function inspect(string $path, string $dpkgLists = self::DPKG_LISTS): self
    {
        clearstatcache(true, $path);
        $exists = is_file($path);
        $target = $exists ? $path : \dirname($path);
        $uid = @fileowner($target);
        $mode = @fileperms($target);

        return new self(
            $path,
            $exists,
            is_dir($target) || $exists ? is_writable($target) : false,
            false === $uid ? null : self::userName($uid),
            false === $mode ? null : $mode & 0o7777,
            // A file to create belongs where its directory does: in a package's directory it is lost (or left behind)
            // at the next upgrade.
            self::package($exists ? $path : \dirname($path), $dpkgLists),
            self::userName(\function_exists('posix_geteuid') ? posix_geteuid() : (int) getmyuid()),
        );
    }

    /** Null when the user can make the change; else why not and what to do instead. */
    public function problem(): ?string
    {
        if (null !== $this->package) {
            return $this->exists
                ? \sprintf(
                    '%s belongs to the system package %s: a change there is lost at its next upgrade',
                    $this->path,
                    $this->package,
                )
                : \sprintf(
                    '%s belongs to the system package %s: a file written there does not survive its upgrades',
                    \dirname($this->path),
                    $this->package,
                );
        }
        if (!$this->exists) {
            if (null === $this->owner) {
                // Its directory could not be read either: it is not there.
                return \sprintf('%s does not exist, nor does its directory', $this->path);
            }

            return $this->writable
                ? null
                : \sprintf(
                    '%s does not exist, and you (%s) cannot create it in %s (owned by %s, mode %04o)',
                    $this->path,
                    $this->user,
                    \dirname($this->path),
                    $this->owner ?? '?',
                    $this->mode ?? 0,
                );
        }
        if (!$this->writable) {
            return \sprintf(
                'you (%s) cannot write %s (owned by %s, mode %04o): make the change as %s',
                $this->user,
                $this->path,
                $this->owner ?? '?',
                $this->mode ?? 0,
                $this->owner ?? 'its owner',
            );
        }

        return null;
    }

    private static function userName(int $uid): string
    {
        $entry = \function_exists('posix_getpwuid') ? posix_getpwuid($uid) : false;

        return false === $entry ? 'uid '.$uid : $entry['name'];
    }

    /** The package whose file list names $path, read from dpkg's lists; null on a machine without dpkg. */
    private static function package(string $path, string $lists): ?string
    {
        $real = realpath($path) ?: $path;
        $key = $lists."\0".$real;
        if (\array_key_exists($key, self::$packages)) {
            return self::$packages[$key];
        }
        $package = null;
        // A conffile (/etc/php/8.2/fpm/pool.d/www.conf) is the package's and the admin's: dpkg keeps a changed one at
        // upgrades.
        foreach (glob($lists.'/*.conffiles') ?: [] as $conffiles) {
            $text = @file_get_contents($conffiles);
            if (false !== $text && str_contains("\n".$text, "\n".$real."\n")) {
                return self::$packages[$key] = null;
            }
        }
        foreach (glob($lists.'/*.list') ?: [] as $list) {
            $text = @file_get_contents($list);
            if (false !== $text && str_contains("\n".$text, "\n".$real."\n")) {
                $package = preg_replace('{:[^:]+$}', '', basename($list, '.list'));
                break;
            }
        }

        return self::$packages[$key] = $package;
    }
}
