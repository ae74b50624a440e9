<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Php\FastCgi;

use PHPUnit\Framework\TestCase;
use Preheat\Php\FastCgi\FastCgiClient;
use Preheat\Php\FastCgi\FastCgiError;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/** Against a fake php-fpm on a socket in a temp dir: a child PHP that answers one request with $bytes of output. */
final class FastCgiClientTest extends TestCase
{
    private TemporaryDirectory $directory;
    private ?Process $server = null;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->server?->stop(5);
        @unlink($this->directory->path.'/fpm.sock');
        $this->directory->remove();
    }

    public function testAnAnswerWithinTheBoundIsRead(): void
    {
        $socket = $this->serve(50_000);

        $response = (new FastCgiClient(10.0, 100_000))->request($socket, ['SCRIPT_FILENAME' => '/x.php']);

        self::assertSame(50_000, \strlen($response->body));
    }

    public function testAnAnswerLargerThanTheBoundIsRefusedBeforeItIsAllRead(): void
    {
        $socket = $this->serve(10_000_000);

        $this->expectException(FastCgiError::class);
        $this->expectExceptionMessage('the answer is larger than 100,000 bytes');

        (new FastCgiClient(10.0, 100_000))->request($socket, ['SCRIPT_FILENAME' => '/x.php']);
    }

    private function serve(int $bytes): string
    {
        $socket = $this->directory->path.'/fpm.sock';
        $code = <<<'PHP'
            $server = stream_socket_server('unix://'.$argv[1]);
            // Listening now: the socket's file exists from the bind on, a moment before.
            echo "listening\n";
            $client = stream_socket_accept($server, 10);
            stream_set_timeout($client, 5);
            // Read until the empty STDIN record ends the request.
            while (true) {
                $header = fread($client, 8);
                if (false === $header || strlen($header) < 8) { exit(1); }
                $h = unpack('Cv/Ctype/nid/nlength/Cpadding/x', $header);
                $length = $h['length'] + $h['padding'];
                $read = 0;
                while ($read < $length) { $read += strlen((string) fread($client, $length - $read)); }
                if (5 === $h['type'] && 0 === $h['length']) { break; }
            }
            $record = fn (int $type, string $content): string => pack('CCnnCx', 1, $type, 1, strlen($content), 0).$content;
            @fwrite($client, $record(6, "Content-Type: text/plain\r\n\r\n"));
            $left = (int) $argv[2];
            while ($left > 0) {
                $chunk = min($left, 65535);
                if (false === @fwrite($client, $record(6, str_repeat('x', $chunk)))) { exit(0); }
                $left -= $chunk;
            }
            @fwrite($client, $record(3, pack('NCx3', 0, 0)));
            PHP;
        $this->server = new Process([\PHP_BINARY, '-r', $code, $socket, (string) $bytes]);
        $this->server->start();
        $deadline = microtime(true) + 10;
        // Not the socket's file: it exists from the bind, before the listen, and a connect then is refused.
        while (!str_contains($this->server->getOutput(), 'listening')) {
            if (!$this->server->isRunning() || microtime(true) > $deadline) {
                self::fail('the fake php-fpm did not start: '.$this->server->getErrorOutput());
            }
            usleep(10_000);
        }

        return $socket;
    }
}
