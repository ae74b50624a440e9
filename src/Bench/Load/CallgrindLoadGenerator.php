<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

use Preheat\Bench\Load\Callgrind\CallgrindError;
use Preheat\Bench\Load\Callgrind\CallgrindProfile;
use Preheat\Bench\Load\Callgrind\RequestBoundary;
use Preheat\Config\IntegerSetting;
use Preheat\Process\ProcessFailed;
use Preheat\Process\ProcessRunner;
use Preheat\Util\FileSystemError;

/**
 * Counts the instructions PHP executes per request: each page through `php-cgi -T` (the scenario's
 * php.ini, so its preload script) under valgrind's callgrind, warm-up requests first, then a fixed
 * number measured. Valgrind counts instructions, not time, so the count does not move with the load
 * on the machine: it compares scenarios where a busy machine blurs req/s.
 *
 * Start-up is never counted: valgrind dumps its counts where PHP starts and ends each request
 * (RequestBoundary), and only the last requests' parts are read. OPcache preloads in a request of its
 * own before the first one (or, were php-cgi root, in a child process as the preload user, whose
 * profile is a file of its own, never read): either way it is not measured.
 */
final class CallgrindLoadGenerator implements InProcessLoad
{
    private const MAX_REQUESTS = 10000;

    private int $runs = 0;

    /**
     * @param string|null $user as root, the user PHP's workers run as: php-cgi runs as that user too, so
     *                          what the app writes (caches, sessions, logs) stays theirs, as the servers need
     */
    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly string $cgiBinary = 'php-cgi8.2',
        private readonly string $valgrindBinary = 'valgrind',
        private readonly ?string $user = null,
    ) {
    }

    /**
     * The requests counted per page, scenario and round (bench.callgrindRequests): under valgrind a request of a
     * framework takes seconds, and instruction counts vary little between requests.
     */
    public static function requests(): IntegerSetting
    {
        return new IntegerSetting(
            'callgrindRequests',
            'Requests per round with the callgrind tool',
            5,
            1,
            self::MAX_REQUESTS,
            'a whole number of requests',
            'under valgrind a request takes seconds',
        );
    }

    /** The requests before counting (bench.callgrindWarmup): the first compiles what is not preloaded. */
    public static function warmup(): IntegerSetting
    {
        return new IntegerSetting(
            'callgrindWarmup',
            'Requests before counting with the callgrind tool',
            2,
            1,
            self::MAX_REQUESTS,
            'a whole number of requests (the first compiles what is not preloaded)',
            'under valgrind a request takes seconds',
            'must be at least 1: the first request compiles what is not preloaded yet',
        );
    }

    public function name(): string
    {
        return 'callgrind';
    }

    public function warmsUpInEachRun(): bool
    {
        return true;
    }

    public function run(LoadTarget $target, LoadSettings $settings, float $duration): LoadResult
    {
        $results = array_map(
            fn (string $page): LoadResult => $this->runPage($target, $page, $settings),
            $target->paths,
        );
        if ([] === $results) {
            throw new \LogicException('No page to load.');
        }

        return LoadResult::combine($results);
    }

    private function runPage(LoadTarget $target, string $page, LoadSettings $settings): LoadResult
    {
        $valgrind = WorkerUser::binary($this->valgrindBinary, 'valgrind');
        $cgi = WorkerUser::binary($this->cgiBinary, 'php8.2-cgi');
        $measured = $settings->tool->of(self::requests());
        $total = $settings->tool->of(self::warmup()) + $measured;
        // Into the scenario's own directory, one file per process (%p): the preload's child writes one too.
        $profiles = \sprintf('%s/%03d', $this->profileDirectory($target), ++$this->runs);
        $command = [
            ...WorkerUser::prefix($this->user),
            $valgrind, '--tool=callgrind', '--combine-dumps=yes', '--dump-instr=no',
            '--callgrind-out-file='.$profiles.'.%p',
            ...RequestBoundary::dumpOptions(),
            // A file changed in the last 2 s is compiled anew on every request instead of cached
            // (OPcache's file_update_protection): a fresh checkout would count compilation.
            $cgi, '-c', $target->phpIni, '-d', 'opcache.file_update_protection=0',
            ...CgiRequest::untimedPreload(),
            '-q', '-T', (string) $total, $target->frontController,
        ];
        // Valgrind runs PHP some 50 times slower: a demo page takes a few seconds a request.
        $result = $this->runner->run(
            $command,
            $target->documentRoot,
            300.0 + 60.0 * $total,
            CgiRequest::environment($target, $page),
        );
        try {
            if (0 !== $result->exitCode) {
                throw ProcessFailed::unexpectedExit($result, 'php-cgi under valgrind for '.$page);
            }
            // The process valgrind started (not the preload's child) announces the command.
            if (!preg_match('/^==(\d+)== Command: /m', $result->stderr, $pid)) {
                $error = ProcessFailed::unreadableOutput(
                    'valgrind for '.$page,
                    $result->command,
                    $result->exitCode,
                    $result->stderr,
                    '',
                );
                throw $error;
            }
            $profile = CallgrindProfile::read($profiles.'.'.$pid[1]);
        } finally {
            // Megabytes each: what the bench needs is read.
            array_map(unlink(...), glob($profiles.'.*') ?: []);
        }
        $requests = $profile->requests();
        if (\count($requests) < $total) {
            throw CallgrindError::tooFewRequests($profile->file, \count($requests), $total);
        }
        $instructions = \array_slice($requests, -$measured);
        $non2xx = CgiRequest::status($result->stdout) >= 300 ? $measured : 0;

        return new LoadResult(
            tool: 'callgrind',
            requests: $measured,
            seconds: $result->seconds,
            latency: new Latency(),
            failures: new RequestFailures(non2xx: $non2xx),
            toolCpuSeconds: null,
            concurrency: 1,
            instructions: InstructionCounts::ofRequests($instructions),
        );
    }

    /**
     * The scenario's directory (where its php.ini is), given to whoever owns it: as root, that is the
     * workers' user, whom OPcache preloads as, in a child that writes a profile there too.
     */
    private function profileDirectory(LoadTarget $target): string
    {
        $scenario = \dirname($target->phpIni);
        $directory = $scenario.'/callgrind';
        if (!is_dir($directory)) {
            if (!@mkdir($directory, 0755) && !is_dir($directory)) {
                throw FileSystemError::cannotCreateDirectory($directory);
            }
            @chown($directory, (int) fileowner($scenario));
            @chgrp($directory, (int) filegroup($scenario));
        }

        return $directory;
    }
}
