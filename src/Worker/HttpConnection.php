<?php

declare(strict_types=1);

namespace Preheat\Worker;

use Preheat\Worker\Http\Endpoint;
use Preheat\Worker\Http\HttpError;
use Preheat\Worker\Http\Request;
use Preheat\Worker\Http\RequestParser;
use Preheat\Worker\Http\Response;
use React\Socket\ConnectionInterface;

/**
 * One client connection: bytes in through the parser, one request answered at a time in the order they came
 * (pipelined requests wait their turn), keep-alive unless the client or the worker ends it. A refused
 * request (400, 413, 431, 501, 505) is answered and the connection closed. A file response is streamed a
 * piece at a time as the socket drains; reading pauses meanwhile.
 */
final class HttpConnection
{
    private const FILE_CHUNK = 65_536;

    private readonly RequestParser $parser;

    private bool $busy = false;

    private bool $closing = false;

    private float $lastActivity;

    /** @var resource|null the file being streamed */
    private $file;

    public function __construct(
        private readonly ConnectionInterface $connection,
        private readonly RequestHandler $handler,
        private readonly Worker $worker,
        private readonly Endpoint $endpoint,
        int $maxBodyBytes,
    ) {
        $this->parser = new RequestParser($maxBodyBytes);
        $this->lastActivity = microtime(true);
        $connection->on('data', $this->received(...));
        $connection->on('close', function (): void {
            if (\is_resource($this->file)) {
                fclose($this->file);
            }
            $this->file = null;
            $this->closing = true;
            $this->worker->closed($this);
        });
    }

    /** Seconds since the client last sent something, while no request is being answered or partly received. */
    public function idleFor(float $now): ?float
    {
        if ($this->busy || $this->closing) {
            return null;
        }

        return $now - $this->lastActivity;
    }

    /** Whether a request has started arriving and is not complete (a slow client). */
    public function midRequest(): bool
    {
        return $this->parser->inRequest();
    }

    public function close(): void
    {
        $this->closing = true;
        $this->connection->close();
    }

    /** For the worker's fatal-error handler: writes an answer straight to the socket, blocking. */
    public function writeNow(string $bytes): void
    {
        $stream = $this->connection instanceof \React\Socket\Connection ? $this->connection->stream : null;
        if (\is_resource($stream)) {
            stream_set_blocking($stream, true);
            @fwrite($stream, $bytes);
        }
    }

    private function received(string $data): void
    {
        $this->lastActivity = microtime(true);
        $this->parser->feed($data);
        $this->serve();
    }

    private function serve(): void
    {
        while (!$this->busy && !$this->closing) {
            try {
                $request = $this->parser->next();
            } catch (HttpError $error) {
                $this->worker->log(\sprintf(
                    'refused a request from %s:%d with %d: %s',
                    $this->endpoint->remoteAddress,
                    $this->endpoint->remotePort,
                    $error->status,
                    $error->getMessage(),
                ));
                $this->closing = true;
                $message = $error->getMessage()."\n";
                $this->connection->end(Response::text($error->status, $message)->head('HTTP/1.1', false).$message);

                return;
            }
            if (null === $request) {
                if ($this->parser->wantsContinue()) {
                    $this->connection->write("HTTP/1.1 100 Continue\r\n\r\n");
                }

                return;
            }
            $this->respond($request);
        }
    }

    private function respond(Request $request): void
    {
        $this->worker->requestStarted($this);
        $response = $this->handler->handle($request, $this->endpoint);
        $keepAlive = $request->keepAlive() && $this->worker->requestDone();
        $withBody = 'HEAD' !== $request->method;
        $head = $response->head($request->protocol, $keepAlive);
        $this->lastActivity = microtime(true);
        if (null === $response->file || !$withBody) {
            $this->connection->write($withBody ? $head.$response->body : $head);
            $this->finish($keepAlive);

            return;
        }
        $file = @fopen($response->file, 'r');
        if (false === $file) {
            $body = "Internal Server Error\n";
            $this->connection->write(Response::text(500, $body)->head($request->protocol, false).$body);
            $this->finish(false);

            return;
        }
        $this->connection->write($head);
        $this->stream($file, $keepAlive);
    }

    /** @param resource $file */
    private function stream($file, bool $keepAlive): void
    {
        $this->busy = true;
        $this->file = $file;
        $this->connection->pause();
        $pump = function () use (&$pump, $keepAlive): void {
            while (\is_resource($this->file)) {
                $chunk = fread($this->file, self::FILE_CHUNK);
                if (false === $chunk || '' === $chunk) {
                    fclose($this->file);
                    $this->file = null;
                    break;
                }
                $this->lastActivity = microtime(true);
                if (!$this->connection->write($chunk)) {
                    return; // the socket's buffer is full: wait for "drain"
                }
            }
            $this->connection->removeListener('drain', $pump);
            $this->busy = false;
            if ($this->closing) {
                return;
            }
            $this->connection->resume();
            $this->finish($keepAlive);
            $this->serve();
        };
        $this->connection->on('drain', $pump);
        $pump();
    }

    private function finish(bool $keepAlive): void
    {
        $this->worker->requestFinished($this);
        if (!$keepAlive) {
            $this->closing = true;
            $this->connection->end();
        }
    }
}
