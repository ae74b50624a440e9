<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Bench\Config\BenchConfigLoader;
use Preheat\Console\Option\InvalidOption;
use Preheat\Php\PhpInstallation;
use Preheat\Plan\PlanRequest;
use Preheat\Plan\Strategy\HotCriteria;
use Preheat\Plan\Strategy\MemorySize;
use Preheat\Plan\Strategy\SeedStrategy;
use Preheat\Plan\Strategy\Strategies;
use Preheat\Plan\Strategy\StrategyKind;
use Preheat\Plan\Strategy\StrategySource;
use Preheat\Plan\Strategy\UsageSnapshot;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\ProgressLogger;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\Serve\RuntimeRegistry;
use Preheat\Usage\Trace\TraceRecorder;
use Preheat\Usage\UsageStores;
use Symfony\Component\Console\Input\InputInterface;

/**
 * Turns `--strategy` and its options into a SeedStrategy (null for every safe file): the strategy comes
 * from the registry, and asks this for what it needs, each option checked when asked for.
 *
 * @internal
 */
final class StrategyInput implements StrategySource
{
    private InputInterface $input;
    private PlanRequest $request;
    /** The traffic read for hot, which its criteria's progress line describes. */
    private ?UsageSnapshot $usage = null;

    public function __construct(
        private readonly ProgressLogger $progress,
        private readonly ProcessRunner $runner,
        private readonly ProcessSupervisor $supervisor,
        private readonly ?PhpInstallation $php = null,
        private readonly ?RuntimeRegistry $runtimes = null,
    ) {
    }

    /** The strategy `--strategy` names, or an error listing those there are. */
    public static function kind(InputInterface $input, Strategies $strategies): StrategyKind
    {
        $name = (string) $input->getOption('strategy');

        $kind = $strategies->get($name);
        if (null === $kind) {
            $known = implode(', ', $strategies->names());
            throw new InvalidOption(\sprintf('--strategy=%s is not known: use one of %s.', $name, $known));
        }

        return $kind;
    }

    public function strategy(
        InputInterface $input,
        StrategyKind $kind,
        PlanRequest $request,
        Strategies $strategies,
    ): ?SeedStrategy {
        $this->input = $input;
        $this->request = $request;
        $name = (string) $input->getOption('strategy');
        // An option another strategy takes is a mistake with this one: say which strategy it goes with.
        foreach ($strategies->all() as $other) {
            foreach ($other->options() as $option => $why) {
                if (!\array_key_exists($option, $kind->options()) && null !== $input->getOption($option)) {
                    $takers = array_values(array_map(
                        static fn (StrategyKind $taker): string => $taker->name(),
                        array_filter(
                            $strategies->all(),
                            static fn (StrategyKind $taker): bool => \array_key_exists($option, $taker->options()),
                        ),
                    ));
                    $error = new InvalidOption(\sprintf(
                        '--%s goes with --strategy=%s%s%s, not with --strategy=%s.',
                        $option,
                        $takers[0],
                        \count($takers) > 1 ? ' (or '.implode(', ', \array_slice($takers, 1)).')' : '',
                        '' === $why ? '' : ' ('.$why.')',
                        $name,
                    ));
                    throw $error;
                }
            }
        }

        // The values are checked before a store is read or a server started: a typo fails at once.
        $this->budgetBytes();
        $this->fraction('coverage');
        $this->fraction('min-share');

        return $kind->seed($this);
    }

    public function recordedUsage(): UsageSnapshot
    {
        $dsn = $this->input->getOption('usage');
        if (null === $dsn) {
            $error = new InvalidOption('--strategy=hot needs --usage=STORE: the file or redis:// store the recorder'
                .' writes (see preheat record --install).');
            throw $error;
        }

        return $this->usage = UsageStores::readTraffic((string) $dsn, (string) getcwd());
    }

    public function hotCriteria(): HotCriteria
    {
        $criteria = HotCriteria::orDefaults(
            $this->fraction('coverage'),
            $this->fraction('min-share'),
            $this->budgetBytes(),
        );
        $usage = $this->usage;
        if (null !== $usage) {
            $skipped = $usage->skippedRecords;
            $this->progress->finish(\sprintf(
                'Usage: %d sampled requests, %d files (%s)%s',
                $usage->requests,
                \count($usage->fileCounts),
                $criteria->describe(),
                $skipped > 0 ? \sprintf(
                    '; %d damaged %s skipped',
                    $skipped,
                    1 === $skipped ? 'record' : 'records',
                ) : '',
            ));
        }

        return $criteria;
    }

    public function tracedUsage(): UsageSnapshot
    {
        $urls = array_values(array_map('strval', (array) $this->input->getOption('url')));
        if (!isset($urls[0])) {
            throw new InvalidOption('--strategy=trace needs at least one --url=PATH to request, e.g. --url=/');
        }
        $requests = filter_var($this->input->getOption('trace-requests'), \FILTER_VALIDATE_INT, [
            'options' => ['min_range' => 1, 'max_range' => 1000],
        ]);
        if (false === $requests) {
            throw new InvalidOption('--trace-requests must be a whole number from 1 to 1000.');
        }
        $configFile = $this->input->getOption('config');
        // Only how to serve the app: the rest of the bench's configuration is not trace's.
        $serve = (new BenchConfigLoader($this->runtimes))
            ->serve($this->request->projectRoot, null === $configFile ? null : (string) $configFile);
        (new BenchLimits())->serve($serve);
        $runtimes = $serve->runtimes($this->php ?? $serve->installation($this->runner), $this->supervisor);

        return (new TraceRecorder($runtimes, $this->runner, $this->progress))
            ->record($serve->projectRoot, $urls, $requests, $serve->requestTimeout);
    }

    public function traceCriteria(): HotCriteria
    {
        // Exactly what the traced requests loaded: every file, however rarely.
        return (new HotCriteria())->withBudget($this->budgetBytes());
    }

    private function budgetBytes(): ?int
    {
        $budget = $this->input->getOption('budget');

        return null === $budget ? null : MemorySize::parse((string) $budget);
    }

    private function fraction(string $option): ?float
    {
        $value = $this->input->getOption($option);
        if (null === $value) {
            return null;
        }
        if (!is_numeric($value)) {
            $error = new InvalidOption(\sprintf(
                '--%s=%s is not a number: give a fraction such as 0.99.',
                $option,
                $value,
            ));
            throw $error;
        }

        return (float) $value;
    }
}
