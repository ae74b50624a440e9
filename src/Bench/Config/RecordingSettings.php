<?php

declare(strict_types=1);

namespace Preheat\Bench\Config;

use Preheat\Config\Bound;
use Preheat\Plan\Strategy\HotCriteria;

/** Where the hot scenarios' traffic comes from and how much of it they preload; how the record scenario samples. */
final class RecordingSettings
{
    public const DEFAULT_RECORD_SECONDS = 10.0;
    public const DEFAULT_RECORDER_SAMPLE = 10;

    public function __construct(
        public readonly ?string $usageStore = null,
        public readonly HotCriteria $hot = new HotCriteria(autoBudget: true),
        public readonly float $recordSeconds = self::DEFAULT_RECORD_SECONDS,
        public readonly int $recorderSample = self::DEFAULT_RECORDER_SAMPLE,
    ) {
        Bound::RecordSeconds->checkMinimum($recordSeconds);
        Bound::RecorderSample->checkMinimum($recorderSample);
    }
}
