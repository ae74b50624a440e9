<?php

declare(strict_types=1);

namespace Preheat\Progress;

/** How a step ended, which the progress line's mark shows: a failure never gets the success mark. */
enum Outcome
{
    /** It did what it set out to do. */
    case Done;
    /** It went on, but with something the reader should know (a scenario broken, a placement refused). */
    case Warning;
    /** It did not do what it set out to do (PHP refused the script, a server did not start). */
    case Failed;
    /** Not done, and nothing is wrong: it does not apply here. */
    case Skipped;
}
