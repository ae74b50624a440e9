<?php

declare(strict_types=1);

namespace Preheat\Process;

use Symfony\Component\Process\Process;

/** @internal started by SymfonyProcessRunner::start() */
final class SymfonyRunningProcess implements RunningProcess
{
    private ?int $guarded;

    private readonly ?int $pid;

    private readonly ?int $startTime;

    /** Its PID, also when it ended before it was asked (then pid() is null): what stop() looks for. */
    private readonly ?int $stopPid;

    /**
     * @param bool        $ownSession it was started in a session of its own (setsid), which holds everything it forks
     * @param ProcessTree $tree       where its processes are looked up when it is stopped
     */
    public function __construct(
        private readonly Process $process,
        private readonly bool $ownSession = false,
        private readonly ?string $commandLine = null,
        private readonly ProcessTree $tree = new ProcessTree(),
    ) {
        $this->pid = $process->getPid();
        if (null !== $this->pid) {
            $this->stopPid = $this->pid;
            // Also of a program that ended already and is not reaped: its PID is known to be its own until then.
            $this->startTime = $tree->startTimeOfAny($this->pid);
        } else {
            // It ended so soon that the start reaped it, and Symfony tells no PID of a program that ended: what
            // it left running in its session is still ours, found by the PID the start was told.
            $this->stopPid = self::startedPid($process);
            $this->startTime = null === $this->stopPid ? null : TreeStop::REAPED;
        }
        // Until it is stopped, a run that ends (or is interrupted) stops it.
        $this->guarded = InterruptGuard::instance()->stopOnExit(
            fn () => $this->stop(2.0),
            $this->stopPid,
            $this->startTime,
        );
    }

    public function pid(): ?int
    {
        return $this->pid;
    }

    public function isRunning(): bool
    {
        $running = $this->process->isRunning();
        if (!$running && null !== $this->guarded && !$this->ownSession) {
            // Ended by itself, and nothing of it can live on outside its session.
            InterruptGuard::instance()->forget($this->guarded);
            $this->guarded = null;
        }

        return $running;
    }

    public function exitCode(): ?int
    {
        return $this->process->getExitCode();
    }

    /**
     * Stops it with everything it started, verified by PID: also when it already ended, because the
     * workers of a master that died may live on in its session.
     */
    public function stop(float $graceSeconds = 5.0): void
    {
        if (null !== $this->guarded) {
            InterruptGuard::instance()->forget($this->guarded);
            $this->guarded = null;
        }
        // Without a session of its own, only a process that runs or is a zombie (whose children still name it as
        // their parent) can have descendants to find; a session may outlive its leader.
        $pid = $this->stopPid;
        if (null !== $pid && ($this->ownSession || null !== $this->tree->startTimeOfAny($pid))) {
            $stop = new TreeStop($pid, $this->ownSession, $this->startTime, $this->tree);
            $stop->stop($graceSeconds, function (): void {
                $this->process->isRunning();
            });
        }
        // Reaps it (and closes its pipes); nothing is left to signal by now.
        $this->process->stop(0);
    }

    /** The PID proc_open() was told, kept by Process also after the program ended (its getPid() is null then). */
    private static function startedPid(Process $process): ?int
    {
        $pid = (fn (): mixed => $this->processInformation['pid'] ?? null)->call($process);

        return \is_int($pid) && $pid > 0 ? $pid : null;
    }

    public function output(): string
    {
        return $this->process->getOutput();
    }

    public function errorOutput(): string
    {
        return $this->process->getErrorOutput();
    }

    public function commandLine(): string
    {
        return $this->commandLine ?? $this->process->getCommandLine();
    }
}
