<?php

declare(strict_types=1);

namespace Preheat\Script\Generate;

/** Whether a `generate` reused a last verification instead of booting PHP, and which. */
enum Reused
{
    /** Verified now (or not verified). */
    case No;

    /** The script on disk was planned the same and verified with the same PHP and ini: kept, PHP not booted. */
    case Unchanged;

    /** From a run on the same files at another root (a release before this one): the script written. */
    case Release;
}
