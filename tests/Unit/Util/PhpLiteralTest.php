<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Util;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Util\PhpLiteral;

final class PhpLiteralTest extends TestCase
{
    public function testOrdinaryPathsAreVarExportedAsBefore(): void
    {
        self::assertSame("'/srv/app/src/It\\'s \$x.php'", PhpLiteral::string("/srv/app/src/It's \$x.php"));
    }

    public function testALiteralNeverSpansLines(): void
    {
        self::assertSame(
            '"a\\n * preheat-refused: \\$x\\\\\\"\\x1B"',
            PhpLiteral::string("a\n * preheat-refused: \$x\\\"\x1b"),
        );
    }

    /** @return iterable<string, array{string}> */
    public static function values(): iterable
    {
        yield 'plain' => ['/srv/app'];
        yield 'quotes' => ["a'b\"c"];
        yield 'line break and dollar' => ["a\n\${x}{\$y}\\"];
        yield 'control and binary bytes' => ["\x00\x01\r\t\x7f\xff\xfe"];
    }

    #[DataProvider('values')]
    public function testPhpReadsTheBytesBack(string $value): void
    {
        $code = 'echo bin2hex('.PhpLiteral::string($value).');';
        self::assertStringNotContainsString("\n", $code);
        // No shell between: escapeshellarg() drops bytes that are not UTF-8.
        $process = proc_open([\PHP_BINARY, '-n', '-r', $code], [1 => ['pipe', 'w']], $pipes);
        self::assertIsResource($process);
        $output = stream_get_contents($pipes[1]);
        proc_close($process);
        self::assertSame(bin2hex($value), $output);
    }
}
