<?php

declare(strict_types=1);

namespace Preheat\Usage;

use Preheat\Recorder\Recorder;

/**
 * The standalone recorder (recorder/preheat-recorder.php): the one implementation of the store
 * formats, loaded on demand because it lives outside Composer's autoloader.
 *
 * @phpstan-import-type Batch from Recorder
 */
final class RecorderFile
{
    public static function path(): string
    {
        return \dirname(__DIR__, 2).'/recorder/preheat-recorder.php';
    }

    /**
     * Loads it unless a recorder is loaded already: a bootstrap written by preheat.phar loads a copy of
     * it (NAME.lib.php), and a middleware of the Composer package in the same request must not declare
     * its classes a second time (a fatal error).
     */
    public static function load(): void
    {
        if (!class_exists(Recorder::class, false)) {
            require_once self::path();
        }
    }

    /** @return Batch a batch as the recorder's sinks take it */
    public static function batch(UsageBatch $batch): array
    {
        $record = [
            'server' => $batch->server,
            'pid' => (int) getmypid(),
            'from' => $batch->from,
            'to' => $batch->to,
            'requests' => $batch->requests,
            'files' => $batch->fileCounts,
            'required' => $batch->requiredCounts,
        ];
        if ($batch->droppedRequests > 0) {
            $record['dropped'] = $batch->droppedRequests;
        }

        return $record;
    }
}
