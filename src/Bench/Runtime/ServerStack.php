<?php

declare(strict_types=1);

namespace Preheat\Bench\Runtime;

use Symfony\Component\Process\Process;

/** One scenario's running php-fpm and nginx, on a loopback port of its own. */
final class ServerStack
{
    public function __construct(
        public readonly string $name,
        public readonly string $directory,
        public readonly int $port,
        public readonly Process $fpm,
        public readonly Process $nginx,
        public readonly float $fpmStartSeconds,
        public readonly string $fpmErrorLog,
        public readonly string $phpErrorLog,
    ) {
    }

    public function url(string $path): string
    {
        return \sprintf('http://127.0.0.1:%d%s', $this->port, $path);
    }

    public function statusUrl(): string
    {
        return $this->url(StackLauncher::STATUS_PATH);
    }

    public function isRunning(): bool
    {
        return $this->fpm->isRunning() && $this->nginx->isRunning();
    }

    /** @return list<int> */
    public function workerPids(): array
    {
        $pid = $this->fpm->getPid();

        return null === $pid ? [] : ProcessMemory::children($pid);
    }

    public function logTail(int $lines = 15): string
    {
        $tail = [];
        foreach ([$this->fpmErrorLog, $this->phpErrorLog] as $log) {
            $content = is_file($log) ? (string) file_get_contents($log) : '';
            $tail = [...$tail, ...\array_slice(array_filter(explode("\n", $content)), -$lines)];
        }

        return implode("\n", $tail);
    }
}
