<?php

declare(strict_types=1);

namespace Preheat\Plan;

/** Where a forced drop comes from: what decided that a class or file must stay out whatever the rules say. */
enum DropOrigin: string
{
    /** PHP refused it when this run booted the script. */
    case Verification = 'verification';

    /** PHP refused it at the last verification, as the script's header records (`explain` replays it). */
    case LastVerification = 'last-verification';

    /** It is on a cycle of link dependencies between files: no order of the files can compile it. */
    case LinkCycle = 'link-cycle';
}
