<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Architecture;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\DocumentedShell;

/**
 * The README is for a newcomer: it stays short, and the detail it links to must be there. A link whose
 * file or heading was moved or renamed is found here rather than by a reader.
 */
final class DocumentationTest extends TestCase
{
    private const README_MAX_LINES = 250;

    /** The overview of doc/architecture.md is read in five minutes; the pages it links to hold the detail. */
    private const OVERVIEW_MAX_WORDS = 1500;

    /** A paragraph (or a list item) longer than this is split, or cut where it says what the code says. */
    private const PARAGRAPH_MAX_WORDS = 250;

    public function testTheReadmeStaysShort(): void
    {
        $lines = \count(file(self::root().'/README.md') ?: []);

        self::assertLessThan(self::README_MAX_LINES, $lines, \sprintf('README.md has %d lines: move detail under doc/ and link to it', $lines));
    }

    /** @return iterable<string, array{string}> */
    public static function documents(): iterable
    {
        foreach (DocumentedShell::documents() as $document) {
            yield $document => [$document];
        }
    }

    public function testTheArchitectureOverviewStaysShort(): void
    {
        $words = self::wordCount((string) file_get_contents(self::root().'/doc/architecture.md'));

        self::assertLessThan(self::OVERVIEW_MAX_WORDS, $words, \sprintf(
            'doc/architecture.md has %d words: move detail to its stage\'s page under doc/architecture/',
            $words,
        ));
    }

    /** @return iterable<string, array{string}> */
    public static function architectureDocuments(): iterable
    {
        foreach (DocumentedShell::documents() as $document) {
            if ('doc/architecture.md' === $document || str_starts_with($document, 'doc/architecture/')) {
                yield $document => [$document];
            }
        }
    }

    #[DataProvider('architectureDocuments')]
    public function testNoParagraphOfTheArchitectureIsLong(string $document): void
    {
        $long = [];
        foreach (self::paragraphs((string) file_get_contents(self::root().'/'.$document)) as $paragraph) {
            $words = self::wordCount($paragraph);
            if ($words > self::PARAGRAPH_MAX_WORDS) {
                $long[] = \sprintf('%d words: %s', $words, mb_substr($paragraph, 0, 80));
            }
        }

        self::assertSame([], $long, $document.': split these paragraphs, or cut what the code already says');
    }

    public function testTheParagraphCheckSplitsAtBlankLinesHeadingsListItemsAndTableRows(): void
    {
        $markdown = "# T\none two\nthree\n\n- a b\n- c\n  d\n1. e\n\n| f | g |\n|---|---|\n```\nh i j\n```\n";

        self::assertSame(['# T', "one two\nthree", '- a b', "- c\n  d", '1. e', '| f | g |', '|---|---|'], self::paragraphs($markdown));
        self::assertSame(3, self::wordCount("one two\nthree"));
    }

    #[DataProvider('documents')]
    public function testEveryRelativeLinkPointsToAFileAndHeadingThatExist(string $document): void
    {
        $path = self::root().'/'.$document;
        $broken = [];
        foreach (self::links((string) file_get_contents($path)) as $link) {
            if (preg_match('#^[a-z][a-z0-9+.-]*:#i', $link)) {
                continue; // http:, https:, mailto: are not checked here
            }
            [$file, $anchor] = array_pad(explode('#', $link, 2), 2, null);
            $target = '' === $file ? $path : \dirname($path).'/'.$file;
            if (!file_exists($target)) {
                $broken[] = $link.' (no such file)';

                continue;
            }
            if (null !== $anchor && is_file($target) && str_ends_with($target, '.md')
                && !\in_array($anchor, self::anchors((string) file_get_contents($target)), true)) {
                $broken[] = $link.' (no such heading)';
            }
        }

        self::assertSame([], $broken, $document.' links to what is not there');
    }

    public function testTheLinkCheckSeesABrokenFileAndABrokenHeading(): void
    {
        $markdown = "# T\n\n## A `b`: c\n\n[ok](#a-b-c) [x](missing.md) [y](#nope)\n```\n[not a link](nowhere.md)\n```\n";

        self::assertSame(['#a-b-c', 'missing.md', '#nope'], self::links($markdown));
        self::assertSame(['t', 'a-b-c'], self::anchors($markdown));
    }

    /** @return list<string> the targets of inline links outside code blocks and code spans */
    private static function links(string $markdown): array
    {
        preg_match_all('/(?<!!)\[[^\]]*\]\(([^)\s]+)\)/', self::prose($markdown), $matches);

        return $matches[1];
    }

    /** @return list<string> each heading's anchor as GitHub makes it */
    private static function anchors(string $markdown): array
    {
        preg_match_all('/^#{1,6} (.+)$/m', self::prose($markdown, keepCodeSpans: true), $matches);
        $anchors = [];
        $seen = [];
        foreach ($matches[1] as $heading) {
            $anchor = str_replace(' ', '-', (string) preg_replace('/[^\p{L}\p{N}_\- ]/u', '', mb_strtolower(trim($heading))));
            $count = $seen[$anchor] ?? 0;
            $seen[$anchor] = $count + 1;
            $anchors[] = 0 === $count ? $anchor : $anchor.'-'.$count;
        }

        return $anchors;
    }

    /**
     * @return list<string> the paragraphs outside code blocks: blocks between blank lines, each heading, list item
     *                      and table row apart
     */
    private static function paragraphs(string $markdown): array
    {
        $paragraphs = [];
        $text = (string) preg_replace('/^(#{1,6} .*)$/m', "\n$1\n", self::prose($markdown, keepCodeSpans: true));
        foreach (preg_split('/\n\s*\n/', $text) ?: [] as $block) {
            foreach (preg_split('/\n(?=\s*(?:[-*] |\d+\. |\|))/', trim($block, "\n")) ?: [] as $paragraph) {
                if ('' !== trim($paragraph)) {
                    $paragraphs[] = $paragraph;
                }
            }
        }

        return $paragraphs;
    }

    private static function wordCount(string $text): int
    {
        return \count(preg_split('/\s+/', trim($text), -1, \PREG_SPLIT_NO_EMPTY) ?: []);
    }

    /** The text with fenced code blocks removed (a diagram or a shell line there is not a link or heading). */
    private static function prose(string $markdown, bool $keepCodeSpans = false): string
    {
        $text = (string) preg_replace('/^```.*?^```[^\n]*$/ms', '', $markdown);

        return $keepCodeSpans ? $text : (string) preg_replace('/`[^`\n]*`/', '', $text);
    }

    private static function root(): string
    {
        return \dirname(__DIR__, 3);
    }
}
