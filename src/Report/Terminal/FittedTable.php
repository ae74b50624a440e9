<?php

declare(strict_types=1);

namespace Preheat\Report\Terminal;

use Symfony\Component\Console\Formatter\OutputFormatter;
use Symfony\Component\Console\Helper\Helper;
use Symfony\Component\Console\Helper\Table;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * A box table that fits a width: first the least important columns go, as long as the rest would not fit with
 * headers wrapped and long cells wrapped to a readable width; then cells wrap at spaces, widest column first, never
 * narrower than their longest word, so that no verdict or number is cut. A column marked cuttable (a free text, a
 * path) may have a word cut as a last resort. A row left with nothing but its first cell (a scenario that was not
 * measured says why in a column that went) gets the text of the first column that went in its second.
 */
final class FittedTable
{
    /** Symfony's default style: "| " before each cell, " " after it, and the last "|". */
    private const BORDER_PER_COLUMN = 3;

    /** A long cell wrapped to this width still reads well: columns go only while the table is wider than that. */
    private const READABLE = 28;

    /**
     * @param list<string>       $headers
     * @param list<list<string>> $rows
     * @param list<int>          $importance per column: 0 never goes, the highest goes first (all columns of the same
     *                                       value together: a gain with its verdict); none given, none goes
     * @param list<int>          $cuttable   the columns whose long words may be cut
     */
    public function __construct(
        private readonly array $headers,
        private readonly array $rows,
        private readonly array $importance = [],
        private readonly array $cuttable = [],
    ) {
    }

    /**
     * Draws the table no wider than $width when it can (null: as wide as it is).
     *
     * @return list<string> the headers of the columns left out to fit
     */
    public function render(OutputInterface $output, ?int $width): array
    {
        $columns = array_keys($this->headers);
        $dropped = [];
        if (null !== $width) {
            // Groups by importance, the highest first; a group goes only while the table is too wide.
            $groups = array_unique(array_filter($this->importance, static fn (int $rank): bool => $rank > 0));
            rsort($groups);
            foreach ($groups as $rank) {
                if ($this->width($columns, fn (int $c): int => $this->readable($c)) <= $width) {
                    break;
                }
                $keep = array_values(array_filter(
                    $columns,
                    fn (int $c): bool => ($this->importance[$c] ?? 0) !== $rank,
                ));
                foreach (array_diff($columns, $keep) as $c) {
                    $dropped[] = $this->headers[$c];
                }
                $columns = $keep;
            }
        }
        $shown = new self(
            array_map(fn (int $c): string => $this->headers[$c], $columns),
            array_map(fn (array $row): array => $this->kept($row, $columns), $this->rows),
            array_map(fn (int $c): int => $this->importance[$c] ?? 0, $columns),
            array_keys(array_filter($columns, fn (int $c): bool => \in_array($c, $this->cuttable, true))),
        );
        $shown->draw($output, $width);

        return $dropped;
    }

    /** Every column, wrapped to fit $width when one is given. */
    private function draw(OutputInterface $output, ?int $width): void
    {
        $widths = [];
        foreach (array_keys($this->headers) as $c) {
            $widths[$c] = $this->natural($c);
        }
        if (null !== $width) {
            $widths = $this->narrowed($widths, $width);
        }
        // Escaped: a cell is text (a page's HTML, a name), never a console style.
        $wrap = function (string $cell, int $c) use ($widths): string {
            return OutputFormatter::escape(
                implode("\n", WordWrap::lines($cell, $widths[$c], \in_array($c, $this->cuttable, true))),
            );
        };
        (new Table($output))
            ->setHeaders(array_map(fn (int $c): string => $wrap($this->headers[$c], $c), array_keys($this->headers)))
            ->setRows(array_map(
                static fn (array $row): array => array_map(
                    static fn (int $c, string $cell): string => $wrap($cell, $c),
                    array_keys($row),
                    $row,
                ),
                $this->rows,
            ))
            ->render();
    }

    /**
     * The cells of $row in $columns; when only the first has text and a column that went had some, the first such
     * text in the second.
     *
     * @param list<string> $row
     * @param list<int>    $columns
     *
     * @return list<string>
     */
    private function kept(array $row, array $columns): array
    {
        $cells = array_map(static fn (int $c): string => $row[$c] ?? '', $columns);
        $others = array_filter(\array_slice($cells, 1), static fn (string $s): bool => '' !== $s);
        if (\count($cells) < 2 || [] !== $others) {
            return $cells;
        }
        foreach ($row as $c => $cell) {
            if ('' !== $cell && !\in_array($c, $columns, true)) {
                $cells[1] = $cell;

                break;
            }
        }

        return $cells;
    }

    /**
     * Column widths narrowed, widest first, until the table fits $width: first each to a readable width (see
     * readable()), then to its longest word, those that could have gone first and those that stay (a gain, a
     * verdict) only then.
     *
     * @param array<int, int> $widths
     *
     * @return array<int, int>
     */
    private function narrowed(array $widths, int $width): array
    {
        $readable = [];
        $narrowest = [];
        foreach (array_keys($widths) as $c) {
            $readable[$c] = min($widths[$c], $this->readable($c));
            // A free text may be cut, but not to nothing.
            $narrowest[$c] = \in_array($c, $this->cuttable, true) ? min($widths[$c], 8) : $this->longestWord($c);
        }
        $total = $this->width(array_keys($widths), static fn (int $c): int => $widths[$c]);
        $passes = [
            [$readable, static fn (int $c): bool => true],
            [$narrowest, fn (int $c): bool => ($this->importance[$c] ?? 0) > 0],
            [$narrowest, static fn (int $c): bool => true],
        ];
        foreach ($passes as [$floor, $may]) {
            while ($total > $width) {
                $widest = null;
                foreach ($widths as $c => $w) {
                    if ($may($c) && $w > $floor[$c] && (null === $widest || $w > $widths[$widest])) {
                        $widest = $c;
                    }
                }
                if (null === $widest) {
                    break;
                }
                --$widths[$widest];
                --$total;
            }
        }

        return $widths;
    }

    /**
     * @param list<int>          $columns
     * @param \Closure(int): int $widthOf
     */
    private function width(array $columns, \Closure $widthOf): int
    {
        $total = 1;
        foreach ($columns as $c) {
            $total += $widthOf($c) + self::BORDER_PER_COLUMN;
        }

        return $total;
    }

    /** The width a column needs to read well: its header wrapped, its cells wrapped to READABLE at most. */
    private function readable(int $column): int
    {
        $cells = 0;
        foreach ($this->rows as $row) {
            foreach (explode("\n", $row[$column] ?? '') as $line) {
                $cells = max($cells, Helper::width($line));
            }
        }

        return max($this->longestWord($column), min($cells, self::READABLE));
    }

    /** The width of a column's widest cell, header included, unwrapped. */
    private function natural(int $column): int
    {
        $widest = 0;
        foreach ($this->cells($column) as $cell) {
            foreach (explode("\n", $cell) as $line) {
                $widest = max($widest, Helper::width($line));
            }
        }

        return $widest;
    }

    /** @return list<string> the header and cells of a column */
    private function cells(int $column): array
    {
        return [
            $this->headers[$column],
            ...array_map(static fn (array $row): string => $row[$column] ?? '', $this->rows),
        ];
    }

    private function longestWord(int $column): int
    {
        $longest = 1;
        foreach ($this->cells($column) as $cell) {
            $longest = max($longest, WordWrap::longestWord($cell));
        }

        return $longest;
    }
}
