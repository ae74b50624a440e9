<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Symfony\Component\Process\Process;

/** preheat.phar built from this checkout with scripts/build-phar.php (what `make phar` runs), once per test run. */
final class PharBuild
{
    private static ?string $path = null;

    public static function path(): string
    {
        if (null !== self::$path && is_file(self::$path)) {
            return self::$path;
        }
        $directory = TestRunDirectory::path().'/phar-build';
        @mkdir($directory, 0o755, true);
        $path = $directory.'/preheat.phar';
        $build = new Process(
            [\PHP_BINARY, '-d', 'phar.readonly=0', \dirname(__DIR__, 2).'/scripts/build-phar.php', $path],
            null,
            null,
            null,
            300,
        );
        $build->run();
        if (0 !== $build->getExitCode() || !is_file($path)) {
            throw new \RuntimeException("The PHAR did not build:\n".$build->getOutput().$build->getErrorOutput());
        }

        return self::$path = $path;
    }

    /**
     * Runs `php preheat.phar ARGUMENTS` in $directory.
     *
     * @param list<string>               $arguments
     * @param array<string, string>|null $environment
     */
    public static function run(array $arguments, string $directory, ?array $environment = null): Process
    {
        $process = new Process([\PHP_BINARY, self::path(), ...$arguments], $directory, $environment, null, 180);
        $process->run();

        return $process;
    }
}
