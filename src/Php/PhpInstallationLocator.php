<?php

declare(strict_types=1);

namespace Preheat\Php;

use Preheat\Process\ProcessFailed;
use Preheat\Process\ProcessResult;
use Preheat\Process\ProcessRunner;
use Preheat\Setting;
use Symfony\Component\Process\ExecutableFinder;

/**
 * Finds what php-fpm really runs with: the php-fpm binary that matches the CLI (`php8.2` → `php-fpm8.2`),
 * the php.ini it loads (as `php-fpm -i` says, else Debian's /etc/php/X.Y/fpm/php.ini; `--ini` overrides)
 * and its extra .ini directory, the effective settings of that ini, and, when Preheat runs as root, the
 * user of php-fpm's pool (`user =` in its pool config, else www-data; `--user` overrides).
 */
final class PhpInstallationLocator
{
    private const MARKER = '@@PREHEAT-INI@@';

    /** @param list<string> $searchDirectories extra directories for php-fpm (sbin is not always on PATH) */
    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly array $searchDirectories = ['/usr/sbin', '/usr/local/sbin', '/sbin'],
        private readonly ?bool $asRoot = null,
    ) {
    }

    public function locate(
        string $phpBinary,
        ?string $iniFile = null,
        ?string $fpmBinary = null,
        ?string $user = null,
    ): PhpInstallation {
        if (null !== $iniFile && !is_file($iniFile)) {
            throw PhpError::missingIni($iniFile);
        }
        $fpm = $this->fpmBinary($phpBinary, $fpmBinary);
        $fpmInfo = null === $fpm ? null : $this->fpmInfo($fpm);
        if (null !== $iniFile) {
            $ini = realpath($iniFile) ?: $iniFile;
            $scanDir = is_dir(\dirname($ini).'/conf.d') ? \dirname($ini).'/conf.d' : null;
            $source = '--ini';
        } elseif (null !== $fpmInfo && null !== $fpmInfo['ini']) {
            [$ini, $scanDir, $source] = [$fpmInfo['ini'], $fpmInfo['scanDir'], '`'.basename((string) $fpm).' -i`'];
        } else {
            $version = $this->version($phpBinary);
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
        $settings = $this->read($phpBinary, $ini, $scanDir, $source);
        [$poolUser, $userSource] = $this->user($user, $settings->iniFile);

        return new PhpInstallation($phpBinary, $fpm, $settings, $poolUser, $userSource);
    }

    /** The effective settings with that ini, as PHP itself reports them (ini_get), so includes and conf.d count. */
    public function read(string $phpBinary, ?string $ini, ?string $scanDir, string $source): PhpSettings
    {
        $code = Probe::emit(
            '["loaded" => php_ini_loaded_file(), '
            .'"values" => array_map(static fn ($s) => ini_get($s), '.var_export(PhpSettings::SHOWN, true).')]',
            self::MARKER,
        );
        $command = [$phpBinary];
        if (null !== $ini) {
            array_push($command, '-c', $ini);
        }
        array_push($command, '-r', $code);
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

        $file = $ini ?? $loaded;
        $contents = null === $file ? null : @file_get_contents($file);

        return new PhpSettings(
            $file,
            null === $ini && null !== $loaded ? 'the CLI\'s own php.ini: no php-fpm ini found' : $source,
            $scanDir,
            $values,
            [],
            [],
            false === $contents ? null : $contents,
        );
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

    /** @return array{ini: ?string, scanDir: ?string}|null */
    private function fpmInfo(string $fpm): ?array
    {
        try {
            $result = $this->runner->run([$fpm, '-i'], null, 60.0);
        } catch (\RuntimeException) {
            return null;
        }
        $ini = preg_match('{^Loaded Configuration File => (.+)$}m', $result->stdout, $m) ? trim($m[1]) : null;
        $scanDir = preg_match('{^Scan this dir for additional \.ini files => (.+)$}m', $result->stdout, $s)
            ? trim($s[1])
            : null;

        return [
            'ini' => null === $ini || '(none)' === $ini ? null : $ini,
            'scanDir' => null === $scanDir || '(none)' === $scanDir ? null : $scanDir,
        ];
    }

    private function version(string $phpBinary): string
    {
        $result = $this->runPhp([$phpBinary, '-n', '-r', 'echo PHP_MAJOR_VERSION, ".", PHP_MINOR_VERSION;']);

        return trim($result->stdout);
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
    private function user(?string $given, ?string $ini): array
    {
        $asRoot = $this->asRoot ?? (\function_exists('posix_geteuid') && 0 === posix_geteuid());
        if (!$asRoot) {
            return [null, 'not root: PHP runs as the current user'];
        }
        if (null !== $given) {
            if (\function_exists('posix_getpwnam') && false === posix_getpwnam($given)) {
                throw PhpError::unknownUser($given);
            }

            return [$given, '--user'];
        }
        $configured = null === $ini ? null : FpmPoolFiles::firstUser(\dirname($ini));
        if (null !== $configured) {
            return [$configured[0], basename(\dirname($configured[1])).'/'.basename($configured[1])];
        }
        foreach (['www-data', 'nobody'] as $fallback) {
            if (!\function_exists('posix_getpwnam') || false !== posix_getpwnam($fallback)) {
                return [$fallback, 'default: no pool config found'];
            }
        }

        return ['nobody', 'default: no pool config found'];
    }
}
