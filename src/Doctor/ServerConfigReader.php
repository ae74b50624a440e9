<?php

declare(strict_types=1);

namespace Preheat\Doctor;

use Preheat\Doctor\Profile\CliConfig;
use Preheat\Doctor\Profile\Host;
use Preheat\Doctor\Profile\IniFiles;
use Preheat\Doctor\Profile\IniSyntaxError;
use Preheat\Doctor\Profile\PoolConfig;
use Preheat\Doctor\Profile\ServerConfig;
use Preheat\Php\Fpm\FpmConfigLocator;
use Preheat\Php\Fpm\FpmConfiguration;
use Preheat\Php\FpmPoolFiles;
use Preheat\Php\PhpInstallationLocator;
use Preheat\Php\Probe;
use Preheat\Process\ProcessRunner;
use Preheat\Util\Cpu;

/**
 * Reads what php-fpm runs with: the php.ini it loads and its extra .ini directory (found as verify
 * finds them, by Php\PhpInstallationLocator, or given), the effective settings as PHP reports them with
 * that ini, its pools (as php-fpm's configuration declares them, Php\Fpm; or the pool files given), and the
 * CLI's own ini.
 */
final class ServerConfigReader
{
    private const MARKER = '@@PREHEAT-DOCTOR@@';

    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly PhpInstallationLocator $locator,
    ) {
    }

    /**
     * @param list<string> $poolFiles none to read the pools of php-fpm's configuration
     * @param string|null  $fpmConfig php-fpm's main configuration, when it is not where its layout keeps it
     */
    public function read(string $phpBinary, ?string $iniFile, array $poolFiles, ?string $fpmConfig = null): ServerConfig
    {
        foreach ($poolFiles as $i => $pool) {
            if (!is_file($pool)) {
                throw DoctorInputError::unreadablePool($pool);
            }
            $poolFiles[$i] = realpath($pool) ?: $pool;
        }
        $installation = $this->locator->locate($phpBinary, $iniFile, null, null, $fpmConfig);
        if (null === $installation->fpmBinary && (null === $iniFile || [] === $poolFiles)) {
            throw DoctorEnvironmentError::noFpm($phpBinary);
        }
        $ini = new IniFiles($installation->settings->iniFile, $installation->settings->scanDir);
        [$fpm, $startup] = $this->probe($phpBinary, $ini, true, $installation->iniArgument());
        $ini = $ini->withSyntaxErrors(IniSyntaxError::fromStartupOutput($startup));
        [$cli, $cliStartup] = $this->probe($phpBinary, null, false);
        // A configuration generate and verify skip (it does not parse, or cannot be read) is doctor's to report.
        $fpmConfiguration = $installation->fpmConfig;
        if (null === $fpmConfiguration && [] === $poolFiles) {
            $fpmConfiguration = (new FpmConfigLocator($this->runner))
                ->locate($fpmConfig, $installation->fpmBinary, self::minorVersion((string) $fpm['version']), $iniFile);
        }
        $pools = self::pools($ini->iniFile, $poolFiles, $fpmConfiguration);
        $cliLoaded = \is_string($cli['loaded'] ?? null) ? $cli['loaded'] : null;
        $cliScanned = \is_string($cli['scanned'] ?? null)
            ? array_values(array_filter(array_map('trim', explode(',', $cli['scanned']))))
            : [];

        return new ServerConfig(
            phpVersion: (string) $fpm['version'],
            fpmBinary: $installation->fpmBinary,
            ini: $ini,
            settings: array_map('strval', array_filter((array) $fpm['settings'], static fn ($v): bool => false !== $v)),
            extensions: array_values(
                array_map(static fn ($e): string => strtolower((string) $e), (array) $fpm['extensions']),
            ),
            pools: $pools,
            cli: new CliConfig(
                ini: new IniFiles(
                    $cliLoaded,
                    [] === $cliScanned ? null : \dirname($cliScanned[0]),
                    IniSyntaxError::fromStartupOutput($cliStartup),
                ),
                preload: (string) (($cli['settings'] ?? [])['opcache.preload'] ?? ''),
            ),
            host: new Host(
                cores: Cpu::cores(),
                memoryBytes: self::memoryBytes(),
                asRoot: \function_exists('posix_geteuid') && 0 === posix_geteuid(),
            ),
            installation: $installation,
        );
    }

    /**
     * The pools of the given files, else of php-fpm's configuration as found (its main file and what it includes),
     * else of the php-fpm.conf or pool.d/*.conf beside php-fpm's ini.
     *
     * @param list<string> $poolFiles
     *
     * @return list<PoolConfig>
     */
    public static function pools(?string $iniFile, array $poolFiles, ?FpmConfiguration $config = null): array
    {
        foreach ($poolFiles as $file) {
            if (!is_file($file)) {
                throw DoctorInputError::unreadablePool($file);
            }
        }
        if ([] !== $poolFiles) {
            $parser = new PoolFileParser();
            $pools = [];
            foreach ($poolFiles as $file) {
                array_push($pools, ...$parser->parse($file));
            }

            return $pools;
        }
        $config ??= null === $iniFile ? null : FpmPoolFiles::configuration(\dirname($iniFile));
        $pools = array_map(PoolConfig::of(...), $config->pools ?? []);
        if ([] === $pools) {
            throw DoctorInputError::noPoolFiles(
                match (true) {
                    null !== $config => 'no pool in '.implode(', ', $config->files),
                    null === $iniFile => 'no php-fpm ini, and no php-fpm.conf where the layouts keep it',
                    default => 'none beside '.$iniFile.' nor where the layouts keep php-fpm.conf',
                },
            );
        }

        return $pools;
    }

    /** @return array{array<string, mixed>, string} what PHP reported, and what it printed on stderr while starting */
    private function probe(string $phpBinary, ?IniFiles $ini, bool $withIni, ?string $iniArgument = null): array
    {
        $code = Probe::emit('["version" => PHP_VERSION, "loaded" => php_ini_loaded_file(), '
            .'"scanned" => php_ini_scanned_files(),'
            .' "settings" => array_combine('.var_export(
                ServerConfig::SETTINGS,
                true,
            ).', array_map("ini_get", '.var_export(ServerConfig::SETTINGS, true).')),'
            .' "extensions" => array_merge(get_loaded_extensions(), get_loaded_extensions(true))]', self::MARKER);
        $command = [$phpBinary];
        $iniArgument ??= $ini?->iniFile;
        if ($withIni && null !== $iniArgument) {
            array_push($command, '-c', $iniArgument);
        }
        // The ini's opcache.preload is read, not run (the CLI's runs in the CLI when it enables OPcache).
        $command = [...$command, ...Probe::CLI_SETTINGS, '-r', $code];
        $environment = $withIni && null !== $ini?->scanDir ? ['PHP_INI_SCAN_DIR' => $ini->scanDir] : null;
        $result = $this->runner->run($command, null, 60.0, $environment);
        $data = Probe::decode($result->stdout, self::MARKER);
        if (!\is_array($data) || !\is_array($data['settings'] ?? null) || !\is_array($data['extensions'] ?? null)) {
            throw DoctorEnvironmentError::cannotRead($result->commandLine(), trim($result->stderr.$result->stdout));
        }

        return [$data, $result->stderr];
    }

    private static function minorVersion(string $version): ?string
    {
        return 1 === preg_match('{^(\d+\.\d+)}', $version, $m) ? $m[1] : null;
    }

    private static function memoryBytes(): ?int
    {
        $meminfo = is_readable('/proc/meminfo') ? (string) file_get_contents('/proc/meminfo') : '';

        return preg_match('{^MemTotal:\s+(\d+) kB}m', $meminfo, $m) ? (int) $m[1] * 1024 : null;
    }
}
