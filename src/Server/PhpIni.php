<?php

declare(strict_types=1);

namespace Preheat\Server;

use Preheat\Php\IniValue;
use Preheat\Php\PhpSettings;
use Preheat\Util\FileSystemError;

/**
 * The php.ini a scenario runs with: the ini php-fpm uses as it is (its sizes included), then the overrides
 * the run was configured with, then what a benchmark needs (OPcache on, errors to a log, not into pages),
 * then the scenario's own layers (a plain bench's no stat() per include, the ladder's sized OPcache, an
 * autoloader's auto_prepend_file) and the preload lines, each value quoted by IniValue.
 */
final class PhpIni
{
    /** The directory, beside the scenario's php.ini, that PHP scans last. */
    public const LAST_DIRECTORY = 'php-last.d';

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
     * What Preheat adds is written again into a directory of its own beside it, scanned after php-fpm's .ini
     * directory: PHP reads that directory's files after php.ini, and one that sets opcache.preload (the official
     * image keeps OPcache's settings there) would otherwise preload the server's script in every scenario.
     *
     * @param array<string, string> $settings
     *
     * @return array<string, string> the environment PHP reads both with (PHP_INI_SCAN_DIR)
     */
    public static function write(
        ProcessSupervisor $supervisor,
        string $path,
        PhpSettings $php,
        array $settings,
    ): array {
        $copied = $php->iniContents ?? '';
        $source = '' !== $copied && null !== $php->iniFile && @file_get_contents($php->iniFile) === $copied
            ? $php->iniFile
            : null;
        $added = self::added($php, $settings);
        $supervisor->writeConfig($path, $added, $copied, $source);
        $last = \dirname($path).'/'.self::LAST_DIRECTORY;
        if (!is_dir($last) && !@mkdir($last, 0755) && !is_dir($last)) {
            throw FileSystemError::cannotCreateDirectory($last);
        }
        $supervisor->writeConfig($last.'/zz-preheat.ini', $added);

        return self::environment($php->scanDir, $path);
    }

    /**
     * The environment that makes PHP read the scenario's php.ini at $path as write() meant: $scanDir, then the
     * directory write() keeps beside it. An empty first entry is PHP's own scan directory, when none was found.
     *
     * @return array<string, string>
     */
    public static function environment(?string $scanDir, string $path): array
    {
        return ['PHP_INI_SCAN_DIR' => ($scanDir ?? '').\PATH_SEPARATOR.\dirname($path).'/'.self::LAST_DIRECTORY];
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
