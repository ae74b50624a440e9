<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Usage\UsageSummary;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `preheat usage --format=json`: what the recorder saw, for machines.
 *
 * @implements Renderer<UsageReport>
 */
final class UsageJsonRenderer implements Renderer
{
    public function write(object $report, OutputInterface $output): void
    {
        $json = json_encode(
            $this->json($report->summary, $report->store),
            \JSON_PRETTY_PRINT | \JSON_UNESCAPED_SLASHES | \JSON_INVALID_UTF8_SUBSTITUTE,
        );
        $output->writeln((string) $json, OutputInterface::OUTPUT_RAW);
    }

    /** @return array<string, mixed> */
    public function json(UsageSummary $summary, string $store): array
    {
        $usage = $summary->snapshot;

        return [
            'store' => $store,
            'requests' => $usage->requests,
            'batches' => $usage->reading->batches,
            'servers' => $usage->servers,
            'from' => $usage->from,
            'to' => $usage->to,
            'files' => $summary->distinctFiles(),
            'loads' => $summary->loads,
            'filesPerRequest' => round($summary->filesPerRequest(), 2),
            'skippedRecords' => $usage->reading->skippedRecords,
            'droppedRequests' => $usage->reading->droppedRequests,
            'coverage' => array_map(
                static fn (int $percent, int $files): array => ['share' => $percent / 100, 'files' => $files],
                array_keys($summary->coverage),
                array_values($summary->coverage),
            ),
            'top' => array_map(
                static fn (array $row): array => [
                    'file' => $row['file'],
                    'requests' => $row['requests'],
                    'share' => round($row['share'], 4),
                ],
                $summary->top,
            ),
        ];
    }
}
