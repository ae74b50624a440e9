<?php

declare(strict_types=1);

namespace Preheat\Tests\Support;

use Preheat\Doctor\DoctorReport;
use Preheat\Report\Renderer;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * A report format Preheat does not ship: one line per doctor report, to show a format is one class and one
 * registration.
 *
 * @implements Renderer<DoctorReport>
 */
final class FakeReportFormat implements Renderer
{
    public function write(object $report, OutputInterface $output): void
    {
        $ids = array_map(static fn ($finding): string => $finding->id, $report->findings);
        $output->writeln(\sprintf('fake: %s; worst %s', implode(',', $ids), (string) $report->worst()?->value));
    }
}
