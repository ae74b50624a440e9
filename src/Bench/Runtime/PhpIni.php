<?php

declare(strict_types=1);

namespace Preheat\Bench\Runtime;

/**
 * The php.ini a scenario runs with: the base ini, then the same OPcache settings for every scenario,
 * then the preload lines (the only difference between scenarios).
 */
final class PhpIni
{
    /** @return array<string, string> */
    public static function benchmarkSettings(int $opcacheMemoryMb, string $errorLog): array
    {
        return [
            'opcache.enable' => '1',
            'opcache.enable_cli' => '1',
            'opcache.memory_consumption' => (string) $opcacheMemoryMb,
            'opcache.interned_strings_buffer' => '32',
            'opcache.max_accelerated_files' => '100000',
            // Code does not change during a run: no stat() per include, as in production.
            'opcache.validate_timestamps' => '0',
            'display_errors' => 'Off',
            'display_startup_errors' => 'Off',
            'log_errors' => 'On',
            'error_log' => $errorLog,
        ];
    }

    /** @return array<string, string> */
    public static function preloadSettings(?string $script): array
    {
        if (null === $script) {
            return [];
        }
        $settings = ['opcache.preload' => $script];
        if (\function_exists('posix_geteuid') && 0 === posix_geteuid()) {
            $settings['opcache.preload_user'] = 'root';
        }

        return $settings;
    }

    /** @param array<string, string> $settings */
    public static function render(?string $baseIni, array $settings): string
    {
        $base = null === $baseIni ? '' : (string) file_get_contents($baseIni);
        $lines = ["\n; Added by preheat bench"];
        foreach ($settings as $name => $value) {
            $lines[] = $name.'='.self::quote($value);
        }

        return $base.implode("\n", $lines)."\n";
    }

    /** The default base: the php.ini php-fpm uses on Debian, if present. */
    public static function defaultBase(): ?string
    {
        $candidate = \sprintf('/etc/php/%d.%d/fpm/php.ini', \PHP_MAJOR_VERSION, \PHP_MINOR_VERSION);

        return is_file($candidate) ? $candidate : null;
    }

    private static function quote(string $value): string
    {
        return preg_match('/^[\w.\/-]*$/', $value) ? $value : '"'.addcslashes($value, '"\\').'"';
    }
}
