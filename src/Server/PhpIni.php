<?php

declare(strict_types=1);

namespace Preheat\Server;

use Preheat\Php\IniValue;
use Preheat\Php\PhpSettings;

/**
 * The php.ini a scenario runs with: the ini php-fpm uses as it is (its sizes included), then the overrides
 * the run was configured with, then what a benchmark needs (OPcache on, errors to a log, not into pages),
 * then the scenario's own layers (a plain bench's no stat() per include, the ladder's sized OPcache, an
 * autoloader's auto_prepend_file) and the preload lines, each value quoted by IniValue.
 */
final class PhpIni
{
    /** @return array<string, string> */
    public static function benchmarkSettings(string $errorLog): array
    {
        return [
            'opcache.enable' => '1',
            'opcache.enable_cli' => '1',
            'display_errors' => 'Off',
            'display_startup_errors' => 'Off',
            'log_errors' => 'On',
            'error_log' => $errorLog,
        ];
    }

    /**
     * Code does not change during a run: no stat() per include, as production should run. Every scenario
     * of a plain bench has it; the ladder's baseline runs with the ini's own, its sized rung adds it.
     *
     * @return array<string, string>
     */
    public static function timestampsOff(): array
    {
        return ['opcache.validate_timestamps' => '0'];
    }

    /** @param array<string, string> $settings */
    public static function render(PhpSettings $php, array $settings): string
    {
        return ($php->iniContents ?? '').self::added($php, $settings);
    }

    /**
     * Writes the php.ini at $path through the supervisor, which reports it: as a copy of php-fpm's php.ini followed
     * by what Preheat adds when that file still holds what was read, so that a trace shows the lines that matter.
     *
     * @param array<string, string> $settings
     */
    public static function write(ProcessSupervisor $supervisor, string $path, PhpSettings $php, array $settings): void
    {
        $copied = $php->iniContents ?? '';
        $source = '' !== $copied && null !== $php->iniFile && @file_get_contents($php->iniFile) === $copied
            ? $php->iniFile
            : null;
        $supervisor->writeConfig($path, self::added($php, $settings), $copied, $source);
    }

    /** @param array<string, string> $settings */
    private static function added(PhpSettings $php, array $settings): string
    {
        $lines = ["\n; Added by preheat bench"];
        foreach ($settings + $php->overrides as $name => $value) {
            $lines[] = IniValue::line($name, $value);
        }

        return implode("\n", $lines)."\n";
    }
}
