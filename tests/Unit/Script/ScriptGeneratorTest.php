<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Script;

use PHPUnit\Framework\TestCase;
use Preheat\Php\CachedScripts;
use Preheat\Php\OpcacheMemory;
use Preheat\Php\OpcachePreload;
use Preheat\Php\OpcacheStatus;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;
use Preheat\Plan\ForcedDrop;
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
use Preheat\Progress\ConsoleProgressLogger;
use Preheat\Report\GenerateTextRenderer;
use Preheat\Report\Json\VerificationJson;
use Preheat\Script\Generate\FixRound;
use Preheat\Script\Generate\GenerateRequest;
use Preheat\Script\Generate\Reused;
use Preheat\Script\Generate\ReuseRecord;
use Preheat\Script\Generate\ReuseStore;
use Preheat\Script\Generate\ScriptGenerator;
use Preheat\Script\Generate\VerificationReuse;
use Preheat\Script\Verify\PreloadVerifier;
use Preheat\Script\Verify\UnreadableByPreloadUser;
use Preheat\Script\Verify\VerifyOptions;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Console\Output\BufferedOutput;

/** Fix rounds and budget calibrations, with PHP played by a fake runner. */
final class ScriptGeneratorTest extends TestCase
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

    public function testBudgetCalibrationDoesNotUseUpTheFixRound(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        // Boot 1: over the budget (calibrate). Boot 2: PHP refuses HomeController (fix). Boot 3: fine.
        $php = new FakePhp(['App\Controller\HomeController']);
        $generator = new ScriptGenerator(new PlanPipeline($php), new PreloadVerifier($php));

        $outcome = $generator->generate(new GenerateRequest(
            new PlanRequest($project),
            new PlanOptions([], false),
            $project.'/preload.php',
            new VerifyOptions(self::installation()),
            1,
            true,
            new EverythingWithinBudget(1048576),
        ));

        self::assertCount(1, $outcome->calibrations, 'one budget round');
        self::assertCount(1, $outcome->fixing->rounds, 'and still its one fix round');
        self::assertSame(
            ['App\Controller\HomeController'],
            array_map(static fn ($d): string => $d->subject, $outcome->fixing->rounds[0]->drops),
            'named as PHP spells it',
        );
        self::assertTrue($outcome->succeeded(), json_encode(null === $outcome->verification ? null : VerificationJson::report($outcome->verification)) ?: '');
        self::assertSame(3, $php->preloadBoots);
        self::assertSame(1, $php->baselineBoots, 'the baseline is booted once per run, not once per round');
    }

    public function testAnUnchangedRerunReusesTheVerificationAndAnEditedScriptDoesNot(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $php = new FakePhp(['App\Controller\HomeController'], overBudgetFirst: false);
        $generator = new ScriptGenerator(new PlanPipeline($php), new PreloadVerifier($php));
        $request = static fn (bool $reverify = false): GenerateRequest => new GenerateRequest(
            new PlanRequest($project),
            new PlanOptions([], false),
            $project.'/preload.php',
            new VerifyOptions(self::installation()),
            5,
            false,
            reuse: new VerificationReuse(
                store: new ReuseStore($project.'/cache'),
                commandLine: 'the same options',
                reverify: $reverify,
            ),
        );

        $first = $generator->generate($request());
        self::assertSame(Reused::No, $first->reused);
        self::assertCount(1, $first->fixing->rounds);
        self::assertSame(2, $php->preloadBoots);

        $second = $generator->generate($request());
        self::assertSame(Reused::Unchanged, $second->reused);
        self::assertTrue($second->succeeded());
        self::assertSame(2, $php->preloadBoots, 'no boot');
        self::assertCount(1, $second->fixing->rounds, 'the fix round replayed');
        self::assertNotNull($first->verification);
        self::assertNotNull($second->verification);
        self::assertSame(
            VerificationJson::report($first->verification),
            VerificationJson::report($second->verification),
        );
        self::assertSame(
            array_map(static fn ($f): string => $f->path, $first->planResult->plan->included),
            array_map(static fn ($f): string => $f->path, $second->planResult->plan->included),
        );

        self::assertSame(Reused::No, $generator->generate($request(true))->reused, '--reverify');
        self::assertSame(4, $php->preloadBoots);

        file_put_contents($project.'/preload.php', "\n// edited\n", \FILE_APPEND);
        $edited = $generator->generate($request());
        self::assertSame(Reused::No, $edited->reused, 'a script edited on disk is verified again');
        self::assertSame(6, $php->preloadBoots);
    }

    public function testGenerateBootsItsOwnScriptWithTheCLibraryAllocatorAndVerifyWithPhpsOwn(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $php = new FakePhp([], overBudgetFirst: false);
        $generator = new ScriptGenerator(new PlanPipeline($php), new PreloadVerifier($php));

        $outcome = $generator->generate(new GenerateRequest(
            new PlanRequest($project),
            new PlanOptions([], false),
            $project.'/preload.php',
            new VerifyOptions(self::installation()),
            0,
            false,
        ));

        self::assertTrue($outcome->succeeded());
        self::assertNotEmpty($php->environments);
        foreach ($php->environments as [$kind, $environment]) {
            self::assertSame('0', $environment['USE_ZEND_ALLOC'] ?? null, $kind.' boot of generate');
        }
        self::assertNotNull($outcome->verification);
        self::assertTrue($outcome->verification->startup->systemAllocator);
        self::assertNull($outcome->verification->preloaded->peakMemoryBytes, 'not measured, not 0');
        self::assertStringContainsString(
            "measured with the C library's allocator",
            (string) VerificationJson::report($outcome->verification)['startupNote'],
        );

        // `verify` of the same script (a user's, which may rely on memory_limit): PHP's own allocator.
        $verifyPhp = new FakePhp([], overBudgetFirst: false);
        $report = (new PreloadVerifier($verifyPhp))->verify(
            $project.'/preload.php',
            new VerifyOptions(self::installation()),
        );
        self::assertTrue($report->boot->booted);
        self::assertFalse($report->startup->systemAllocator);
        self::assertNotEmpty($verifyPhp->environments);
        foreach ($verifyPhp->environments as [$kind, $environment]) {
            self::assertArrayNotHasKey('USE_ZEND_ALLOC', $environment ?? [], $kind.' boot of verify');
        }
    }

    public function testARecordWhoseConstraintsPlanAnotherScriptIsNotReusedNorApplied(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $php = new FakePhp(['App\Controller\HomeController'], overBudgetFirst: false);
        $generator = new ScriptGenerator(new PlanPipeline($php), new PreloadVerifier($php));
        $store = new ReuseStore($project.'/cache');
        $request = new GenerateRequest(
            new PlanRequest($project),
            new PlanOptions([], false),
            $project.'/preload.php',
            new VerifyOptions(self::installation()),
            5,
            false,
            reuse: new VerificationReuse(store: $store),
        );
        $first = $generator->generate($request);
        $record = $store->read($project.'/preload.php');
        self::assertNotNull($record);
        // The same key and script, but a constraint the run did not add: its plan is not the script on disk.
        $store->write($project.'/preload.php', new ReuseRecord(
            $record->key,
            $record->scriptSha256,
            [...$record->constraints, new FixRound(2, [ForcedDrop::unlinkedClass('App\Controller\Controller', 'x')])],
            $record->report,
        ));

        $second = $generator->generate($request);

        self::assertSame(Reused::No, $second->reused);
        self::assertSame(4, $php->preloadBoots, 'verified again');
        self::assertCount(1, $second->fixing->rounds, 'the record\'s constraints are not applied to the rounds');
        self::assertSame(
            array_map(static fn ($f): string => $f->path, $first->planResult->plan->included),
            array_map(static fn ($f): string => $f->path, $second->planResult->plan->included),
        );
    }

    public function testNoFixMeansNoFixRound(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $php = new FakePhp(['App\Controller\HomeController'], overBudgetFirst: false);
        $generator = new ScriptGenerator(new PlanPipeline($php), new PreloadVerifier($php));

        $outcome = $generator->generate(
            new GenerateRequest(
                new PlanRequest($project),
                new PlanOptions([], false),
                $project.'/preload.php',
                new VerifyOptions(self::installation()),
                0,
                true,
            ),
        );

        self::assertSame([], $outcome->fixing->rounds);
        self::assertFalse($outcome->succeeded());
        self::assertSame(1, $php->preloadBoots);
    }

    public function testABootWithFatalsIsNotShownAsASuccess(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $php = new FakePhp(['App\Controller\HomeController'], overBudgetFirst: false);
        $stderr = new BufferedOutput();
        $progress = new ConsoleProgressLogger($stderr);
        $generator = new ScriptGenerator(new PlanPipeline($php), new PreloadVerifier($php), progress: $progress);

        $generator->generate(new GenerateRequest(
            new PlanRequest($project),
            new PlanOptions([], false),
            $project.'/preload.php',
            new VerifyOptions(self::installation()),
            0,
            true,
        ));

        $lines = $stderr->fetch();
        // PHP refused a class the script preloads: the script failed verification.
        self::assertStringContainsString(' ✗ Booted PHP with the script: 0 fatal(s), 1 warning(s)', $lines);
        self::assertStringNotContainsString('✓ Booted PHP', $lines);
    }

    public function testARoundThatAnswersWhatTheVerificationFoundIsMarkedAsAWarning(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $php = new FakePhp(['App\Controller\HomeController'], overBudgetFirst: false);
        $stderr = new BufferedOutput();
        $generator = new ScriptGenerator(
            new PlanPipeline($php),
            new PreloadVerifier($php),
            progress: new ConsoleProgressLogger($stderr),
        );

        $generator->generate(new GenerateRequest(
            new PlanRequest($project),
            new PlanOptions([], false),
            $project.'/preload.php',
            new VerifyOptions(self::installation()),
            5,
            false,
        ));

        // PHP refused a class: the fix round that drops it is not a plain success.
        self::assertMatchesRegularExpression('/^ ! Fix round 1: dropping 1 item\(s\) PHP refused/m', $stderr->fetch());
    }

    public function testAFixRoundThatWouldDropNothingNewStopsTheLoop(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        // PHP refuses an anonymous class at every boot: dropping it once changes nothing, so a second round would not
        // either.
        $php = new FakePhp(
            [],
            overBudgetFirst: false,
            alwaysRefused: ['class@anonymous/app/src/Controller/HomeController.php:7$0'],
        );
        $generator = new ScriptGenerator(new PlanPipeline($php), new PreloadVerifier($php));

        $outcome = $generator->generate(
            new GenerateRequest(
                new PlanRequest($project),
                new PlanOptions([], false),
                $project.'/preload.php',
                new VerifyOptions(self::installation()),
                5,
                true,
            ),
        );

        self::assertCount(1, $outcome->fixing->rounds, 'the one round that dropped something');
        self::assertSame(2, $outcome->fixing->stalledRound);
        self::assertSame(2, $php->preloadBoots, 'not five futile rounds');
        self::assertFalse($outcome->succeeded());
        $text = implode("\n", (new GenerateTextRenderer())->lines($outcome, false));
        self::assertStringContainsString(
            'Did not write '.$project.'/preload.php: the script failed verification: fix round 2 would have dropped '.
                'only what earlier rounds dropped, so dropping cannot fix what PHP refuses (see its first message '.
                'above).',
            $text,
        );
    }

    public function testFilesThePreloadUserCannotReadAreOneErrorBeforeAnyBoot(): void
    {
        if (
            false === posix_getpwnam('www-data')
            || 0 === posix_getpwnam('www-data')['uid']
            || 'www-data' === (posix_getpwuid(posix_geteuid())['name'] ?? null)
        ) {
            self::markTestSkipped('needs a www-data user other than the one running the tests');
        }
        $project = FixtureProjects::copy('clean', $this->directory);
        $closed = $project.'/vendor/acme/container/src/RemembersInstances.php';
        chmod($closed, 0o600);
        $php = new FakePhp([], overBudgetFirst: false);
        $generator = new ScriptGenerator(new PlanPipeline($php), new PreloadVerifier($php));

        try {
            $generator->generate(
                new GenerateRequest(
                    new PlanRequest($project),
                    new PlanOptions([], false),
                    $project.'/preload.php',
                    new VerifyOptions(self::installation('www-data')),
                    5,
                    true,
                ),
            );
            self::fail('a file www-data cannot read was not reported');
        } catch (UnreadableByPreloadUser $error) {
            $owner = posix_getpwuid((int) fileowner($closed))['name'] ?? '';
            $group = posix_getgrgid((int) filegroup($closed))['name'] ?? '';
            self::assertStringStartsWith(
                'www-data (the user php-fpm preloads as: --user) cannot read 1 of the ',
                $error->getMessage(),
            );
            self::assertStringContainsString(
                "\n  {$closed} (owner {$owner}, group {$group}, mode 0600)\n",
                $error->getMessage(),
            );
            self::assertStringEndsWith(
                'Fix: chmod -R a+rX '.\dirname($closed).' (or install the code as www-data), then run again.',
                $error->getMessage(),
            );
        }
        self::assertSame(0, $php->preloadBoots, 'said before PHP boots');
    }

    private static function installation(?string $user = null): PhpInstallation
    {
        return new PhpInstallation(
            'php',
            null,
            new PhpSettings(null, 'test', null, ['memory_limit' => '128M']),
            $user,
            null === $user ? '' : '--user',
        );
    }
}

/** Selects every safe file, within a budget. */
final class EverythingWithinBudget implements SeedStrategy
{
    public function __construct(private readonly int $budget)
    {
    }

    public function name(): string
    {
        return 'hot';
    }

    public function select(PlanResult $safe, MemoryEstimate $estimate): HotSelection
    {
        $files = array_map(static fn ($f): string => $f->path, $safe->plan->included);

        return new HotSelection($files, \count($files), 1.0, 0, [], \count($files), 1);
    }

    public function budgetBytes(): int
    {
        return $this->budget;
    }

    public function requireEvidence(): ?RequireEvidence
    {
        return null;
    }
}

/**
 * Answers the verifier's boots as PHP would: the probe's data, and a warning for each refused class the script still
 * preloads.
 */
final class FakePhp implements ProcessRunner
{
    public int $preloadBoots = 0;

    public int $baselineBoots = 0;

    /** @var list<array{string, array<string, string>|null}> each boot of PHP: baseline or preload, its environment */
    public array $environments = [];

    /**
     * @param list<string> $refused       classes PHP cannot link
     * @param list<string> $alwaysRefused classes PHP reports at every boot, whatever the script holds
     */
    public function __construct(
        private readonly array $refused,
        private readonly bool $overBudgetFirst = true,
        private readonly array $alwaysRefused = [],
    ) {
    }

    public function run(
        array $command,
        ?string $workingDirectory = null,
        float $timeoutSeconds = 300.0,
        ?array $environment = null,
    ): ProcessResult {
        $wrapper = null;
        foreach ($command as $argument) {
            if (str_starts_with($argument, 'opcache.preload=')) {
                $wrapper = substr($argument, \strlen('opcache.preload='));
            }
        }
        $this->environments[] = [null === $wrapper || '' === $wrapper ? 'baseline' : 'preload', $environment];
        if (null === $wrapper || '' === $wrapper) {
            ++$this->baselineBoots;

            return new ProcessResult(
                $command,
                0,
                (new OpcacheStatus(
                    php: '8.2.0',
                    user: null,
                    enabled: true,
                    preload: new OpcachePreload(),
                    memory: new OpcacheMemory(),
                    scripts: new CachedScripts(),
                ))->printed(),
                '',
                0.01,
            );
        }
        ++$this->preloadBoots;
        if (!preg_match("{require '([^']+)'}", (string) file_get_contents($wrapper), $match)) {
            throw new \LogicException('The verifier\'s preload wrapper names no script.');
        }
        $script = (string) file_get_contents($match[1]);
        $stderr = '';
        $classes = [];
        // The first boot of a budget run only measures memory; PHP's refusal shows from the next.
        $refused = 1 === $this->preloadBoots && $this->overBudgetFirst ? [] : $this->refused;
        foreach ($refused as $class) {
            $short = substr($class, (int) strrpos($class, '\\') + 1);
            if (str_contains($script, $short.'.php')) {
                $stderr .= "PHP Warning:  Can't preload unlinked class $class: Unknown parent Missing in /app/$short.php on line 3\n";
            }
        }
        foreach ($this->alwaysRefused as $class) {
            $stderr .= "PHP Warning:  Can't preload unlinked class $class: Unknown parent Missing in /app/anonymous.php on line 7\n";
        }
        $memory = 1 === $this->preloadBoots && $this->overBudgetFirst ? 10 * 1048576 : 100000;

        $status = new OpcacheStatus(
            php: '8.2.0',
            user: null,
            enabled: true,
            preload: new OpcachePreload(
                memoryBytes: $memory,
                scripts: [$match[1], '/app/a.php'],
                classes: \count($classes),
            ),
            memory: new OpcacheMemory(usedBytes: 20 * 1048576),
            scripts: new CachedScripts(count: 2),
            ini: ['memory_consumption' => '128'],
        );

        return new ProcessResult($command, 0, $status->printed(), $stderr, 0.02);
    }

    public function start(array $command, ?string $workingDirectory = null, ?array $environment = null): RunningProcess
    {
        throw new \LogicException('No server is started here.');
    }
}
