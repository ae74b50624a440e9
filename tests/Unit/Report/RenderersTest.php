<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report;

use PHPUnit\Framework\TestCase;
use Preheat\Console\Application;
use Preheat\Console\Extension\Registries;
use Preheat\Deploy\PreloadStatus;
use Preheat\Doctor\DoctorReport;
use Preheat\Report\Bench\BenchReport;
use Preheat\Report\ExplainReport;
use Preheat\Report\Formats\Renderers;
use Preheat\Report\GenerateReport;
use Preheat\Report\RecorderSetupReport;
use Preheat\Report\Renderer;
use Preheat\Report\UsageMergeReport;
use Preheat\Report\UsageReport;
use Preheat\Report\VerifiedScript;
use Preheat\Tests\Support\FakeReportFormat;
use Symfony\Component\Console\Tester\ApplicationTester;

/** The report formats: registered by name per report, chosen by `--format`, one added from outside. */
final class RenderersTest extends TestCase
{
    private const DOCTOR = __DIR__.'/../../Fixtures/doctor';

    public function testTheFormatsEachCommandOffersAsBefore(): void
    {
        $renderers = new Renderers();

        foreach ([DoctorReport::class, VerifiedScript::class, GenerateReport::class,
            ExplainReport::class, UsageMergeReport::class, RecorderSetupReport::class] as $report) {
            self::assertSame(['text', 'json'], $renderers->formats($report), $report);
        }
        // Monitoring: status and usage also speak OpenMetrics and Prometheus' text format 0.0.4.
        foreach ([PreloadStatus::class, UsageReport::class] as $report) {
            self::assertSame(['text', 'json', 'openmetrics', 'prometheus'], $renderers->formats($report), $report);
        }
        self::assertSame(['text', 'md', 'json'], $renderers->formats(BenchReport::class));
        self::assertSame([], $renderers->formats(self::class), 'no report, no format');
    }

    public function testWithAddsAFormatToACopyOnly(): void
    {
        $renderers = new Renderers();
        $more = $renderers->with(DoctorReport::class, 'fake', static fn (): Renderer => new FakeReportFormat());

        self::assertSame(['text', 'json', 'fake'], $more->formats(DoctorReport::class));
        self::assertSame(['text', 'json'], $renderers->formats(DoctorReport::class));
    }

    public function testAFormatRegisteredThroughTheRegistryAloneRunsThroughTheCommand(): void
    {
        $registries = Registries::standard()
            ->withFormat(DoctorReport::class, 'fake', static fn (): Renderer => new FakeReportFormat());
        $application = new Application($registries);
        $application->setAutoExit(false);
        $tester = new ApplicationTester($application);

        $code = $tester->run([
            'command' => 'doctor',
            '--ini' => self::DOCTOR.'/undersized/php.ini',
            '--pool' => [self::DOCTOR.'/undersized/pool.d/www.conf'],
            '--project' => self::DOCTOR.'/apps/plain',
            '--format' => 'fake',
        ], ['capture_stderr_separately' => true]);

        self::assertSame(4, $code, $tester->getErrorOutput());
        $help = new ApplicationTester($application);
        $help->run(['command' => 'doctor', '--help' => true]);
        self::assertStringContainsString('text, json or fake', $help->getDisplay(), 'the help names the new format');
        // The fake's one line, nothing else: the command wrote the report through the chosen format only.
        self::assertMatchesRegularExpression(
            '/^fake: [a-z0-9,-]*preload-missing[a-z0-9,-]*; worst error\n$/',
            $tester->getDisplay(),
        );
    }

    public function testChoicesReadAsAList(): void
    {
        $renderers = new Renderers();

        self::assertSame('text or json', $renderers->choices(DoctorReport::class));
        self::assertSame('text, md or json', $renderers->choices(BenchReport::class));
    }

    public function testTheFormatOptionNamesTheRegisteredFormats(): void
    {
        $application = new Application();
        $application->setAutoExit(false);
        $tester = new ApplicationTester($application);

        $code = $tester->run(['command' => 'doctor', '--format' => 'fake'], ['capture_stderr_separately' => true]);

        self::assertSame(2, $code);
        self::assertStringContainsString('--format=fake is not one of text, json.', $tester->getErrorOutput());
    }
}
