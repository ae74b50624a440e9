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
 *
 * A load tool stops with requests still in flight (one per connection for wrk); the workers finish
 * them after it stopped, and it never counts them. So after a run the meter waits until the server's
 * status page shows no busy worker, then reads the CPU, and divides by the requests the server itself
 * counted in between (less its own status readings): CPU and requests cover the same work.
 */
final class RunMeter
{
    /** How often to look whether the workers are done, and for how long at most. */
    private const SETTLE_POLL_MICROSECONDS = 25_000;
    private const SETTLE_MAX_SECONDS = 5.0;

    private readonly int $cores;

    public function __construct(
        private readonly MachineCpu $machine = new MachineCpu(),
        ?int $cores = null,
    ) {
        $this->cores = $cores ?? Cpu::cores();
    }

    public function before(Runtime $runtime): RunReading
    {
        // The status reading first: the request it makes is done before the CPU is read.
        $requests = $runtime->requestCount();

        return new RunReading(
            hrtime(true),
            $this->machine->times(),
            $runtime->phpCpuSeconds(),
            $runtime->serverCpuSeconds(),
            $requests,
        );
    }

    /**
     * @param bool $throughServer false for a tool that runs PHP itself (no request reaches the server):
     *                            the server's CPU then says nothing about the run
     *
     * @return array{LoadResult, RunConditions|null} the run with the PHP CPU it cost; null conditions where
     *                                               /proc does not say
     */
    public function after(RunReading $before, Runtime $runtime, LoadResult $run, bool $throughServer): array
    {
        $readings = $throughServer && null !== $before->requests ? $this->settle($runtime) : 0;
        $after = new RunReading(
            hrtime(true),
            $this->machine->times(),
            $runtime->phpCpuSeconds(),
            $runtime->serverCpuSeconds(),
        );
        $php = self::delta($before->phpCpuSeconds, $after->phpCpuSeconds);
        if ($throughServer && null === $run->phpCpuSeconds && null !== $php) {
            $first = $before->requests;
            $counted = null === $first ? null : $runtime->requestCount();
            // Every status reading after the first is a request of its own: the settling ones and this last one.
            $served = null === $first || null === $counted
                ? null
                : $counted->accepted - $first->accepted - $readings - 1;
            $run = $run->withPhpCpuSeconds($php, null !== $served && $served > 0 ? $served : null);
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

    /**
     * Waits until no worker but the one answering the status page is busy: the requests the tool left
     * in flight are done.
     *
     * @return int how many status readings it took
     */
    private function settle(Runtime $runtime): int
    {
        $deadline = hrtime(true) + (int) (self::SETTLE_MAX_SECONDS * 1e9);
        $readings = 0;
        do {
            $count = $runtime->requestCount();
            ++$readings;
            if (null === $count || $count->busy <= 1) {
                break;
            }
            usleep(self::SETTLE_POLL_MICROSECONDS);
        } while (hrtime(true) < $deadline);

        return $readings;
    }

    /** The machine now: its CPU times and load average, to compare a later reading with. */
    public function machineNow(): ?CpuTimes
    {
        return $this->machine->times();
    }

    /**
     * The machine between an earlier reading and now: the steal share and the load average now (other
     * processes cannot be told from this command's own work).
     */
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
