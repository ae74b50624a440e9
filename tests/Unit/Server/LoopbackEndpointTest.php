<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Server;

use PHPUnit\Framework\TestCase;
use Preheat\Server\LoopbackEndpoint;
use Preheat\Server\Ports;

final class LoopbackEndpointTest extends TestCase
{
    public function testUrlsAreOnLoopbackWithoutATrailingSlash(): void
    {
        $endpoint = new LoopbackEndpoint(8123);

        self::assertSame('http://127.0.0.1:8123', $endpoint->baseUrl());
        self::assertSame('http://127.0.0.1:8123/status?full', $endpoint->url('/status?full'));
    }

    public function testAPortNothingListensOnAnswersNull(): void
    {
        self::assertNull((new LoopbackEndpoint(Ports::free()))->get('/status', 2.0));
    }
}
