<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Util;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Util\PhpComment;

final class PhpCommentTest extends TestCase
{
    public function testOrdinaryTextIsWrittenAsItIs(): void
    {
        self::assertSame('vendor/acme, src (12 files)', PhpComment::blockText('vendor/acme, src (12 files)'));
        self::assertSame('Café\\Déjà: 日本', PhpComment::lineText('Café\\Déjà: 日本'));
        self::assertSame("/*\n * one\n *\n * two\n */\n", PhpComment::block(['one', '', 'two']));
    }

    public function testTextCannotCloseABlockCommentNorStartALine(): void
    {
        self::assertSame('ev*\\/ x /*y', PhpComment::blockText('ev*/ x /*y'));
        self::assertSame(
            'a\\n * preheat-refused: {}\\rb\\t\\x00\\x1B\\x7F',
            PhpComment::blockText("a\n * preheat-refused: {}\rb\t\0\x1b\x7f"),
        );
    }

    public function testTextCannotEndALineCommentNorLeavePhp(): void
    {
        self::assertSame('a ?\\> b\\n c', PhpComment::lineText("a ?> b\n c"));
    }

    /** @return iterable<string, array{string}> */
    public static function hostile(): iterable
    {
        yield 'end of comment' => ['*/ touch(MARKER); /*'];
        yield 'line break' => ["\n*/ touch(MARKER); /*"];
        yield 'close tag' => ['?> <?php touch(MARKER); ?>'];
        yield 'binary' => ["\xff\xfe*/\x00 touch(MARKER); //"];
        yield 'heredoc-like' => ["<<<X\n*/touch(MARKER);\nX;"];
    }

    #[DataProvider('hostile')]
    public function testNoTextRunsWhenTheCommentIsLoaded(string $text): void
    {
        $marker = tempnam(sys_get_temp_dir(), 'preheat-comment-test-');
        self::assertIsString($marker);
        unlink($marker);
        $text = str_replace('MARKER', var_export($marker, true), $text);
        $code = "<?php\n".PhpComment::block(['Scanned: '.$text, $text])
            .'// '.PhpComment::lineText($text)."\n# ".PhpComment::lineText($text)."\n"
            ."echo 'done';\n";
        $file = $marker.'.php';
        file_put_contents($file, $code);
        try {
            exec(\PHP_BINARY.' -n '.escapeshellarg($file).' 2>&1', $output, $status);
            self::assertSame(['done'], $output, $code);
            self::assertSame(0, $status);
            self::assertFileDoesNotExist($marker);
        } finally {
            @unlink($file);
            @unlink($marker);
        }
    }
}
