<?php

declare(strict_types=1);

namespace Preheat\Report\Json;

use Preheat\Script\Verify\Finding;
use Preheat\Script\Verify\LimitEstimate;
use Preheat\Script\Verify\StartupMessage;
use Preheat\Script\Verify\UnlinkedClass;
use Preheat\Script\Verify\VerificationReport;

/** The public JSON of a verification (`verify --format=json`, and generate's "verification"). */
final class VerificationJson
{
    /** @return array<string, mixed> */
    public static function report(VerificationReport $report): array
    {
        return [
            'script' => $report->scriptPath,
            'command' => $report->boot->commandLine,
            'php' => $report->boot->phpVersion,
            'ini' => PhpJson::settings($report->php->settings),
            'preloadUser' => $report->boot->preloadUser,
            'booted' => $report->boot->booted,
            'exitCode' => $report->boot->exitCode,
            'preloaded' => [
                'scripts' => $report->preloaded->scripts,
                'classes' => $report->preloadedClassCount(),
                'refusedClasses' => $report->refusedClassCount(),
                'functions' => $report->preloaded->functions,
                'memoryBytes' => $report->preloaded->memoryBytes,
            ],
            'opcache' => [
                'usedBytes' => $report->preloaded->opcacheUsedBytes,
                'memoryBytes' => $report->preloaded->opcacheMemoryBytes,
            ],
            // What the boot measured of the interned-string buffer (generate's; null for a fit not booted itself).
            'internedStrings' => null === $report->room ? null : [
                'bufferBytes' => $report->room->internedBufferBytes,
                'beforePreloadBytes' => $report->room->internedBaselineBytes,
                'preloadBytes' => $report->room->internedNeededBytes,
            ],
            'unbootedFit' => null === $report->unbootedFit ? null : [
                'bootedFiles' => $report->unbootedFit->bootedFiles,
                'keptFiles' => $report->unbootedFit->keptFiles,
                'limits' => array_map(static fn (LimitEstimate $l): array => [
                    'setting' => $l->setting,
                    'roomBytes' => $l->roomBytes,
                    'measuredBytes' => $l->measuredBytes,
                    'expectedBytes' => $l->expectedBytes,
                    'atMostBytes' => $l->atMostBytes,
                ], $report->unbootedFit->limits),
            ],
            'peakMemoryBytes' => $report->preloaded->peakMemoryBytes,
            'memoryLimitLifted' => $report->preloaded->memoryLimitLifted,
            // Null when not measured (generate's boot with the C library's allocator: peakMemoryMeasured false).
            'peakMemoryMeasured' => !$report->startup->systemAllocator,
            'startupSeconds' => round($report->startup->seconds, 4),
            // The CPU time (user and system) of the same start-up, which the slow start-up check judges; null when
            // not measured.
            'startupCpuSeconds' => null === $report->startup->cpuSeconds
                ? null
                : round($report->startup->cpuSeconds, 4),
            // "php" (PHP's own, as php-fpm) or "system" (the C library's: shorter than php-fpm's start-up).
            'startupAllocator' => $report->startup->systemAllocator ? 'system' : 'php',
            'startupNote' => $report->startup->systemAllocator
                ? trim(VerificationReport::SYSTEM_ALLOCATOR_NOTE, '()')
                : null,
            'fatals' => $report->fatalCount(),
            'warnings' => $report->warningCount(),
            'clean' => $report->clean(),
            'deprecations' => $report->deprecationCount(),
            'messages' => array_map(static fn (StartupMessage $m): array => [
                'severity' => $m->severity->value,
                'message' => $m->message,
                'file' => $m->file,
                'line' => $m->line,
                'count' => $m->count,
            ], $report->messages),
            'unlinkedClasses' => array_map(static fn (UnlinkedClass $c): array => [
                'class' => $c->class,
                'reason' => $c->reason,
                'file' => $c->file,
                'line' => $c->line,
            ], $report->unlinkedClasses),
            'findings' => array_map(static fn (Finding $f): array => [
                'severity' => $f->severity->value,
                'message' => $f->message,
                'setting' => $f->setting,
                'value' => $f->value,
                'file' => $f->file,
            ], $report->findings),
        ];
    }
}
