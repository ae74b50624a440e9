<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Script\Generate;

use PHPUnit\Framework\TestCase;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;
use Preheat\Plan\DropOrigin;
use Preheat\Plan\DropReason;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanPipeline;
use Preheat\Plan\PlanRequest;
use Preheat\Plan\PlanResult;
use Preheat\Plan\RequireEvidence;
use Preheat\Plan\Strategy\HotSelection;
use Preheat\Plan\Strategy\MemoryEstimate;
use Preheat\Plan\Strategy\SeedStrategy;
use Preheat\Script\Generate\BudgetCalibration;
use Preheat\Script\Generate\FitRound;
use Preheat\Script\Generate\FixRound;
use Preheat\Script\Generate\GenerateSession;
use Preheat\Script\Generate\RoundPolicy;
use Preheat\Script\Verify\BootOutcome;
use Preheat\Script\Verify\Finding;
use Preheat\Script\Verify\OpcacheRoom;
use Preheat\Script\Verify\PreloadFigures;
use Preheat\Script\Verify\Severity;
use Preheat\Script\Verify\StartupMessage;
use Preheat\Script\Verify\StartupTime;
use Preheat\Script\Verify\UnlinkedClass;
use Preheat\Script\Verify\VerificationReport;
use Preheat\Tests\Support\FakeProcessRunner;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\TemporaryDirectory;

/** Each verification outcome, and what the round policy makes of it: the constraint the next round adds, or stop. */
final class RoundPolicyTest extends TestCase
{
    private const HOME = 'App\Controller\HomeController';

    private ?TemporaryDirectory $directory = null;

    protected function tearDown(): void
    {
        $this->directory?->remove();
    }

    public function testACleanBootStops(): void
    {
        $next = (new RoundPolicy(5))->next(self::report(), self::session());

        self::assertTrue($next->stops());
        self::assertNull($next->stalled);
        self::assertTrue($next->installs(self::report(), true));
    }

    public function testAClassPHPCouldNotLinkIsDroppedInAFixRound(): void
    {
        $session = self::session();
        $next = (new RoundPolicy(5))->next(self::unlinked(), $session);

        $round = $next->adds;
        self::assertInstanceOf(FixRound::class, $round);
        self::assertSame(1, $round->round);
        self::assertCount(1, $round->drops);
        self::assertSame(self::HOME, $round->drops[0]->subject);
        self::assertFalse($round->drops[0]->isFile);
        self::assertSame(DropOrigin::Verification, $round->drops[0]->origin);
        self::assertSame('PHP could not link it at start-up: Unknown parent Missing', $round->drops[0]->why);
        self::assertSame('Fix round 1: dropping 1 item(s) PHP refused, planning again', $round->progress());
        self::assertSame('verification after fix round 1', $round->purpose());
        self::assertTrue($next->installs(self::unlinked(), false), 'a script that only warns passes, and is written');
        self::assertFalse($next->installs(self::unlinked(), true), 'but not under --strict');
    }

    public function testTheSessionPlansAgainWithoutWhatAFixRoundDropped(): void
    {
        $session = self::session();
        $round = (new RoundPolicy(5))->next(self::unlinked(), $session)->adds;
        self::assertNotNull($round);
        $session->add($round);

        $dropped = $session->result()->plan->droppedClass(self::HOME);
        self::assertSame(DropReason::FailedVerification, $dropped?->exclusion->reason);
        self::assertSame([$round], $session->fixRounds());
    }

    public function testAFixRoundThatWouldDropOnlyWhatEarlierRoundsDroppedStops(): void
    {
        $session = self::session();
        $policy = new RoundPolicy(5);
        $round = $policy->next(self::unlinked(), $session)->adds;
        self::assertNotNull($round);
        $session->add($round);

        $next = $policy->next(self::unlinked(), $session);

        self::assertTrue($next->stops(), 'a round that adds nothing new stops');
        self::assertSame(2, $next->stalled?->round);
    }

    public function testNoFixRoundsLeftStops(): void
    {
        $next = (new RoundPolicy(0))->next(self::unlinked(), self::session());

        self::assertTrue($next->stops());
        self::assertNull($next->stalled);
    }

    public function testAPlannedFilePHPComplainedAboutIsDroppedAsAFile(): void
    {
        $session = self::session();
        $file = $session->plannedPaths()[0];
        $report = self::report([new StartupMessage(Severity::Warning, "Something it refused\nmore", $file, 3)]);

        $round = (new RoundPolicy(5))->next($report, $session)->adds;

        self::assertInstanceOf(FixRound::class, $round);
        self::assertSame($file, $round->drops[0]->subject);
        self::assertTrue($round->drops[0]->isFile);
        self::assertSame('PHP said at start-up: Something it refused', $round->drops[0]->why);
    }

    public function testMemoryExhaustedOnAFileIsNotTheFilesFault(): void
    {
        $session = self::session();
        $message = new StartupMessage(
            Severity::Fatal,
            'Allowed memory size of 134217728 bytes exhausted (tried to allocate 4096 bytes)',
            $session->plannedPaths()[0],
            3,
        );

        self::assertTrue((new RoundPolicy(5))->next(self::report([$message]), $session)->stops());
    }

    public function testAScriptOverTheBudgetCalibratesTheEstimate(): void
    {
        $session = self::session(new EverySafeFile(1000));
        $report = self::report(memory: 50000);

        $calibration = (new RoundPolicy(5))->next($report, $session)->adds;

        self::assertInstanceOf(BudgetCalibration::class, $calibration);
        self::assertSame(
            [1, 50000, 1000],
            [$calibration->round, $calibration->measuredBytes, $calibration->budgetBytes],
        );
        self::assertNotSame(MemoryEstimate::DEFAULT_BYTES_PER_SOURCE_BYTE, $calibration->bytesPerSourceByte);
        self::assertSame($calibration->estimate->bytesPerSourceByte, $calibration->bytesPerSourceByte);
        self::assertSame('verification after budget calibration 1', $calibration->purpose());

        $session->add($calibration);
        self::assertSame($calibration->estimate, $session->estimate(), 'the strategy chooses again with it');
    }

    public function testCalibrationsAreBounded(): void
    {
        $session = self::session(new EverySafeFile(1000));
        $policy = new RoundPolicy(5);
        for ($i = 0; $i < RoundPolicy::CALIBRATION_ROUNDS; ++$i) {
            $calibration = $policy->next(self::report(memory: 50000), $session)->adds;
            self::assertInstanceOf(BudgetCalibration::class, $calibration);
            $session->add($calibration);
        }

        self::assertTrue($policy->next(self::report(memory: 50000), $session)->stops());
    }

    public function testWithoutABudgetNothingIsCalibrated(): void
    {
        self::assertTrue((new RoundPolicy(5))->next(self::report(memory: 50000000), self::session())->stops());
    }

    public function testAnOverflowingBootIsFittedAndTheScriptNotInstalled(): void
    {
        $session = self::session();
        $report = self::overflowing();

        $next = (new RoundPolicy(5))->next($report, $session);

        $fit = $next->adds;
        self::assertInstanceOf(FitRound::class, $fit);
        self::assertSame('opcache.interned_strings_buffer', $fit->rows[0]->setting);
        self::assertSame('1', $fit->rows[0]->currentValue);
        self::assertSame('8', $fit->rows[0]->neededValue);
        self::assertSame(\count($session->plannedPaths()), $fit->rows[0]->plannedFiles);
        self::assertLessThan($fit->rows[0]->plannedFiles, $fit->rows[0]->keptFiles);
        self::assertSame('verification after capacity fit 1', $fit->purpose());
        self::assertStringStartsWith(
            'left out so that the preload fits opcache.interned_strings_buffer=1 in /etc/php/php.ini',
            $fit->fit->why,
        );
        self::assertFalse(
            $next->installs($report, false),
            'a script that overflows the php.ini is not moved into place',
        );

        $session->add($fit);
        $out = array_filter(
            $session->result()->plan->droppedFiles,
            static fn ($f): bool => DropReason::OverIniCapacity === $f->exclusion->reason,
        );
        self::assertNotSame([], $out, 'the planner leaves out what the fit does not keep');
        self::assertSame($fit->rows, $session->capacityRounds());
    }

    public function testAFitTheBootToldEnoughAboutNeedsNoBootOfItsOwn(): void
    {
        $session = self::session();
        $booted = $session->result();
        // The whole plan takes 5% more than the room the buffer leaves the preload.
        $report = self::overflowing(new OpcacheRoom(48576, 1048576, 1050000, 0, 0, 0), Severity::Warning);
        $policy = new RoundPolicy(5);
        $round = $policy->next($report, $session)->adds;
        self::assertInstanceOf(FitRound::class, $round);
        $session->add($round);

        $fitted = $policy->fittedReport($report, $booted, $session, $round);

        self::assertNotNull($fitted);
        $fit = $fitted->unbootedFit;
        self::assertNotNull($fit);
        self::assertSame(\count($booted->plan->included), $fit->bootedFiles);
        self::assertSame(\count($session->plannedPaths()), $fit->keptFiles);
        self::assertLessThan($fit->bootedFiles, $fit->keptFiles);
        $limit = $fit->limits[0];
        self::assertSame('opcache.interned_strings_buffer', $limit->setting);
        self::assertSame(1000000, $limit->roomBytes);
        self::assertSame(1050000, $limit->measuredBytes);
        self::assertLessThan($limit->atMostBytes, $limit->expectedBytes, 'dropped files save less than the average');
        self::assertLessThan($limit->roomBytes, $limit->atMostBytes);
        self::assertSame([], $fitted->findings, 'the overflow was the whole plan\'s');
        self::assertTrue($fitted->clean());
        self::assertSame($fit->keptFiles, $fitted->preloaded->scripts);
        self::assertLessThan($report->preloaded->classes, $fitted->preloaded->classes, 'the classes of the files left out are not counted');
    }

    public function testAFitIsBootedWhenTheEstimateCannotTell(): void
    {
        $shallow = new OpcacheRoom(48576, 1048576, 1050000, 0, 0, 0);
        $cases = [
            'under --strict' => [new RoundPolicy(5, strict: true), self::overflowing($shallow, Severity::Warning)],
            'far over the room: the most it may need does not fit' => [new RoundPolicy(5), self::overflowing()],
            'nothing measured with a larger buffer' => [
                new RoundPolicy(5),
                self::overflowing(new OpcacheRoom(48576, 1048576, null, 0, 0, 0), Severity::Warning),
            ],
            'PHP warned of something else too' => [
                new RoundPolicy(5),
                self::report(
                    [new StartupMessage(Severity::Warning, 'Something else', null)],
                    findings: self::overflowing($shallow, Severity::Warning)->findings,
                    room: $shallow,
                ),
            ],
        ];
        foreach ($cases as $case => [$policy, $report]) {
            $session = self::session();
            $booted = $session->result();
            $round = $policy->next($report, $session)->adds;
            self::assertInstanceOf(FitRound::class, $round, $case);
            $session->add($round);

            self::assertNull($policy->fittedReport($report, $booted, $session, $round), $case);
        }
    }

    public function testAFitAfterAFitThatStillOverflowedIsBooted(): void
    {
        $session = self::session();
        $policy = new RoundPolicy(5);
        $deep = self::overflowing();
        $first = $policy->next($deep, $session)->adds;
        self::assertInstanceOf(FitRound::class, $first);
        $session->add($first);
        $booted = $session->result();
        $report = self::overflowing(new OpcacheRoom(48576, 1048576, 1010000, 0, 0, 0), Severity::Warning);
        $second = $policy->next($report, $session)->adds;
        self::assertInstanceOf(FitRound::class, $second);
        $session->add($second);

        self::assertNull($policy->fittedReport($report, $booted, $session, $second));
    }

    public function testAPlanFarOverThePhpIniIsFittedBeforeItsFirstBoot(): void
    {
        // About 700 KB of source: some 2 MB of OPcache memory by the estimate, over twice the 0.8 MB the php.ini's
        // 1 MB leaves the preload (the 80% StartupChecks flags from).
        $session = $this->sessionWithLargeFile();
        $planned = \count($session->plannedPaths());

        $fit = (new RoundPolicy(5))->beforeBoot($session, self::settings('1'));

        self::assertInstanceOf(FitRound::class, $fit);
        self::assertCount(1, $fit->rows);
        $row = $fit->rows[0];
        self::assertSame(
            [1, 'opcache.memory_consumption', '1', null, $planned, true],
            [$row->round, $row->setting, $row->currentValue, $row->neededValue, $row->plannedFiles, $row->estimated],
        );
        self::assertLessThan($planned, $row->keptFiles);
        self::assertStringContainsString('by the estimate, before booting PHP with the whole plan', $fit->progress());
        self::assertSame('verification after capacity fit 1', $fit->purpose());

        $session->add($fit);
        $large = array_values(array_filter(
            $session->result()->plan->droppedFiles,
            fn ($f): bool => $f->path === $this->largeFile(),
        ));
        self::assertSame(DropReason::OverIniCapacity, $large[0]->exclusion->reason ?? null, 'the large file is left out');
        self::assertSame($row->keptFiles, \count($session->plannedPaths()));
        self::assertNull(
            (new RoundPolicy(5))->beforeBoot($session, self::settings('1')),
            'a plan fitted already is not fitted again before its boot',
        );
    }

    public function testAPlanThePhpIniNearlyHoldsIsBootedWhole(): void
    {
        $cases = [
            'under twice the room by the estimate' => [new RoundPolicy(5), self::settings('2')],
            'no size known' => [new RoundPolicy(5), self::settings(null)],
            'without fitting' => [new RoundPolicy(5, fit: false), self::settings('1')],
        ];
        foreach ($cases as $case => [$policy, $settings]) {
            self::assertNull($policy->beforeBoot($this->sessionWithLargeFile(), $settings), $case);
        }
        self::assertNull((new RoundPolicy(5))->beforeBoot(self::session(), self::settings('1')), 'a small plan');
    }

    public function testTheFitAfterAnEstimatedOneGoesByWhatTheBootMeasured(): void
    {
        $session = $this->sessionWithLargeFile();
        $policy = new RoundPolicy(5);
        $estimated = $policy->beforeBoot($session, self::settings('1'));
        self::assertNotNull($estimated);
        $session->add($estimated);
        $booted = $session->result();
        // The boot of the fitted plan overflows the interned-string buffer by 5%.
        $report = self::overflowing(new OpcacheRoom(48576, 1048576, 1050000, 0, 0, 0), Severity::Warning);

        $round = $policy->next($report, $session)->adds;

        self::assertInstanceOf(FitRound::class, $round);
        self::assertSame(2, $round->rows[0]->round);
        self::assertFalse($round->rows[0]->estimated);
        self::assertSame(\count($booted->plan->included) + 1, $round->rows[0]->plannedFiles, 'the whole plan\'s');
        self::assertNull($round->rows[0]->neededValue, 'no boot measured what the whole plan needs');
        $session->add($round);
        self::assertNotNull(
            $policy->fittedReport($report, $booted, $session, $round),
            'the estimated fit is no fit whose estimate was off: the boot tells enough',
        );
    }

    public function testWithoutFittingAnOverflowIsReportedNotFitted(): void
    {
        self::assertTrue((new RoundPolicy(5, fit: false))->next(self::overflowing(), self::session())->stops());
    }

    private static function session(?SeedStrategy $strategy = null): GenerateSession
    {
        return GenerateSession::start(
            new PlanPipeline(new FakeProcessRunner()),
            new PlanRequest(FixtureProjects::path('clean')),
            new PlanOptions(),
            $strategy,
        );
    }

    /** The clean project with a file of about 700 KB of source more. */
    private function sessionWithLargeFile(): GenerateSession
    {
        $this->directory ??= new TemporaryDirectory();
        $root = $this->directory->path.'/clean';
        if (!is_dir($root)) {
            FixtureProjects::copy('clean', $this->directory);
            file_put_contents(
                $this->largeFile(),
                "<?php\n\nnamespace App;\n\nfinal class Large\n{\n    public const TEXT = '".str_repeat('x', 700000)."';\n}\n",
            );
        }

        return GenerateSession::start(
            new PlanPipeline(new FakeProcessRunner()),
            new PlanRequest($root),
            new PlanOptions(),
        );
    }

    private function largeFile(): string
    {
        return (string) realpath((string) $this->directory?->path).'/clean/src/Large.php';
    }

    /** PHP's settings with this opcache.memory_consumption (MB; null: not known). */
    private static function settings(?string $memory): PhpSettings
    {
        return new PhpSettings(
            '/etc/php/php.ini',
            'test',
            null,
            null === $memory ? [] : ['opcache.memory_consumption' => $memory],
        );
    }

    private static function unlinked(): VerificationReport
    {
        return self::report(
            [new StartupMessage(Severity::Warning, 'Can\'t preload unlinked class '.
                ''.self::HOME.': Unknown parent Missing')],
            [new UnlinkedClass(self::HOME, 'Unknown parent Missing')],
        );
    }

    private static function overflowing(?OpcacheRoom $room = null, Severity $severity = Severity::Notice): VerificationReport
    {
        $finding = new Finding(
            $severity,
            'the interned-string buffer overflowed',
            'opcache.interned_strings_buffer',
            '8',
        );

        return self::report(findings: [$finding], room: $room ?? new OpcacheRoom(0, 1048576, 8 * 1048576, 0, 0, 0));
    }

    /**
     * @param list<StartupMessage> $messages
     * @param list<UnlinkedClass>  $unlinked
     * @param list<Finding>        $findings
     */
    private static function report(
        array $messages = [],
        array $unlinked = [],
        array $findings = [],
        int $memory = 100000,
        ?OpcacheRoom $room = null,
    ): VerificationReport {
        $settings = new PhpSettings('/etc/php/php.ini', 'test', null, ['opcache.interned_strings_buffer' => '1']);
        $php = new PhpInstallation('php', null, $settings);

        return new VerificationReport(
            scriptPath: '/app/preload.php',
            php: $php,
            boot: new BootOutcome(commandLine: 'php', phpVersion: '8.2.0', booted: true, exitCode: 0),
            preloaded: new PreloadFigures(2, 2, 0, $memory, 0, 0),
            startup: new StartupTime(0.01),
            messages: $messages,
            unlinkedClasses: $unlinked,
            findings: $findings,
            room: $room,
        );
    }
}

/** Chooses every safe file, within a budget. */
final class EverySafeFile implements SeedStrategy
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
