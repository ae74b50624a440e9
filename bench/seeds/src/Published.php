<?php

declare(strict_types=1);

namespace Preheat\Seeds;

/**
 * The published figures the seeds tables are set beside, restated with their sources. They were measured
 * on other hardware (more cores, the load tool often on another machine): what must reproduce is their
 * shape (which server is ahead, how failures and tails grow with concurrency, flat memory), not their numbers.
 */
final class Published
{
    public const PRELOAD_SOURCE = 'stitcher.io, "Preloading in PHP 7.4": a Laravel homepage, PHP 7.4.2, nginx + php-fpm, `ab -n 5000 -c 50 -l`';

    /** scenario => [req/s, time per request, preloaded, preload memory] */
    public const PRELOAD = [
        'none' => ['64.79', '771.7 ms', '—', '—'],
        'all' => ['79.69 (+23%)', '627.4 ms', '1,256 classes, 1,366 functions', '17.43 MB'],
        'trace' => ['86.12 (+33%, +8% vs naive)', '580.6 ms', '643 classes, 1,034 functions', '11.76 MB'],
    ];

    public const CLASS_LOAD_SOURCE = 'a published class-load test (a page with two `require_once`): Swoole vs Apache/mod_php, `ab -k -n 10000` on the same host';

    /** concurrency => [stack => figure] */
    public const CLASS_LOAD = [
        100 => [Stacks::WORKER => '52,452 (Swoole)', Stacks::MOD_PHP => '11,560'],
        500 => [Stacks::WORKER => '41,044 (Swoole)', Stacks::MOD_PHP => '1,706 (144 failed)'],
        1000 => [Stacks::WORKER => '34,663 (Swoole)', Stacks::MOD_PHP => '1,339 (161 failed); median 8–13 ms, p98 over 5 s'],
    ];

    public const EVENT_SERVER_SOURCE = 'an event-driven PHP server\'s own benchmark doc (a Workerman fork: 14 processes, reusePort, libuv; claims, no raw output published)';

    public const TWO_CORES_SOURCE = 'FrankenPHP issue #382: hello world on 2 cores';

    /** stack => figure, hello world */
    public const HELLO = [
        Stacks::WORKER => '85,000+ req/s; p50 0.8, p95 2.1, p99 4.5 ms; 25–30 MB per process (2 cores, FrankenPHP #382: ~7.5k)',
        Stacks::FPM => '15,000 req/s (5.7× less) (2 cores, FrankenPHP #382: ~2.5k)',
    ];

    public const SQL = [Stacks::WORKER => '12,000 req/s (MySQL)'];

    /** file => figure for the event-driven server */
    public const FILES = [
        '1kb' => '75,000 req/s',
        '1mb' => '8,000 req/s',
        '100mb' => '150 req/s, streamed over 2 MB, memory flat',
    ];

    public const SCALING = '1 → 14 processes: 6,000 → 85,000 req/s, 97% efficiency (efficiency = actual / (N × one process))';
}
