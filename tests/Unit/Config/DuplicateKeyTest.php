<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Config;

use PHPUnit\Framework\TestCase;
use Preheat\Config\DuplicateKey;

/** A key given twice in one object, which json_decode() would take silently as the last. */
final class DuplicateKeyTest extends TestCase
{
    public function testTheFirstKeyGivenTwiceInOneObjectIsNamedWithItsPathAndLines(): void
    {
        $found = DuplicateKey::find("{\"bench\": {\"duration\": 1,\n  \"urls\": [\"/\"],\n  \"duration\": 2}}");

        self::assertNotNull($found);
        self::assertSame(['bench.duration', 1, 3], [$found->path, $found->first, $found->again]);
    }

    public function testKeysAreComparedAsJsonReadsThem(): void
    {
        self::assertSame('ab', DuplicateKey::find('{"a\u0062": 1, "ab": 2}')?->path);
        self::assertSame('bench.urls[].path', DuplicateKey::find('{"bench": {"urls": [{"path": "/", "path": "/a"}]}}')?->path);
    }

    public function testTheSameKeyInOtherObjectsAndStringsThatLookLikeKeysAreNoDuplicate(): void
    {
        self::assertNull(DuplicateKey::find('{"bench": {"tool": "wrk"}, "generate": {"tool": 1}}'));
        self::assertNull(DuplicateKey::find('{"a": "x\", \"a\": 1, \\\\", "b": ["a", "a"]}'));
        self::assertNull(DuplicateKey::find('[{"a": 1}, {"a": 2}]'));
    }
}
