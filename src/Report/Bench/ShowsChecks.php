<?php

declare(strict_types=1);

namespace Preheat\Report\Bench;

use Preheat\Bench\Session\Checks;
use Preheat\Report\Renderer;

/**
 * A format of the bench report that shows the run's checks (the comparison with an earlier run, the assertions) its
 * own way, after or inside the report: asked by the publisher of each format, whatever its name. A format that is
 * not one (a plugin's) is written without them.
 */
interface ShowsChecks
{
    /** @return Renderer<BenchReport> this format, with $checks after the report itself */
    public function withChecks(Checks $checks): Renderer;
}
