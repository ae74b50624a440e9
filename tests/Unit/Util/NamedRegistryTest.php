<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Util;

use PHPUnit\Framework\TestCase;
use Preheat\Util\Named;
use Preheat\Util\NamedRegistry;

/** The registry the runtimes, load tools and strategies are kept in: by name, in order, the first the default. */
final class NamedRegistryTest extends TestCase
{
    public function testEntriesByNameInOrderTheFirstTheDefault(): void
    {
        /** @var NamedRegistry<Named> $empty */
        $empty = new NamedRegistry('thing');
        $registry = $empty->with(self::named('a'))->with(self::named('b'))->with(self::named('c'));

        self::assertSame(['a', 'b', 'c'], $registry->names());
        self::assertSame('a', $registry->default()->name());
        self::assertSame('b', $registry->get('b')?->name());
        self::assertNull($registry->get('z'));
        self::assertSame('a (1), b (1) or c (1)', $registry->describe(
            static fn (Named $entry): string => $entry->name().' (1)',
        ));
        self::assertSame([], $empty->names(), 'with() leaves the registry it was called on as it was');
    }

    public function testAnEntryOfANameAlreadyRegisteredIsKept(): void
    {
        /** @var NamedRegistry<Named> $empty */
        $empty = new NamedRegistry('thing');
        $first = self::named('a');

        self::assertSame($first, $empty->with($first)->with(self::named('a'))->get('a'));
    }

    public function testNoDefaultWithoutAnEntry(): void
    {
        /** @var NamedRegistry<Named> $empty */
        $empty = new NamedRegistry('load tool');

        $this->expectException(\LogicException::class);
        $this->expectExceptionMessage('No load tool is registered.');
        $empty->default();
    }

    public function testPhrase(): void
    {
        self::assertSame('', NamedRegistry::phrase([]));
        self::assertSame('a', NamedRegistry::phrase(['a']));
        self::assertSame('a or b', NamedRegistry::phrase(['a', 'b']));
        self::assertSame('a, b and c', NamedRegistry::phrase(['a', 'b', 'c'], 'and'));
    }

    private static function named(string $name): Named
    {
        return new class($name) implements Named {
            public function __construct(private readonly string $name)
            {
            }

            public function name(): string
            {
                return $this->name;
            }
        };
    }
}
