<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

/**
 * A temp directory of this test run, set as TMPDIR for the run and every process it starts.
 *
 * What Preheat puts in the temp dir (bench and trace work directories, whose paths php-fpm and nginx
 * carry on their command lines) then names this run, so the check for servers left behind sees this
 * run's servers only, not those of another run on the same machine.
 */
final class TestRunDirectory
{
    private static ?string $path = null;

    public static function install(): void
    {
        if (null !== self::$path) {
            return;
        }
        // Not sys_get_temp_dir(): PHP keeps its first answer for the whole process, and the answer must be this directory.
        $base = getenv('TMPDIR');
        $path = rtrim(\is_string($base) && '' !== $base ? $base : '/tmp', '/').'/preheat-tests-'.getmypid().'-'.bin2hex(random_bytes(3));
        if (!mkdir($path, 0700) || !chmod($path, 01777)) {
            throw new \RuntimeException("Cannot create the test run's temp directory $path.");
        }
        // Like /tmp: php-fpm workers running as the pool's user create their own directories here.
        self::$path = $path;
        putenv('TMPDIR='.$path);
        $_ENV['TMPDIR'] = $path;
        // Symfony Process passes on the variables it finds in $_SERVER.
        $_SERVER['TMPDIR'] = $path;
        if (sys_get_temp_dir() !== $path) {
            throw new \LogicException('The temp directory was asked for before the test bootstrap set it.');
        }
        register_shutdown_function(static function () use ($path): void {
            self::remove($path);
        });
    }

    public static function path(): string
    {
        return self::$path ?? throw new \LogicException('TestRunDirectory::install() runs in the test bootstrap.');
    }

    private static function remove(string $path): void
    {
        if (is_link($path) || !is_dir($path)) {
            @unlink($path);

            return;
        }
        foreach (scandir($path) ?: [] as $entry) {
            if ('.' !== $entry && '..' !== $entry) {
                self::remove($path.'/'.$entry);
            }
        }
        @rmdir($path);
    }
}
