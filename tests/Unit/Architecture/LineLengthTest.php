<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Architecture;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;

/**
 * No line of src/ is longer than 120 characters: a long line hides an argument or a clause from a reader
 * and from a diff. php-cs-fixer has no rule for line length, so this test is the rule. Wrap arguments,
 * split a long message with `.`, wrap comments.
 */
#[Group('line-length')]
final class LineLengthTest extends TestCase
{
    private const MAX_CHARACTERS = 120;

    public function testNoLineOfSrcIsLongerThan120Characters(): void
    {
        $src = \dirname(__DIR__, 3).'/src';
        $long = [];
        foreach (self::phpFiles($src) as $file) {
            foreach (file($file, \FILE_IGNORE_NEW_LINES) ?: [] as $index => $line) {
                $characters = self::characters(rtrim($line, "\r"));
                if ($characters > self::MAX_CHARACTERS) {
                    $long[] = \sprintf('%s:%d (%d chars)', substr($file, \strlen($src) - 3), $index + 1, $characters);
                }
            }
        }

        $summary = \sprintf('%d lines are longer than %d characters:', \count($long), self::MAX_CHARACTERS);
        self::assertSame([], $long, $summary."\n".implode("\n", $long));
    }

    /** @return list<string> */
    private static function phpFiles(string $directory): array
    {
        $files = [];
        $entries = new \RecursiveIteratorIterator(
            new \RecursiveDirectoryIterator($directory, \FilesystemIterator::SKIP_DOTS),
        );
        foreach ($entries as $entry) {
            \assert($entry instanceof \SplFileInfo);
            if ($entry->isFile() && 'php' === $entry->getExtension()) {
                $files[] = $entry->getPathname();
            }
        }
        sort($files);

        return $files;
    }

    /** Characters, not bytes, where the line is UTF-8 (an arrow is one character); bytes otherwise. */
    private static function characters(string $line): int
    {
        return mb_check_encoding($line, 'UTF-8') ? mb_strlen($line, 'UTF-8') : \strlen($line);
    }
}
