<?php

declare(strict_types=1);

namespace Preheat\Report\Deploy;

use Preheat\Deploy\PreloadStatus;
use Preheat\Report\Json;

/** `preheat status --format=json`: fresh, the manifests on both sides, the problems and the action. */
final class StatusJsonRenderer
{
    public function render(PreloadStatus $status): string
    {
        return Json::encode($status->toArray());
    }
}
