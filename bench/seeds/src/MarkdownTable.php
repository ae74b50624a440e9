<?php

declare(strict_types=1);

namespace Preheat\Seeds;

/** A markdown table whose columns line up in a terminal too. */
final class MarkdownTable
{
    /**
     * @param list<string>       $headers
     * @param list<list<string>> $rows    each as many cells as there are headers
     *
     * @throws \InvalidArgumentException when a row has another number of cells
     */
    public static function render(array $headers, array $rows): string
    {
        foreach ($rows as $index => $row) {
            if (\count($row) !== \count($headers)) {
                throw new \InvalidArgumentException(\sprintf('Row %d has %d cells for %d columns.', $index + 1, \count($row), \count($headers)));
            }
        }
        $escape = static fn (string $cell): string => str_replace(['|', "\n"], ['\\|', ' '], $cell);
        $table = array_map(static fn (array $row): array => array_map($escape, $row), [$headers, ...$rows]);
        $widths = [];
        foreach ($table as $row) {
            foreach ($row as $column => $cell) {
                $widths[$column] = max($widths[$column] ?? 3, mb_strwidth($cell));
            }
        }
        $line = static function (array $cells) use ($widths): string {
            $padded = [];
            foreach ($cells as $column => $cell) {
                $padded[] = $cell.str_repeat(' ', $widths[$column] - mb_strwidth($cell));
            }

            return '| '.implode(' | ', $padded).' |';
        };
        $out = [$line($table[0]), $line(array_map(static fn (int $width): string => str_repeat('-', $width), $widths))];
        foreach (\array_slice($table, 1) as $row) {
            $out[] = $line($row);
        }

        return implode("\n", $out)."\n";
    }
}
