<?php

declare(strict_types=1);

namespace Preheat\Server;

/** The last lines of a server's logs, for messages about a server that failed. */
final class LogTail
{
    /** @param list<string> $files read in this order; a missing one counts as empty */
    public static function of(array $files, int $lines = 15): string
    {
        $tail = [];
        foreach ($files as $file) {
            $content = is_file($file) ? (string) file_get_contents($file) : '';
            $tail = [...$tail, ...\array_slice(array_filter(explode("\n", $content)), -$lines)];
        }

        return implode("\n", $tail);
    }
}
