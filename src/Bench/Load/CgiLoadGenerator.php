<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

use Preheat\Process\ProcessFailed;
use Preheat\Process\ProcessRunner;
use Preheat\Server\RuntimeError;
use Symfony\Component\Process\ExecutableFinder;

/**
 * `php-cgi -T warmup,requests`: times the app in-process, one request after another, with no web
 * server or network in the way, using the scenario's own php.ini (so its preload script).
 */
final class CgiLoadGenerator implements InProcessLoad
{
    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly string $binary = 'php-cgi8.2',
    ) {
    }

    public function name(): string
    {
        return 'cgi';
    }

    public function run(LoadTarget $target, LoadSettings $settings, float $duration): LoadResult
    {
        return LoadResult::pageByPage($target->paths, $duration, fn (string $page, float $share): LoadResult => $this->runPage($target, $page, $settings, $share));
    }

    private function runPage(LoadTarget $target, string $page, LoadSettings $settings, float $duration): LoadResult
    {
        $binary = (new ExecutableFinder())->find($this->binary, null, ['/usr/bin', '/usr/local/bin'])
            ?? throw RuntimeError::missingBinary($this->binary, 'php8.2-cgi');
        $requests = $settings->cgiRequests;
        $warmup = max(1, intdiv($requests, 10));
        [$path, $query] = array_pad(explode('?', $page, 2), 2, '');
        $environment = [
            'REDIRECT_STATUS' => '200',
            'REQUEST_METHOD' => 'GET',
            'SCRIPT_FILENAME' => $target->frontController,
            'SCRIPT_NAME' => '/'.basename($target->frontController),
            'REQUEST_URI' => $page,
            'PATH_INFO' => '',
            'QUERY_STRING' => $query,
            'DOCUMENT_ROOT' => $target->documentRoot,
            'SERVER_NAME' => '127.0.0.1',
            'SERVER_PORT' => '80',
            'SERVER_PROTOCOL' => 'HTTP/1.1',
            'HTTP_HOST' => '127.0.0.1',
            'REMOTE_ADDR' => '127.0.0.1',
        ];
        $command = [$binary, '-c', $target->phpIni, '-q', '-T', $warmup.','.$requests, $target->frontController];
        $result = $this->runner->run($command, $target->documentRoot, max(120.0, $duration * 20), $environment);
        // php-cgi prints the timing on stderr (some builds on stdout).
        if (!preg_match('/Elapsed time: ([\d.]+) sec/', $result->stderr.$result->stdout, $match)) {
            throw ProcessFailed::unreadableOutput('php-cgi for '.$path, $result->command, $result->exitCode, $result->stderr, '');
        }
        // php-cgi reports no status per request; the correctness gate has checked the page through the server.
        $status = preg_match('/^Status: (\d{3})/m', $result->stdout, $s) ? (int) $s[1] : 200;

        return new LoadResult('cgi', $requests, (float) $match[1], null, null, null, null, $status >= 300 ? $requests : 0, 0, 0, null, 1);
    }
}
