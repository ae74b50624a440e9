<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\InvalidSetting;
use Preheat\Php\IniValue;
use Preheat\Recorder\Config;
use Preheat\Recorder\StoreDsn;
use Preheat\Setting;
use Preheat\Util\AtomicFile;
use Preheat\Util\FileSystemError;
use Preheat\Util\PackageFiles;
use Preheat\Util\PhpComment;

/**
 * Writes the bootstrap that PHP runs before every request (auto_prepend_file): it loads the recorder
 * and starts it with the settings; if the recorder file is gone it records nothing and says so once.
 */
final class RecorderInstaller
{
    public const DEFAULT_BOOTSTRAP = 'preheat-recorder.php';

    /** What the bootstrap logs, once, when the recorder it was installed with is gone (bootstrap, paths). */
    public const GONE_MESSAGE = 'Preheat recorder bootstrap %s records nothing: the recorder it was installed with'
        .' is gone (looked for %s). Preheat installed with --dev is removed by `composer install --no-dev`'
        .' (use preheat.phar there), and a pruned release takes its copy along. Run `preheat record --install`'
        .' again, or remove auto_prepend_file from PHP\'s settings and delete this file.';

    /**
     * Checks the options of `preheat record` and resolves paths against the project.
     *
     * @param list<string> $base
     * @param string|null  $bufferDir where workers keep their counts between flushes (default: a directory of their
     *                                user under the temp directory); they create it when missing
     */
    public function settings(
        string $project,
        ?string $bootstrap,
        ?string $store,
        int $sample,
        int $batch,
        int $flushSeconds,
        array $base,
        ?string $bufferDir = null,
    ): RecorderSettings {
        $projectDir = realpath($project);
        if (false === $projectDir || !is_dir($projectDir)) {
            throw InvalidSetting::because(Setting::Project, \sprintf(
                'Project directory "%s" does not exist: '
                .'run Preheat in your project root or name the project directory.',
                $project,
            ));
        }
        $counts = [
            [Setting::Sample, 'The sampling rate (1 in N requests)', $sample],
            [Setting::Batch, 'The batch (sampled requests a worker keeps before writing)', $batch],
            [Setting::FlushSeconds, 'The flush interval in seconds', $flushSeconds],
        ];
        foreach ($counts as [$setting, $what, $value]) {
            if ($value < 1) {
                throw InvalidSetting::because(
                    $setting,
                    \sprintf('%s must be a whole number of at least 1 (got %d).', $what, $value),
                );
            }
        }
        $bootstrapPath = self::absolute($bootstrap ?? self::DEFAULT_BOOTSTRAP, $projectDir);
        if (!str_ends_with($bootstrapPath, '.php')) {
            throw InvalidSetting::because(
                Setting::Bootstrap,
                \sprintf('The bootstrap %s must be a .php file.', $bootstrap),
            );
        }
        if (1 === preg_match('/["\r\n\0]/', $bootstrapPath)) {
            throw InvalidSetting::because(Setting::Bootstrap, \sprintf(
                'The bootstrap %s: php.ini cannot name a path with a double quote or a line break; '
                .'choose another path.',
                $bootstrap,
            ));
        }
        if (!is_dir(\dirname($bootstrapPath))) {
            throw InvalidSetting::because(Setting::Bootstrap, \sprintf(
                'The directory of the bootstrap %s does not exist: create it or choose another path.',
                $bootstrapPath,
            ));
        }
        $target = UsageStores::target($store ?? UsageStores::DEFAULT_FILE, $projectDir);
        if ('file' === $target['type'] && !is_dir(\dirname((string) $target['path']))) {
            throw InvalidSetting::because(Setting::Store, \sprintf(
                'The directory of the store file %s does not exist: create it, or choose another store.',
                $target['path'],
            ));
        }
        $directories = [];
        foreach ($base as $directory) {
            $real = realpath(self::absolute($directory, $projectDir));
            if (false === $real || !is_dir($real)) {
                throw InvalidSetting::because(Setting::RecordedDirectories, \sprintf(
                    '%s is not a directory: give a directory whose files to record, relative to the project.',
                    $directory,
                ));
            }
            $directories[] = $real;
        }

        if (null !== $bufferDir) {
            $bufferDir = rtrim(self::absolute($bufferDir, $projectDir), '/');
            if (!is_dir(\dirname($bufferDir))) {
                throw InvalidSetting::because(Setting::BufferDirectory, \sprintf(
                    'The directory of the buffer directory %s does not exist: '
                    .'create it, or choose another buffer directory.',
                    $bufferDir,
                ));
            }
        }

        return new RecorderSettings(
            $projectDir,
            $bootstrapPath,
            $target,
            $sample,
            $batch,
            $flushSeconds,
            array_values(array_unique($directories)),
            $bufferDir,
        );
    }

    /**
     * The recorder's settings, as the bootstrap passes them (the bootstrap adds itself to `exclude`).
     *
     * @return array<string, mixed>
     */
    public function config(RecorderSettings $settings): array
    {
        $store = $settings->store;
        if ('redis' === $store['type']) {
            $store = array_filter($store, static fn (mixed $value): bool => null !== $value);
        }
        $config = [
            'store' => $store,
            'sample' => $settings->sample,
            'batch' => $settings->batch,
            'flushSeconds' => $settings->flushSeconds,
        ];
        if ([] !== $settings->base) {
            $config['base'] = $settings->base;
        }
        if (null !== $settings->bufferDir) {
            $config['bufferDir'] = $settings->bufferDir;
        }
        RecorderFile::load();
        Config::fromArray($config); // the recorder would silently ignore a config it rejects: fail here instead

        return $config;
    }

    /**
     * The bootstrap looks for the recorder it was installed with at the same place relative to itself first
     * (the release or directory it sits in may have been moved, or reached through a `current` symlink), then
     * at the absolute path it was installed with. When neither is there (`composer install --no-dev` removed
     * Preheat, the release holding it was pruned) it records nothing and says so once to PHP's error log,
     * through a marker file in the temp directory: never a fatal error, and never a line per request.
     */
    public function bootstrap(RecorderSettings $settings): string
    {
        $recorder = self::recorderPath($settings->bootstrapPath);
        $directory = \dirname($settings->bootstrapPath).'/';
        $candidates = str_starts_with($recorder, $directory)
            ? ['__DIR__.'.var_export(substr($recorder, \strlen($directory) - 1), true), var_export($recorder, true)]
            : [var_export($recorder, true)];
        $candidates = implode(', ', $candidates);
        $entries = '';
        foreach ($this->config($settings) as $key => $value) {
            $entries .= \sprintf("                %s => %s,\n", var_export($key, true), self::export($value));
        }
        $entries .= "                'exclude' => [__FILE__],\n";
        $sampling = 1 === $settings->sample ? '' : \sprintf(<<<'PHP'
                    if (1 !== random_int(1, %d)) {
                        return;
                    }

            PHP, $settings->sample);
        $gone = var_export(self::GONE_MESSAGE, true);

        return <<<PHP
            <?php

            // Written by `preheat record --install`: records which PHP files requests load, for
            // `preheat usage` and `preheat generate --strategy=hot`. Store: {$this->storeComment($settings)}.
            // PHP runs it before every request (auto_prepend_file). To stop recording, remove that setting,
            // reload PHP, then delete this file. It samples before it loads the recorder, so that other
            // requests pay for one random_int(). The recorder never throws, prints or warns. When the
            // recorder is gone this file records nothing and says so once in PHP's error log.

            (static function (): void {
                try {
            {$sampling}        foreach ([{$candidates}] as \$recorder) {
                        if (!is_file(\$recorder)) {
                            continue;
                        }
                        if (!class_exists(\Preheat\Recorder\Recorder::class, false)) {
                            require_once \$recorder;
                        }
                        \Preheat\Recorder\Recorder::start([
            {$entries}            ], sampled: true);

                        return;
                    }
                    \$marker = sys_get_temp_dir().'/preheat-recorder-gone-'.md5(__FILE__.'|'.filemtime(__FILE__));
                    \$handle = @fopen(\$marker, 'x');
                    if (false !== \$handle) {
                        fclose(\$handle);
                        error_log(sprintf({$gone}, __FILE__, implode(', ', [{$candidates}])));
                    }
                } catch (\Throwable) {
                }
            })();

            PHP;
    }

    public function install(RecorderSettings $settings): void
    {
        if (PackageFiles::inPhar()) {
            $recorder = self::recorderPath($settings->bootstrapPath);
            $directory = \dirname($recorder);
            if (!is_dir($directory) && !@mkdir($directory, 0o755) && !is_dir($directory)) {
                throw FileSystemError::cannotCreateDirectory($directory);
            }
            AtomicFile::write($recorder, (string) file_get_contents(RecorderFile::path()), AtomicFile::READABLE);
        }
        AtomicFile::write($settings->bootstrapPath, $this->bootstrap($settings), AtomicFile::READABLE);
    }

    /** The php.ini line that enables the bootstrap for every request of that PHP. */
    public function iniLine(string $bootstrapPath): string
    {
        return 'auto_prepend_file='.self::iniValue($bootstrapPath);
    }

    /** The line for one php-fpm pool only (its pool.d/*.conf file); php_admin_value cannot be overridden by the app. */
    public function poolLine(string $bootstrapPath): string
    {
        return 'php_admin_value[auto_prepend_file] = '.self::iniValue($bootstrapPath);
    }

    /**
     * The recorder the bootstrap loads. Run from preheat.phar, a copy beside the bootstrap, written by
     * install() (.preheat/NAME.lib.php for NAME.php): php-fpm's pool user cannot be assumed to read a
     * phar:// path, and the PHAR may be moved or deleted after the deploy. In a hidden directory, which
     * the planner does not scan, so that `generate` does not preload the recorder with the app.
     */
    public static function recorderPath(?string $bootstrapPath = null): string
    {
        $path = RecorderFile::path();
        if (null !== $bootstrapPath && PackageFiles::inPhar()) {
            return \dirname($bootstrapPath).'/.preheat/'.basename($bootstrapPath, '.php').'.lib.php';
        }

        return realpath($path) ?: $path;
    }

    private function storeComment(RecorderSettings $settings): string
    {
        $store = $settings->store;
        unset($store['password']);
        RecorderFile::load();

        return PhpComment::lineText(StoreDsn::describe($store));
    }

    private static function iniValue(string $path): string
    {
        return IniValue::quote('auto_prepend_file', $path);
    }

    private static function absolute(string $path, string $base): string
    {
        return str_starts_with($path, '/') ? $path : $base.'/'.$path;
    }

    /** Short-array PHP for scalars and (nested) arrays, every string through var_export. */
    private static function export(mixed $value): string
    {
        if (!\is_array($value)) {
            return var_export($value, true);
        }
        $items = [];
        foreach ($value as $key => $item) {
            $items[] = array_is_list($value) ? self::export($item) : var_export($key, true).' => '.self::export($item);
        }

        return '['.implode(', ', $items).']';
    }
}
