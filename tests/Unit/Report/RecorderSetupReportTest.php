<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report;

use PHPUnit\Framework\TestCase;
use Preheat\Console\Application;
use Preheat\Console\Extension\Registries;
use Preheat\Report\RecorderSetupReport;
use Preheat\Report\Renderer;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Console\Output\OutputInterface;
use Symfony\Component\Console\Tester\ApplicationTester;

/**
 * `record`'s report is a report model of the format registry: a format added to it alone is one `record --format`
 * offers and writes with, handed the report with each fix already naming the option that sets its setting.
 */
final class RecorderSetupReportTest extends TestCase
{
    private TemporaryDirectory $project;

    protected function setUp(): void
    {
        $this->project = new TemporaryDirectory('preheat-record-report-');
    }

    protected function tearDown(): void
    {
        $this->project->remove();
    }

    public function testAFormatRegisteredThroughTheRegistryAloneWritesRecordsReport(): void
    {
        $format = new KeptRecorderSetupReports();
        $application = new Application(
            Registries::standard()->withFormat(RecorderSetupReport::class, 'fake', static fn (): Renderer => $format),
        );
        $application->setAutoExit(false);
        // A buffer directory that is a file: a problem whose fix changes a setting, which has an option of record.
        $notADirectory = $this->project->path.'/not-a-directory';
        touch($notADirectory);
        $user = (posix_getpwuid(posix_geteuid()) ?: ['name' => 'root'])['name'];

        $tester = new ApplicationTester($application);
        $code = $tester->run([
            'command' => 'record',
            '--project' => $this->project->path,
            '--buffer-dir' => $notADirectory,
            '--pool-user' => $user,
            '--format' => 'fake',
        ], ['capture_stderr_separately' => true]);

        self::assertSame(0, $code, $tester->getErrorOutput());
        self::assertSame("fake: 1 problem(s)\n", $tester->getDisplay(), 'written by the fake format alone');
        self::assertCount(1, $format->reports);
        $problems = $format->reports[0]->problems;
        self::assertCount(1, $problems);
        self::assertSame('choose a buffer directory of '.$user.' only (option --buffer-dir)', $problems[0]->fix);
        self::assertNull($problems[0]->setting, 'the fix names its option already');

        $help = new ApplicationTester($application);
        $help->run(['command' => 'record', '--help' => true]);
        self::assertStringContainsString('text, json or fake', $help->getDisplay(), 'the help names the new format');
    }
}

/**
 * A format of record's report Preheat does not ship: one line, and the reports it was given kept.
 *
 * @implements Renderer<RecorderSetupReport>
 */
final class KeptRecorderSetupReports implements Renderer
{
    /** @var list<RecorderSetupReport> */
    public array $reports = [];

    public function write(object $report, OutputInterface $output): void
    {
        $this->reports[] = $report;
        $output->writeln('fake: '.\count($report->problems).' problem(s)');
    }
}
