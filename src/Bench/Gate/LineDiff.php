<?php

declare(strict_types=1);

namespace Preheat\Bench\Gate;

/** A short unified-style diff of two texts: the changed lines with a little context, capped. */
final class LineDiff
{
    public static function render(string $expected, string $actual, int $context = 2, int $maxLines = 40): string
    {
        $a = explode("\n", $expected);
        $b = explode("\n", $actual);
        $start = 0;
        while ($start < \count($a) && $start < \count($b) && $a[$start] === $b[$start]) {
            ++$start;
        }
        $endA = \count($a) - 1;
        $endB = \count($b) - 1;
        while ($endA >= $start && $endB >= $start && $a[$endA] === $b[$endB]) {
            --$endA;
            --$endB;
        }
        $lines = [\sprintf('@@ line %d @@', $start + 1)];
        for ($i = max(0, $start - $context); $i < $start; ++$i) {
            $lines[] = '  '.$a[$i];
        }
        for ($i = $start; $i <= $endA; ++$i) {
            $lines[] = '- '.$a[$i];
        }
        for ($i = $start; $i <= $endB; ++$i) {
            $lines[] = '+ '.$b[$i];
        }
        if (\count($lines) > $maxLines) {
            $lines = [...\array_slice($lines, 0, $maxLines), \sprintf('… (%d more lines)', \count($lines) - $maxLines)];
        }

        return implode("\n", array_map(static fn (string $l): string => mb_strlen($l) > 300 ? mb_substr($l, 0, 300).'…' : $l, $lines));
    }
}
