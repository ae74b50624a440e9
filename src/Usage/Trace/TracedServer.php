<?php

declare(strict_types=1);

namespace Preheat\Usage\Trace;

use Preheat\Plan\Strategy\UsageSnapshot;
use Preheat\Process\InterruptGuard;
use Preheat\Process\ProcessRunner;
use Preheat\Server\Runtime;
use Preheat\Server\RuntimeFactory;
use Preheat\Usage\RecorderInstaller;
use Preheat\Usage\UsageStores;
use Preheat\Util\FileSystemError;

/**
 * The app served by a temporary runtime with the recorder on (every request, flushed at once), so that
 * what a few requests or a burst of traffic loaded can be read back. The runtime comes from the caller's
 * factory: the settings and the supervisor of the command run.
 */
final class TracedServer
{
    private readonly string $directory;
    private readonly string $store;
    private ?Runtime $runtime = null;

    private function __construct(private readonly ProcessRunner $runner)
    {
        $this->directory = sys_get_temp_dir().'/preheat-trace-'.bin2hex(random_bytes(4));
        $this->store = $this->directory.'/usage.log';
    }

    public static function start(
        RuntimeFactory $runtimes,
        ProcessRunner $runner,
        string $projectRoot,
        int $sample = 1,
        int $batch = 1,
    ): self {
        $server = new self($runner);
        InterruptGuard::instance()->removeOnExit($server->directory);
        if (!mkdir($server->directory, 0o755, true)) {
            throw FileSystemError::cannotCreateDirectory($server->directory);
        }
        $installer = new RecorderInstaller();
        $settings = $installer->settings(
            $projectRoot,
            $server->directory.'/recorder.php',
            $server->store,
            $sample,
            $batch,
            60,
            [],
            $server->directory,
        );
        $installer->install($settings);
        try {
            $server->runtime = $runtimes->start(
                'trace',
                $server->directory,
                null,
                ['auto_prepend_file' => $settings->bootstrapPath],
            );
        } catch (\Throwable $error) {
            $server->stop();
            throw $error;
        }

        return $server;
    }

    public function runtime(): Runtime
    {
        return $this->runtime ?? throw new \LogicException('The traced server is stopped.');
    }

    /** Stops the server (its workers flush what they still hold as they finish requests) and reads the store. */
    public function usage(): UsageSnapshot
    {
        $this->stopServers();

        return is_file($this->store)
            ? UsageStores::open($this->store)->read()
            : new UsageSnapshot(requests: 0, fileCounts: [], from: null, to: null);
    }

    public function stop(): void
    {
        $this->stopServers();
        if (is_dir($this->directory)) {
            // The pool's user may own what the workers wrote.
            $this->runner->run(['rm', '-rf', $this->directory]);
        }
        InterruptGuard::instance()->forgetPath($this->directory);
    }

    private function stopServers(): void
    {
        $this->runtime?->stop();
        $this->runtime = null;
    }
}
