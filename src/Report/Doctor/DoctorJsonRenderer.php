<?php

declare(strict_types=1);

namespace Preheat\Report\Doctor;

use Preheat\Doctor\DoctorReport;
use Preheat\Report\Json;
use Preheat\Report\Json\DoctorJson;
use Preheat\Report\Renderer;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `preheat doctor --format=json`: what was read, the findings (each with its fixes and rung), the worst
 * severity and the exit code.
 *
 * @implements Renderer<DoctorReport>
 */
final class DoctorJsonRenderer implements Renderer
{
    public function write(object $report, OutputInterface $output): void
    {
        $output->writeln(Json::encode(DoctorJson::report($report)), OutputInterface::OUTPUT_RAW);
    }
}
