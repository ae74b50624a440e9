<?php

declare(strict_types=1);

namespace Preheat\Util;

/**
 * Runs the commands that parse an app's code again under OPcache's tracing JIT, when the PHP running Preheat
 * has it but the CLI leaves it off (as Debian's and the official images' php.ini do). Parsing thousands of files
 * with nikic/php-parser is most of a cold `generate`: the JIT takes about a third off it.
 *
 * The process replaces itself (exec, the same PID: a signal to it still reaches what runs), with the PHP options
 * it was started with, OPcache's settings for the CLI after them, and the same arguments. Nothing else changes:
 * the php.ini the user's PHP reads is still read. PREHEAT_JIT=0 in the environment keeps Preheat as it was
 * started; so does a PHP without exec, without OPcache, with Xdebug (which turns the JIT off) or where the
 * command line cannot be read back (/proc/self/cmdline: Linux).
 */
final class JitRestart
{
    /** The environment variable that turns the restart off (0) and that marks a process restarted (restarted). */
    public const ENVIRONMENT = 'PREHEAT_JIT';

    /** The commands that parse code, where the JIT pays for the restart (about 30 ms) many times over. */
    private const COMMANDS = ['generate', 'explain', 'bench', 'doctor'];

    /**
     * The JIT and a code buffer for it; OPcache on in the CLI for Preheat's own code; no preload (a CLI php.ini
     * that names one would otherwise preload an app into Preheat).
     */
    private const SETTINGS = [
        'opcache.enable_cli=1',
        'opcache.jit=tracing',
        'opcache.jit_buffer_size=64M',
        'opcache.preload=',
    ];

    /**
     * Restarts this process under the JIT when that is worth it and possible; returns when it is not (or the
     * exec failed), and Preheat goes on as it was started.
     *
     * @param list<string> $argv $_SERVER['argv']: the script and its arguments
     */
    public static function ifWorthIt(array $argv): void
    {
        $environment = getenv(self::ENVIRONMENT);
        if ('restarted' === $environment) {
            // Restarted: what it starts (other Preheat runs among them) decides for itself again.
            putenv(self::ENVIRONMENT);

            return;
        }
        if (!\function_exists('pcntl_exec') || !is_readable('/proc/self/cmdline')) {
            return;
        }
        $command = self::command(
            $argv,
            (string) @file_get_contents('/proc/self/cmdline'),
            false === $environment ? null : $environment,
            self::opcacheSettings(),
        );
        if (null === $command) {
            return;
        }
        putenv(self::ENVIRONMENT.'=restarted');
        @pcntl_exec(\PHP_BINARY, $command);
        // Still here: the exec failed, and nothing has changed but the environment variable.
        putenv(self::ENVIRONMENT);
    }

    /**
     * The arguments to exec PHP_BINARY with, or null to go on as started.
     *
     * @param list<string>      $argv        the script and its arguments, as PHP gives them
     * @param string            $cmdline     /proc/self/cmdline: the PHP binary, its options, the script, the arguments
     * @param string|null       $environment PREHEAT_JIT
     * @param list<string>|null $opcache     the -d options that turn the JIT on here, or null when it cannot be
     *                                       (see opcacheSettings())
     *
     * @return list<string>|null
     */
    public static function command(array $argv, string $cmdline, ?string $environment, ?array $opcache): ?array
    {
        if ('0' === $environment || null === $opcache || !\in_array(self::commandName($argv), self::COMMANDS, true)) {
            return null;
        }
        $words = explode("\0", rtrim($cmdline, "\0"));
        $options = \count($words) - \count($argv) - 1;
        // The command line must end with exactly the script and its arguments; what comes before them, after the
        // binary, are PHP's own options (-d, -c, -n), kept. Anything else (php -f x, a -- between): no restart.
        if ($options < 0 || \array_slice($words, $options + 1) !== $argv) {
            return null;
        }
        $phpOptions = \array_slice($words, 1, $options);
        for ($index = 0; $index < $options; ++$index) {
            $option = $phpOptions[$index];
            if (\in_array($option, ['-d', '-c', '-z'], true)) {
                ++$index; // its value follows

                continue;
            }
            if (!str_starts_with($option, '-') || \in_array($option, ['-f', '--'], true)) {
                return null;
            }
        }
        $settings = [];
        foreach ($opcache as $setting) {
            $settings[] = '-d';
            $settings[] = $setting;
        }

        return [...$phpOptions, ...$settings, ...$argv];
    }

    /**
     * What turns the JIT on in this PHP: null when it is on already, cannot be (no OPcache to load, Xdebug) or is
     * compiled out.
     *
     * @return list<string>|null
     */
    public static function opcacheSettings(): ?array
    {
        if (\extension_loaded('xdebug')) {
            return null;
        }
        if (\extension_loaded('Zend OPcache')) {
            $jit = \ini_get('opcache.jit');
            if (false === $jit) {
                return null; // built without the JIT
            }
            $on = filter_var(\ini_get('opcache.enable_cli'), \FILTER_VALIDATE_BOOL)
                && !\in_array(strtolower($jit), ['', '0', 'off', 'disable'], true)
                && '0' !== (string) \ini_get('opcache.jit_buffer_size');

            return $on ? null : self::SETTINGS;
        }
        $library = rtrim((string) \ini_get('extension_dir'), '/').'/opcache.so';

        return is_file($library) ? ['zend_extension='.$library, ...self::SETTINGS] : null;
    }

    /** What runs Preheat, for the timing table: "PHP 8.2.29, JIT tracing" or "PHP 8.2.29, no JIT". */
    public static function runtime(): string
    {
        $status = \function_exists('opcache_get_status') ? @opcache_get_status(false) : false;
        $on = \is_array($status) && true === ($status['jit']['on'] ?? false);

        return \sprintf('PHP %s, %s', \PHP_VERSION, $on ? 'JIT '.\ini_get('opcache.jit') : 'no JIT');
    }

    /** @param list<string> $argv */
    private static function commandName(array $argv): ?string
    {
        foreach (\array_slice($argv, 1) as $argument) {
            if (!str_starts_with($argument, '-')) {
                return $argument;
            }
        }

        return null;
    }
}
