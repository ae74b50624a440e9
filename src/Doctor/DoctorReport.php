<?php

declare(strict_types=1);

namespace Preheat\Doctor;

use Preheat\Doctor\Finding\Finding;
use Preheat\Doctor\Finding\Severity;
use Preheat\Doctor\Profile\AppProfile;
use Preheat\Doctor\Profile\ServerConfig;

/** What doctor read and found, worst finding first. */
final class DoctorReport
{
    /** @param list<Finding> $findings */
    public function __construct(
        public readonly ServerConfig $server,
        public readonly AppProfile $app,
        public readonly array $findings,
    ) {
    }

    public function worst(): ?Severity
    {
        return $this->findings[0]->severity ?? null;
    }

    /**
     * 0 nothing or notices only, 1 a warning, 4 an error (2 and 3 are bad input and a failed environment, as for every
     * command).
     */
    public function exitCode(): int
    {
        return $this->worst()?->exitCode() ?? 0;
    }
}
