<?php

declare(strict_types=1);

namespace Preheat\Server;

use Preheat\Php\OpcacheStatus;

/**
 * PHP running behind a web server on a loopback port, for any purpose (a bench scenario, a trace): what
 * its users need to send it requests, watch it and stop it. nginx + php-fpm is the first kind.
 */
interface Runtime
{
    public function name(): string;

    /** http://127.0.0.1:PORT, without a trailing slash. */
    public function baseUrl(): string;

    public function url(string $path): string;

    /** Seconds PHP took to start (with preloading, the preload phase). */
    public function startSeconds(): float;

    /** The php.ini it serves with, for tools that run PHP in-process with the same settings. */
    public function phpIni(): string;

    /** @throws RuntimeError when a part of it died, naming which part, during what, and its log */
    public function ensureRunning(string $during): void;

    /** @return list<int> PIDs of the PHP workers now */
    public function workerPids(): array;

    /** @return list<int> PSS in bytes of each PHP worker now (where the system says) */
    public function workerMemory(): array;

    /**
     * CPU seconds (user + system) its PHP processes have used so far: the parent (php-fpm's master,
     * Apache's parent under mod_php), its workers, and the workers it already reaped. Sampled before
     * and after a run, the difference is what PHP spent serving it. null where the system does not say.
     */
    public function phpCpuSeconds(): ?float;

    /**
     * The same for every process of it: PHP and the web server in front (nginx); null where the system does not say.
     */
    public function serverCpuSeconds(): ?float;

    /**
     * The requests its PHP workers took so far and how many are busy, from the server's own status page
     * (each reading is a request too); null when it did not answer.
     */
    public function requestCount(): ?RequestCount;

    /** What OPcache says from inside a worker; null when the probe got no answer. */
    public function opcacheStatus(): ?OpcacheStatus;

    /** The last lines of its logs, for error messages. */
    public function logTail(int $lines = 15): string;

    /** Stops every process of it, by PID (workers whose master died included). */
    public function stop(): void;
}
