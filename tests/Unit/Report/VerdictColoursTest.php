<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Deploy\PreloadStatus;
use Preheat\Deploy\ScriptVersions;
use Preheat\Doctor\DoctorReport;
use Preheat\Doctor\Finding\Finding;
use Preheat\Doctor\Finding\Severity as DoctorSeverity;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;
use Preheat\Report\Deploy\StatusTextRenderer;
use Preheat\Report\Doctor\DoctorTextRenderer;
use Preheat\Report\VerificationTextRenderer;
use Preheat\Report\VerifiedScript;
use Preheat\Script\Verify\BootOutcome;
use Preheat\Script\Verify\PreloadFigures;
use Preheat\Script\Verify\Severity;
use Preheat\Script\Verify\StartupMessage;
use Preheat\Script\Verify\StartupTime;
use Preheat\Script\Verify\VerificationReport;
use Preheat\Tests\Unit\Doctor\DoctorFixtures;
use Symfony\Component\Console\Output\BufferedOutput;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * Verdicts in colour on a terminal (--ansi), the same words without it (a pipe, --no-ansi, NO_COLOR), and a name or
 * path that holds a console tag printed as it is, in both.
 */
final class VerdictColoursTest extends TestCase
{
    private const GREEN = "\e[32;1m";
    private const YELLOW = "\e[33;1m";
    private const RED = "\e[31;1m";
    private const RESET = "\e[39;22m";

    /** @return iterable<string, array{\Closure(OutputInterface): void, string}> */
    public static function verdicts(): iterable
    {
        yield 'status FRESH' => [self::statusWriter([]), self::GREEN.'FRESH'.self::RESET.':'];
        yield 'status STALE' => [self::statusWriter(['php-fpm preloaded another version']), self::YELLOW.'STALE'.self::RESET.':'];
        yield 'doctor ERROR' => [self::doctorWriter(DoctorSeverity::Error), self::RED.'[ERROR]'.self::RESET.' it breaks'];
        yield 'doctor WARNING' => [self::doctorWriter(DoctorSeverity::Warning), self::YELLOW.'[WARNING]'.self::RESET.' it breaks'];
        yield 'doctor, no findings' => [self::doctorWriter(null), self::GREEN.'No findings.'.self::RESET];
        yield 'verify OK' => [self::verifiedWriter([]), ': '.self::GREEN.'OK'.self::RESET];
        yield 'verify PASSED WITH WARNINGS' => [
            self::verifiedWriter([new StartupMessage(Severity::Warning, 'Something')]),
            ': '.self::YELLOW.'PASSED WITH 1 WARNING(S)'.self::RESET.' (not clean',
        ];
        yield 'verify FAILED' => [
            self::verifiedWriter([new StartupMessage(Severity::Fatal, 'Cannot declare class Foo')]),
            ': '.self::RED.'FAILED'.self::RESET,
        ];
    }

    /** @param \Closure(OutputInterface): void $write */
    #[DataProvider('verdicts')]
    public function testAVerdictIsColouredOnATerminalAndPlainElsewhere(\Closure $write, string $coloured): void
    {
        $plain = (string) preg_replace('/\e\[[\d;]*m/', '', $coloured);

        self::assertStringContainsString($coloured, self::written($write, true));
        $undecorated = self::written($write, false);
        self::assertStringContainsString($plain, $undecorated);
        self::assertStringNotContainsString("\e[", $undecorated);
    }

    public function testANoticeAndTheRestOfTheLinesArePlain(): void
    {
        $text = self::written(self::doctorWriter(DoctorSeverity::Notice), true);

        self::assertStringContainsString("\n[NOTICE] it breaks", $text);
        self::assertStringNotContainsString("\e[", $text, 'a notice asks for nothing: no colour');
    }

    /** @return iterable<string, array{\Closure(OutputInterface): void}> */
    public static function tagsInValues(): iterable
    {
        $path = '/srv/<error>app</error>/preload.php';
        yield 'status: a script path' => [self::statusWriter(['php-fpm preloaded <error>x</error>'], $path)];
        yield 'doctor: a finding' => [self::doctorWriter(DoctorSeverity::Warning, $path)];
        yield 'verify: the script and a message' => [
            self::verifiedWriter([new StartupMessage(Severity::Fatal, 'Cannot declare class <info>', '/srv/<error>app</error>/a.php', 3)], $path),
        ];
    }

    /** @param \Closure(OutputInterface): void $write */
    #[DataProvider('tagsInValues')]
    public function testATagInANameOrPathIsPrintedAsItIs(\Closure $write): void
    {
        foreach ([true, false] as $decorated) {
            $text = self::written($write, $decorated);

            self::assertStringContainsString('/srv/<error>app</error>/', $text);
            self::assertStringNotContainsString('\\<', $text);
            self::assertStringNotContainsString("\e[37;41m", $text, 'Symfony\'s error style is not applied');
        }
    }

    /** @param \Closure(OutputInterface): void $write */
    private static function written(\Closure $write, bool $decorated): string
    {
        $output = new BufferedOutput(OutputInterface::VERBOSITY_NORMAL, $decorated);
        $write($output);

        return $output->fetch();
    }

    /**
     * @param list<string> $problems
     *
     * @return \Closure(OutputInterface): void
     */
    private static function statusWriter(array $problems, string $script = '/srv/app/preload.php'): \Closure
    {
        $report = self::statusReport($problems, $script);

        return static fn (OutputInterface $output) => (new StatusTextRenderer())->write($report, $output);
    }

    /** @return \Closure(OutputInterface): void */
    private static function doctorWriter(?DoctorSeverity $severity, string $detail = 'because'): \Closure
    {
        $report = self::doctorReport($severity, $detail);

        return static fn (OutputInterface $output) => (new DoctorTextRenderer())->write($report, $output);
    }

    /**
     * @param list<StartupMessage> $messages
     *
     * @return \Closure(OutputInterface): void
     */
    private static function verifiedWriter(array $messages, string $script = '/srv/app/preload.php'): \Closure
    {
        $report = self::verifiedReport($messages, $script);

        return static fn (OutputInterface $output) => (new VerificationTextRenderer())->write($report, $output);
    }

    /** @param list<string> $problems */
    private static function statusReport(array $problems, string $script = '/srv/app/preload.php'): PreloadStatus
    {
        return new PreloadStatus(
            server: '127.0.0.1:9000',
            script: $script,
            php: '8.2.30',
            preloadedScript: $script,
            versions: new ScriptVersions(running: null, onDisk: null),
            preloadedClasses: 3,
            problems: $problems,
            action: [] === $problems ? null : PreloadStatus::RESTART,
        );
    }

    private static function doctorReport(?DoctorSeverity $severity, string $detail = 'because'): DoctorReport
    {
        $findings = null === $severity ? [] : [new Finding('some-rule', $severity, 'it breaks', $detail)];

        return new DoctorReport(DoctorFixtures::server(), DoctorFixtures::app(), $findings);
    }

    /** @param list<StartupMessage> $messages */
    private static function verifiedReport(array $messages, string $script = '/srv/app/preload.php'): VerifiedScript
    {
        $php = new PhpInstallation('php', null, new PhpSettings('/etc/php/php.ini', 'test', null, []));
        $fatal = [] !== array_filter($messages, static fn (StartupMessage $m): bool => Severity::Fatal === $m->severity);
        $report = new VerificationReport(
            scriptPath: $script,
            php: $php,
            boot: new BootOutcome('php', '8.2.30', !$fatal, $fatal ? 255 : 0),
            preloaded: new PreloadFigures(2, 2, 0, 1000, 0, 0),
            startup: new StartupTime(0.01),
            messages: $messages,
            unlinkedClasses: [],
        );

        return new VerifiedScript($report, false);
    }
}
