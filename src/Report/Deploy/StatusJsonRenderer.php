<?php

declare(strict_types=1);

namespace Preheat\Report\Deploy;

use Preheat\Deploy\PreloadStatus;
use Preheat\Report\Json;
use Preheat\Report\Json\StatusJson;
use Preheat\Report\Renderer;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `preheat status --format=json`: fresh, the manifests on both sides, the problems and the action.
 *
 * @implements Renderer<PreloadStatus>
 */
final class StatusJsonRenderer implements Renderer
{
    public function write(object $report, OutputInterface $output): void
    {
        $output->writeln(Json::encode(StatusJson::status($report)), OutputInterface::OUTPUT_RAW);
    }
}
