<?php

declare(strict_types=1);

namespace Preheat\Php;

use Preheat\Php\Cache\ProbeCache;
use Preheat\Php\Fpm\FpmConfigLocator;
use Preheat\Php\Fpm\FpmConfiguration;
use Preheat\Php\Fpm\FpmQuery;
use Preheat\Process\ProcessFailed;
use Preheat\Process\ProcessResult;
use Preheat\Process\ProcessRunner;
use Preheat\Setting;
use Preheat\Util\BoundedRead;
use Symfony\Component\Process\ExecutableFinder;

/**
 * Finds what php-fpm really runs with: the php-fpm binary that matches the CLI (`php8.2` → `php-fpm8.2`),
 * the php.ini it loads (as `php-fpm -i` says, else Debian's /etc/php/X.Y/fpm/php.ini; `--ini` overrides; in the
 * official image's layout none, only the scan dir) and its extra .ini directory (PHP_INI_SCAN_DIR counts), the
 * effective settings of that ini, php-fpm's own configuration (Fpm\FpmConfigLocator; `--fpm-config` names it),
 * and, when Preheat runs as root, the user of php-fpm's pool (its `user =`, else www-data; `--pool-user` overrides).
 */
final class PhpInstallationLocator
{
    private const MARKER = '@@PREHEAT-INI@@';

    /** @param list<string> $searchDirectories extra directories for php-fpm (sbin is not always on PATH) */
    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly array $searchDirectories = ['/usr/sbin', '/usr/local/sbin', '/sbin'],
        private readonly ?bool $asRoot = null,
        private readonly ?ProbeCache $cache = null,
    ) {
    }

    /**
     * @param string|null $iniFile   php-fpm's php.ini, or the directory its -c names (one without a php.ini: the
     *                               official image's layout, where only the scan dir's *.ini are read)
     * @param string|null $fpmConfig php-fpm's main configuration file, when it is not where its layout keeps it
     */
    public function locate(
        string $phpBinary,
        ?string $iniFile = null,
        ?string $fpmBinary = null,
        ?string $user = null,
        ?string $fpmConfig = null,
    ): PhpInstallation {
        if (null !== $iniFile && !is_file($iniFile) && !self::isIniDirectory($iniFile)) {
            throw is_dir($iniFile) ? PhpError::notAnIniDirectory($iniFile) : PhpError::missingIni($iniFile);
        }
        $fpm = $this->fpmBinary($phpBinary, $fpmBinary);
        $version = null;
        $config = null;
        if (null === $iniFile) {
            // A running master started with -c says which ini it reads (when its arguments can still be read).
            $version = $this->version($phpBinary);
            $config = (new FpmConfigLocator($this->runner, cache: $this->cache))
                ->locate($fpmConfig, $fpm, $version, null, true);
            $iniFile = $config?->master?->iniPath;
        }
        $scanFromEnvironment = getenv('PHP_INI_SCAN_DIR');
        $scanFromEnvironment = false === $scanFromEnvironment || '' === $scanFromEnvironment
            ? $config?->master?->scanDir
            : $scanFromEnvironment;
        $iniDirectory = null;
        if (null !== $iniFile && is_dir($iniFile)) {
            $directory = realpath($iniFile) ?: $iniFile;
            $info = null === $fpm ? null : $this->fpmInfo($fpm, $directory);
            $ini = $info['ini'] ?? (is_file($directory.'/php.ini') ? $directory.'/php.ini' : null);
            $iniDirectory = null === $ini ? $directory : null;
            $scanDir = $scanFromEnvironment
                ?? (is_dir($directory.'/conf.d') ? $directory.'/conf.d' : ($info['scanDir'] ?? null));
            $source = null === $config?->master?->iniPath ? '--ini' : 'the running php-fpm\'s -c';
        } elseif (null !== $iniFile) {
            $ini = realpath($iniFile) ?: $iniFile;
            $scanDir = $scanFromEnvironment ?? self::scanDirBeside(\dirname($ini));
            $source = null === $config?->master?->iniPath ? '--ini' : 'the running php-fpm\'s -c';
        } else {
            $fpmInfo = null === $fpm ? null : $this->fpmInfo($fpm, null);
            if (null !== $fpmInfo && (null !== $fpmInfo['ini'] || null !== $fpmInfo['path'])) {
                [$ini, $scanDir, $source] = [$fpmInfo['ini'], $fpmInfo['scanDir'], '`'.basename((string) $fpm).' -i`'];
                // No php.ini where php-fpm looks (the official image): PHP run with -c there reads what php-fpm reads.
                $iniDirectory = null === $ini ? $fpmInfo['path'] : null;
            } else {
                $debian = \sprintf('/etc/php/%s/fpm/php.ini', $version);
                if (is_file($debian)) {
                    $confD = \dirname($debian).'/conf.d';
                    [$ini, $scanDir, $source] = [$debian, is_dir($confD) ? $confD : null, "Debian's php-fpm ini"];
                } else {
                    [$ini, $scanDir, $source] = [
                        null,
                        null,
                        null === $fpm ? 'no php-fpm found: the CLI\'s own php.ini' : basename($fpm).' loads no php.ini',
                    ];
                }
            }
        }
        if (null === $config) {
            $version ??= $this->version($phpBinary);
            $config = (new FpmConfigLocator($this->runner, cache: $this->cache))
                ->locate($fpmConfig, $fpm, $version, $ini ?? $iniDirectory, true);
        }
        $settings = $this->read($phpBinary, $ini, $scanDir, $source, $iniDirectory);
        [$poolUser, $userSource] = $this->user($user, $config);

        return new PhpInstallation($phpBinary, $fpm, $settings, $poolUser, $userSource, $config, $iniDirectory);
    }

    /** The scan dir a layout keeps beside its php.ini: conf.d (Debian, the official image), php.d (RHEL, Remi). */
    private static function scanDirBeside(string $directory): ?string
    {
        foreach (['conf.d', 'php.d'] as $name) {
            if (is_dir($directory.'/'.$name)) {
                return $directory.'/'.$name;
            }
        }

        return null;
    }

    /**
     * A directory php-fpm's -c may name: one with a php.ini, or the official image's (php.ini-production beside
     * where php.ini would be, and conf.d).
     */
    private static function isIniDirectory(string $directory): bool
    {
        return is_dir($directory) && (
            is_file($directory.'/php.ini')
            || is_file($directory.'/php.ini-production')
            || is_file($directory.'/php.ini-development')
            || is_dir($directory.'/conf.d')
        );
    }

    /** The effective settings with that ini, as PHP itself reports them (ini_get), so includes and conf.d count. */
    public function read(
        string $phpBinary,
        ?string $ini,
        ?string $scanDir,
        string $source,
        ?string $iniDirectory = null,
    ): PhpSettings {
        $ask = fn (): array => $this->effective($phpBinary, $ini ?? $iniDirectory, $scanDir);
        $argument = $ini ?? $iniDirectory;
        // Without -c, the CLI looks for its own php.ini where no file of the answer would show one appearing.
        if (null === $this->cache || null === $argument) {
            [$loaded, $values] = $ask()[0];
        } else {
            $binary = self::executable($phpBinary);
            $inputs = [$binary, $argument, ...ProbeCache::scanned($scanDir)];
            if (null !== $iniDirectory) {
                $inputs[] = $iniDirectory.'/php.ini'; // missing, or php.ini is what -c reads
            }
            [$loaded, $values] = $this->cache->answer(
                \sprintf(
                    "settings\0%s\0%s\0%s\0%s\0%s",
                    $phpBinary,
                    $binary,
                    $argument,
                    $scanDir ?? '-',
                    implode(',', PhpSettings::SHOWN),
                ),
                $inputs,
                static fn (mixed $kept): bool => self::isSettingsAnswer($kept),
                $ask,
            ) ?? $ask()[0];
        }

        $file = $ini ?? $loaded;
        $contents = null === $file ? null : BoundedRead::orNull($file, BoundedRead::TEXT_BYTES);

        return new PhpSettings(
            $file,
            null === $ini && null === $iniDirectory && null !== $loaded
                ? 'the CLI\'s own php.ini: no php-fpm ini found'
                : $source,
            $scanDir,
            $values,
            [],
            [],
            $contents,
        );
    }

    /**
     * Asks PHP run with that ini for its effective settings: which php.ini it loaded and each of PhpSettings::SHOWN;
     * with the files the answer names (and the extensions) and which of them are ini files.
     *
     * @return array{array{?string, array<string, string>}, list<string>, list<string>}
     */
    private function effective(string $phpBinary, ?string $argument, ?string $scanDir): array
    {
        $code = Probe::emit(
            '["loaded" => php_ini_loaded_file(), "extensions" => ini_get("extension_dir"), '
            .'"values" => array_map(static fn ($s) => ini_get($s), '.var_export(PhpSettings::SHOWN, true).')]',
            self::MARKER,
        );
        $command = [$phpBinary];
        if (null !== $argument) {
            array_push($command, '-c', $argument);
        }
        $command = [...$command, ...Probe::CLI_SETTINGS, '-r', $code];
        $result = $this->runPhp($command, null === $scanDir ? null : ['PHP_INI_SCAN_DIR' => $scanDir]);
        $data = Probe::decode($result->stdout, self::MARKER);
        if (!\is_array($data) || !\is_array($data['values'] ?? null)) {
            throw PhpUnusable::cannotRead($result->commandLine(), trim($result->stderr.$result->stdout));
        }
        $values = [];
        foreach (PhpSettings::SHOWN as $i => $setting) {
            $value = $data['values'][$i] ?? false;
            if (\is_string($value)) {
                $values[$setting] = $value;
            }
        }
        $loaded = \is_string($data['loaded'] ?? null) ? $data['loaded'] : null;
        $inis = array_values(array_filter(
            [$argument, $loaded, ...ProbeCache::scanned($scanDir)],
            static fn (?string $file): bool => null !== $file && is_file($file),
        ));
        // The extensions the ini loads decide which settings exist and their defaults: an upgrade of one shows.
        $extensions = \is_string($data['extensions'] ?? null) && str_starts_with($data['extensions'], '/')
            ? [$data['extensions'], ...(glob($data['extensions'].'/*.so') ?: [])]
            : [];

        return [[$loaded, $values], [...(null === $loaded ? [] : [$loaded]), ...$extensions], $inis];
    }

    private static function isSettingsAnswer(mixed $kept): bool
    {
        if (!\is_array($kept) || [0, 1] !== array_keys($kept) || !\is_array($kept[1])
            || (null !== $kept[0] && !\is_string($kept[0]))) {
            return false;
        }
        foreach ($kept[1] as $setting => $value) {
            if (!\in_array($setting, PhpSettings::SHOWN, true) || !\is_string($value)) {
                return false;
            }
        }

        return true;
    }

    /** A binary as the runner starts it, by its real path: a bare name is looked up on PATH. */
    private static function executable(string $binary): string
    {
        $path = str_contains($binary, '/') ? $binary : ((new ExecutableFinder())->find($binary) ?? $binary);

        return realpath($path) ?: $path;
    }

    private function fpmBinary(string $phpBinary, ?string $given): ?string
    {
        if (null !== $given) {
            return $this->find($given, []);
        }
        $name = basename($phpBinary);
        $candidates = preg_match('{^php(\d+(?:\.\d+)?)?$}', $name, $match) ? ['php-fpm'.($match[1] ?? '')] : [];
        $version = preg_match('{(\d+\.\d+)}', $name, $m) ? $m[1] : null;
        if (null === $version && [] !== $candidates) {
            $version = $this->version($phpBinary);
            $candidates[] = 'php-fpm'.$version;
        }
        $directory = \dirname(realpath($phpBinary) ?: $phpBinary);
        $sibling = \dirname($directory).'/sbin';
        foreach ($candidates as $candidate) {
            $found = $this->find($candidate, [$directory, $sibling]);
            if (null !== $found) {
                return $found;
            }
        }

        return null;
    }

    /** @param list<string> $first */
    private function find(string $name, array $first): ?string
    {
        if (str_contains($name, '/')) {
            return is_executable($name) ? $name : null;
        }
        foreach ($first as $directory) {
            if (is_executable($directory.'/'.$name)) {
                return $directory.'/'.$name;
            }
        }

        return (new ExecutableFinder())->find($name, null, $this->searchDirectories);
    }

    /**
     * What `php-fpm -i` (with `-c DIR` when given) says of its ini: the file it loads, its scan dir (PHP_INI_SCAN_DIR
     * included), and where it looks for php.ini.
     *
     * @return array{ini: ?string, scanDir: ?string, path: ?string}|null
     */
    private function fpmInfo(string $fpm, ?string $iniDirectory): ?array
    {
        if (null === $this->cache) {
            return $this->askFpmInfo($fpm, $iniDirectory)[0] ?? null;
        }
        $binary = self::executable($fpm);
        $phprc = getenv('PHPRC');

        return $this->cache->answer(
            \sprintf("fpm -i\0%s\0%s\0%s", $fpm, $binary, $iniDirectory ?? '-'),
            [$binary, ...(null === $iniDirectory ? [] : [$iniDirectory]), ...(false === $phprc ? [] : [$phprc])],
            static fn (mixed $kept): bool => \is_array($kept) && ['ini', 'scanDir', 'path'] === array_keys($kept)
                && [] === array_filter($kept, static fn (mixed $value): bool => null !== $value && !\is_string($value)),
            fn (): ?array => $this->askFpmInfo($fpm, $iniDirectory),
        );
    }

    /**
     * `php-fpm -i`'s answer with the files it names and which of them are ini files; null when it gives none.
     *
     * @return array{array{ini: ?string, scanDir: ?string, path: ?string}, list<string>, list<string>}|null
     */
    private function askFpmInfo(string $fpm, ?string $iniDirectory): ?array
    {
        try {
            $command = [$fpm, ...FpmQuery::SETTINGS];
            if (null !== $iniDirectory) {
                array_push($command, '-c', $iniDirectory);
            }
            $command[] = '-i';
            $result = $this->runner->run($command, null, 60.0);
        } catch (\RuntimeException) {
            return null;
        }
        $value = static function (string $label) use ($result): ?string {
            $found = preg_match('{^'.preg_quote($label, '{').' => (.+)$}m', $result->stdout, $m) ? trim($m[1]) : null;

            return null === $found || '(none)' === $found || '' === $found ? null : $found;
        };
        $path = $value('Configuration File (php.ini) Path');
        $info = [
            'ini' => $value('Loaded Configuration File'),
            'scanDir' => $value('Scan this dir for additional .ini files'),
            'path' => null !== $path && is_dir($path) ? $path : null,
        ];
        $inis = [...(null === $info['ini'] ? [] : [$info['ini']]), ...ProbeCache::scanned($info['scanDir'])];

        // The directory it looked for php.ini in: one created there shows as a change of the directory.
        return [$info, [...$inis, ...(null === $path ? [] : [$path])], $inis];
    }

    private function version(string $phpBinary): string
    {
        $ask = fn (): array => [
            trim($this->runPhp([$phpBinary, '-n', '-r', 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;'])->stdout),
            [],
            [],
        ];
        if (null === $this->cache) {
            return $ask()[0];
        }
        $binary = self::executable($phpBinary);
        $version = $this->cache->answer(
            \sprintf("version\0%s\0%s", $phpBinary, $binary),
            [$binary],
            static fn (mixed $kept): bool => \is_string($kept) && 1 === preg_match('{^\d+\.\d+$}', $kept),
            $ask,
        );

        return \is_string($version) ? $version : $ask()[0];
    }

    /**
     * @param list<string>               $command     the PHP binary the user named, and its arguments
     * @param array<string, string>|null $environment
     */
    private function runPhp(array $command, ?array $environment = null): ProcessResult
    {
        try {
            return $this->runner->run($command, null, 60.0, $environment);
        } catch (ProcessFailed $error) {
            throw $error->about(Setting::PhpBinary);
        }
    }

    /** @return array{?string, string} */
    private function user(?string $given, ?FpmConfiguration $config): array
    {
        $asRoot = $this->asRoot ?? (\function_exists('posix_geteuid') && 0 === posix_geteuid());
        if (!$asRoot) {
            return [null, 'not root: PHP runs as the current user'];
        }
        if (null !== $given) {
            if (\function_exists('posix_getpwnam') && false === posix_getpwnam($given)) {
                throw PhpError::unknownUser($given);
            }

            return [$given, '--pool-user'];
        }
        $configured = $config?->firstUser();
        if (null !== $configured) {
            return [$configured->value, $configured->where()];
        }
        foreach (['www-data', 'nobody'] as $fallback) {
            if (!\function_exists('posix_getpwnam') || false !== posix_getpwnam($fallback)) {
                return [$fallback, 'default: no pool config found'];
            }
        }

        return ['nobody', 'default: no pool config found'];
    }
}
