<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Deploy\PreloadStatus;
use Preheat\Doctor\DoctorReport;
use Preheat\Doctor\Finding\Finding;
use Preheat\Doctor\Finding\Severity as DoctorSeverity;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;
use Preheat\Report\Deploy\StatusTextRenderer;
use Preheat\Report\Doctor\DoctorTextRenderer;
use Preheat\Report\Renderer;
use Preheat\Report\VerificationTextRenderer;
use Preheat\Report\VerifiedScript;
use Preheat\Script\Verify\Severity;
use Preheat\Script\Verify\StartupMessage;
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

    /** @return iterable<string, array{Renderer<object>, object, string}> */
    public static function verdicts(): iterable
    {
        $status = new StatusTextRenderer();
        $doctor = new DoctorTextRenderer();
        $verify = new VerificationTextRenderer();
        yield 'status FRESH' => [$status, self::statusReport([]), self::GREEN.'FRESH'.self::RESET.':'];
        yield 'status STALE' => [$status, self::statusReport(['php-fpm preloaded another version']), self::YELLOW.'STALE'.self::RESET.':'];
        yield 'doctor ERROR' => [$doctor, self::doctorReport(DoctorSeverity::Error), self::RED.'[ERROR]'.self::RESET.' it breaks'];
        yield 'doctor WARNING' => [$doctor, self::doctorReport(DoctorSeverity::Warning), self::YELLOW.'[WARNING]'.self::RESET.' it breaks'];
        yield 'doctor, no findings' => [$doctor, self::doctorReport(null), self::GREEN.'No findings.'.self::RESET];
        yield 'verify OK' => [$verify, self::verifiedReport([]), ': '.self::GREEN.'OK'.self::RESET];
        yield 'verify PASSED WITH WARNINGS' => [
            $verify,
            self::verifiedReport([new StartupMessage(Severity::Warning, 'Something')]),
            ': '.self::YELLOW.'PASSED WITH 1 WARNING(S)'.self::RESET.' (not clean',
        ];
        yield 'verify FAILED' => [
            $verify,
            self::verifiedReport([new StartupMessage(Severity::Fatal, 'Cannot declare class Foo')]),
            ': '.self::RED.'FAILED'.self::RESET,
        ];
    }

    /** @param Renderer<object> $renderer */
    #[DataProvider('verdicts')]
    public function testAVerdictIsColouredOnATerminalAndPlainElsewhere(Renderer $renderer, object $report, string $coloured): void
    {
        $plain = (string) preg_replace('/\e\[[\d;]*m/', '', $coloured);

        self::assertStringContainsString($coloured, self::written($renderer, $report, true));
        $undecorated = self::written($renderer, $report, false);
        self::assertStringContainsString($plain, $undecorated);
        self::assertStringNotContainsString("\e[", $undecorated);
    }

    public function testANoticeAndTheRestOfTheLinesArePlain(): void
    {
        $text = self::written(new DoctorTextRenderer(), self::doctorReport(DoctorSeverity::Notice), true);

        self::assertStringContainsString("\n[NOTICE] it breaks", $text);
        self::assertStringNotContainsString("\e[", $text, 'a notice asks for nothing: no colour');
    }

    /** @return iterable<string, array{Renderer<object>, object}> */
    public static function tagsInValues(): iterable
    {
        yield 'status: a script path' => [new StatusTextRenderer(), self::statusReport(['php-fpm preloaded <error>x</error>'], '/srv/<error>app</error>/preload.php')];
        yield 'doctor: a finding' => [new DoctorTextRenderer(), self::doctorReport(DoctorSeverity::Warning, '/srv/<error>app</error>/preload.php')];
        yield 'verify: the script and a message' => [
            new VerificationTextRenderer(),
            self::verifiedReport([new StartupMessage(Severity::Fatal, 'Cannot declare class <info>', '/srv/<error>app</error>/a.php', 3)], '/srv/<error>app</error>/preload.php'),
        ];
    }

    /** @param Renderer<object> $renderer */
    #[DataProvider('tagsInValues')]
    public function testATagInANameOrPathIsPrintedAsItIs(Renderer $renderer, object $report): void
    {
        foreach ([true, false] as $decorated) {
            $text = self::written($renderer, $report, $decorated);

            self::assertStringContainsString('/srv/<error>app</error>/', $text);
            self::assertStringNotContainsString('\\<', $text);
            self::assertStringNotContainsString("\e[37;41m", $text, 'Symfony\'s error style is not applied');
        }
    }

    /** @param Renderer<object> $renderer */
    private static function written(Renderer $renderer, object $report, bool $decorated): string
    {
        $output = new BufferedOutput(OutputInterface::VERBOSITY_NORMAL, $decorated);
        $renderer->write($report, $output);

        return $output->fetch();
    }

    /** @param list<string> $problems */
    private static function statusReport(array $problems, string $script = '/srv/app/preload.php'): PreloadStatus
    {
        return new PreloadStatus('127.0.0.1:9000', $script, '8.2.30', $script, null, null, 3, $problems, [] === $problems ? null : PreloadStatus::RESTART);
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
        $report = new VerificationReport($script, 'php', $php, '8.2.30', !$fatal, $fatal ? 255 : 0, 2, 2, 0, 1000, 0, 0, 0.01, $messages, []);

        return new VerifiedScript($report, false);
    }
}
