<?php

declare(strict_types=1);

namespace Preheat\Report;

use Symfony\Component\Console\Output\OutputInterface;

/**
 * One format of one report model (as phpstan's error formatters): writes the whole report to the output the
 * way its format needs, a JSON document raw, text through the console's formatter. Chosen by format name
 * from Renderers.
 *
 * @template-contravariant T of object
 */
interface Renderer
{
    /** @param T $report */
    public function write(object $report, OutputInterface $output): void;
}
