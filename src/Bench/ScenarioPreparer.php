<?php

declare(strict_types=1);

namespace Preheat\Bench;

use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Layering\LayerSettings;
use Preheat\Bench\Layering\ScenarioLayering;
use Preheat\Bench\Load\LoadGenerator;
use Preheat\Bench\Load\LoadTarget;
use Preheat\Bench\Scenario\AutoloadLayer;
use Preheat\Bench\Scenario\Generated;
use Preheat\Bench\Scenario\GivenScript;
use Preheat\Bench\Scenario\Naive;
use Preheat\Bench\Scenario\NoPreload;
use Preheat\Bench\Scenario\Recording;
use Preheat\Bench\Scenario\ScenarioSpec;
use Preheat\Plan\Strategy\UsageSnapshot;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\NullProgressLogger;
use Preheat\Progress\ProgressLogger;
use Preheat\Script\Generate\GenerateRequest;
use Preheat\Script\Generate\ScriptGenerator;
use Preheat\Script\Verify\PreloadVerifier;
use Preheat\Script\Verify\Severity;
use Preheat\Script\Verify\VerifyOptions;
use Preheat\Server\RuntimeFactory;
use Preheat\Usage\RecorderInstaller;
use Preheat\Usage\Trace\TracedServer;
use Preheat\Usage\Trace\TraceRecorder;
use Preheat\Usage\UsageStores;
use Preheat\Util\AtomicFile;

/**
 * Turns a scenario's SPEC into what its server runs with: no preloading (with or without the
 * recorder), the script given, a naive one (every scanned file compiled), or one written by `generate`
 * with the scenario's strategy (for hot, from the configured usage store or traffic recorded now; for
 * trace, from one pass over the pages), under its layers (ScenarioLayering: OPcache's settings, a
 * classmap autoloader). A given or naive script is verified as it is and never fixed: only a fatal error
 * keeps it from running, and its warnings are counted from its server's start (ScenarioRecordBuilder).
 * A scenario whose script fails verification is recorded with the reason and not run; one whose layer
 * does not apply to the app is skipped with the reason; the others go on.
 */
final class ScenarioPreparer implements ScenarioPreparation
{
    public function __construct(
        private readonly ScriptGenerator $generator,
        private readonly PreloadVerifier $verifier,
        private readonly LoadGenerator $load,
        private readonly RuntimeFactory $runtimes,
        private readonly ProcessRunner $runner,
        private readonly ScenarioLayering $layering,
        private readonly ProgressLogger $progress = new NullProgressLogger(),
        private readonly RecorderInstaller $installer = new RecorderInstaller(),
    ) {
    }

    /** @var array<string, PreparedScenario> what generate wrote, by strategy and php.ini */
    private array $generatedScripts = [];

    public function prepare(ScenarioSpec $spec, BenchConfig $config, string $directory): PreparedScenario
    {
        $layers = $spec->layers;
        $opcache = $this->layering->opcache($layers->opcache, $config);
        $autoload = $this->layering->autoload($layers->autoload, $config, $directory);
        $skipped = self::notApplicable($spec, $autoload);
        if (null !== $skipped) {
            return new PreparedScenario(
                $spec->name,
                $spec->spec,
                null,
                $autoload->description,
                runtime: $layers->runtime,
                skipped: $skipped,
                layers: ['autoload' => $autoload->description],
            );
        }
        // A preload is generated and verified with the php.ini its server will run: the sized OPcache included.
        $php = $this->runtimes->php();
        foreach ($opcache->ini as $setting => $value) {
            $php = $php->withSettings($php->settings->withOverride($setting, $value, 'the scenario\'s OPcache layer'));
        }
        $prepared = $this->preload($spec, $config, $directory, new VerifyOptions($php));
        if (isset($prepared->ini['auto_prepend_file'], $autoload->ini['auto_prepend_file'])) {
            $error = new \LogicException(\sprintf(
                'Scenario %s would prepend both the recorder and a classmap autoloader.',
                $spec->name,
            ));
            throw $error;
        }

        return new PreparedScenario(
            $prepared->name,
            $prepared->spec,
            $prepared->preloadScript,
            implode(
                '; ',
                array_filter(
                    [$opcache->description, $autoload->description, $prepared->preparation],
                    static fn (string $part): bool => '' !== $part,
                ),
            ),
            $prepared->ini + $autoload->ini + $opcache->ini,
            $prepared->problems,
            $layers->runtime,
            layers: array_filter([
                'opcache' => $opcache->description,
                'autoload' => $autoload->description,
                'preload' => $prepared->preparation,
                'runtime' => null === $layers->runtime ? '' : 'the '.$layers->runtime->name().' runtime',
            ], static fn (string $part): bool => '' !== $part),
        );
    }

    /**
     * Why a scenario is not measured when its autoloader layer does not apply to the app: when that layer
     * is all it adds (no preloading, on the bench's own runtime), it would measure the scenario below it
     * again. Any other runs with the app's own autoloader, and its line says why.
     */
    public static function notApplicable(ScenarioSpec $spec, LayerSettings $autoload): ?string
    {
        $layers = $spec->layers;
        if (null === $autoload->notApplicable || AutoloadLayer::Classmap !== $layers->autoload || !$spec->isNone()
            || null !== $layers->runtime) {
            return null;
        }

        return 'not applicable: '.$autoload->notApplicable;
    }

    /** The scenario's preloading: none (with or without the recorder), a given script, or one generate writes. */
    private function preload(
        ScenarioSpec $spec,
        BenchConfig $config,
        string $directory,
        VerifyOptions $verify,
    ): PreparedScenario {
        $preload = $spec->preload;

        return match (true) {
            $preload instanceof NoPreload => new PreparedScenario($spec->name, $spec->spec, null, 'no preloading'),
            $preload instanceof Recording => $this->recording($spec, $config, $directory),
            $preload instanceof GivenScript => $this->asIs($spec, $preload->path, 'given script', $verify),
            $preload instanceof Naive => $this->naive($spec, $config, $directory, $verify),
            $preload instanceof Generated => $this->generated($spec, $preload, $config, $directory, $verify),
            default => throw new \LogicException('No preparation for '.$preload::class),
        };
    }

    /**
     * A script run as users run it: verified once with the scenario's php.ini and never fixed. A fatal error
     * (PHP would not start) keeps it from being measured; its warnings do not, and the runner counts them from
     * its server's own start (a script may preload nothing under the CLI, as Symfony's does).
     */
    private function asIs(ScenarioSpec $spec, string $path, string $what, VerifyOptions $verify): PreparedScenario
    {
        $report = $this->verifier->verify($path, $verify);

        return new PreparedScenario(
            $spec->name,
            $spec->spec,
            $path,
            $what.', run as it is (not fixed)',
            problems: $report->passed(false) ? [] : [
                \sprintf('%s fails verification: %s', $path, $this->firstFatal($report->messages)),
            ],
        );
    }

    /** Every PHP file of the scanned paths compiled, written into the scenario's directory and run as it is. */
    private function naive(
        ScenarioSpec $spec,
        BenchConfig $config,
        string $directory,
        VerifyOptions $verify,
    ): PreparedScenario {
        $files = $this->layering->scannedFiles($config);
        $path = $directory.'/'.Naive::SCRIPT;
        AtomicFile::write($path, Naive::script($files), AtomicFile::READABLE);

        return $this->asIs(
            $spec,
            $path,
            \sprintf('naive: every scanned file compiled (%d files)', \count($files)),
            $verify,
        );
    }

    /**
     * The script `generate` writes with the scenario's strategy, once per strategy and php.ini: scenarios
     * that differ only in what generation does not see (the ladder's rungs 4 and 5 and their references,
     * which differ in the autoloader) share one script.
     */
    private function generated(
        ScenarioSpec $spec,
        Generated $preload,
        BenchConfig $config,
        string $directory,
        VerifyOptions $verify,
    ): PreparedScenario {
        $key = $preload->strategy->name().'|'.serialize($verify->php->settings);
        if (isset($this->generatedScripts[$key])) {
            $made = $this->generatedScripts[$key];

            return new PreparedScenario(
                $spec->name,
                $spec->spec,
                $made->preloadScript,
                $made->preparation,
                problems: $made->problems,
            );
        }
        $output = $directory.'/preload.php';
        $source = new BenchStrategySource($this, $config);
        $outcome = $this->generator->generate(new GenerateRequest(
            plan: $config->scope->request,
            options: $config->scope->options,
            outputPath: $output,
            verify: $verify,
            fixRounds: 5,
            strict: false,
            strategy: $preload->strategy->seed($source),
        ));
        $plan = $outcome->planResult->plan;
        $selection = $outcome->selection;

        return $this->generatedScripts[$key] = new PreparedScenario($spec->name, $spec->spec, $output, \sprintf(
            'generate --strategy=%s: %d files, %d classes%s%s',
            $plan->strategy,
            \count($plan->included),
            $plan->classCount(),
            null === $selection ? '' : \sprintf(
                ' (%d of %d recorded files chosen, %.1f%% of loads)',
                $selection->chosen,
                $selection->recordedFiles,
                $selection->coverage * 100,
            ),
            // The bench's php-fpm uses this ini too: a plan fitted to it says so, with the setting that fits it all.
            null === $outcome->capacitySummary() ? '' : '; '.$outcome->capacitySummary(),
        ), problems: $outcome->succeeded() ? [] : [
            'the generated script fails verification: '.$this->firstFatal($outcome->verification->messages ?? []),
        ]);
    }

    /** No preloading, the recorder on with the configured sampling: what recording costs. */
    private function recording(ScenarioSpec $spec, BenchConfig $config, string $directory): PreparedScenario
    {
        $sample = $config->recording->recorderSample;
        $settings = $this->installer->settings(
            $config->serve->projectRoot,
            $directory.'/recorder.php',
            $directory.'/usage.log',
            $sample,
            50,
            60,
            [],
            $directory,
        );
        $this->installer->install($settings);

        return new PreparedScenario(
            $spec->name,
            $spec->spec,
            null,
            \sprintf('no preloading, recorder on (1 in %d requests)', $sample),
            ['auto_prepend_file' => $settings->bootstrapPath],
        );
    }

    /** The configured usage store, or traffic recorded now: load over the pages with the recorder on every request. */
    public function usage(BenchConfig $config): UsageSnapshot
    {
        $recording = $config->recording;
        if (null !== $recording->usageStore) {
            return UsageStores::readTraffic($recording->usageStore);
        }
        $this->progress->stage('Recording traffic for the hot scenario');
        $serve = $config->serve;
        $server = TracedServer::start($this->runtimes, $this->runner, $serve->projectRoot, 1, 10);
        try {
            $runtime = $server->runtime();
            $target = new LoadTarget(
                $runtime->baseUrl(),
                $config->pages,
                $runtime->phpIni(),
                $serve->documentRoot,
                $serve->frontController,
            );
            $this->load->run($target, $config->load->settings, $recording->recordSeconds);
            $usage = $server->usage();
        } finally {
            $server->stop();
        }
        $this->progress->finish(\sprintf(
            'Recorded %d requests over %g s: they loaded %d PHP files',
            $usage->requests,
            $recording->recordSeconds,
            \count($usage->fileCounts),
        ));

        return $usage;
    }

    /** What one pass over the pages loads (three requests each). */
    public function trace(BenchConfig $config): UsageSnapshot
    {
        $paths = $config->pages;
        if (!isset($paths[0])) {
            throw new \LogicException('No page to trace.');
        }

        return (new TraceRecorder(
            $this->runtimes,
            $this->runner,
            $this->progress,
        ))->record($config->serve->projectRoot, $paths, 3, $config->serve->requestTimeout);
    }

    /** @param list<\Preheat\Script\Verify\StartupMessage> $messages */
    private function firstFatal(array $messages): string
    {
        foreach ($messages as $message) {
            if (Severity::Fatal === $message->severity) {
                return strtok($message->message, "\n").(null === $message->file ? '' : ' in '.$message->file);
            }
        }

        return 'see `preheat verify`';
    }
}
