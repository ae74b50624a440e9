<?php

declare(strict_types=1);

namespace Preheat\Usage\Trace;

use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Gate\PageFetcher;
use Preheat\Php\PhpInstallation;
use Preheat\Progress\ProgressLogger;
use Preheat\Usage\UsageSnapshot;

/**
 * `--strategy=trace`: serves the app (as the "bench" section of the configuration the caller loaded
 * says: the project's preheat.json or the --config file) with the recorder on, requests each page a
 * few times, and returns exactly what those requests loaded.
 */
final class TraceRecorder
{
    public function __construct(private readonly ProgressLogger $progress)
    {
    }

    /**
     * @param non-empty-list<string> $paths
     * @param PhpInstallation|null   $php   the installation the caller already found (null: find it now)
     */
    public function record(BenchConfig $config, array $paths, int $requestsPerPage, ?PhpInstallation $php = null): UsageSnapshot
    {
        $this->progress->stage('Tracing '.implode(' ', $paths));
        $server = TracedServer::start($config, php: $php);
        try {
            $fetcher = new PageFetcher($config->requestTimeout);
            foreach ($paths as $path) {
                for ($i = 0; $i < $requestsPerPage; ++$i) {
                    $page = $fetcher->get($server->stack()->url($path));
                    if (!$page->isSuccess()) {
                        throw TraceError::pageFailed($path, null === $page->error ? 'HTTP '.$page->status : $page->error, $server->stack()->logTail());
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
        $this->progress->finish(\sprintf('Traced %d request(s): they loaded %d PHP files', $usage->requests, \count($usage->fileCounts)));

        return $usage;
    }
}
