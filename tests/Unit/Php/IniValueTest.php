<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Php;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Php\IniValue;
use Preheat\Php\UnsafeIniValue;

final class IniValueTest extends TestCase
{
    public function testOrdinaryValuesAreWrittenAsBefore(): void
    {
        self::assertSame('opcache.memory_consumption=256', IniValue::line('opcache.memory_consumption', '256'));
        self::assertSame('memory_limit=-1', IniValue::line('memory_limit', '-1'));
        self::assertSame(
            'opcache.preload=/srv/app/preload.php',
            IniValue::line('opcache.preload', '/srv/app/preload.php'),
        );
        self::assertSame('error_log=', IniValue::line('error_log', ''));
        self::assertSame(
            'auto_prepend_file="/srv/my app/x.php"',
            IniValue::line('auto_prepend_file', '/srv/my app/x.php'),
        );
    }

    public function testQuotesDollarsAndBackslashesAreEscaped(): void
    {
        self::assertSame('error_log="a\\"b\\${HOME}\\\\;c"', IniValue::line('error_log', 'a"b${HOME}\\;c'));
    }

    public function testALineBreakOrNulIsRefusedNamingTheSetting(): void
    {
        foreach (["x\nmemory_limit=1", "x\rmemory_limit=1", "x\0y"] as $value) {
            try {
                IniValue::line('opcache.preload', $value);
                self::fail('accepted '.json_encode($value));
            } catch (UnsafeIniValue $error) {
                self::assertStringContainsString('Cannot set opcache.preload to', $error->getMessage());
                self::assertStringContainsString('line break', $error->getMessage());
            }
        }
    }

    public function testASettingNameMustBeOne(): void
    {
        $this->expectException(UnsafeIniValue::class);
        IniValue::line("a=b\nc", 'x');
    }

    /** @return iterable<string, array{string}> */
    public static function values(): iterable
    {
        yield 'quote' => ['/tmp/a"b'];
        yield 'single quote' => ["/tmp/it's"];
        yield 'both quotes' => ['/tmp/a\'b"c'];
        yield 'semicolon' => ['/tmp/a;memory_limit=1'];
        yield 'variable' => ['/tmp/${HOME}'];
        yield 'variable after backslash' => ['/tmp/\\${HOME}'];
        yield 'trailing backslash' => ['/tmp/a\\'];
        yield 'keyword' => ['none'];
        yield 'brackets and braces' => ['/tmp/[x]{y}=z'];
        yield 'spaces' => ['  lead and tail  '];
        yield 'binary' => ["/tmp/\xff\xfe\x01"];
        yield 'close tag' => ['/tmp/?><?php'];
    }

    #[DataProvider('values')]
    public function testPhpReadsTheValueBackAndNoOtherSetting(string $value): void
    {
        $ini = tempnam(sys_get_temp_dir(), 'preheat-ini-test-');
        self::assertIsString($ini);
        try {
            file_put_contents($ini, IniValue::line('error_log', $value)."\nmemory_limit=77M\n");
            $code = 'echo bin2hex(ini_get("error_log")), " ", ini_get("memory_limit");';
            $fromFile = $this->php(['-n', '-c', $ini, '-r', $code]);
            $fromOption = $this->php(
                ['-n', '-d', IniValue::line('error_log', $value), '-d', 'memory_limit=77M', '-r', $code],
            );
            $expected = bin2hex('keyword' === $this->dataName() ? '' : $value).' 77M';
            self::assertSame($expected, $fromFile);
            self::assertSame($expected, $fromOption);
        } finally {
            unlink($ini);
        }
    }

    /** @param list<string> $arguments */
    private function php(array $arguments): string
    {
        $process = proc_open([\PHP_BINARY, ...$arguments], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
        self::assertIsResource($process);
        $output = (string) stream_get_contents($pipes[1]).(string) stream_get_contents($pipes[2]);
        proc_close($process);

        return $output;
    }
}
