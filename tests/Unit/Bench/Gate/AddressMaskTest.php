<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Gate;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Gate\AddressMask;

final class AddressMaskTest extends TestCase
{
    public function testEveryFormOfTheAddressIsMasked(): void
    {
        $mask = AddressMask::forUrl('http://127.0.0.1:8081/x');

        self::assertSame(
            'http://«server»/ «server» http%3A%2F%2F«server»%2F «server» "http:\/\/«server»\/" «server» 127.0.0.1:8082',
            $mask->mask('http://127.0.0.1:8081/ 127.0.0.1%3a8081 http%3A%2F%2F127.0.0.1%3A8081%2F 127.0.0.1%253A8081 "http:\/\/127.0.0.1:8081\/" 127.0.0.1\u003a8081 127.0.0.1:8082'),
        );
    }
}
