<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Server;

use PHPUnit\Framework\TestCase;
use Preheat\Server\ConfigQuote;
use Preheat\Server\UnsafeConfigValue;
use Preheat\UserError;

/** Hostile paths and names on their way into nginx's, php-fpm's and Apache's configuration. */
final class ConfigQuoteTest extends TestCase
{
    private const HOSTILE = '/srv/a b;c{d}e"f\'g$h\\i';

    public function testNginxEscapesQuotesAndBackslashes(): void
    {
        self::assertSame('/srv/a b;c{d}e\\"f\'g$h\\\\i', ConfigQuote::nginx(self::HOSTILE, 'the document root'));
    }

    public function testNginxWritesADollarAsAVariableWhereVariablesAreExpanded(): void
    {
        self::assertSame('/srv/a b;c{d}e\\"f\'g${preheat_dollar}h\\\\i', ConfigQuote::nginxScript(self::HOSTILE, 'the document root'));
        self::assertSame('/x${preheat_dollar}{pool}', ConfigQuote::nginxScript('/x${pool}', 'the document root'));
    }

    public function testANewlineIsRefusedByEveryFormatWithThePathAndWhatToDo(): void
    {
        $formats = [
            'nginx' => static fn (string $v, string $w): string => ConfigQuote::nginx($v, $w),
            'nginxScript' => static fn (string $v, string $w): string => ConfigQuote::nginxScript($v, $w),
            'fpm' => static fn (string $v, string $w): string => ConfigQuote::fpm($v, $w),
            'apache' => static fn (string $v, string $w): string => ConfigQuote::apache($v, $w),
        ];
        foreach ($formats as $format => $quote) {
            try {
                $quote("/srv/app\nuser root;", 'the document root (bench.documentRoot)');
                self::fail($format.' must refuse a newline');
            } catch (UnsafeConfigValue $error) {
                self::assertInstanceOf(UserError::class, $error);
                self::assertStringStartsWith('The document root (bench.documentRoot) "/srv/app\nuser root;" contains a newline, which cannot be written safely into ', $error->getMessage());
                self::assertStringContainsString('move or rename it', $error->getMessage());
            }
        }
    }

    public function testPhpFpmRefusesWhatItsParserCannotCarry(): void
    {
        self::assertSame('/tmp/a b;c{d}/fpm.sock', ConfigQuote::fpm('/tmp/a b;c{d}/fpm.sock', 'the scenario directory'));
        foreach (['/tmp/a"b' => 'a double quote', '/tmp/a\\b' => 'a backslash', '/tmp/$pool' => 'a dollar sign', '/tmp/${HOME}' => 'a dollar sign'] as $path => $why) {
            try {
                ConfigQuote::fpm($path, 'the scenario directory');
                self::fail('php-fpm must refuse '.$path);
            } catch (UnsafeConfigValue $error) {
                self::assertStringContainsString('contains '.$why.', which cannot be written safely into php-fpm\'s configuration', $error->getMessage());
            }
        }
    }

    public function testApacheEscapesQuotesAndRefusesItsVariables(): void
    {
        self::assertSame('/srv/a b;c{d}e\\"f\'g$h\\\\i', ConfigQuote::apache(self::HOSTILE, 'the document root'));
        $this->expectException(UnsafeConfigValue::class);
        $this->expectExceptionMessage('contains "${" (Apache reads it as a variable)');
        ConfigQuote::apache('/srv/${APACHE_RUN_DIR}', 'the document root');
    }

    public function testAccountNamesAreSystemNamesOnly(): void
    {
        self::assertSame('www-data', ConfigQuote::account('www-data', 'the pool\'s user'));
        self::assertSame('machine$', ConfigQuote::account('machine$', 'the pool\'s user'));
        $this->expectException(UnsafeConfigValue::class);
        ConfigQuote::account("www-data;\nuser root", 'the pool\'s user');
    }
}
