<?php

declare(strict_types=1);

namespace Preheat\Worker;

use Preheat\Worker\Http\Endpoint;
use Preheat\Worker\Http\Response;
use React\EventLoop\LoopInterface;
use React\EventLoop\StreamSelectLoop;
use React\Socket\ConnectionInterface;
use React\Socket\FdServer;

/**
 * One worker process: boots the app once, then serves connections from the shared listening socket on
 * react/event-loop until told to stop, until its parent is gone, or after max_requests requests. Then it
 * drains: it accepts no more connections, answers each connection's next request with "Connection: close",
 * closes idle ones, and exits once none is left (the master starts another). A fatal error during a
 * request answers that request 500 and ends the process; the master restarts it.
 */
final class Worker
{
    /** While draining, a connection silent this long is idle, not about to send a request. */
    private const DRAIN_IDLE = 1.0;
    /** Draining ends after this long, whatever is left. */
    private const DRAIN_LIMIT = 10.0;

    private readonly LoopInterface $loop;

    /** @var \SplObjectStorage<HttpConnection, null> */
    private \SplObjectStorage $connections;

    private ?FdServer $server = null;

    private int $served = 0;

    private ?float $drainingSince = null;

    private ?HttpConnection $current = null;

    public function __construct(
        private readonly WorkerConfig $config,
        private readonly WorkerLog $log,
        private readonly int $listeningDescriptor,
        private readonly int $masterPid,
        private readonly ?RequestCounter $counter = null,
    ) {
        // Its own loop, made after the fork (no loop state is shared with the master or another worker).
        $this->loop = new StreamSelectLoop();
        $this->connections = new \SplObjectStorage();
    }

    /** @return int the exit code: 0 after draining, 78 when the app did not boot */
    public function run(): int
    {
        try {
            $application = $this->config->app->adapter->boot($this->config);
        } catch (\Throwable $error) {
            $this->log->write(\sprintf(
                'the app did not boot (%s adapter): %s: %s in %s:%d',
                $this->config->app->adapter->value,
                $error::class,
                $error->getMessage(),
                $error->getFile(),
                $error->getLine(),
            ));

            return Master::NO_BOOT;
        }
        register_shutdown_function($this->shutdown(...));
        $handler = new RequestHandler(
            $this->config,
            new StaticFiles($this->config->app->documentRoot),
            $application,
            $this->log,
            $this->counter,
        );
        $this->listen($handler);
        foreach ([\SIGTERM, \SIGINT, \SIGQUIT] as $signal) {
            $this->loop->addSignal($signal, fn (): bool => $this->drain('stop signal'));
        }
        $this->loop->addPeriodicTimer(0.25, $this->tick(...));
        $this->log->write('booted');
        $this->loop->run();

        return 0;
    }

    public function log(string $message): void
    {
        $this->log->write($message);
    }

    public function requestStarted(HttpConnection $connection): void
    {
        $this->current = $connection;
        $this->counter?->started();
    }

    /** Counts a request answered; false when the connection must close after it (the worker is draining). */
    public function requestDone(): bool
    {
        ++$this->served;
        if ($this->config->limits->maxRequests > 0 && $this->served >= $this->config->limits->maxRequests) {
            $this->drain(\sprintf('max_requests (%d) reached', $this->config->limits->maxRequests));
        }

        return null === $this->drainingSince;
    }

    public function requestFinished(HttpConnection $connection): void
    {
        if ($this->current === $connection) {
            $this->current = null;
            $this->counter?->finished();
        }
    }

    public function closed(HttpConnection $connection): void
    {
        $this->connections->detach($connection);
        $this->requestFinished($connection);
    }

    private function listen(RequestHandler $handler): void
    {
        $this->server = new FdServer($this->listeningDescriptor, $this->loop);
        // Every worker wakes for a new connection and one wins: the others' accept fails, which is no error.
        $this->server->on('error', static fn (): null => null);
        $this->server->on('connection', function (ConnectionInterface $connection) use ($handler): void {
            $endpoint = Endpoint::of(
                $this->config->app->documentRoot,
                $connection->getLocalAddress(),
                $connection->getRemoteAddress(),
            );
            $this->connections->attach(
                new HttpConnection($connection, $handler, $this, $endpoint, $this->config->limits->maxBodyBytes),
            );
        });
    }

    private function drain(string $why): bool
    {
        if (null !== $this->drainingSince) {
            return false;
        }
        $this->drainingSince = microtime(true);
        $this->log->write('draining: '.$why);
        $this->server?->close();
        $this->server = null;

        return true;
    }

    private function tick(): void
    {
        if (null === $this->drainingSince && posix_getppid() !== $this->masterPid) {
            $this->drain('the master is gone');
        }
        $now = microtime(true);
        $draining = null !== $this->drainingSince;
        foreach (iterator_to_array($this->connections, false) as $connection) {
            $idle = $connection->idleFor($now);
            if (null === $idle) {
                continue;
            }
            $drained = $draining && !$connection->midRequest() && $idle > self::DRAIN_IDLE;
            if ($idle > $this->config->limits->idleTimeout || $drained) {
                $connection->close();
            }
        }
        if ($draining
            && (0 === \count($this->connections) || $now - (float) $this->drainingSince > self::DRAIN_LIMIT)) {
            $this->loop->stop();
        }
    }

    /** A fatal error or exit during a request: answer it 500 if nothing was sent yet, and say so in the log. */
    private function shutdown(): void
    {
        $error = error_get_last();
        if (null === $this->current) {
            return;
        }
        $fatal = null !== $error
            && \in_array($error['type'], [\E_ERROR, \E_CORE_ERROR, \E_COMPILE_ERROR, \E_USER_ERROR], true);
        $this->log->write($fatal
            ? \sprintf(
                'fatal error during a request: %s in %s:%d; the worker ends and is restarted',
                $error['message'],
                $error['file'],
                $error['line'],
            )
            : 'the app ended the process during a request (exit); the worker ends and is restarted');
        $this->current->writeNow(
            Response::text(500, "Internal Server Error\n")->head('HTTP/1.1', false)."Internal Server Error\n",
        );
    }
}
