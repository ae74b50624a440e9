<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Report\Json\VerificationJson;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `preheat verify --format=json`: the verification and whether it passed.
 *
 * @implements Renderer<VerifiedScript>
 */
final class VerificationJsonRenderer implements Renderer
{
    public function write(object $report, OutputInterface $output): void
    {
        $json = VerificationJson::report($report->verification) + ['passed' => $report->passed()];
        $output->writeln(Json::encode($json), OutputInterface::OUTPUT_RAW);
    }
}
