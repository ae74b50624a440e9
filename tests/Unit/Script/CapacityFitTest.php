<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Script;

use PHPUnit\Framework\TestCase;
use Preheat\Php\CachedScripts;
use Preheat\Php\InternedStrings;
use Preheat\Php\OpcacheMemory;
use Preheat\Php\OpcachePreload;
use Preheat\Php\OpcacheStatus;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;
use Preheat\Plan\DropReason;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanPipeline;
use Preheat\Plan\PlanRequest;
use Preheat\Plan\PlanResult;
use Preheat\Plan\RequireEvidence;
use Preheat\Plan\Strategy\HotSelection;
use Preheat\Plan\Strategy\MemoryEstimate;
use Preheat\Plan\Strategy\SeedStrategy;
use Preheat\Process\ProcessResult;
use Preheat\Process\ProcessRunner;
use Preheat\Process\RunningProcess;
use Preheat\Report\Json\VerificationJson;
use Preheat\Script\Generate\GenerateOutcome;
use Preheat\Script\Generate\GenerateRequest;
use Preheat\Script\Generate\ScriptGenerator;
use Preheat\Script\Verify\PreloadVerifier;
use Preheat\Script\Verify\VerifyOptions;
use Preheat\Script\Write\ScriptManifest;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\TemporaryDirectory;

/** Fitting the plan to a php.ini whose interned-string buffer is too small, with PHP played by a fake runner. */
final class CapacityFitTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    public function testAnOverflowingPlanIsFittedToTheBufferAndVerifiedAgain(): void
    {
        [$outcome, $php] = $this->generate(true);

        self::assertTrue($outcome->succeeded(), json_encode(null === $outcome->verification ? null : VerificationJson::report($outcome->verification)) ?: '');
        self::assertNotSame([], $outcome->capacityRounds);
        self::assertSame(0, $outcome->verification?->warningCount(), 'the script written starts without the overflow');
        $planned = $outcome->capacityRounds[0]->plannedFiles;
        $kept = \count($outcome->planResult->plan->included);
        self::assertGreaterThan(0, $kept);
        self::assertLessThan($planned, $kept);
        self::assertSame(
            \sprintf(
                'fitted to opcache.interned_strings_buffer=1 in /etc/php/fpm/php.ini: preloading %d of %d planned '.
                'files; to preload all of them set opcache.interned_strings_buffer=8 (and restart php-fpm)',
                $kept,
                $planned,
            ),
            $outcome->capacitySummary(),
        );
        $reasons = array_map(
            static fn ($f): DropReason => $f->exclusion->reason,
            $outcome->planResult->plan->droppedFiles,
        );
        self::assertCount(
            $planned - $kept,
            array_filter($reasons, static fn (DropReason $r): bool => DropReason::OverIniCapacity === $r),
        );
        self::assertSame([], $outcome->fixing->rounds, 'fitting uses no fix round');
        self::assertFileExists($this->project.'/preload.php');
        self::assertLessThanOrEqual(4, $php->preloadBoots);
    }

    public function testOneBootOfTheWholePlanMeasuresWhatTheFitNeeds(): void
    {
        [$outcome, $php] = $this->generate(true);

        // The whole plan boots once, with a buffer large enough to measure it; then the fitted script boots once.
        // No boot with the php.ini's buffer only to see it overflow, and none to measure afterwards.
        self::assertSame([64 * 1048576, 64 * 1048576], $php->preloadBuffers);
        self::assertSame([1048576, 64 * 1048576], $php->baselineBuffers, 'each baseline booted once per run');
        self::assertCount(1, $outcome->capacityRounds);
        self::assertTrue($outcome->succeeded());
        $report = $outcome->verification;
        self::assertNotNull($report);
        self::assertSame(0, $report->warningCount());
        // The command a user can run again sets OPcache's sizes as the php.ini does.
        self::assertStringNotContainsString('interned_strings_buffer=64', $report->boot->commandLine);
    }

    public function testAFitJustUnderTheBufferIsNotBootedAgain(): void
    {
        $this->project = FixtureProjects::copy('clean', $this->directory);
        // 1,450 bytes per source byte: the whole fixture needs some 8% more than a 2 MB buffer leaves the preload.
        $php = new InternedStringsPhp($this->project, perSourceByte: 1450, iniBuffer: 2 * 1048576);
        $generator = new ScriptGenerator(new PlanPipeline($php), new PreloadVerifier($php));

        $outcome = $generator->generate(new GenerateRequest(
            new PlanRequest($this->project),
            new PlanOptions([], false),
            $this->project.'/preload.php',
            new VerifyOptions(self::installation(['opcache.interned_strings_buffer' => '2'])),
        ));

        self::assertTrue($outcome->succeeded());
        self::assertCount(1, $outcome->capacityRounds);
        self::assertSame([64 * 1048576], $php->preloadBuffers, 'the whole plan booted once, the fit not at all');
        $report = $outcome->verification;
        self::assertNotNull($report?->unbootedFit);
        self::assertSame(\count($outcome->planResult->plan->included), $report->unbootedFit->keptFiles);
        self::assertSame(0, $report->warningCount());
        self::assertFileExists($this->project.'/preload.php');
        self::assertSame(
            array_map(static fn ($f): string => $f->path, $outcome->planResult->plan->included),
            array_map(
                static fn (string $f): string => realpath($f) ?: $f,
                ScriptManifest::filesOf(
                    (string) file_get_contents($this->project.'/preload.php'),
                    $this->project.'/preload.php',
                ),
            ),
            'the fitted script is the one in place',
        );
    }

    public function testAWholePlanJustOverTheBufferIsNotBootedAgainWithThePhpInisSizes(): void
    {
        // 1% over a 2 MB buffer: PHP with the php.ini's buffer needs at least the measured sum, so it overflows too.
        $php = $this->nearTheBuffer(1.01);

        self::assertSame(
            [64 * 1048576],
            $php->preloadBuffers,
            'the whole plan booted once, with the larger buffer; the fit not at all',
        );
    }

    public function testAWholePlanJustUnderTheBufferIsBootedAgainWithThePhpInisSizes(): void
    {
        // 1% under: PHP with the php.ini's buffer has been seen to need a little more than the sum; only it can say.
        $php = $this->nearTheBuffer(0.99);

        self::assertSame([64 * 1048576, 2 * 1048576], $php->preloadBuffers);
    }

    /** Generates with a 2 MB buffer that the whole plan's interned strings fill to $share of, as measured. */
    private function nearTheBuffer(float $share): InternedStringsPhp
    {
        $this->project = FixtureProjects::copy('clean', $this->directory);
        $installation = self::installation(['opcache.interned_strings_buffer' => '2']);
        $roomy = new InternedStringsPhp($this->project, perSourceByte: 0, iniBuffer: 2 * 1048576);
        $plan = (new PlanPipeline($roomy))->run(new PlanRequest($this->project), new PlanOptions([], false));
        $source = array_sum(array_map(static fn ($f): int => (int) filesize($f->path), $plan->plan->included));
        $perSourceByte = (int) round(($share * 2 * 1048576 - 500000) / $source);
        $php = new InternedStringsPhp($this->project, perSourceByte: $perSourceByte, iniBuffer: 2 * 1048576);
        $outcome = (new ScriptGenerator(new PlanPipeline($php), new PreloadVerifier($php)))->generate(
            new GenerateRequest(
                new PlanRequest($this->project),
                new PlanOptions([], false),
                $this->project.'/preload.php',
                new VerifyOptions($installation),
            ),
        );
        self::assertTrue($outcome->succeeded());

        return $php;
    }

    public function testTheMostSharedFilesAreKeptFirst(): void
    {
        [$outcome] = $this->generate(true);

        $kept = array_map(static fn ($f): string => basename($f->path), $outcome->planResult->plan->included);
        // The interface and the parent every controller needs come before the classes that need them.
        self::assertContains('ContainerInterface.php', $kept);
    }

    public function testNoFitKeepsTheOverflowAndItsAdvice(): void
    {
        [$outcome] = $this->generate(false);

        self::assertSame([], $outcome->capacityRounds);
        self::assertNull($outcome->capacitySummary());
        self::assertGreaterThan(0, $outcome->verification?->warningCount());
        $advice = array_values(
            array_filter(
                $outcome->verification->findings ?? [],
                static fn ($f): bool => 'opcache.interned_strings_buffer' === $f->setting,
            ),
        );
        self::assertCount(1, $advice);
        self::assertSame('8', $advice[0]->value);
    }

    public function testAPlanNearlyFillingOpcacheMemoryIsFittedToIt(): void
    {
        $this->project = FixtureProjects::copy('clean', $this->directory);
        // 50 KB of OPcache memory per byte of source: the whole fixture fills most of a 64 MB OPcache.
        $php = new InternedStringsPhp($this->project, perSourceByte: 0, memoryPerSourceByte: 50000);
        $generator = new ScriptGenerator(new PlanPipeline($php), new PreloadVerifier($php));
        $installation = self::installation(['opcache.memory_consumption' => '64']);

        $outcome = $generator->generate(
            new GenerateRequest(
                new PlanRequest($this->project),
                new PlanOptions([], false),
                $this->project.'/preload.php',
                new VerifyOptions($installation),
            ),
        );

        self::assertTrue($outcome->succeeded());
        self::assertSame(
            0,
            $outcome->verification?->warningCount(),
            json_encode(null === $outcome->verification ? null : VerificationJson::report($outcome->verification)) ?: '',
        );
        self::assertSame('opcache.memory_consumption', $outcome->capacityRounds[0]->setting ?? null);
        self::assertStringStartsWith(
            'fitted to opcache.memory_consumption=64 in /etc/php/fpm/php.ini: preloading ',
            (string) $outcome->capacitySummary(),
        );
        self::assertMatchesRegularExpression(
            '{set opcache\.memory_consumption=\d+ \(and restart php-fpm\)$}',
            (string) $outcome->capacitySummary(),
        );
    }

    public function testAPlanFarOverTheMemoryIsFittedBeforePhpCompilesIt(): void
    {
        $this->project = FixtureProjects::copy('clean', $this->directory);
        // About 700 KB of source: some 2 MB of OPcache memory by the estimate, over twice what a 1 MB OPcache leaves.
        file_put_contents(
            $this->project.'/src/Large.php',
            "<?php\n\nnamespace App;\n\nfinal class Large\n{\n    public const TEXT = '".str_repeat('x', 700000)."';\n}\n",
        );
        $php = new InternedStringsPhp($this->project, perSourceByte: 0, memoryPerSourceByte: 0);
        $generator = new ScriptGenerator(new PlanPipeline($php), new PreloadVerifier($php));

        $outcome = $generator->generate(new GenerateRequest(
            new PlanRequest($this->project),
            new PlanOptions([], false),
            $this->project.'/preload.php',
            new VerifyOptions(self::installation(['opcache.memory_consumption' => '1'])),
        ));

        self::assertTrue($outcome->succeeded());
        self::assertNotSame([], $php->scripts);
        foreach ($php->scripts as $script) {
            self::assertStringNotContainsString('Large.php', $script, 'no boot compiles the file left out');
        }
        self::assertTrue($outcome->capacityRounds[0]->estimated ?? false);
        self::assertStringEndsWith(
            'to preload all of them raise opcache.memory_consumption (and restart php-fpm)',
            (string) $outcome->capacitySummary(),
        );
    }

    public function testAStrategysOwnRankingComesFirst(): void
    {
        $this->project = FixtureProjects::copy('clean', $this->directory);
        $php = new InternedStringsPhp($this->project);
        $generator = new ScriptGenerator(new PlanPipeline($php), new PreloadVerifier($php));
        $installation = self::installation(['opcache.interned_strings_buffer' => '1']);

        $outcome = $generator->generate(
            new GenerateRequest(
                new PlanRequest($this->project),
                new PlanOptions([], false),
                $this->project.'/preload.php',
                new VerifyOptions($installation),
                strategy: new HomeControllerFirst(),
            ),
        );

        self::assertTrue($outcome->succeeded());
        self::assertNotSame([], $outcome->capacityRounds);
        $kept = array_map(static fn ($f): string => basename($f->path), $outcome->planResult->plan->included);
        // The strategy ranks HomeController first: it is kept with the parent it links to, though the most shared file
        // is not.
        self::assertContains('HomeController.php', $kept);
        self::assertContains('Controller.php', $kept);
        self::assertNotContains('ContainerInterface.php', $kept);
    }

    private string $project = '';

    /** @param array<string, string> $opcache the php.ini's OPcache sizes */
    private static function installation(array $opcache): PhpInstallation
    {
        return new PhpInstallation(
            'php',
            null,
            new PhpSettings('/etc/php/fpm/php.ini', 'test', null, ['memory_limit' => '128M', ...$opcache]),
        );
    }

    /** @return array{GenerateOutcome, InternedStringsPhp} */
    private function generate(bool $fit): array
    {
        $this->project = FixtureProjects::copy('clean', $this->directory);
        $php = new InternedStringsPhp($this->project);
        $generator = new ScriptGenerator(new PlanPipeline($php), new PreloadVerifier($php));
        $installation = self::installation(['opcache.interned_strings_buffer' => '1']);

        $outcome = $generator->generate(
            new GenerateRequest(
                new PlanRequest($this->project),
                new PlanOptions([], false),
                $this->project.'/preload.php',
                new VerifyOptions($installation),
                fit: $fit,
            ),
        );

        return [$outcome, $php];
    }
}

/**
 * A PHP whose interned strings grow with the source it preloads (1,000 bytes per source byte, on top of 500 KB
 * PHP interns itself) in a 1 MB buffer: the whole fixture does not fit, part of it does. A boot with a larger
 * opcache.interned_strings_buffer measures the need, as PreloadVerifier does after an overflow.
 */
final class InternedStringsPhp implements ProcessRunner
{
    private const BASELINE = 500000;

    public int $preloadBoots = 0;

    /** @var list<int> the interned-string buffer each boot with the script had */
    public array $preloadBuffers = [];

    /** @var list<int> the interned-string buffer each boot without the script had */
    public array $baselineBuffers = [];

    /** @var list<string> the script each boot with one preloaded */
    public array $scripts = [];

    public function __construct(
        private readonly string $project,
        private readonly int $perSourceByte = 1000,
        private readonly int $memoryPerSourceByte = 10,
        /** the php.ini's interned-string buffer: what a boot without -d opcache.interned_strings_buffer has */
        private readonly int $iniBuffer = 1048576,
    ) {
    }

    public function run(
        array $command,
        ?string $workingDirectory = null,
        float $timeoutSeconds = 300.0,
        ?array $environment = null,
    ): ProcessResult {
        $wrapper = null;
        $buffer = $this->iniBuffer;
        foreach ($command as $argument) {
            if (str_starts_with($argument, 'opcache.preload=')) {
                $wrapper = substr($argument, \strlen('opcache.preload='));
            }
            if (str_starts_with($argument, 'opcache.interned_strings_buffer=')) {
                $buffer = (int) substr($argument, \strlen('opcache.interned_strings_buffer=')) * 1048576;
            }
        }
        // The baseline boot names no script: opcache.preload is empty.
        if (null === $wrapper || '' === $wrapper) {
            $this->baselineBuffers[] = $buffer;

            return new ProcessResult(
                $command,
                0,
                (new OpcacheStatus(
                    php: '8.2.0',
                    user: null,
                    enabled: true,
                    preload: new OpcachePreload(),
                    memory: new OpcacheMemory(usedBytes: 1000000),
                    scripts: new CachedScripts(),
                    ini: [],
                    interned: new InternedStrings(usedBytes: self::BASELINE, bufferBytes: $buffer),
                ))->printed(),
                '',
                0.01,
            );
        }
        ++$this->preloadBoots;
        $this->preloadBuffers[] = $buffer;
        if (!preg_match("{require '([^']+)'}", (string) file_get_contents($wrapper), $match)) {
            throw new \LogicException('The verifier\'s preload wrapper names no script.');
        }
        $script = (string) file_get_contents($match[1]);
        $this->scripts[] = $script;
        $source = 0;
        $files = new \RecursiveIteratorIterator(
            new \RecursiveDirectoryIterator($this->project, \FilesystemIterator::SKIP_DOTS),
        );
        foreach ($files as $file) {
            $relative = substr((string) $file, \strlen($this->project) + 1);
            if (str_ends_with($relative, '.php') && str_contains($script, $relative)) {
                $source += (int) filesize((string) $file);
            }
        }
        $needed = self::BASELINE + $this->perSourceByte * $source;
        $stderr = $needed > $buffer ? str_repeat(
            "PHP Warning:  Interned string buffer overflow in Unknown on line 0\n",
            3,
        ) : '';
        $memory = $this->memoryPerSourceByte * $source;
        $status = new OpcacheStatus(
            php: '8.2.0',
            user: null,
            enabled: true,
            preload: new OpcachePreload(memoryBytes: $memory, scripts: [$match[1], $this->project.'/a.php']),
            memory: new OpcacheMemory(usedBytes: 1000000 + $memory),
            scripts: new CachedScripts(count: 2),
            ini: ['memory_consumption' => '64'],
            interned: new InternedStrings(usedBytes: min($needed, $buffer), bufferBytes: $buffer),
        );

        return new ProcessResult($command, 0, $status->printed(), $stderr, 0.02);
    }

    public function start(array $command, ?string $workingDirectory = null, ?array $environment = null): RunningProcess
    {
        throw new \LogicException('No server is started here.');
    }
}

/** A strategy that ranks HomeController first, then everything else the safe plan has. */
final class HomeControllerFirst implements SeedStrategy
{
    public function name(): string
    {
        return 'hot';
    }

    public function select(PlanResult $safe, MemoryEstimate $estimate): HotSelection
    {
        $files = array_map(static fn ($f): string => $f->path, $safe->plan->included);
        usort(
            $files,
            static fn (string $a, string $b): int => [
                !str_ends_with($a, 'HomeController.php'),
                $a,
            ] <=> [!str_ends_with($b, 'HomeController.php'), $b],
        );

        return new HotSelection($files, \count($files), 1.0, 0, [], \count($files), 1);
    }

    public function budgetBytes(): ?int
    {
        return null;
    }

    public function requireEvidence(): ?RequireEvidence
    {
        return null;
    }
}
