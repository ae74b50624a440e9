<?php

declare(strict_types=1);

namespace Preheat\Bench\Result;

use Preheat\Php\OpcacheStatus;

/**
 * OPcache's settings a benchmark ran with, as the report shows them (sizes with M). Each is null when not
 * known to whoever made the result (a result made by hand): the report then leaves it out.
 */
final class OpcacheSettings
{
    public function __construct(
        public readonly ?string $memoryConsumption = null,
        public readonly ?string $internedStringsBuffer = null,
        public readonly ?string $maxAcceleratedFiles = null,
        public readonly ?string $validateTimestamps = null,
        public readonly ?string $jit = null,
    ) {
    }

    /**
     * As the workers report them, not as configured; "?" for each when no worker answered (so a report
     * still names every setting).
     */
    public static function reported(?OpcacheStatus $status): self
    {
        $ini = static fn (string $name): string => null === $status ? '?' : $status->ini($name);

        return new self(
            $ini('memory_consumption').'M',
            $ini('interned_strings_buffer').'M',
            $ini('max_accelerated_files'),
            '' === $ini('validate_timestamps') ? '0' : $ini('validate_timestamps'),
            $status?->ini('jit') ?: 'off',
        );
    }
}
