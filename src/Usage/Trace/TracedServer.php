<?php

declare(strict_types=1);

namespace Preheat\Usage\Trace;

use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Runtime\ProcessSupervisor;
use Preheat\Bench\Runtime\ServerStack;
use Preheat\Bench\Runtime\StackLauncher;
use Preheat\Bench\Runtime\StackSettings;
use Preheat\Php\PhpInstallation;
use Preheat\Usage\RecorderInstaller;
use Preheat\Usage\UsageSnapshot;
use Preheat\Usage\UsageStores;
use Symfony\Component\Process\Process;

/**
 * The app served by a temporary php-fpm + nginx with the recorder on (every request, flushed at
 * once), so that what a few requests or a burst of traffic loaded can be read back.
 */
final class TracedServer
{
    private readonly string $directory;
    private readonly string $store;
    private ?ServerStack $stack = null;

    private function __construct(
        private readonly ProcessSupervisor $supervisor,
        private readonly StackLauncher $launcher,
    ) {
        $this->directory = sys_get_temp_dir().'/preheat-trace-'.bin2hex(random_bytes(4));
        $this->store = $this->directory.'/usage.log';
    }

    public static function start(BenchConfig $config, int $sample = 1, int $batch = 1, ?PhpInstallation $php = null): self
    {
        $supervisor = new ProcessSupervisor();
        $server = new self($supervisor, new StackLauncher($supervisor, StackSettings::fromConfig($config, $php)));
        if (!mkdir($server->directory, 0777, true)) {
            throw new \RuntimeException('Cannot create '.$server->directory);
        }
        $installer = new RecorderInstaller();
        $settings = $installer->settings($config->projectRoot, $server->directory.'/recorder.php', $server->store, $sample, $batch, 60, [], $server->directory);
        $installer->install($settings);
        try {
            $server->stack = $server->launcher->launch('trace', $server->directory, null, ['auto_prepend_file' => $settings->bootstrapPath]);
        } catch (\Throwable $error) {
            $server->stop();
            throw $error;
        }

        return $server;
    }

    public function stack(): ServerStack
    {
        return $this->stack ?? throw new \LogicException('The traced server is stopped.');
    }

    /** Stops the server (its workers flush what they still hold as they finish requests) and reads the store. */
    public function usage(): UsageSnapshot
    {
        $this->stopServers();

        return is_file($this->store) ? UsageStores::open($this->store)->read() : new UsageSnapshot(0, [], null, null);
    }

    public function stop(): void
    {
        $this->stopServers();
        if (is_dir($this->directory)) {
            (new Process(['rm', '-rf', $this->directory]))->run();
        }
    }

    private function stopServers(): void
    {
        if (null !== $this->stack) {
            $this->launcher->stop($this->stack);
        }
        $this->supervisor->stopAll();
    }
}
