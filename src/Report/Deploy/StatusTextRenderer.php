<?php

declare(strict_types=1);

namespace Preheat\Report\Deploy;

use Preheat\Deploy\PreloadStatus;
use Preheat\Report\Renderer;
use Preheat\Report\VerdictStyle;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `preheat status` as text: fresh or stale, why, and what to do.
 *
 * @implements Renderer<PreloadStatus>
 */
final class StatusTextRenderer implements Renderer
{
    public function write(object $report, OutputInterface $output): void
    {
        VerdictStyle::define($output);
        $verdicts = ['FRESH' => VerdictStyle::Ok, 'STALE' => VerdictStyle::Warning];
        $output->writeln(
            array_map(static fn (string $line): string => VerdictStyle::line($line, $verdicts), $this->lines($report)),
        );
    }

    /** @return list<string> */
    public function lines(PreloadStatus $status): array
    {
        $versions = $status->versions;
        $running = null === $versions->running
            ? 'no Preheat manifest'
            : $versions->running->className().', '.$status->preloadedClasses.' classes';
        $lines = [
            \sprintf(
                'The server at %s (PHP %s) preloaded %s: %s',
                $status->server,
                $status->php,
                $status->preloadedScript ?? 'nothing',
                $running,
            ),
            \sprintf('script on disk %s: %s', $status->script, $versions->onDisk?->className() ?? 'no manifest'),
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
