<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Php\FastCgi;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Php\FastCgi\FastCgiAddress;
use Preheat\Php\FastCgi\FastCgiAddressError;

final class FastCgiAddressTest extends TestCase
{
    #[DataProvider('valid')]
    public function testTakesWhatAPoolsListenSays(string $given, string $address): void
    {
        self::assertSame($address, FastCgiAddress::parse($given, '--from-fpm')->address);
    }

    /** @return iterable<array{string, string}> */
    public static function valid(): iterable
    {
        yield ['127.0.0.1:9000', '127.0.0.1:9000'];
        yield [' localhost:9000 ', 'localhost:9000'];
        yield ['[::1]:9000', '[::1]:9000'];
        yield ['/run/php/php8.2-fpm.sock', '/run/php/php8.2-fpm.sock'];
        yield ['unix:/run/php/php8.2-fpm.sock', 'unix:/run/php/php8.2-fpm.sock'];
    }

    #[DataProvider('invalid')]
    public function testRefusesWhatCannotBeOneNamingTheOption(string $given, string $why): void
    {
        try {
            FastCgiAddress::parse($given, '--from-fpm');
            self::fail('no error for '.$given);
        } catch (FastCgiAddressError $error) {
            self::assertStringContainsString('--from-fpm='.$given.' is not an address php-fpm listens on', $error->getMessage());
            self::assertStringContainsString($why, $error->getMessage());
        }
    }

    /** @return iterable<array{string, string}> */
    public static function invalid(): iterable
    {
        yield ['', 'it is empty'];
        yield ['9000', 'neither HOST:PORT nor an absolute socket path'];
        yield ['run/php.sock', 'neither HOST:PORT nor an absolute socket path'];
        yield ['127.0.0.1:0', 'the port is not from 1 to 65535'];
        yield ['127.0.0.1:70000', 'the port is not from 1 to 65535'];
        yield ["/run/a\nb.sock", 'control characters'];
        yield ['http://127.0.0.1:9000', 'neither HOST:PORT'];
        yield [str_repeat('/a', 600), 'longer than 1024 bytes'];
    }
}
