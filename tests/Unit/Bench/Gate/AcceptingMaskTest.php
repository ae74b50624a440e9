<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Gate;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Gate\AcceptingMask;
use Preheat\Bench\Gate\BodyMasker;
use Preheat\Bench\Gate\VolatileRegionLearner;

final class AcceptingMaskTest extends TestCase
{
    public function testTheEntryKeepsTheTextBeforeTheValueAndMasksUpToItsDelimiter(): void
    {
        $page = static fn (string $id): string => "<p>see</p>\n<a href=\"/view.php?id={$id}&amp;x=1\">more (1)</a>\n";

        $mask = AcceptingMask::find(new VolatileRegionLearner(), [$page('a1b2'), $page('a1b2')], $page('9f9f'));

        self::assertNotNull($mask);
        self::assertSame(['a1b2', '9f9f'], [$mask->expected, $mask->actual]);
        self::assertSame(['~(<a href="/view\.php\?id=)[^&]*~'], $mask->patterns);
        self::assertSame('"~(<a href=\"/view\\\\.php\\\\?id=)[^&]*~"', $mask->entry());
        $masker = new BodyMasker($mask->patterns);
        self::assertSame($masker->mask($page('a1b2')), $masker->mask($page('9f9f')));
    }

    public function testSeveralValuesGetAnEntryEach(): void
    {
        $page = static fn (string $id, string $time): string => "<div id=\"view-{$id}\">\n<p>cached at {$time} today</p>\n</div>";

        $mask = AcceptingMask::find(new VolatileRegionLearner(), [$page('3f9a', '10:00:01')], $page('77b2', '10:00:07'));

        self::assertNotNull($mask);
        self::assertSame(['~(<div id=")[^"]*~', '~(<p>cached at )\S*~'], $mask->patterns);
    }

    public function testTheTextBeforeTheValueStartsAfterAPartLearnedAsVolatile(): void
    {
        $page = static fn (int $time, string $id): string => "<p>x</p><p data-t=\"{$time}\" id=\"view-{$id}\">hi</p>";

        $mask = AcceptingMask::find(new VolatileRegionLearner(), [$page(1700000001, '3f9a'), $page(1700000002, '3f9a')], $page(1700000003, '77b2'));

        self::assertNotNull($mask);
        self::assertSame(['~(" id=")[^"]*~'], $mask->patterns);
    }

    public function testAPageWithTooManyChangesGetsTheValueButNoEntry(): void
    {
        $mask = AcceptingMask::find(new VolatileRegionLearner(), ['<h1>Hello from the fixture</h1>'], '<h1>no greeting: APP_GREETING is undefined</h1>');

        self::assertNotNull($mask);
        self::assertSame(['Hello', 'no'], [$mask->expected, $mask->actual]);
        self::assertSame([], $mask->patterns);
    }

    public function testNoEntryWithoutTextToNameThePlace(): void
    {
        $mask = AcceptingMask::find(new VolatileRegionLearner(), ['"a1b2"'], '"c3d4"');

        self::assertNotNull($mask);
        self::assertSame([], $mask->patterns, 'a lone quote would mask every quoted value of the page');
    }
}
