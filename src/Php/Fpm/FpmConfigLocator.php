<?php

declare(strict_types=1);

namespace Preheat\Php\Fpm;

use Preheat\Php\Cache\ProbeCache;
use Preheat\Process\InterruptGuard;
use Preheat\Process\ProcessRunner;
use Preheat\Util\DisplayString;

/**
 * Finds php-fpm's configuration, in this order:
 * 1. the file named (the console's --fpm-config);
 * 2. next to the php.ini named (--ini): php-fpm.conf, else the pool.d/*.conf there (Debian keeps them together);
 * 3. the layouts' places: /etc/php/X.Y/fpm/php-fpm.conf (Debian), /usr/local/etc/php-fpm.conf (the official php
 *    image), /etc/php-fpm.conf (RHEL), /etc/opt/remi/phpXY/php-fpm.conf (Remi); the php-fpm binary's own layout
 *    first (one under /usr/local reads /usr/local/etc, Remi's under /opt/remi/phpXY its /etc/opt/remi/phpXY).
 * (`php-fpm -t` would name its default, but writes to php-fpm's error log each time it is asked.)
 * Then, when a php-fpm master runs with it (found by the pid file it names, or as the owner of a pool's
 * listening socket) from another main file, that file is read instead: what runs is what counts. The
 * files are read as php-fpm reads them (FpmConfigReader); `php-fpm -tt` adds the values php-fpm defaults,
 * run on a main file of its own that includes the real one and sends php-fpm's log to stderr, so that the
 * dump does not land in the server's error log.
 */
final class FpmConfigLocator
{
    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly string $proc = '/proc',
        private readonly ?string $layoutRoot = null,
        private readonly ?ProbeCache $cache = null,
    ) {
    }

    /**
     * @param bool $lenient skip a configuration found (not named) that cannot be read or does not parse, as if it
     *                      were not there: generate and verify go on without its pools; doctor asks strictly
     *
     * @throws FpmConfigError a configuration named, or found when not lenient, that cannot be read
     *
     * @phpstan-impure it reads the files and /proc as they are now
     */
    public function locate(
        ?string $given,
        ?string $fpmBinary,
        ?string $phpVersion,
        ?string $iniFile = null,
        bool $lenient = false,
    ): ?FpmConfiguration {
        $reader = new FpmConfigReader();
        $config = $this->first($reader, $given, $fpmBinary, $phpVersion, $iniFile, $lenient && null === $given);
        if (null === $config) {
            return null;
        }
        $master = $this->master($config);
        try {
            if (null !== $master && null !== $master->configFile && $master->configFile !== $config->mainFile
                && null === $given && is_file($master->configFile)) {
                $config = $reader->read(
                    $master->configFile,
                    'the running php-fpm master\'s, '.$master->describe(),
                    $master->prefix,
                );
            } elseif (null !== $master && null !== $master->prefix && null !== $config->mainFile) {
                $config = $reader->read($config->mainFile, $config->source, $master->prefix);
            }
        } catch (FpmConfigError $error) {
            if (!$lenient) {
                throw $error;
            }
        }
        if (null !== $master) {
            $config = $config->withMaster($master);
        }

        return null === $fpmBinary || null === $config->mainFile ? $config : $this->dumped($config, $fpmBinary);
    }

    private function first(
        FpmConfigReader $reader,
        ?string $given,
        ?string $fpmBinary,
        ?string $phpVersion,
        ?string $iniFile,
        bool $lenient,
    ): ?FpmConfiguration {
        if (null !== $given) {
            return $reader->read($given, 'named');
        }
        try {
            return $this->found($reader, $phpVersion, $fpmBinary, $iniFile);
        } catch (FpmConfigError $error) {
            if ($lenient) {
                return null;
            }
            throw $error;
        }
    }

    private function found(
        FpmConfigReader $reader,
        ?string $phpVersion,
        ?string $fpmBinary,
        ?string $iniFile,
    ): ?FpmConfiguration {
        if (null !== $iniFile) {
            $directory = is_dir($iniFile) ? $iniFile : \dirname($iniFile);
            if (is_file($directory.'/php-fpm.conf')) {
                return $reader->read($directory.'/php-fpm.conf', 'beside the php.ini');
            }
            $pools = glob($directory.'/pool.d/*.conf') ?: [];
            if ([] !== $pools) {
                sort($pools);

                return $reader->readPools($pools, 'pool.d/*.conf beside the php.ini');
            }
        }
        foreach ($this->layoutFiles($phpVersion, $fpmBinary) as $file => $layout) {
            if (is_file($file)) {
                return $reader->read($file, $layout);
            }
        }

        return null;
    }

    /** @return array<string, string> file => the layout it belongs to, the binary's own first */
    private function layoutFiles(?string $phpVersion, ?string $fpmBinary): array
    {
        $root = rtrim($this->layoutRoot ?? '', '/');
        $files = [];
        if (null !== $phpVersion) {
            $files[$root.'/etc/php/'.$phpVersion.'/fpm/php-fpm.conf'] = 'Debian\'s layout';
        }
        $files[$root.'/usr/local/etc/php-fpm.conf'] = 'the official php image\'s layout';
        $files[$root.'/etc/php-fpm.conf'] = 'the RHEL layout';
        if (null !== $phpVersion) {
            $files[$root.'/etc/opt/remi/php'.str_replace('.', '', $phpVersion).'/php-fpm.conf'] = 'Remi\'s layout';
        }
        $binary = null === $fpmBinary ? '' : (realpath($fpmBinary) ?: $fpmBinary);
        $own = match (true) {
            str_starts_with($binary, '/usr/local/') => $root.'/usr/local/etc/php-fpm.conf',
            1 === preg_match('{^/opt/remi/(php\d+)/}', $binary, $m) => $root.'/etc/opt/remi/'.$m[1].'/php-fpm.conf',
            default => null,
        };
        if (null !== $own) {
            $files = [$own => $files[$own] ?? 'Remi\'s layout'] + $files;
        }

        return $files;
    }

    private function master(FpmConfiguration $config): ?RunningMaster
    {
        $master = null === $config->pidFile ? null : RunningMaster::fromPidFile($config->pidFile, $this->proc);
        foreach ($config->pools as $pool) {
            $listen = $pool->value('listen');
            $master ??= null === $listen || '' === $listen ? null : RunningMaster::listeningAt($listen, $this->proc);
        }

        return $master;
    }

    /**
     * The configuration with what `php-fpm -tt` says of it: every pool's effective values, php-fpm's defaults
     * included (written nowhere). Unchanged when php-fpm cannot check it.
     */
    private function dumped(FpmConfiguration $config, string $fpmBinary): FpmConfiguration
    {
        $failed = null;
        $ask = function () use ($config, $fpmBinary, &$failed): ?array {
            $dump = $this->dump($config, $fpmBinary);
            if ($dump instanceof FpmConfiguration) {
                $failed = $dump;

                return null;
            }

            return [$dump, [], $config->files];
        };
        $binary = realpath($fpmBinary) ?: $fpmBinary;
        $dump = null === $this->cache ? $ask()[0] ?? null : $this->cache->answer(
            \sprintf("fpm -tt\0%s\0%s\0%s\0%s", $fpmBinary, $binary, $config->mainFile, $config->master->prefix ?? '-'),
            [$binary, ...$config->files],
            static fn (mixed $kept): bool => self::isDump($kept),
            $ask,
        );
        if (null === $dump) {
            return $failed ?? $config;
        }
        $pools = [];
        foreach ($config->pools as $pool) {
            $pools[$pool->name] = $pool;
        }
        foreach ($dump as $name => $values) {
            $pool = $pools[$name] ?? new FpmPool($name, (string) $config->mainFile, []);
            foreach ($values as $directive => $value) {
                if (null === $pool->directive($directive)) {
                    $pool = $pool->with(new FpmDirective($directive, $value, null, null));
                }
            }
            $pools[$name] = $pool;
        }

        return $config->withPools(array_values($pools), true);
    }

    /** @phpstan-assert-if-true array<string, array<string, string>> $kept */
    private static function isDump(mixed $kept): bool
    {
        if (!\is_array($kept)) {
            return false;
        }
        foreach ($kept as $pool => $values) {
            if (!\is_string($pool) || !\is_array($values)) {
                return false;
            }
            foreach ($values as $directive => $value) {
                if (!\is_string($directive) || !\is_string($value)) {
                    return false;
                }
            }
        }

        return true;
    }

    /**
     * What `php-fpm -tt` dumps of the configuration, pool => directive => value; the configuration with why not
     * when it cannot.
     *
     * @return array<string, array<string, string>>|FpmConfiguration
     */
    private function dump(FpmConfiguration $config, string $fpmBinary): array|FpmConfiguration
    {
        // Registered as it is created: an interrupt during `php-fpm -tt` (which may take seconds) removes it.
        $wrapper = InterruptGuard::instance()->temporaryFile(sys_get_temp_dir(), 'preheat-fpm-');
        if (false === $wrapper) {
            return $config->withDumpFailure('`php-fpm -tt` not asked, no file could be made in '.sys_get_temp_dir());
        }
        // The last [global] error_log wins: php-fpm logs its dump to stderr, not to the server's log.
        file_put_contents(
            $wrapper,
            'include = '.$config->mainFile."\n[global]\nerror_log = /proc/self/fd/2\nlog_level = notice\n",
        );
        $command = [$fpmBinary, ...FpmQuery::SETTINGS, '-tt', '-y', $wrapper];
        // Relative includes are relative to the prefix: the master's, or the one above the main file's etc/.
        $prefix = $config->master->prefix ?? (
            'etc' === basename(\dirname((string) $config->mainFile))
                ? FpmConfigReader::guessPrefix((string) $config->mainFile)
                : null
        );
        if (null !== $prefix) {
            array_push($command, '-p', $prefix);
        }
        try {
            $result = $this->runner->run($command, null, 30.0);
        } catch (\RuntimeException $error) {
            return $config->withDumpFailure(self::shown($error->getMessage()));
        } finally {
            @unlink($wrapper);
            InterruptGuard::instance()->forgetPath($wrapper);
        }
        $dump = FpmDump::parse($result->stdout.$result->stderr);
        if (null === $dump) {
            $said = self::shown((string) strtok(trim($result->stderr.$result->stdout), "\n"));

            return $config->withDumpFailure(\sprintf(
                '`php-fpm -tt` printed no configuration (exit %d%s)',
                $result->exitCode,
                '' === $said ? '' : ': '.$said,
            ));
        }

        return $dump;
    }

    /** A line of php-fpm's for a message: printable, and at most 300 bytes of it. */
    private static function shown(string $line): string
    {
        return DisplayString::of(substr(trim((string) preg_replace('{[\x00-\x1f\x7f]+}', ' ', $line)), 0, 300));
    }
}
