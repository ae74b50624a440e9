<?php

declare(strict_types=1);

namespace Preheat\Server\Serve;

use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpInstallationLocator;
use Preheat\Process\ProcessRunner;
use Preheat\Server\Binaries;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\RuntimeContext;
use Preheat\Server\RuntimeFactory;
use Preheat\Server\RuntimeKind;
use Preheat\Server\RuntimeKinds;
use Preheat\Server\StackSettings;
use Preheat\Server\WorkerSettings;

/**
 * How to serve the app, as preheat.json's "bench" section says: the document root and front controller,
 * the runtime and its workers, the binaries, the php.ini and OPcache memory, a request's timeout. The
 * bench and `generate --strategy=trace` both serve with it.
 */
final class ServeSettings
{
    public const DEFAULT_REQUEST_TIMEOUT = 10.0;

    public function __construct(
        public readonly string $projectRoot,
        public readonly string $documentRoot,
        public readonly string $frontController,
        public readonly RuntimeKind $runtime,
        public readonly int $workers,
        public readonly Binaries $binaries,
        public readonly WorkerSettings $worker,
        public readonly ?string $phpIni = null,
        public readonly ?int $opcacheMemoryMb = null,
        public readonly float $requestTimeout = self::DEFAULT_REQUEST_TIMEOUT,
    ) {
    }

    /**
     * The PHP installation the app is served with: php-fpm's own ini unless the configuration names one,
     * its settings as they are unless configured.
     */
    public function installation(ProcessRunner $runner, ?string $user = null): PhpInstallation
    {
        $php = (new PhpInstallationLocator($runner))
            ->locate($this->binaries->php(), $this->phpIni, $this->binaries->fpm(), $user);
        if (null === $this->opcacheMemoryMb) {
            return $php;
        }
        $memory = (string) $this->opcacheMemoryMb;

        return $php->withSettings(
            $php->settings->withOverride('opcache.memory_consumption', $memory, 'preheat.json bench.opcacheMemory'),
        );
    }

    /** What every runtime of the run shares: document root, front controller, workers, binaries, installation. */
    public function stack(PhpInstallation $php): StackSettings
    {
        return new StackSettings(
            $this->documentRoot,
            $this->frontController,
            $this->workers,
            $this->binaries->fpm(),
            $this->binaries->get('nginx'),
            $php,
        );
    }

    /**
     * Every kind the registry can start, all with the same settings: the configured one serves the
     * scenarios, a ladder's ceiling asks for the persistent worker by its name.
     */
    public function kinds(RuntimeRegistry $registry, PhpInstallation $php, ProcessSupervisor $supervisor): RuntimeKinds
    {
        return $registry->factories(new RuntimeContext(
            $supervisor,
            $this->stack($php),
            $this->binaries,
            $this->worker,
        ));
    }

    /** The configured kind's factory. */
    public function runtimes(PhpInstallation $php, ProcessSupervisor $supervisor): RuntimeFactory
    {
        return $this->runtime->factory(new RuntimeContext(
            $supervisor,
            $this->stack($php),
            $this->binaries,
            $this->worker,
        ));
    }
}
