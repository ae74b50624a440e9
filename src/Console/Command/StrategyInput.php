<?php

declare(strict_types=1);

namespace Preheat\Console\Command;

use Preheat\Bench\Config\BenchConfigLoader;
use Preheat\Config\UsageSection;
use Preheat\Console\Option\FpmConfigOption;
use Preheat\Console\Option\InvalidOption;
use Preheat\Php\FastCgi\FastCgiAddress;
use Preheat\Php\PhpInstallation;
use Preheat\Plan\PlanRequest;
use Preheat\Plan\Strategy\ComparedChoice;
use Preheat\Plan\Strategy\HotCriteria;
use Preheat\Plan\Strategy\SeedStrategy;
use Preheat\Plan\Strategy\Strategies;
use Preheat\Plan\Strategy\StrategyKind;
use Preheat\Plan\Strategy\StrategySource;
use Preheat\Plan\Strategy\UsageSnapshot;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\Line;
use Preheat\Progress\ProgressLogger;
use Preheat\Server\ProcessSupervisor;
use Preheat\Usage\Evidence;
use Preheat\Usage\EvidenceSearch;
use Preheat\Usage\Fpm\FpmHits;
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
    /** The evidence the default found, which hot then plans. */
    private ?Evidence $evidenceSource = null;
    /** Whether the usage is php-fpm's hit counts (loads of scripts), not sampled requests. */
    private bool $hitCounts = false;

    public function __construct(
        private readonly ProgressLogger $progress,
        private readonly ProcessRunner $runner,
        private readonly ProcessSupervisor $supervisor,
        /** preheat.json's "bench.usage" and "bench.hot", read and checked by PreheatJson as the bench reads them. */
        private readonly UsageSection $configured,
        /** Reads how to serve the app for trace, with the runtimes the application has. */
        private readonly BenchConfigLoader $benchConfig,
        private readonly ?PhpInstallation $php = null,
    ) {
    }

    /**
     * The strategy `--strategy` names, or an error listing those there are; null when none is named: then
     * the evidence found chooses (see strategy()).
     */
    public static function kind(InputInterface $input, Strategies $strategies): ?StrategyKind
    {
        if (null === $input->getOption('strategy')) {
            return null;
        }
        $name = (string) $input->getOption('strategy');

        $kind = $strategies->get($name);
        if (null === $kind) {
            $known = implode(', ', $strategies->names());
            throw new InvalidOption(\sprintf('--strategy=%s is not known: use one of %s.', $name, $known));
        }

        return $kind;
    }

    /**
     * The seed strategy of the named kind; with none named, the best evidence found chooses: a usage store
     * (--store, else preheat.json's "bench.usage"), else the hit counts of the running php-fpm (--from-fpm,
     * else the `listen =` of php-fpm's pool files), else every safe file. Which it used, and what the
     * alternative costs, is said on stderr.
     */
    public function strategy(
        InputInterface $input,
        ?StrategyKind $kind,
        PlanRequest $request,
        Strategies $strategies,
    ): ?SeedStrategy {
        $this->input = $input;
        $this->request = $request;
        $chosen = $kind ?? $strategies->get('hot');
        if (null === $chosen) {
            throw new \LogicException('The default needs the hot strategy registered.');
        }
        $this->checkOptions(
            $chosen,
            null === $kind ? 'the default strategy' : '--strategy='.$chosen->name(),
            $strategies,
        );
        // The values are checked before a store is read or a server started: a typo fails at once.
        $this->budgetBytes();
        $this->fraction('coverage');
        $this->fraction('min-share');
        if (null !== $input->getOption('from-fpm')) {
            FastCgiAddress::parse((string) $input->getOption('from-fpm'), '--from-fpm');
        }
        if (null === $kind) {
            return $this->byEvidence($chosen);
        }

        return $kind->seed($this);
    }

    /** An option another strategy takes is a mistake with this one: say which strategy it goes with. */
    private function checkOptions(StrategyKind $kind, string $name, Strategies $strategies): void
    {
        $input = $this->input;
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
                        '--%s goes with --strategy=%s%s%s, not with %s.',
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
    }

    /** The default: hot from the best evidence there is, else every safe file (null). */
    private function byEvidence(StrategyKind $hot): ?SeedStrategy
    {
        $store = $this->input->getOption('store');
        $fpm = $this->input->getOption('from-fpm');
        if (null !== $store && null !== $fpm) {
            throw new InvalidOption('give one of --store (a store the recorder wrote) and --from-fpm (the hit counts '
                .'of a running php-fpm), not both.');
        }
        $search = $this->evidenceSearch();
        // php-fpm's pools are looked for only when neither is given.
        $found = null === $store && null === $fpm
            ? $search->listenAddresses($this->request->phpBinary ?? \PHP_BINARY, FpmConfigOption::value($this->input))
            : [];
        $evidence = $search->find(
            null === $store ? null : (string) $store,
            null === $fpm ? null : FastCgiAddress::parse((string) $fpm, '--from-fpm'),
            $this->configured->store,
            $this->request,
            $found,
        );
        if (null === $evidence) {
            $this->progress->finish(\sprintf(
                'Strategy: every safe file (paths): no usage store given%s. With --store=STORE (see preheat '
                .'record) or --from-fpm=ADDRESS after php-fpm served the app, hot preloads what traffic loads, at a '
                .'fraction of the memory',
                [] === $found ? ' and no php-fpm pool found' : ' and no hit counts of this app from php-fpm',
            ));

            return null;
        }
        $this->usage = $evidence->usage;
        $this->hitCounts = $evidence->hitCounts;
        $this->evidenceSource = $evidence;

        $seed = $hot->seed($this);
        if (null === $seed) {
            throw new \LogicException('The hot strategy made no seed strategy.');
        }
        $progress = $this->progress;

        return new ComparedChoice($seed, $evidence->source, static fn (string $line) => $progress->finish($line));
    }

    private function evidenceSearch(): EvidenceSearch
    {
        return new EvidenceSearch($this->progress, $this->runner, $this->php);
    }

    public function recordedUsage(): UsageSnapshot
    {
        if (null !== $this->evidenceSource) {
            return $this->evidenceSource->usage;
        }
        $dsn = $this->input->getOption('store');
        $fpm = $this->input->getOption('from-fpm');
        if (null !== $dsn && null !== $fpm) {
            throw new InvalidOption('give one of --store (a store the recorder wrote) and --from-fpm (the hit counts '
                .'of a running php-fpm), not both.');
        }
        if (null !== $fpm) {
            $address = FastCgiAddress::parse((string) $fpm, '--from-fpm');
            $evidence = $this->evidenceSearch()->fromFpm($address, $this->request);
            $this->hitCounts = true;

            return $this->usage = $evidence->usage;
        }
        if (null === $dsn) {
            $error = new InvalidOption('--strategy=hot needs --store=STORE (the file or redis:// store the recorder'
                .' writes, see preheat record --install) or --from-fpm=ADDRESS (the hit counts of a running php-fpm).');
            throw $error;
        }

        return $this->usage = UsageStores::readTraffic((string) $dsn, (string) getcwd());
    }

    public function hotCriteria(): HotCriteria
    {
        $coverage = $this->fraction('coverage');
        $minShare = $this->fraction('min-share');
        $budget = $this->budgetBytes();
        // The default takes the hot settings the project's preheat.json gives the bench's hot scenario:
        // how much of the traffic the project wants preloaded.
        $noBudget = null === $this->input->getOption('budget');
        $criteria = null === $coverage && null === $minShare && $noBudget && null !== $this->evidenceSource
            ? $this->configured->hot
            : HotCriteria::orDefaults($coverage, $minShare, $budget);
        $usage = $this->usage;
        if (null !== $usage && $this->hitCounts) {
            $this->progress->finish(\sprintf(
                'Usage: php-fpm\'s hit counts, %d files, %d loads of the busiest (%s; %s)',
                \count($usage->fileCounts),
                $usage->requests,
                $criteria->describe(),
                FpmHits::LIMITS,
            ));
        } elseif (null !== $usage) {
            $skipped = $usage->reading->skippedRecords;
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
        $serve = $this->benchConfig->serve(
            $this->request->projectRoot,
            null === $configFile ? null : (string) $configFile,
        );
        (new BenchLimits())->serve($serve);
        $runtimes = $serve->runtimes($this->php ?? $serve->installation($this->runner), $this->supervisor);

        return (new TraceRecorder($runtimes, $this->runner, $this->progress))
            ->record($serve->projectRoot, $urls, $requests, $serve->requestTimeout);
    }

    public function traceCriteria(): HotCriteria
    {
        // Exactly what the traced requests loaded: every file, however rarely; within a budget if one is given.
        $budget = $this->input->getOption('budget');

        return null !== $budget && null === $this->budgetBytes()
            ? (new HotCriteria())->withAutoBudget()
            : (new HotCriteria())->withBudget($this->budgetBytes());
    }

    private function budgetBytes(): ?int
    {
        $budget = $this->input->getOption('budget');

        return null === $budget ? null : HotCriteria::parseBudget((string) $budget);
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
