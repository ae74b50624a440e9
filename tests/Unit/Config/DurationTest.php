<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Config;

use PHPUnit\Framework\TestCase;
use Preheat\Config\Duration;

final class DurationTest extends TestCase
{
    public function testReadsSecondsMinutesHoursAndTheirSums(): void
    {
        foreach (['240' => 240.0, '240s' => 240.0, '4m' => 240.0, '1m30s' => 90.0, '1.5m' => 90.0, '1h' => 3600.0, ' 2M 5S ' => 125.0, '0' => 0.0, '0.5' => 0.5, '1h2m3s' => 3723.0] as $text => $seconds) {
            self::assertSame($seconds, Duration::seconds((string) $text), (string) $text);
        }
    }

    public function testTextThatIsNoDurationIsNull(): void
    {
        foreach (['', 'm', '4 minutes', '4x', '30s1m', '1m1m', '-4m', '4m-'] as $text) {
            self::assertNull(Duration::seconds($text), $text);
        }
    }

    public function testFormatsForReports(): void
    {
        self::assertSame('45 s', Duration::format(45.0));
        self::assertSame('12.3 s', Duration::format(12.34));
        self::assertSame('4 min', Duration::format(240.0));
        self::assertSame('3 min 52.4 s', Duration::format(232.4));
        self::assertSame('1 min', Duration::format(59.97), 'rounded before it is split');
    }
}
