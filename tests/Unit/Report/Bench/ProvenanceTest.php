<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Report\Bench;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Result\Environment;
use Preheat\Bench\Result\LoadTool;
use Preheat\Bench\Result\Machine;
use Preheat\Bench\Result\OpcacheSettings;
use Preheat\Bench\Result\PhpSetup;
use Preheat\Bench\Result\RoundPlan;
use Preheat\Report\Bench\Provenance;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Version;
use Symfony\Component\Process\Process;

final class ProvenanceTest extends TestCase
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

    public function testTheRunsEnvironmentTimeAndPreheatVersion(): void
    {
        $provenance = Provenance::collect(
            self::environment(),
            $this->directory->path,
            new \DateTimeImmutable('2026-11-25 21:00:05', new \DateTimeZone('Europe/Paris')),
        );

        self::assertSame('2026-11-25T20:00:05Z', $provenance->time, 'in UTC');
        self::assertSame(Version::VERSION, $provenance->preheat);
        self::assertSame('8.2.36', $provenance->php);
        self::assertSame('8.2.36', $provenance->opcache);
        self::assertSame('AMD EPYC', $provenance->cpuModel);
        self::assertSame(2, $provenance->cores);
        self::assertSame(php_uname('s').' '.php_uname('r'), $provenance->kernel);
        self::assertNull($provenance->appRevision, 'not a git tree');
    }

    public function testTheAppsGitRevisionAndWhetherItsTreeDiffersFromIt(): void
    {
        $app = $this->directory->path;
        file_put_contents($app.'/index.php', "<?php echo 1;\n");
        $git = static fn (string ...$arguments) => (new Process(
            ['git', '-c', 'user.name=t', '-c', 'user.email=t@example.org', ...$arguments],
            $app,
        ))->mustRun();
        $git('init', '-q');
        $git('add', 'index.php');
        $git('commit', '-q', '-m', 'app');
        $head = trim($git('rev-parse', '--short=12', 'HEAD')->getOutput());

        self::assertSame($head, Provenance::collect(self::environment(), $app)->appRevision);
        file_put_contents($app.'/index.php', "<?php echo 2;\n");
        self::assertSame($head.'+changes', Provenance::collect(self::environment(), $app)->appRevision);
    }

    private static function environment(): Environment
    {
        return new Environment(
            phpSetup: new PhpSetup(
                version: '8.2.36',
                opcache: new OpcacheSettings(),
            ),
            machine: new Machine(
                cores: 2,
                cpuModel: 'AMD EPYC',
            ),
            workers: '2 (pm = static)',
            loadTool: new LoadTool(
                name: 'wrk',
                settings: 'wrk',
            ),
            roundPlan: new RoundPlan(
                rounds: 3,
                duration: 1.0,
                warmup: 0.0,
            ),
            urls: ['/'],
        );
    }
}
