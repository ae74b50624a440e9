<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Server;

use PHPUnit\Framework\TestCase;
use Preheat\InvalidSetting;
use Preheat\Server\Ports;
use Preheat\Server\RuntimeError;

/** Whose is a listening port: what tells a server that answers from another process that answers on its port. */
final class PortsTest extends TestCase
{
    /** @var resource|null */
    private $server;

    protected function tearDown(): void
    {
        putenv(Ports::PORT_VARIABLE);
        if (\is_resource($this->server)) {
            fclose($this->server);
        }
    }

    public function testAListenerIsOwnedByTheProcessHoldingItAndByNoOther(): void
    {
        if (!is_readable('/proc/net/tcp')) {
            self::markTestSkipped('needs /proc');
        }
        $port = $this->listen();
        $self = (int) getmypid();

        self::assertTrue(Ports::listenerOwnedBy($port, [$self]));
        self::assertFalse(Ports::listenerOwnedBy($port, [1]), 'PID 1 does not hold it');
        self::assertStringStartsWith('PID '.getmypid().': ', Ports::holder($port));
        self::assertNull(Ports::listenerOwnedBy(Ports::free(), [$self]), 'nobody listens there: nothing to say');
    }

    public function testAPortInUseIsRefusedBeforeAnythingStartsAndItsHolderNamed(): void
    {
        $port = $this->listen();
        putenv(Ports::PORT_VARIABLE.'='.$port);

        try {
            Ports::forServer();
            self::fail('the port is taken');
        } catch (RuntimeError $error) {
            self::assertStringStartsWith(\sprintf('Port 127.0.0.1:%d is in use by another process (PID %d: ', $port, getmypid()), $error->getMessage());
            self::assertStringContainsString('): stop it, or run again (Preheat picks a free port for each server).', $error->getMessage());
        }
    }

    public function testAFreePortIsGivenAndAForcedOneMustBeANumber(): void
    {
        self::assertGreaterThan(0, Ports::forServer());
        putenv(Ports::PORT_VARIABLE.'=80; rm');

        $this->expectException(InvalidSetting::class);
        $this->expectExceptionMessage('The environment variable PREHEAT_BENCH_PORT is "80; rm": give a port number (1-65535)');
        Ports::forServer();
    }

    public function testTheLogLineThatSaysSoIsFound(): void
    {
        $log = "2026/01/01 [warn] something\n2026/01/01 [emerg] 12#12: bind() to 127.0.0.1:8080 failed (98: Address already in use)\n";

        self::assertSame('2026/01/01 [emerg] 12#12: bind() to 127.0.0.1:8080 failed (98: Address already in use)', RuntimeError::addressInUse($log));
        self::assertNull(RuntimeError::addressInUse('[emerg] open() "/x" failed (13: Permission denied)'));
    }

    private function listen(): int
    {
        $server = stream_socket_server('tcp://127.0.0.1:0');
        self::assertNotFalse($server);
        $this->server = $server;
        $name = (string) stream_socket_get_name($server, false);

        return (int) substr($name, (int) strrpos($name, ':') + 1);
    }
}
