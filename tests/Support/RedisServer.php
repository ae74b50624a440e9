<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Symfony\Component\Process\ExecutableFinder;
use Symfony\Component\Process\Process;

/** A redis-server of the test's own, on a free loopback port, persisting nothing; stopped by its PID. */
final class RedisServer
{
    private function __construct(private readonly Process $process, public readonly int $port)
    {
    }

    public static function binary(): ?string
    {
        return (new ExecutableFinder())->find('redis-server');
    }

    public static function start(string $directory): self
    {
        return self::startOnPort($directory, self::freePort());
    }

    public static function startOnPort(string $directory, int $port): self
    {
        $binary = self::binary() ?? throw new \RuntimeException('redis-server is not installed: apt-get install redis-server');
        $process = new Process([$binary, '--port', (string) $port, '--bind', '127.0.0.1', '--dir', $directory, '--save', '', '--appendonly', 'no', '--daemonize', 'no']);
        $process->start();
        $server = new self($process, $port);
        $deadline = microtime(true) + 5;
        while (!$server->answersPing()) {
            if (!$process->isRunning() || microtime(true) > $deadline) {
                $process->stop(0);
                throw new \RuntimeException("redis-server did not answer on port $port:\n".$process->getOutput().$process->getErrorOutput());
            }
            usleep(10000);
        }

        return $server;
    }

    /** A loopback port nothing listens on (the kernel's choice, given back at once). */
    public static function freePort(): int
    {
        $socket = stream_socket_server('tcp://127.0.0.1:0', $errno, $error);
        if (false === $socket) {
            throw new \RuntimeException("No free port: $error");
        }
        $name = (string) stream_socket_get_name($socket, false);
        fclose($socket);

        return (int) substr($name, strrpos($name, ':') + 1);
    }

    public function dsn(string $path = '/0'): string
    {
        return 'redis://127.0.0.1:'.$this->port.$path;
    }

    public function pid(): ?int
    {
        return $this->process->getPid();
    }

    /** Stops the server by its PID: SIGTERM, then SIGKILL after a second. */
    public function stop(): void
    {
        $this->process->stop(1);
    }

    private function answersPing(): bool
    {
        $socket = @stream_socket_client('tcp://127.0.0.1:'.$this->port, $errno, $error, 0.2);
        if (false === $socket) {
            return false;
        }
        stream_set_timeout($socket, 1);
        fwrite($socket, "PING\r\n");
        $answer = fgets($socket);
        fclose($socket);

        return "+PONG\r\n" === $answer;
    }
}
