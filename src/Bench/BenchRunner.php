<?php

declare(strict_types=1);

namespace Preheat\Bench;

use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Gate\CorrectnessGate;
use Preheat\Bench\Load\LoadGenerator;
use Preheat\Bench\Load\LoadSettings;
use Preheat\Bench\Load\LoadTarget;
use Preheat\Bench\Result\BenchResult;
use Preheat\Bench\Result\ScenarioRecord;
use Preheat\Progress\NullProgressLogger;
use Preheat\Progress\ProgressLogger;
use Preheat\Server\Runtime;
use Preheat\Server\RuntimeError;
use Preheat\Server\RuntimeFactory;
use Preheat\Util\Cpu;
use Preheat\Util\FileSystemError;

/**
 * Runs a benchmark: prepares every scenario's script, starts one php-fpm + nginx per scenario,
 * gates them for correctness, warms them up, then measures round by round with scenarios
 * interleaved and the order rotated (A B C, B C A, C A B, ...) so that machine noise falls on all of
 * them alike. Whatever
 * happens, every server it started is stopped before it returns or throws.
 */
final class BenchRunner
{
    public function __construct(
        private readonly ScenarioPreparer $preparer,
        private readonly RuntimeFactory $runtimes,
        private readonly CorrectnessGate $gate,
        private readonly LoadGenerator $load,
        private readonly ProgressLogger $progress = new NullProgressLogger(),
    ) {
    }

    public function run(BenchConfig $config, string $workDirectory): BenchResult
    {
        $records = [];
        $stacks = [];
        try {
            foreach ($config->scenarios as $index => $spec) {
                $directory = \sprintf('%s/%02d-%s', $workDirectory, $index + 1, $spec->name);
                if (!is_dir($directory) && !mkdir($directory, 0777, true)) {
                    throw FileSystemError::cannotCreateDirectory($directory);
                }
                $this->progress->stage('Preparing '.$spec->name);
                $record = $this->preparer->prepare($spec, $config, $directory);
                $records[] = $record;
                if (!$record->isMeasured()) {
                    $this->progress->finish(\sprintf('Scenario %s not measured: %s', $spec->name, $record->problems[0]));
                    continue;
                }
                try {
                    $stacks[$spec->name] = $stack = $this->runtimes->start($spec->name, $directory, $record->preloadScript, $record->ini);
                    $record->fpmStartSeconds = $stack->startSeconds();
                    $this->progress->finish(\sprintf('Scenario %s: %s; php-fpm up in %.2f s on %s', $spec->name, $record->preparation, $stack->startSeconds(), substr($stack->baseUrl(), \strlen('http://'))));
                } catch (RuntimeError $error) {
                    if ($spec === $config->baseline()) {
                        throw $error;
                    }
                    $record->problems[] = $error->getMessage();
                    $this->progress->finish(\sprintf('Scenario %s not measured: it did not start', $spec->name));
                }
            }

            $this->gateAll($config, $records, $stacks);
            $settings = new LoadSettings($config->duration, $config->concurrency, $config->requestTimeout, 1, $config->cgiRequests);
            $measured = array_values(array_filter($records, static fn (ScenarioRecord $r): bool => $r->isMeasured()));

            if ($config->warmup > 0) {
                foreach ($measured as $record) {
                    $this->progress->stage('Warming up '.$record->name);
                    $this->load->run($this->target($config, $stacks[$record->name]), $settings, $config->warmup);
                    $stacks[$record->name]->ensureRunning('warm-up');
                }
                $this->progress->finish(\sprintf('Warmed up %d scenario(s), %g s each (discarded)', \count($measured), $config->warmup));
            }

            $total = $config->rounds * \count($measured);
            $done = 0;
            for ($round = 1; $round <= $config->rounds; ++$round) {
                foreach (self::rotated($measured, $round - 1) as $record) {
                    $this->progress->stage(\sprintf('Round %d/%d: %s', $round, $config->rounds, $record->name));
                    $this->progress->advance($done, $total);
                    $stack = $stacks[$record->name];
                    $stack->ensureRunning(\sprintf('round %d', $round));
                    $result = $this->load->run($this->target($config, $stack), $settings, $config->duration);
                    $stack->ensureRunning(\sprintf('round %d', $round));
                    $record->runs[$round] = $result;
                    $this->progress->advance(++$done, $total);
                }
            }
            $this->progress->finish(\sprintf('Measured %d round(s) of %d scenario(s)', $config->rounds, \count($measured)));

            foreach ($measured as $record) {
                $this->collect($record, $stacks[$record->name]);
            }
        } finally {
            foreach ($stacks as $stack) {
                $stack->stop();
            }
        }

        return new BenchResult(
            $records,
            $config->baseline()->name,
            $this->environment($config, $settings, $records),
            array_map(static fn ($u): string => $u->path, $config->urls),
            $config->rounds,
        );
    }

    /**
     * @param list<ScenarioRecord>   $records
     * @param array<string, Runtime> $stacks
     */
    private function gateAll(BenchConfig $config, array $records, array $stacks): void
    {
        $this->progress->stage('Checking every page before timing');
        $baselineName = $config->baseline()->name;
        $measured = array_filter($records, static fn (ScenarioRecord $r): bool => $r->isMeasured());
        $notes = [];
        if (!isset($stacks[$baselineName])) {
            // A baseline script that failed verification: nothing to compare with, each scenario is only checked to serve its pages.
            foreach ($measured as $record) {
                array_push($record->problems, ...$this->gate->baseline($record->name, $config->urls, $stacks[$record->name]->url(...))->result->problems);
            }
        } else {
            // The baseline first, fetched several times: what changes between its identical requests is masked in all.
            $baseline = $this->gate->baseline($baselineName, $config->urls, $stacks[$baselineName]->url(...));
            if (!$baseline->result->passed()) {
                throw new GateFailure($baselineName, $baseline->result->problems, $stacks[$baselineName]->logTail());
            }
            $notes = $baseline->result->notes;
            foreach ($measured as $record) {
                if ($record->name !== $baselineName) {
                    array_push($record->problems, ...$this->gate->check($record->name, $config->urls, $stacks[$record->name]->url(...), $baseline)->problems);
                }
            }
        }
        $broken = array_filter($records, static fn (ScenarioRecord $r): bool => !$r->isMeasured());
        $this->progress->finish(\sprintf(
            'Pages checked: %d scenario(s) serve them correctly%s%s',
            \count($records) - \count($broken),
            [] === $broken ? '' : ', '.\count($broken).' broken (reported, not measured)',
            [] === $notes ? '' : '; '.implode('; ', $notes),
        ));
    }

    /**
     * The scenarios in the order of one round: each round starts one scenario further (A B C, B C A,
     * C A B, ...), so that no scenario always runs first or last, where a shared machine may be
     * systematically faster or slower.
     *
     * @template T
     *
     * @param list<T> $scenarios
     *
     * @return list<T>
     */
    public static function rotated(array $scenarios, int $by): array
    {
        if ([] === $scenarios) {
            return [];
        }
        $by %= \count($scenarios);

        return [...\array_slice($scenarios, $by), ...\array_slice($scenarios, 0, $by)];
    }

    private function target(BenchConfig $config, Runtime $stack): LoadTarget
    {
        return new LoadTarget(
            $stack->baseUrl(),
            array_map(static fn ($u): string => $u->path, $config->urls),
            $stack->phpIni(),
            $config->documentRoot,
            $config->frontController,
        );
    }

    private function collect(ScenarioRecord $record, Runtime $runtime): void
    {
        $record->opcacheStatus = $runtime->opcacheStatus();
        $record->workerPss = $runtime->workerMemory();
    }

    /**
     * @param list<ScenarioRecord> $records
     *
     * @return array<string, mixed>
     */
    private function environment(BenchConfig $config, LoadSettings $settings, array $records): array
    {
        $status = null;
        foreach ($records as $record) {
            $status ??= $record->opcacheStatus;
        }

        $unknown = static fn (string $name): string => null === $status ? '?' : $status->ini($name);

        return [
            'project' => basename($config->projectRoot),
            'php' => $status->php ?? \PHP_VERSION,
            'phpIni' => $this->runtimes->php()->settings->describe(),
            // As the workers themselves report it, not as configured.
            'user' => $status->user ?? $this->runtimes->php()->user,
            'opcache' => [
                'memory_consumption' => $unknown('memory_consumption').'M',
                'interned_strings_buffer' => $unknown('interned_strings_buffer').'M',
                'max_accelerated_files' => $unknown('max_accelerated_files'),
                'validate_timestamps' => '0',
                'jit' => $status?->ini('jit') ?: 'off',
            ],
            'cores' => Cpu::cores(),
            'workers' => $config->workers.' (pm = static)',
            'tool' => $config->tool,
            'toolSettings' => $settings->describe($config->tool),
            'rounds' => $config->rounds,
            'duration' => $config->duration,
            'warmup' => $config->warmup,
            'urls' => array_map(static fn ($u): string => $u->path, $config->urls),
            'note' => 'The load tool runs on the same cores as php-fpm; it is the same for every scenario.',
        ];
    }
}
