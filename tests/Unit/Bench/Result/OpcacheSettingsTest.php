<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Result;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Result\OpcacheSettings;

final class OpcacheSettingsTest extends TestCase
{
    public function testWithNoWorkerAnsweringEverySettingIsNamedAsUnknown(): void
    {
        self::assertEquals(new OpcacheSettings('?M', '?M', '?', '?', 'off'), OpcacheSettings::reported(null));
    }
}
