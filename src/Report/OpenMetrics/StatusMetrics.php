<?php

declare(strict_types=1);

namespace Preheat\Report\OpenMetrics;

use Preheat\Deploy\PreloadStatus;
use Preheat\Deploy\StaleReason;
use Preheat\Deploy\StatusUnknown;

/**
 * The families of `preheat status --format=openmetrics|prometheus`, for a status read (status()) and for one
 * that could not be (unknown()): the same names, so an alert on one sees the other.
 * Every sample carries the server and the script as labels: several pools on one host write several files
 * into node_exporter's textfile directory, whose samples must not collide.
 */
final class StatusMetrics
{
    public const STATES = ['fresh', 'stale', 'unknown'];

    /** @return array<string, string> */
    public static function labels(string $server, string $script): array
    {
        return ['server' => $server, 'script' => $script];
    }

    /** preheat_status_up, the state as a set of 0/1 gauges, and the script's mtime: what every status has. */
    public static function common(
        Exposition $metrics,
        string $server,
        string $script,
        string $state,
        ?int $scriptModified,
    ): void {
        $labels = self::labels($server, $script);
        $metrics->add(
            MetricType::Gauge,
            'preheat_status_up',
            '',
            'Whether php-fpm answered with the status probe (1) or could not be asked (0).',
            Exposition::sample($labels, 'unknown' === $state ? 0 : 1),
        );
        $metrics->add(
            MetricType::Gauge,
            'preheat_preload_state',
            '',
            'The preload is fresh (php-fpm serves the preload of the script and files on disk), stale or '
            .'unknown (php-fpm did not answer): 1 for the state it is in, 0 for the others.',
            array_map(
                static fn (string $each): array => [
                    'labels' => $labels + ['state' => $each],
                    'value' => $each === $state ? 1 : 0,
                ],
                self::STATES,
            ),
        );
        if (null !== $scriptModified) {
            $metrics->add(
                MetricType::Gauge,
                'preheat_preload_script_modified_timestamp_seconds',
                'seconds',
                'When the preload script on disk last changed (Unix time). Later than '
                .'preheat_opcache_start_timestamp_seconds: php-fpm was not restarted since.',
                Exposition::sample($labels, $scriptModified),
            );
        }
    }

    public static function status(PreloadStatus $status): Exposition
    {
        $metrics = new Exposition();
        $labels = self::labels($status->server, $status->script);
        self::common(
            $metrics,
            $status->server,
            $status->script,
            $status->fresh() ? 'fresh' : 'stale',
            $status->versions->onDiskModified,
        );
        $metrics->add(
            MetricType::Gauge,
            'preheat_preload_stale_reason',
            '',
            'Why the preload is stale, one sample per reason: 1 for each that holds (the text and JSON formats '
            .'say it in words).',
            array_map(
                static fn (StaleReason $reason): array => [
                    'labels' => $labels + ['reason' => $reason->value],
                    'value' => \in_array($reason, $status->reasons, true) ? 1 : 0,
                ],
                StaleReason::cases(),
            ),
        );
        $metrics->add(
            MetricType::Gauge,
            'preheat_preload_info',
            '',
            'What php-fpm runs and preloaded: the PHP version, its opcache.preload, and the manifest classes of '
            .'the running preload and of the script on disk (empty when there is none). Always 1.',
            Exposition::sample($labels + [
                'php' => $status->php,
                'preload' => $status->preloadedScript ?? '',
                'running_manifest' => $status->versions->running?->className() ?? '',
                'disk_manifest' => $status->versions->onDisk?->className() ?? '',
            ], 1),
        );
        $opcache = $status->opcache;
        $metrics->add(
            MetricType::Gauge,
            'preheat_preload_classes',
            '',
            'Classes, interfaces, traits and enums php-fpm preloaded (Preheat\'s manifest not counted).',
            Exposition::sample($labels, $status->preloadedClasses),
        );
        if (null === $opcache) {
            return $metrics;
        }
        $metrics
            ->add(
                MetricType::Gauge,
                'preheat_preload_functions',
                '',
                'Functions php-fpm preloaded.',
                Exposition::sample($labels, $opcache->preload->functions),
            )
            ->add(
                MetricType::Gauge,
                'preheat_preload_scripts',
                '',
                'Files php-fpm preloaded.',
                Exposition::sample($labels, \count($opcache->preload->scripts)),
            )
            ->add(
                MetricType::Gauge,
                'preheat_preload_memory_bytes',
                'bytes',
                'OPcache shared memory the preloaded code takes.',
                Exposition::sample($labels, $opcache->preload->memoryBytes),
            )
            ->add(
                MetricType::Gauge,
                'preheat_opcache_memory_used_bytes',
                'bytes',
                'OPcache shared memory in use (preloaded code included).',
                Exposition::sample($labels, $opcache->memory->usedBytes),
            )
            ->add(
                MetricType::Gauge,
                'preheat_opcache_memory_wasted_bytes',
                'bytes',
                'OPcache shared memory taken by scripts since invalidated: freed only by a restart of OPcache.',
                Exposition::sample($labels, $opcache->memory->wastedBytes),
            )
            ->add(
                MetricType::Gauge,
                'preheat_opcache_memory_size_bytes',
                'bytes',
                'OPcache shared memory in all (opcache.memory_consumption).',
                Exposition::sample($labels, $opcache->memorySizeBytes()),
            );
        if (null !== $opcache->interned->usedBytes) {
            $metrics
                ->add(
                    MetricType::Gauge,
                    'preheat_opcache_interned_strings_used_bytes',
                    'bytes',
                    'Interned-strings buffer in use (preloaded code fills it first).',
                    Exposition::sample($labels, $opcache->interned->usedBytes),
                )
                ->add(
                    MetricType::Gauge,
                    'preheat_opcache_interned_strings_size_bytes',
                    'bytes',
                    'Interned-strings buffer size (opcache.interned_strings_buffer).',
                    Exposition::sample($labels, $opcache->interned->bufferBytes),
                );
        }
        if (null !== $opcache->lifetime->restarts) {
            $restarts = [];
            foreach ($opcache->lifetime->restarts as $reason => $count) {
                $restarts[] = ['labels' => $labels + ['reason' => $reason], 'value' => $count];
            }
            $metrics->add(
                MetricType::Counter,
                'preheat_opcache_restarts',
                '',
                'OPcache restarts since php-fpm started, by cause: oom (memory full), hash (too many files for '
                .'opcache.max_accelerated_files), manual (opcache_reset()). A restart keeps the preloaded code.',
                $restarts,
            );
        }
        if ($opcache->lifetime->startTime > 0) {
            $metrics->add(
                MetricType::Gauge,
                'preheat_opcache_start_timestamp_seconds',
                'seconds',
                'When php-fpm started OPcache and preloaded (Unix time).',
                Exposition::sample($labels, $opcache->lifetime->startTime),
            );
        }
        $metrics->add(
            MetricType::Gauge,
            'preheat_opcache_last_restart_timestamp_seconds',
            'seconds',
            'When OPcache last restarted (Unix time), 0 when it has not since php-fpm started.',
            Exposition::sample($labels, $opcache->lifetime->lastRestartTime),
        );

        return $metrics;
    }

    public static function unknown(StatusUnknown $status): Exposition
    {
        $metrics = new Exposition();
        self::common($metrics, $status->server, $status->script, 'unknown', $status->scriptModified);

        return $metrics;
    }
}
