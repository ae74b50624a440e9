<?php

declare(strict_types=1);

namespace Preheat\Report\Doctor;

use Preheat\Doctor\DoctorReport;
use Preheat\Report\Json;

/** `preheat doctor --format=json`: what was read, the findings (each with its fixes and rung), the worst severity and the exit code. */
final class DoctorJsonRenderer
{
    public function render(DoctorReport $report): string
    {
        return Json::encode($report->toArray());
    }
}
