<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Gate;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Gate\EscapedCharacters;

final class EscapedCharactersTest extends TestCase
{
    public function testEverySpellingOfAnAddressIsOne(): void
    {
        $spellings = [
            'webmaster@example.org',
            '&#119;e&#x62;&#109;aster&#64;ex&#X61;mple&#46;org',
            '&#x77;&#101;bm&#97;&#x73;ter@&#101;xample.o&#x72;g',
        ];

        self::assertSame(['webmaster@example.org'], array_values(array_unique(array_map(EscapedCharacters::decoded(...), $spellings))));
        self::assertSame('mailto:webmaster@example.org', EscapedCharacters::decoded('mailto:%77ebmaster%40example%2Eorg'));
    }

    public function testMarkupStaysEscapedInOneForm(): void
    {
        self::assertSame('&#60;b&#62; &#38; &#34; &#39;', EscapedCharacters::decoded('&#x3c;b&#X3E; &#38; &#x22; &#x27;'));
        self::assertSame('&#10;&#233;', EscapedCharacters::decoded('&#xA;&#xe9;'), 'control and non-ASCII characters keep a reference');
        self::assertNotSame(EscapedCharacters::decoded('&lt;b&gt;'), EscapedCharacters::decoded('<b>'));
    }

    public function testPercentEscapesThatMeanSomethingInAUrlStay(): void
    {
        self::assertSame('?q=a%26b&path=a%2Fb%20c', EscapedCharacters::decoded('?q=a%26b&path=a%2fb%20c'));
        self::assertNotSame(EscapedCharacters::decoded('?q=a%26b'), EscapedCharacters::decoded('?q=a&b'));
        self::assertSame('%41', EscapedCharacters::decoded('&#37;41'), 'what a replacement writes is not read again');
        self::assertSame('100% sure', EscapedCharacters::decoded('100% sure'));
    }
}
