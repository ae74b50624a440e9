<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Script\Generate;

use PHPUnit\Framework\TestCase;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\PlanPipeline;
use Preheat\Plan\PlanRequest;
use Preheat\Plan\PlanResult;
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

/**
 * A recorded run's constraints, resumed at once (as an unchanged re-run does), plan what the rounds came to one by
 * one: the same files, the same files left out for the same reasons, the same rounds to report.
 */
final class GenerateSessionTest extends TestCase
{
    public function testResumingTheRecordedConstraintsPlansWhatTheRoundsPlanned(): void
    {
        $pipeline = new PlanPipeline(new FakeProcessRunner());
        $request = new PlanRequest(FixtureProjects::path('clean'));
        $policy = new RoundPolicy(5);
        $rounds = GenerateSession::start($pipeline, $request, new PlanOptions());
        $constraints = [];
        foreach ([self::unlinked(), self::overflowing()] as $report) {
            $constraint = $policy->next($report, $rounds)->adds;
            self::assertNotNull($constraint);
            $constraints[] = $constraint;
            $rounds->add($constraint);
        }

        $resumed = GenerateSession::resume($pipeline, $request, new PlanOptions(), null, $constraints);
        $replayed = GenerateSession::start($pipeline, $request, new PlanOptions())->replaying($constraints);

        foreach ([$resumed, $replayed] as $session) {
            self::assertSame(self::described($rounds->result()), self::described($session->result()));
            self::assertEquals($rounds->fixRounds(), $session->fixRounds());
            self::assertEquals($rounds->capacityRounds(), $session->capacityRounds());
        }
        self::assertNotSame([], $rounds->capacityRounds());
        self::assertNotSame([], $rounds->fixRounds());
    }

    public function testWithoutConstraintsResumingIsStarting(): void
    {
        $pipeline = new PlanPipeline(new FakeProcessRunner());
        $request = new PlanRequest(FixtureProjects::path('clean'));

        self::assertSame(
            self::described(GenerateSession::start($pipeline, $request, new PlanOptions())->result()),
            self::described(GenerateSession::resume($pipeline, $request, new PlanOptions(), null, [])->result()),
        );
    }

    /** @return array{list<string>, list<string>} the planned files, and each file left out with its reason */
    private static function described(PlanResult $result): array
    {
        return [
            array_map(static fn ($f): string => $f->path, $result->plan->included),
            array_values(array_map(
                static fn ($f): string => $f->path.': '.$f->exclusion->reason->value.' '.$f->exclusion->message,
                $result->plan->droppedFiles,
            )),
        ];
    }

    private static function unlinked(): VerificationReport
    {
        $home = 'App\Controller\HomeController';

        return self::report(
            [new StartupMessage(Severity::Warning, 'Can\'t preload unlinked class '.$home.': Unknown parent Missing')],
            [new UnlinkedClass($home, 'Unknown parent Missing')],
        );
    }

    private static function overflowing(): VerificationReport
    {
        $finding = new Finding(Severity::Warning, 'overflowed', 'opcache.interned_strings_buffer', '8');

        return self::report([], [], [$finding], new OpcacheRoom(0, 1048576, 2 * 1048576, 0, 0, 0));
    }

    /**
     * @param list<StartupMessage> $messages
     * @param list<UnlinkedClass>  $unlinked
     * @param list<Finding>        $findings
     */
    private static function report(
        array $messages,
        array $unlinked,
        array $findings = [],
        ?OpcacheRoom $room = null,
    ): VerificationReport {
        $settings = new PhpSettings('/etc/php/php.ini', 'test', null, ['opcache.interned_strings_buffer' => '1']);

        return new VerificationReport(
            scriptPath: '/app/preload.php',
            php: new PhpInstallation('php', null, $settings),
            boot: new BootOutcome(commandLine: 'php', phpVersion: '8.2.0', booted: true, exitCode: 0),
            preloaded: new PreloadFigures(2, 2, 0, 100000, 0, 0),
            startup: new StartupTime(0.01),
            messages: $messages,
            unlinkedClasses: $unlinked,
            findings: $findings,
            room: $room,
        );
    }
}
