<?php

declare(strict_types=1);

namespace Preheat\Php\Fpm;

use Preheat\Process\ProcessRunner;

/**
 * Finds php-fpm's configuration, in this order:
 * 1. the file named (the console's --fpm-config);
 * 2. next to the php.ini named (--ini): php-fpm.conf, else the pool.d/*.conf there (Debian keeps them together);
 * 3. the php-fpm binary's own default, as `php-fpm -t` names it;
 * 4. the layouts' usual places: /etc/php/X.Y/fpm/php-fpm.conf (Debian), /usr/local/etc/php-fpm.conf (the
 *    official php image), /etc/php-fpm.conf (RHEL), /etc/opt/remi/phpXY/php-fpm.conf (Remi).
 * Then, when a php-fpm master runs with it (found by the pid file it names, or as the owner of a pool's
 * listening socket) from another main file, that file is read instead: what runs is what counts. The
 * files are read as php-fpm reads them (FpmConfigReader); `php-fpm -tt`, when it can check them (it must
 * be able to open the error log: as root, usually), adds the values php-fpm defaults.
 */
final class FpmConfigLocator
{
    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly string $proc = '/proc',
        private readonly ?string $layoutRoot = null,
    ) {
    }

    public function locate(
        ?string $given,
        ?string $fpmBinary,
        ?string $phpVersion,
        ?string $iniFile = null,
    ): ?FpmConfiguration {
        $reader = new FpmConfigReader();
        $config = $this->first($reader, $given, $fpmBinary, $phpVersion, $iniFile);
        if (null === $config) {
            return null;
        }
        $master = $this->master($config);
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
    ): ?FpmConfiguration {
        if (null !== $given) {
            return $reader->read($given, 'named');
        }
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
        $default = null === $fpmBinary ? null : $this->binaryDefault($fpmBinary);
        if (null !== $default) {
            return $reader->read($default, '`'.basename((string) $fpmBinary).' -t`');
        }
        foreach ($this->layoutFiles($phpVersion) as $file => $layout) {
            if (is_file($file)) {
                return $reader->read($file, $layout);
            }
        }

        return null;
    }

    /** @return array<string, string> file => the layout it belongs to */
    private function layoutFiles(?string $phpVersion): array
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

        return $files;
    }

    /** The main file php-fpm reads when started without -y: `php-fpm -t` names it ("configuration file X test"). */
    private function binaryDefault(string $fpmBinary): ?string
    {
        try {
            $result = $this->runner->run([$fpmBinary, '-t'], null, 30.0);
            $output = $result->stdout.$result->stderr;
        } catch (\RuntimeException $failed) {
            $output = $failed->getMessage();
        }

        return 1 === preg_match('{configuration file (/\S+) test is successful}', $output, $m) && is_file($m[1])
            ? $m[1]
            : null;
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
        $command = [$fpmBinary, '-tt', '-y', (string) $config->mainFile];
        if (null !== $config->master?->prefix) {
            array_push($command, '-p', $config->master->prefix);
        }
        try {
            $result = $this->runner->run($command, null, 30.0);
        } catch (\RuntimeException) {
            return $config;
        }
        $dump = FpmDump::parse($result->stdout.$result->stderr);
        if (null === $dump) {
            return $config;
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
}
