<?php

declare(strict_types=1);

namespace Preheat\Integration;

/**
 * Runs Preheat's own CLI as a child process for the framework commands (artisan, bin/console): the app's
 * process loads only these wrappers, never Preheat's classes or its Symfony Console, so neither version
 * meets the other. The child is the package's bin/preheat, or the PHAR named by PREHEAT_BINARY (or by
 * the framework's setting), run with the PHP binary that runs the app.
 */
final class PreheatCli
{
    /** Where to point Preheat instead of the package's own bin: a preheat.phar, or another bin/preheat. */
    public const BINARY_VARIABLE = 'PREHEAT_BINARY';

    public function __construct(private readonly string $projectDir, private readonly ?string $binary = null)
    {
    }

    /** The file to run: the configured one, else this package's bin/preheat. */
    public function binary(): string
    {
        $configured = $this->binary;
        if (null === $configured || '' === $configured) {
            $variable = $_SERVER[self::BINARY_VARIABLE] ?? $_ENV[self::BINARY_VARIABLE]
                ?? getenv(self::BINARY_VARIABLE);
            $configured = \is_string($variable) ? $variable : '';
        }
        if ('' === $configured) {
            return \dirname(__DIR__, 2).'/bin/preheat';
        }

        return str_starts_with($configured, '/') ? $configured : $this->projectDir.'/'.$configured;
    }

    /**
     * Runs `preheat COMMAND ARGUMENTS…` in the project directory and hands its output on as it comes.
     *
     * @param list<string>           $arguments
     * @param callable(string): void $stdout
     * @param callable(string): void $stderr
     *
     * @return int Preheat's exit code (2 with a message when its binary is missing)
     */
    public function run(string $command, array $arguments, callable $stdout, callable $stderr): int
    {
        $binary = $this->binary();
        if (!is_file($binary)) {
            $stderr(\sprintf(
                "Preheat's CLI %s does not exist: set %s to the path of preheat.phar (or of bin/preheat), "
                ."or install preheat/preheat with Composer.\n",
                $binary,
                self::BINARY_VARIABLE,
            ));

            return 2;
        }
        $pipes = [];
        $process = proc_open(
            [\PHP_BINARY, $binary, $command, ...$arguments],
            [0 => ['file', '/dev/null', 'r'], 1 => ['pipe', 'w'], 2 => ['pipe', 'w']],
            $pipes,
            $this->projectDir,
        );
        if (!\is_resource($process)) {
            $stderr(\sprintf(
                "Could not start %s %s: check that PHP may start processes (proc_open).\n",
                \PHP_BINARY,
                $binary,
            ));

            return 3;
        }
        $open = [1 => $pipes[1], 2 => $pipes[2]];
        while ([] !== $open) {
            $read = array_values($open);
            $write = null;
            $except = null;
            if (false === @stream_select($read, $write, $except, null)) {
                break;
            }
            foreach ($read as $stream) {
                $chunk = fread($stream, 65536);
                $number = array_search($stream, $open, true);
                if (false === $chunk || ('' === $chunk && feof($stream))) {
                    fclose($stream);
                    unset($open[$number]);
                    continue;
                }
                if ('' !== $chunk) {
                    1 === $number ? $stdout($chunk) : $stderr($chunk);
                }
            }
        }

        return proc_close($process);
    }
}
