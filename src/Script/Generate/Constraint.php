<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

/**
 * What a round of `generate` adds to the session after a verification: a fix round (forced drops), a
 * capacity fit, a budget calibration. The session applies it and plans again; the next boot checks it.
 */
interface Constraint
{
    /** The progress line that says what this round does. */
    public function progress(): string;

    /** What the verification after it is for, named in the timing table. */
    public function purpose(): string;
}
