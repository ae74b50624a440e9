<?php

declare(strict_types=1);

namespace Preheat\Worker;

/**
 * How many requests the workers took and how many are busy, kept in shared memory (ext-shmop) that the
 * master creates before it forks: a slot per worker (a replacement continues its slot's count), written
 * with no system call but the memory write, read by whichever worker answers the count's path. The text
 * it gives is php-fpm's status format ("accepted conn", "active processes"), so the bench reads all
 * runtimes alike. Without shmop there is no count (the bench then uses its load tool's).
 */
final class RequestCounter
{
    private const SLOT_BYTES = 16;

    private int $slot = 0;

    private function __construct(
        private readonly \Shmop $memory,
        private readonly int $slots,
    ) {
    }

    public static function create(int $slots): ?self
    {
        if (!\function_exists('shmop_open')) {
            return null;
        }
        $memory = @shmop_open(0, 'c', 0600, $slots * self::SLOT_BYTES);
        if (false === $memory) {
            return null;
        }
        // Marked for removal at once: it lives while a process of the server has it (forks inherit it),
        // and nothing is left behind however the server ends.
        shmop_delete($memory);

        return new self($memory, $slots);
    }

    /** In a worker after the fork: the slot it counts in. */
    public function useSlot(int $slot): void
    {
        $this->slot = $slot;
    }

    public function started(): void
    {
        $accepted = $this->read($this->slot * self::SLOT_BYTES);
        shmop_write($this->memory, pack('PP', $accepted + 1, 1), $this->slot * self::SLOT_BYTES);
    }

    public function finished(): void
    {
        shmop_write($this->memory, pack('P', 0), $this->slot * self::SLOT_BYTES + 8);
    }

    /** A worker that died mid-request is busy no more. */
    public function released(int $slot): void
    {
        shmop_write($this->memory, pack('P', 0), $slot * self::SLOT_BYTES + 8);
    }

    public function status(): string
    {
        $accepted = 0;
        $busy = 0;
        for ($slot = 0; $slot < $this->slots; ++$slot) {
            $accepted += $this->read($slot * self::SLOT_BYTES);
            $busy += $this->read($slot * self::SLOT_BYTES + 8);
        }

        return \sprintf("accepted conn: %d\nactive processes: %d\n", $accepted, $busy);
    }

    private function read(int $offset): int
    {
        return (int) (unpack('P', shmop_read($this->memory, $offset, 8))[1] ?? 0);
    }
}
