<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * Files of Preheat that another PHP process reads by path (the worker program and the libraries it
 * loads, the usage recorder). Run from a clone or a Composer install they are where they are. Run from
 * preheat.phar they are phar:// paths, which a php-fpm, php-cgi or apache child (or a PHP without the
 * Phar extension) cannot be assumed to read: they are extracted once into a directory of this user,
 * named after the PHAR's hash, and their real paths given instead.
 */
final class PackageFiles
{
    /** What other processes read: extracted together, so that their relative paths still hold. */
    private const EXTERNAL = [
        'recorder',
        'src/Worker',
        'vendor/react',
        'vendor/evenement',
    ];

    /** @var array<string, string> extraction directory by PHAR path */
    private static array $extracted = [];

    public static function inPhar(): bool
    {
        return '' !== \Phar::running(false);
    }

    /**
     * A path another process can read for a file or directory of Preheat (one of EXTERNAL's trees).
     *
     * @throws FileSystemError when it cannot be extracted from the PHAR
     */
    public static function external(string $path): string
    {
        $phar = \Phar::running(true);
        if ('' === $phar || !str_starts_with($path, $phar.'/')) {
            return $path;
        }

        return self::extract(\Phar::running(false)).substr($path, \strlen($phar));
    }

    /**
     * Where the files are extracted: preheat-runtime-UID under the temp directory (0755, written only
     * by this user, refused when another user could write it), one subdirectory per PHAR content.
     */
    public static function directory(): string
    {
        return rtrim(sys_get_temp_dir(), '/').'/preheat-runtime-'.posix_geteuid();
    }

    private static function extract(string $pharFile): string
    {
        if (isset(self::$extracted[$pharFile])) {
            return self::$extracted[$pharFile];
        }
        $base = self::directory();
        if (!is_dir($base)) {
            @mkdir($base, 0o755);
        }
        $remedy = 'set TMPDIR to a directory of yours';
        try {
            $usable = PrivateDirectory::ensure($base, $remedy);
        } catch (UnsafeDirectory $error) {
            throw new FileSystemError('Cannot extract the files of preheat.phar that other processes read: '
                .$error->getMessage());
        }
        if (!$usable) {
            throw new FileSystemError(\sprintf(
                'Cannot create %s to extract the files of preheat.phar that other processes read: %s.',
                $base,
                'make the temp directory writable or '.$remedy,
            ));
        }
        $hash = hash_file('sha256', $pharFile);
        $target = $base.'/'.substr(false === $hash ? 'unknown' : $hash, 0, 16);
        if (!is_file($target.'/.complete')) {
            // Extracted beside it, then renamed into place: a concurrent run sees all of it or none.
            $staging = $target.'.'.getmypid().'.'.bin2hex(random_bytes(4));
            try {
                foreach (self::EXTERNAL as $tree) {
                    self::copy('phar://'.$pharFile.'/'.$tree, $staging.'/'.$tree);
                }
                self::write($staging.'/.complete', '');
                if (!@rename($staging, $target) && !is_file($target.'/.complete')) {
                    throw new FileSystemError(\sprintf('Cannot move %s to %s.', $staging, $target));
                }
            } finally {
                if (is_dir($staging)) {
                    self::remove($staging);
                }
            }
        }

        return self::$extracted[$pharFile] = $target;
    }

    private static function copy(string $from, string $to): void
    {
        if (!is_dir($from)) {
            return;
        }
        self::directoryAt($to);
        foreach (scandir($from) ?: [] as $entry) {
            if ('.' === $entry || '..' === $entry) {
                continue;
            }
            if (is_dir($from.'/'.$entry)) {
                self::copy($from.'/'.$entry, $to.'/'.$entry);
            } else {
                $content = @file_get_contents($from.'/'.$entry);
                if (false === $content) {
                    throw new FileSystemError(\sprintf('Cannot read %s from the PHAR.', $from.'/'.$entry));
                }
                self::write($to.'/'.$entry, $content);
            }
        }
    }

    private static function directoryAt(string $directory): void
    {
        if (!is_dir($directory) && !@mkdir($directory, 0o755, true) && !is_dir($directory)) {
            throw new FileSystemError(\sprintf('Cannot create %s to extract the PHAR\'s files into.', $directory));
        }
        @chmod($directory, 0o755);
    }

    private static function write(string $file, string $content): void
    {
        if (false === @file_put_contents($file, $content)) {
            throw new FileSystemError(\sprintf('Cannot write %s (extracting the PHAR\'s files).', $file));
        }
        @chmod($file, 0o644);
    }

    private static function remove(string $path): void
    {
        if (is_dir($path) && !is_link($path)) {
            foreach (scandir($path) ?: [] as $entry) {
                if ('.' !== $entry && '..' !== $entry) {
                    self::remove($path.'/'.$entry);
                }
            }
            @rmdir($path);

            return;
        }
        @unlink($path);
    }
}
