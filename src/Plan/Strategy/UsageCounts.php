<?php

declare(strict_types=1);

namespace Preheat\Plan\Strategy;

/** What a usage snapshot's counts are: a recorder's sampled requests, or php-fpm's OPcache loads of scripts. */
enum UsageCounts: string
{
    /** Preheat's recorder: how many sampled requests loaded each file. */
    case SampledRequests = 'sampled-requests';
    /**
     * php-fpm's OPcache hit counts: how often each script was loaded since OPcache started; the busiest script
     * (the front controller every request runs) stands for the requests.
     */
    case ScriptLoads = 'script-loads';
}
