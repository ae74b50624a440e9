<?php

declare(strict_types=1);

namespace Preheat\Bench\Config;

use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpInstallationLocator;
use Preheat\Process\ProcessRunner;
use Preheat\Server\ApacheModPhp\ApacheModPhpLauncher;
use Preheat\Server\NginxFpm\NginxFpmLauncher;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\RuntimeFactory;
use Preheat\Server\RuntimeKinds;
use Preheat\Server\StackSettings;
use Preheat\Server\Worker\WorkerLauncher;
use Preheat\Server\Worker\WorkerSettings;

/** How the "bench" section of a configuration says to serve the app: the PHP installation, then the runtimes (nginx + php-fpm, Apache + mod_php, or persistent workers). */
final class BenchServer
{
    /** The PHP installation a bench serves with: php-fpm's own ini unless the configuration names one, its settings as they are unless configured. */
    public static function installation(BenchConfig $config, ProcessRunner $runner, ?string $user = null): PhpInstallation
    {
        $php = (new PhpInstallationLocator($runner))->locate($config->phpBinary, $config->phpIni, $config->fpmBinary, $user);
        if (null === $config->opcacheMemoryMb) {
            return $php;
        }

        return $php->withSettings($php->settings->withOverride('opcache.memory_consumption', (string) $config->opcacheMemoryMb, 'preheat.json bench.opcacheMemory'));
    }

    /** @param PhpInstallation $php the installation found once for the run */
    public static function runtimes(BenchConfig $config, PhpInstallation $php, ProcessSupervisor $supervisor): RuntimeFactory
    {
        return self::kinds($config, $php, $supervisor)->get($config->runtime) ?? throw new \LogicException('No runtime of kind '.$config->runtime);
    }

    /**
     * Every runtime kind this version can start, all with the same settings: the bench's runtime
     * serves its scenarios, a ladder's ceiling asks for the persistent worker by its kind (Ladder::CEILING_RUNTIME).
     */
    public static function kinds(BenchConfig $config, PhpInstallation $php, ProcessSupervisor $supervisor): RuntimeKinds
    {
        $settings = self::stack($config, $php);

        return new RuntimeKinds([
            'fpm' => new NginxFpmLauncher($supervisor, $settings),
            'mod_php' => new ApacheModPhpLauncher($supervisor, $settings, $config->apacheBinary),
            'worker' => new WorkerLauncher($supervisor, $settings, $config->worker ?? new WorkerSettings($config->projectRoot)),
        ]);
    }

    /** What every runtime of the run shares: the app's document root and front controller, the workers, the binaries, the installation. */
    public static function stack(BenchConfig $config, PhpInstallation $php): StackSettings
    {
        return new StackSettings(
            $config->documentRoot,
            $config->frontController,
            $config->workers,
            $config->fpmBinary,
            $config->nginxBinary,
            $php,
        );
    }
}
