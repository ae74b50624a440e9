<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan\Signature;

use PHPUnit\Framework\TestCase;
use Preheat\Plan\LinkFindings;

final class LinkFindingsTest extends TestCase
{
    public function testTheFirstCheckAndTheFirstRefusalWin(): void
    {
        $findings = new LinkFindings();
        $findings->refuse(null);
        self::assertFalse($findings->refused());
        $findings->load(['N\A', 'N\B'], 'first');
        $findings->load(['n\a'], 'second');
        $findings->refuse('one');
        $findings->refuse('two');

        self::assertSame([['N\A', 'first'], ['N\B', 'first']], array_map(
            static fn ($d): array => [$d->class, $d->check],
            $findings->loads(),
        ));
        self::assertSame('one', $findings->refusal());
    }
}
