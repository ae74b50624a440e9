<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Report\Terminal\TerminalWidth;
use Preheat\Report\Terminal\WordWrap;
use Preheat\Usage\UsageSummary;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `preheat usage` as text: what the recorder saw, its window, the coverage curve and the top files.
 *
 * @implements Renderer<UsageReport>
 */
final class UsageTextRenderer implements Renderer
{
    public function write(object $report, OutputInterface $output): void
    {
        $lines = $report->hitCounts
            ? $this->hitCountLines($report->summary, $report->store, $report->preloadedScripts)
            : $this->lines($report->summary, $report->store);
        $output->writeln(self::fitted($lines, TerminalWidth::of($output)), OutputInterface::OUTPUT_RAW);
    }

    /**
     * The lines wrapped to the terminal's width: a top file's path under the path (it may be cut, its count and
     * share never are), the text of a labelled line under the text.
     *
     * @param list<string> $lines
     *
     * @return list<string>
     */
    public static function fitted(array $lines, ?int $width): array
    {
        if (null === $width) {
            return $lines;
        }
        $fitted = [];
        foreach ($lines as $line) {
            $indent = match (true) {
                1 === preg_match('/^  [ \d,]{10}  [ \d.]{5}%  /', $line) => str_repeat(' ', 22),
                str_starts_with($line, '  ') => str_repeat(' ', 13),
                default => '  ',
            };
            array_push($fitted, ...WordWrap::hanging($line, $width, $indent));
        }

        return $fitted;
    }

    /** @return list<string> */
    public function lines(UsageSummary $summary, string $store): array
    {
        $usage = $summary->snapshot;
        $lines = [\sprintf('Usage recorded in %s', $store)];
        $lines[] = \sprintf(
            '  Requests   %s sampled, in %s %s, from %d %s%s',
            number_format($usage->requests),
            number_format($usage->reading->batches),
            1 === $usage->reading->batches ? 'batch' : 'batches',
            \count($usage->servers),
            1 === \count($usage->servers) ? 'server' : 'servers',
            [] === $usage->servers ? '' : ': '.implode(', ', $usage->servers),
        );
        if (null !== $usage->from && null !== $usage->to) {
            $lines[] = \sprintf(
                '  Window     %s → %s (%s)',
                self::time($usage->from),
                self::time($usage->to),
                self::duration($usage->to - $usage->from),
            );
        }
        $lines[] = \sprintf(
            '  Files      %s distinct; a request loads %s on average',
            number_format($summary->distinctFiles()),
            number_format($summary->filesPerRequest(), 1),
        );
        $curve = [];
        foreach ($summary->coverage as $percent => $files) {
            $curve[] = \sprintf('%d%%: %s', $percent, number_format($files));
        }
        $lines[] = \sprintf('  Coverage   files that account for a share of all loads: %s', implode(' · ', $curve));
        if ($usage->reading->skippedRecords > 0) {
            $lines[] = \sprintf(
                '  Damaged    %d %s skipped (torn or garbled lines)',
                $usage->reading->skippedRecords,
                1 === $usage->reading->skippedRecords ? 'record' : 'records',
            );
        }
        if ($usage->reading->droppedRequests > 0) {
            $lines[] = \sprintf(
                '  Dropped    %s sampled requests, while the store was unreachable',
                number_format($usage->reading->droppedRequests),
            );
        }
        if ([] !== $summary->top) {
            $lines[] = \sprintf(
                'Top %d of %s files (sampled requests that loaded each, and their share):',
                \count($summary->top),
                number_format($summary->distinctFiles()),
            );
            array_push($lines, ...self::topRows($summary));
        }

        return $lines;
    }

    /**
     * php-fpm's OPcache hit counts, in their own words: OPcache counts loads of the scripts the pool compiled,
     * not requests, and no batches; the busiest script (the front controller every request runs) stands for
     * the requests, so a share is of its loads.
     *
     * @return list<string>
     */
    public function hitCountLines(UsageSummary $summary, string $store, int $preloaded = 0): array
    {
        $usage = $summary->snapshot;
        $lines = [\sprintf('Usage recorded in %s', $store)];
        $lines[] = \sprintf(
            '  Loads      %s of the busiest script, which stands for the requests (OPcache counts scripts, not '
            .'requests)',
            number_format($usage->requests),
        );
        if (null !== $usage->from && null !== $usage->to) {
            $lines[] = \sprintf(
                '  Counting   since %s (OPcache\'s last start) → %s (%s)',
                self::time($usage->from),
                self::time($usage->to),
                self::duration($usage->to - $usage->from),
            );
        }
        $lines[] = \sprintf(
            '  Scripts    %s distinct, of those the pool compiled; %s loads per load of the busiest',
            number_format($summary->distinctFiles()),
            number_format($summary->filesPerRequest(), 1),
        );
        if ($preloaded > 0) {
            $lines[] = \sprintf(
                '  Preloaded  %s more, which php-fpm preloaded: OPcache counts no use of them (no request includes '
                .'them), so they are not listed',
                number_format($preloaded),
            );
        }
        $curve = [];
        foreach ($summary->coverage as $percent => $files) {
            $curve[] = \sprintf('%d%%: %s', $percent, number_format($files));
        }
        $lines[] = \sprintf('  Coverage   scripts that account for a share of all loads: %s', implode(' · ', $curve));
        if ([] !== $summary->top) {
            $lines[] = \sprintf(
                'Top %d of %s scripts (loads of each: its hits plus the load that compiled it; share of the busiest '
                .'script\'s loads):',
                \count($summary->top),
                number_format($summary->distinctFiles()),
            );
            array_push($lines, ...self::topRows($summary));
        }

        return $lines;
    }

    /** @return list<string> each of the most loaded files: its count, its share and its path */
    private static function topRows(UsageSummary $summary): array
    {
        return array_map(
            static fn (array $row): string => \sprintf(
                '  %10s  %5.1f%%  %s',
                number_format($row['requests']),
                $row['share'] * 100,
                $row['file'],
            ),
            $summary->top,
        );
    }

    private static function time(int $timestamp): string
    {
        return gmdate('Y-m-d H:i:s', $timestamp).' UTC';
    }

    private static function duration(int $seconds): string
    {
        return match (true) {
            $seconds < 120 => \sprintf('%d s', $seconds),
            $seconds < 7200 => \sprintf('%d min', intdiv($seconds, 60)),
            $seconds < 172800 => \sprintf('%.1f h', $seconds / 3600),
            default => \sprintf('%.1f days', $seconds / 86400),
        };
    }
}
