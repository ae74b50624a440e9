<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

use Preheat\Config\IntegerSetting;
use Preheat\Process\ProcessFailed;
use Preheat\Process\ProcessRunner;

/**
 * `php-cgi -T warmup,requests`: times the app in-process, one request after another, with no web
 * server or network in the way, using the scenario's own php.ini (so its preload script).
 */
final class CgiLoadGenerator implements InProcessLoad
{
    /** @param string|null $user as root, the user PHP's workers run as: php-cgi runs as that user too (WorkerUser) */
    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly string $binary = 'php-cgi8.2',
        private readonly ?string $user = null,
    ) {
    }

    /** Requests per page, scenario and round, the first tenth of them untimed (bench.cgiRequests, --cgi-requests). */
    public static function requests(): IntegerSetting
    {
        return new IntegerSetting(
            'cgiRequests',
            'Requests per round with the cgi tool',
            500,
            1,
            1_000_000,
            'a whole number of requests',
            'requests php-cgi runs per scenario and round',
        );
    }

    public function name(): string
    {
        return 'cgi';
    }

    public function warmsUpInEachRun(): bool
    {
        return false;
    }

    public function run(LoadTarget $target, LoadSettings $settings, float $duration): LoadResult
    {
        return LoadResult::pageByPage(
            $target->paths,
            $duration,
            fn (string $page, float $share): LoadResult => $this->runPage($target, $page, $settings, $share),
        );
    }

    private function runPage(LoadTarget $target, string $page, LoadSettings $settings, float $duration): LoadResult
    {
        $binary = WorkerUser::binary($this->binary, 'php8.2-cgi');
        $requests = $settings->tool->of(self::requests());
        $warmup = max(1, intdiv($requests, 10));
        $path = explode('?', $page, 2)[0];
        $command = [
            ...WorkerUser::prefix($this->user),
            $binary,
            '-c',
            $target->phpIni,
            ...CgiRequest::untimedPreload(),
            '-q',
            '-T',
            $warmup.','.$requests,
            $target->frontController,
        ];
        $result = $this->runner->run(
            $command,
            $target->documentRoot,
            max(120.0, $duration * 20),
            CgiRequest::environment($target, $page),
        );
        // php-cgi prints the timing on stderr (some builds on stdout).
        if (!preg_match('/Elapsed time: ([\d.]+) sec/', $result->stderr.$result->stdout, $match)) {
            $error = ProcessFailed::unreadableOutput(
                'php-cgi for '.$path,
                $result->command,
                $result->exitCode,
                $result->stderr,
                '',
            );
            throw $error;
        }
        $status = CgiRequest::status($result->stdout);

        return new LoadResult(
            tool: 'cgi',
            requests: $requests,
            seconds: (float) $match[1],
            latency: new Latency(),
            failures: new RequestFailures(non2xx: $status >= 300 ? $requests : 0),
            toolCpuSeconds: null,
            concurrency: 1,
        );
    }
}
