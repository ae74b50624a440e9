<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Util;

use PHPUnit\Framework\TestCase;
use Preheat\Util\CycleCollection;

/** The collector is paused for the work only, and left as it was found, also when the work throws. */
final class CycleCollectionTest extends TestCase
{
    protected function tearDown(): void
    {
        gc_enable();
    }

    public function testTheCollectorIsPausedForTheWorkAndRestoredAfter(): void
    {
        gc_enable();

        self::assertFalse(CycleCollection::paused(static fn (): bool => gc_enabled()));
        self::assertTrue(gc_enabled());
    }

    public function testAPausedCollectorStaysPaused(): void
    {
        gc_disable();

        CycleCollection::paused(static fn (): null => null);

        self::assertFalse(gc_enabled());
    }

    public function testWorkThatThrowsRestoresTheCollector(): void
    {
        gc_enable();
        try {
            CycleCollection::paused(static function (): never {
                throw new \RuntimeException('failed');
            });
        } catch (\RuntimeException) {
        }

        self::assertTrue(gc_enabled());
    }
}
