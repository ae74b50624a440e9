<?php

declare(strict_types=1);

namespace Preheat\Server;

use Preheat\Php\PhpSettings;

/**
 * The php.ini a scenario runs with: the ini php-fpm uses as it is (its sizes included), then the overrides
 * the run was configured with, then what a benchmark needs (no stat() per include, errors to a log),
 * then the preload lines (the only difference between scenarios).
 */
final class PhpIni
{
    /** @return array<string, string> */
    public static function benchmarkSettings(string $errorLog): array
    {
        return [
            'opcache.enable' => '1',
            'opcache.enable_cli' => '1',
            // Code does not change during a run: no stat() per include, as in production.
            'opcache.validate_timestamps' => '0',
            'display_errors' => 'Off',
            'display_startup_errors' => 'Off',
            'log_errors' => 'On',
            'error_log' => $errorLog,
        ];
    }

    /** @param array<string, string> $settings */
    public static function render(PhpSettings $php, array $settings): string
    {
        $lines = ["\n; Added by preheat bench"];
        foreach ($settings + $php->overrides as $name => $value) {
            $lines[] = $name.'='.self::quote($value);
        }

        return ($php->iniContents ?? '').implode("\n", $lines)."\n";
    }

    private static function quote(string $value): string
    {
        return preg_match('/^[\w.\/-]*$/', $value) ? $value : '"'.addcslashes($value, '"\\').'"';
    }
}
