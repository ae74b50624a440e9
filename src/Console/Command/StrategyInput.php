<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Bench\Config\BenchConfigLoader;
use Preheat\Bench\Config\BenchServer;
use Preheat\Console\BenchLimits;
use Preheat\Console\InvalidOption;
use Preheat\Php\PhpInstallation;
use Preheat\Plan\PlanRequest;
use Preheat\Plan\Strategy\HotCriteria;
use Preheat\Plan\Strategy\HotStrategy;
use Preheat\Plan\Strategy\MemorySize;
use Preheat\Plan\Strategy\SeedStrategy;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\ProgressLogger;
use Preheat\Server\ProcessSupervisor;
use Preheat\Usage\Trace\TraceRecorder;
use Preheat\Usage\UsageStores;
use Symfony\Component\Console\Input\InputInterface;

/**
 * Turns `--strategy` and its options into a SeedStrategy (null for paths), checking each option.
 *
 * @internal
 */
final class StrategyInput
{
    public function __construct(
        private readonly ProgressLogger $progress,
        private readonly ProcessRunner $runner,
        private readonly ProcessSupervisor $supervisor,
        private readonly ?PhpInstallation $php = null,
    ) {
    }

    public function strategy(InputInterface $input, string $strategy, PlanRequest $request): ?SeedStrategy
    {
        $budget = $input->getOption('budget');
        $budgetBytes = null === $budget ? null : MemorySize::parse((string) $budget);
        $configFile = $input->getOption('config');
        if (null !== $configFile && 'trace' !== $strategy) {
            throw new InvalidOption(\sprintf('--config goes with --strategy=trace (its "bench" section says how to serve the app), not with --strategy=%s.', $strategy));
        }
        if ('paths' === $strategy) {
            foreach (['usage', 'coverage', 'min-share', 'budget'] as $option) {
                if (null !== $input->getOption($option)) {
                    throw new InvalidOption(\sprintf('--%s goes with --strategy=hot (or trace), not with --strategy=paths.', $option));
                }
            }

            return null;
        }
        if ('trace' === $strategy) {
            $urls = array_values(array_map('strval', (array) $input->getOption('url')));
            if (!isset($urls[0])) {
                throw new InvalidOption('--strategy=trace needs at least one --url=PATH to request, e.g. --url=/');
            }
            $requests = filter_var($input->getOption('trace-requests'), \FILTER_VALIDATE_INT, ['options' => ['min_range' => 1, 'max_range' => 1000]]);
            if (false === $requests) {
                throw new InvalidOption('--trace-requests must be a whole number from 1 to 1000.');
            }
            $config = (new BenchConfigLoader())->load($request->projectRoot, null === $configFile ? null : (string) $configFile, ['urls' => $urls, 'scenarios' => ['none']]);
            (new BenchLimits())->check($config);
            $runtimes = BenchServer::runtimes($config, $this->php ?? BenchServer::installation($config, $this->runner), $this->supervisor);
            $usage = (new TraceRecorder($runtimes, $this->runner, $this->progress))->record($config->projectRoot, $urls, $requests, $config->requestTimeout);

            // Exactly what the traced requests loaded: every file, however rarely.
            return new HotStrategy($usage, (new HotCriteria())->withBudget($budgetBytes), 'trace');
        }

        $dsn = $input->getOption('usage');
        if (null === $dsn) {
            throw new InvalidOption('--strategy=hot needs --usage=STORE: the file or redis:// store the recorder writes (see preheat record --install).');
        }
        $usage = UsageStores::readTraffic((string) $dsn, (string) getcwd());
        $criteria = HotCriteria::orDefaults($this->fraction($input, 'coverage'), $this->fraction($input, 'min-share'), $budgetBytes);
        $this->progress->finish(\sprintf('Usage: %d sampled requests, %d files (%s)%s', $usage->requests, \count($usage->fileCounts), $criteria->describe(), $usage->skippedRecords > 0 ? \sprintf('; %d damaged %s skipped', $usage->skippedRecords, 1 === $usage->skippedRecords ? 'record' : 'records') : ''));

        return new HotStrategy($usage, $criteria);
    }

    private function fraction(InputInterface $input, string $option): ?float
    {
        $value = $input->getOption($option);
        if (null === $value) {
            return null;
        }
        if (!is_numeric($value)) {
            throw new InvalidOption(\sprintf('--%s=%s is not a number: give a fraction such as 0.99.', $option, $value));
        }

        return (float) $value;
    }
}
