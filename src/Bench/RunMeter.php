<?php

declare(strict_types=1);

namespace Preheat\Bench;

use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Result\MachineLoad;
use Preheat\Bench\Result\RunConditions;
use Preheat\Server\CpuTimes;
use Preheat\Server\MachineCpu;
use Preheat\Server\Runtime;
use Preheat\Util\Cpu;

/**
 * Reads the server's and the machine's CPU right before and right after each measured run: the CPU
 * seconds the scenario's PHP processes spent serving it go into the run (CPU per request), what the
 * machine did meanwhile into its RunConditions (steal, load from other processes).
 */
final class RunMeter
{
    private readonly int $cores;

    public function __construct(
        private readonly MachineCpu $machine = new MachineCpu(),
        ?int $cores = null,
    ) {
        $this->cores = $cores ?? Cpu::cores();
    }

    public function before(Runtime $runtime): RunReading
    {
        return new RunReading(hrtime(true), $this->machine->times(), $runtime->phpCpuSeconds(), $runtime->serverCpuSeconds());
    }

    /**
     * @param bool $throughServer false for a tool that runs PHP itself (no request reaches the server):
     *                            the server's CPU then says nothing about the run
     *
     * @return array{LoadResult, RunConditions|null} the run with the PHP CPU it cost; null conditions where /proc does not say
     */
    public function after(RunReading $before, Runtime $runtime, LoadResult $run, bool $throughServer): array
    {
        $after = new RunReading(hrtime(true), $this->machine->times(), $runtime->phpCpuSeconds(), $runtime->serverCpuSeconds());
        $php = self::delta($before->phpCpuSeconds, $after->phpCpuSeconds);
        if ($throughServer && null === $run->phpCpuSeconds && null !== $php) {
            $run = $run->withPhpCpuSeconds($php);
        }
        $conditions = null;
        if (null !== $before->machine && null !== $after->machine) {
            $machine = $after->machine->since($before->machine);
            $conditions = new RunConditions(
                ($after->nanoseconds - $before->nanoseconds) / 1e9,
                $this->cores,
                $machine->busy,
                $machine->steal,
                self::delta($before->serverCpuSeconds, $after->serverCpuSeconds),
                $run->toolCpuSeconds,
                $this->machine->loadAverage()[0] ?? null,
            );
        }

        return [$run, $conditions];
    }

    /** The machine now: its CPU times and load average, to compare a later reading with. */
    public function machineNow(): ?CpuTimes
    {
        return $this->machine->times();
    }

    /** The machine between an earlier reading and now: the steal share and the load average now (other processes cannot be told from this command's own work). */
    public function machineSince(?CpuTimes $earlier): MachineLoad
    {
        $now = $this->machine->times();
        $delta = null === $earlier || null === $now ? null : $now->since($earlier);

        return new MachineLoad(
            $this->machine->loadAverage(),
            null === $delta || $delta->total() <= 0 ? null : $delta->steal / $delta->total(),
            null,
        );
    }

    /** @return array{float, float, float}|null */
    public function loadAverage(): ?array
    {
        return $this->machine->loadAverage();
    }

    public function cpuModel(): ?string
    {
        return $this->machine->model();
    }

    public function governor(): ?string
    {
        return $this->machine->governor();
    }

    private static function delta(?float $before, ?float $after): ?float
    {
        // A server restarted in between (a new master) would go backwards: no reading then.
        return null === $before || null === $after || $after < $before ? null : $after - $before;
    }
}
