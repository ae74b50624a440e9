<?php

declare(strict_types=1);

namespace Preheat\Bench\Load;

use Preheat\Process\InterruptGuard;
use Preheat\Process\ProcessFailed;
use Preheat\Process\ProcessResult;
use Preheat\Process\ProcessRunner;
use Preheat\Server\RuntimeError;
use Preheat\Util\FileSystemError;
use Symfony\Component\Process\ExecutableFinder;

/** wrk: closed loop, fixed concurrency and duration, keep-alive; a Lua hook prints the summary as JSON. */
final class WrkLoadGenerator implements BackgroundLoadGenerator
{
    private const MARKER = '@@PREHEAT-WRK@@';

    /** @var list<string> */
    private array $scripts = [];

    /**
     * The scripts this process created, with its PID: the destructor deletes no other path, whatever
     * $scripts holds (an object not made by this process, as unserialize() could make one, deletes nothing).
     *
     * @var array<string, int>
     */
    private static array $created = [];

    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly string $binary = 'wrk',
    ) {
    }

    public function name(): string
    {
        return 'wrk';
    }

    public function warmsUpInEachRun(): bool
    {
        return false;
    }

    public function run(LoadTarget $target, LoadSettings $settings, float $duration): LoadResult
    {
        return LoadRuns::wait([$this->start($target, $settings, $duration)])[0];
    }

    public function start(LoadTarget $target, LoadSettings $settings, float $duration): LoadRun
    {
        $binary = (new ExecutableFinder())->find($this->binary);
        if (null === $binary) {
            throw RuntimeError::missingBinary($this->binary, 'wrk');
        }
        $command = [
            $binary,
            '-t', (string) min($settings->threads, $settings->concurrency),
            '-c', (string) $settings->concurrency,
            '-d', \sprintf('%ds', max(1, (int) round($duration))),
            '--timeout', \sprintf('%ds', max(1, (int) ceil($settings->timeout))),
            '-s', $this->script($target->paths),
            $target->baseUrl.$target->paths[0],
        ];

        return new ToolRun(
            ToolProcess::start($this->runner, $command, $settings->toolTimeLimit($duration)),
            static fn (
                ProcessResult $result,
                float $cpu,
            ): LoadResult => self::read($result, $cpu, $settings->concurrency),
        );
    }

    private static function read(ProcessResult $result, float $cpu, int $concurrency): LoadResult
    {
        $output = $result->stdout;
        $start = strpos($output, self::MARKER);
        if (0 !== $result->exitCode || false === $start) {
            throw ProcessFailed::unreadableOutput('wrk', $result->command, $result->exitCode, $result->stderr, $output);
        }
        $data = json_decode(trim(substr($output, $start + \strlen(self::MARKER))), true);
        if (!\is_array($data)) {
            throw ProcessFailed::unreadableOutput('wrk', $result->command, $result->exitCode, $result->stderr, $output);
        }
        $errors = $data['errors'];

        return new LoadResult(
            tool: 'wrk',
            requests: (int) $data['requests'],
            seconds: $data['duration_us'] / 1e6,
            latency: new Latency(
                meanMs: $data['latency_us']['mean'] / 1000,
                p50Ms: $data['latency_us']['p50'] / 1000,
                p90Ms: $data['latency_us']['p90'] / 1000,
                p99Ms: $data['latency_us']['p99'] / 1000,
            ),
            failures: new RequestFailures(
                non2xx: (int) $errors['status'],
                socketErrors: (int) $errors['connect'] + (int) $errors['read'] + (int) $errors['write'],
                timeouts: (int) $errors['timeout'],
            ),
            toolCpuSeconds: $cpu,
            concurrency: $concurrency,
        );
    }

    /**
     * The Lua hooks: cycle through the pages request by request, and print the summary as JSON.
     *
     * @param list<string> $paths
     */
    private function script(array $paths): string
    {
        $file = InterruptGuard::instance()->temporaryFile(sys_get_temp_dir(), 'preheat-wrk-');
        if (false === $file) {
            throw FileSystemError::cannotCreateTemporaryFile(sys_get_temp_dir());
        }
        $quoted = implode(
            ', ',
            array_map(static fn (string $p): string => '"'.addcslashes($p, "\\\"\n\r").'"', $paths),
        );
        file_put_contents($file, <<<LUA
            local paths = { {$quoted} }
            local next_path = 0
            request = function()
              next_path = next_path % #paths + 1
              return wrk.format(nil, paths[next_path])
            end

            LUA.<<<'LUA'
            done = function(summary, latency, requests)
              io.write("@@PREHEAT-WRK@@")
              io.write(string.format(
                '{"requests":%d,"duration_us":%d,' ..
                '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d},' ..
                '"latency_us":{"mean":%.3f,"p50":%d,"p90":%d,"p99":%d,"max":%d}}\n',
                summary.requests, summary.duration,
                summary.errors.connect, summary.errors.read, summary.errors.write,
                summary.errors.status, summary.errors.timeout,
                latency.mean, latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
            end

            LUA);
        $this->scripts[] = $file;
        self::$created[$file] = posix_getpid();

        return $file;
    }

    public function __destruct()
    {
        foreach ($this->scripts as $script) {
            if ((self::$created[$script] ?? null) !== posix_getpid()) {
                continue;
            }
            unset(self::$created[$script]);
            @unlink($script);
            InterruptGuard::instance()->forgetPath($script);
        }
    }
}
