<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Config\BenchOverrides;
use Preheat\Bench\Config\ServeOverrides;
use Preheat\Bench\Gate\BodyMasker;
use Preheat\Bench\Gate\CorrectnessGate;
use Preheat\Bench\Gate\GateResult;
use Preheat\Process\SymfonyProcessRunner;
use Preheat\Server\PageFetcher;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\Serve\RuntimeRegistry;
use Preheat\Server\Worker\WorkerLauncher;
use Preheat\Server\WorkerSettings;
use Preheat\Tests\Support\BenchConfigs;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Worker\WorkerAdapter;
use Symfony\Component\Process\Process;

/**
 * The blog's four pages (Eloquent and Blade, a post, the JSON API, the form with its CSRF token and
 * session) from php-fpm and from the persistent workers' Laravel adapter, compared by the bench's own
 * gate: php-fpm's pages are the baseline, the workers' must match them. The blog is the Laravel 8 corpus
 * app (bench/corpus/apps/laravel8), the demo's pages on Debian's Laravel (php-laravel-framework): it sets
 * up in seconds with no download. The demo itself (the same pages on a Composer-installed Laravel 12)
 * shows the same through its ladder's ceiling rung, which the gate checks too.
 */
#[Group('integration')]
final class WorkerDemoPagesTest extends TestCase
{
    private TemporaryDirectory $directory;
    private ProcessSupervisor $supervisor;
    private BenchConfig $config;

    protected function setUp(): void
    {
        if (!is_dir('/usr/share/php/Illuminate/Foundation')) {
            self::markTestSkipped('Debian\'s Laravel (php-laravel-framework) is not installed: scripts/install-deps.sh test');
        }
        if (!\extension_loaded('pdo_sqlite')) {
            self::markTestSkipped('the blog\'s database needs PHP\'s SQLite driver (php8.2-sqlite3): scripts/install-deps.sh test');
        }
        $this->directory = new TemporaryDirectory();
        chmod($this->directory->path, 0755);
        $demo = $this->directory->path.'/blog';
        (new Process(['cp', '-R', \dirname(__DIR__, 2).'/bench/corpus/apps/laravel8/app', $demo]))->mustRun();
        (new Process(['rm', '-rf', $demo.'/.env', $demo.'/database/database.sqlite', $demo.'/report']))->mustRun();
        $asRoot = 0 === posix_geteuid();
        (new Process([$demo.'/setup.sh'], $demo, ['PHP' => \PHP_BINARY] + ($asRoot ? ['WEB_USER' => 'www-data'] : []), null, 300))->mustRun();
        $this->supervisor = new ProcessSupervisor(new SymfonyProcessRunner(), false);
        $this->config = BenchConfigs::loader()->load($demo, null, new BenchOverrides(serve: new ServeOverrides(workers: 2)));
    }

    protected function tearDown(): void
    {
        if (isset($this->supervisor)) {
            $this->supervisor->stopAll();
            $this->directory->remove();
            self::assertSame([], BenchProcesses::leftBehind(), 'no php-fpm, nginx or worker may be left');
        }
    }

    public function testTheWorkersServeTheDemosPagesAsPhpFpmDoes(): void
    {
        $result = $this->gate(new WorkerSettings($this->config->serve->projectRoot));

        self::assertTrue($result->passed(), implode("\n", $result->problems));
        self::assertCount(4, $this->config->urls);
    }

    public function testTheGateWouldSeeAWorkerThatGetsThePagesWrong(): void
    {
        // Plain scripts run public/index.php on every request: Laravel's require_once of bootstrap/app.php
        // gives nothing the second time, so pages break, and the comparison must say so.
        $result = $this->gate(new WorkerSettings($this->config->serve->projectRoot, WorkerAdapter::Plain));

        self::assertFalse($result->passed());
    }

    private function gate(WorkerSettings $worker): GateResult
    {
        $serve = $this->config->serve;
        $php = $serve->installation(new SymfonyProcessRunner());
        $fpm = $serve->kinds(RuntimeRegistry::standard(), $php, $this->supervisor)->get('fpm');
        self::assertNotNull($fpm);
        $workers = new WorkerLauncher($this->supervisor, $serve->stack($php), $worker);
        $fpmRuntime = $fpm->start('fpm', $this->scenario('fpm'), null);
        $workerRuntime = $workers->start('worker', $this->scenario('worker'), null);
        $gate = new CorrectnessGate(new PageFetcher(), new BodyMasker([]));

        $baseline = $gate->baseline('fpm', $this->config->urls, static fn (string $path): string => $fpmRuntime->url($path));
        self::assertSame([], $baseline->result->problems, 'php-fpm serves the demo');

        return $gate->check('worker', $this->config->urls, static fn (string $path): string => $workerRuntime->url($path), $baseline);
    }

    private function scenario(string $name): string
    {
        $directory = $this->directory->path.'/'.$name;
        mkdir($directory);

        return $directory;
    }
}
