<?php

declare(strict_types=1);

namespace Preheat\Server;

use Preheat\Process\RunningProcess;

/** Waits for a server just started to be ready, and says why when it dies or never answers. */
final class StartWait
{
    /**
     * @param \Closure(): bool $ready        whether it serves yet
     * @param string           $notAnswering what to say when it is still running but never got ready
     * @param list<string>     $logs         files whose content explains a server that died
     *
     * @throws RuntimeError when the process exits first, or is not ready within $timeout seconds
     */
    public static function until(
        string $what,
        RunningProcess $process,
        \Closure $ready,
        string $notAnswering,
        array $logs,
        float $timeout,
    ): void {
        $deadline = microtime(true) + $timeout;
        while (microtime(true) < $deadline) {
            if (!$process->isRunning()) {
                $log = $process->errorOutput().$process->output();
                foreach ($logs as $file) {
                    $log .= is_file($file) ? (string) file_get_contents($file) : '';
                }
                throw RuntimeError::didNotStart($what, $process->commandLine(), $log);
            }
            if ($ready()) {
                return;
            }
            // Inside ConcurrentStarts, the other servers' starts go on meanwhile.
            ConcurrentStarts::pause();
        }
        $error = RuntimeError::didNotStart(
            $what,
            $process->commandLine(),
            \sprintf('%s within %.0f s', $notAnswering, $timeout),
        );
        throw $error;
    }
}
