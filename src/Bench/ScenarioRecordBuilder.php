<?php

declare(strict_types=1);

namespace Preheat\Bench;

use Preheat\Bench\Load\LoadResult;
use Preheat\Bench\Result\RunConditions;
use Preheat\Bench\Result\ScenarioRecord;
use Preheat\Bench\Result\ScenarioSetup;
use Preheat\Bench\Result\ServerReadings;
use Preheat\Bench\Result\StartupWarnings;
use Preheat\Php\OpcacheStatus;
use Preheat\Script\Verify\Severity;
use Preheat\Script\Verify\StartupLogParser;
use Preheat\Script\Verify\StartupMessage;

/** What the runner learns about one scenario as the run goes on, turned into a ScenarioRecord at the end. */
final class ScenarioRecordBuilder
{
    /**
     * A line PHP logged: "[date] PHP Warning:  ..." (error_log), or OPcache's own "... (pid): Warning ..."
     * (stderr, which php-fpm's master logs).
     */
    private const PHP_LINE = '{^(?:\[[^\]]*\]\s+)?PHP [A-Z][A-Za-z ]*:\s'
        .'|^.*?\(\d+\): (?:Fatal Error|Error|Warning|Message|Debug) }';

    /** @var list<string> */
    private array $problems;

    /** @var array<int, LoadResult> */
    private array $runs = [];

    private ?float $startSeconds = null;

    private ?StartupWarnings $warnings = null;

    /** Which start of its server runs the rounds now: 1, then one more per restart. */
    private int $instance = 1;

    /** @var array<int, int> round => start of its server */
    private array $instances = [];

    private ?OpcacheStatus $opcacheStatus = null;

    /** @var list<int> */
    private array $workerPss = [];

    /** @var array<int, RunConditions> */
    private array $conditions = [];

    public function __construct(public readonly PreparedScenario $prepared)
    {
        $this->problems = $prepared->problems;
    }

    public function name(): string
    {
        return $this->prepared->name;
    }

    public function isMeasured(): bool
    {
        return [] === $this->problems && null === $this->prepared->skipped;
    }

    /** @return list<string> */
    public function problems(): array
    {
        return $this->problems;
    }

    /** Not measured after all: it did not start, or the gate found its pages wrong. */
    public function fail(string ...$problems): void
    {
        array_push($this->problems, ...array_values($problems));
    }

    /**
     * Its server is up, the first time: how long PHP took, and what its logs say so far (before any request:
     * what PHP and the server printed while starting, the preload's warnings among them).
     */
    public function started(float $seconds, string $startupLog = ''): void
    {
        $this->startSeconds = $seconds;
        $this->warnings = self::warnings($startupLog);
    }

    /**
     * The warnings in a server's start-up log, each as many times as it was printed, with the classes OPcache
     * refused to preload among them and the first few quoted.
     */
    public static function warnings(string $startupLog): StartupWarnings
    {
        // PHP's own lines only: a runtime's other logs (Apache's notices, the worker runtime's boot lines) are no
        // warning, though the parser takes any line it does not know for one.
        $lines = preg_grep(self::PHP_LINE, preg_split('{\R}', $startupLog) ?: []) ?: [];
        $parser = new StartupLogParser();
        $messages = $parser->parse(implode("\n", $lines));
        $warnings = array_values(array_filter(
            $messages,
            static fn (StartupMessage $message): bool => Severity::Warning === $message->severity,
        ));

        return new StartupWarnings(
            array_sum(array_map(static fn (StartupMessage $message): int => $message->count, $warnings)),
            \count($parser->unlinkedClasses($warnings)),
            array_map(
                static fn (StartupMessage $message): string => (string) strtok($message->message, "\n"),
                \array_slice($warnings, 0, StartupWarnings::EXAMPLES),
            ),
        );
    }

    /** Its server was stopped and started anew: the rounds from now on run on another instance. */
    public function restarted(): void
    {
        ++$this->instance;
    }

    public function ran(int $round, LoadResult $run, ?RunConditions $conditions = null): void
    {
        $this->runs[$round] = $run;
        $this->instances[$round] = $this->instance;
        if (null !== $conditions) {
            $this->conditions[$round] = $conditions;
        }
    }

    /** @return list<RunConditions> */
    public function conditions(): array
    {
        return array_values($this->conditions);
    }

    /** @param list<int> $workerPss */
    public function collected(?OpcacheStatus $status, array $workerPss): void
    {
        $this->opcacheStatus = $status;
        $this->workerPss = $workerPss;
    }

    public function opcacheStatus(): ?OpcacheStatus
    {
        return $this->opcacheStatus;
    }

    public function build(): ScenarioRecord
    {
        $prepared = $this->prepared;

        return new ScenarioRecord(
            name: $prepared->name,
            setup: new ScenarioSetup(
                spec: $prepared->spec,
                preloadScript: $prepared->preloadScript,
                preparation: $prepared->preparation,
                layers: $prepared->layers,
            ),
            problems: $this->problems,
            runs: $this->runs,
            server: new ServerReadings(
                fpmStartSeconds: $this->startSeconds,
                opcacheStatus: $this->opcacheStatus,
                workerPss: $this->workerPss,
                warnings: $this->warnings,
            ),
            skipped: $prepared->skipped,
            conditions: $this->conditions,
            instances: $this->instances,
        );
    }
}
