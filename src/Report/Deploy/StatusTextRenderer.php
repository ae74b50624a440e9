<?php

declare(strict_types=1);

namespace Preheat\Report\Deploy;

use Preheat\Deploy\PreloadStatus;

/** `preheat status` as text: fresh or stale, why, and what to do. */
final class StatusTextRenderer
{
    /** @return list<string> */
    public function render(PreloadStatus $status): array
    {
        $lines = [
            \sprintf('The server at %s (PHP %s) preloaded %s: %s', $status->server, $status->php, $status->preloadedScript ?? 'nothing', null === $status->running ? 'no Preheat manifest' : $status->running->className().', '.$status->preloadedClasses.' classes'),
            \sprintf('script on disk %s: %s', $status->script, $status->onDisk?->className() ?? 'no manifest'),
        ];
        if ($status->fresh()) {
            $lines[] = 'FRESH: php-fpm serves the preload of the script and files on disk.';

            return $lines;
        }
        $lines[] = 'STALE:';
        foreach ($status->problems as $problem) {
            $lines[] = '  - '.$problem;
        }
        if (null !== $status->action) {
            $lines[] = 'To do: '.$status->action.'.';
        }

        return $lines;
    }
}
