<?php

declare(strict_types=1);

namespace Preheat\Usage\Trace;

use Preheat\Plan\Strategy\UsageSnapshot;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\ProgressLogger;
use Preheat\Server\PageFetcher;
use Preheat\Server\RuntimeFactory;

/**
 * `--strategy=trace`: serves the app with the recorder on (with the runtimes and settings the caller
 * made from the configuration it loaded: the project's preheat.json or the --config file), requests
 * each page a few times, and returns exactly what those requests loaded.
 */
final class TraceRecorder
{
    public function __construct(
        private readonly RuntimeFactory $runtimes,
        private readonly ProcessRunner $runner,
        private readonly ProgressLogger $progress,
    ) {
    }

    /** @param non-empty-list<string> $paths */
    public function record(
        string $projectRoot,
        array $paths,
        int $requestsPerPage,
        float $requestTimeout,
    ): UsageSnapshot {
        $this->progress->stage('Tracing '.implode(' ', $paths));
        $server = TracedServer::start($this->runtimes, $this->runner, $projectRoot);
        try {
            $fetcher = new PageFetcher($requestTimeout);
            foreach ($paths as $path) {
                for ($i = 0; $i < $requestsPerPage; ++$i) {
                    $page = $fetcher->get($server->runtime()->url($path));
                    if (!$page->isSuccess()) {
                        throw TraceError::pageFailed(
                            $path,
                            null === $page->error ? 'HTTP '.$page->status : $page->error,
                            $server->runtime()->logTail(),
                        );
                    }
                }
            }
            $usage = $server->usage();
        } finally {
            $server->stop();
        }
        if ($usage->isEmpty()) {
            throw TraceError::nothingRecorded(implode(' ', $paths));
        }
        $this->progress->finish(
            \sprintf('Traced %d request(s): they loaded %d PHP files', $usage->requests, \count($usage->fileCounts)),
        );

        return $usage;
    }
}
