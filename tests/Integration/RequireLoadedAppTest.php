<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\PreheatProcess;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Usage\FileUsageStore;
use Preheat\Usage\UsageBatch;
use Symfony\Component\Process\Process;

/**
 * An app that loads its core with require (tests/Fixtures/bench/require-app, in the style of a
 * blogging CMS without Composer), end to end: trace keeps the core files whose top level runs code,
 * leaves out the file a function_exists()-guarded include reaches and the class file an autoloader
 * loads, and the pages stay identical to no preloading on real php-fpm + nginx.
 */
#[Group('integration')]
final class RequireLoadedAppTest extends TestCase
{
    private TemporaryDirectory $directory;
    private string $app;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        $this->app = $this->directory->path.'/app';
        (new Process(['cp', '-R', \dirname(__DIR__).'/Fixtures/bench/require-app', $this->app]))->mustRun();
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
        self::assertSame([], BenchProcesses::leftBehind());
    }

    public function testTracePreloadsTheRequiredCoreAndNotTheGuardedOrAutoloadedFiles(): void
    {
        [$paths, $process] = PreheatProcess::json(['generate', '--project='.$this->app, '--path=.', '--no-cache', '--strict', '--output='.$this->app.'/paths.php']);
        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertSame(['wp-includes/kses.php', 'wp-includes/template.php'], $this->sorted(array_column($paths['plan']['included'], 'file')), 'without traffic, side effects keep the core out');

        [$trace, $process] = PreheatProcess::json(['generate', '--project='.$this->app, '--path=.', '--strategy=trace', '--url=/', '--no-cache', '--strict']);
        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        $included = array_column($trace['plan']['included'], null, 'file');
        self::assertSame([
            'wp-includes/class-wp-post.php', 'wp-includes/formatting.php', 'wp-includes/kses.php',
            'wp-includes/load.php', 'wp-includes/plugin.php', 'wp-includes/template.php',
        ], $this->sorted(array_keys($included)));
        self::assertStringContainsString('every one of its 3 load(s) in the traced requests was an explicit require or include outside any autoloader', $included['wp-includes/load.php']['keptBecause']);
        self::assertSame(1, $trace['verification']['preloaded']['classes']);

        $dropped = array_column($trace['plan']['dropped'], null, 'file');
        self::assertStringContainsString('the include on line 14 of wp-includes/load.php runs only depending on a check that asks whether __ exists, which this file declares', $dropped['wp-includes/l10n.php']['message']);
        self::assertStringContainsString('loaded it from inside an autoloader', $dropped['wp-includes/class-wp-widget-cache.php']['message']);
    }

    public function testThePagesStayIdenticalAndPreloadingTheGuardedFilesWouldChangeThem(): void
    {
        // What a naive script would do: also preload the files the guard and the autoloader reach.
        $naive = $this->app.'/naive-preload.php';
        file_put_contents($naive, "<?php\nforeach (glob(__DIR__.'/wp-includes/*.php') as \$file) {\n    opcache_compile_file(\$file);\n}\n");

        $process = new Process([
            \PHP_BINARY, \dirname(__DIR__, 2).'/bin/preheat', 'bench', '--project='.$this->app, '--format=json',
            '--scenario=none', '--scenario=trace', '--scenario=naive='.$naive, '--url=/',
            '--rounds=1', '--max-time=0', '--duration=1', '--warmup=0', '--concurrency=1', '--workers=1',
        ], null, null, null, 180);
        $process->run();
        $report = json_decode($process->getOutput(), true);

        self::assertIsArray($report, $process->getErrorOutput());
        $scenarios = array_column($report['scenarios'], null, 'name');
        self::assertTrue($scenarios['trace']['measured'], 'trace: '.json_encode($scenarios['trace']['problems']));
        self::assertSame(1, $scenarios['trace']['preload']['classes']);
        self::assertFalse($scenarios['naive']['measured'], 'preloading l10n.php and the autoloaded widget cache changes the page');
        self::assertStringContainsString('l10n.php did not run', json_encode($scenarios['naive']['problems']) ?: '');
        self::assertSame(1, $process->getExitCode(), 'a broken scenario fails the run');
    }

    public function testHotFromAStoreKeepsWhatTheRecordedRequestsOnlyRequired(): void
    {
        $store = $this->directory->path.'/usage.log';
        $files = array_map(fn (string $f): string => $this->app.'/'.$f, ['index.php', 'wp-settings.php', 'wp-includes/load.php', 'wp-includes/plugin.php', 'wp-includes/template.php', 'wp-includes/class-wp-widget-cache.php']);
        // A store of format 1 (no "required" counts) carries no evidence: the same traffic keeps nothing with side effects.
        file_put_contents($this->directory->path.'/old.log', json_encode(['v' => 1, 'server' => 'web-1', 'pid' => 1, 'from' => 1, 'to' => 2, 'requests' => 10, 'files' => array_fill_keys($files, 10)], \JSON_UNESCAPED_SLASHES)."\n");
        (new FileUsageStore($store))->append(new UsageBatch(10, array_fill_keys($files, 10), 1, 2, 'web-1', 0, array_fill_keys(\array_slice($files, 0, 5), 10)));

        [$old, $process] = PreheatProcess::json(['generate', '--project='.$this->app, '--path=.', '--strategy=hot', '--usage='.$this->directory->path.'/old.log', '--no-cache', '--strict']);
        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertSame(['wp-includes/template.php'], array_column($old['plan']['included'], 'file'));

        [$hot, $process] = PreheatProcess::json(['generate', '--project='.$this->app, '--path=.', '--strategy=hot', '--usage='.$store, '--no-cache', '--strict']);
        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertSame(['wp-includes/load.php', 'wp-includes/plugin.php', 'wp-includes/template.php'], $this->sorted(array_column($hot['plan']['included'], 'file')));
        self::assertStringContainsString('not safe to preload: top-level side effects', $hot['selection']['skipped'][$this->app.'/wp-includes/class-wp-widget-cache.php']);
    }

    public function testExplainWithAUsageStoreSaysWhyAFileWithSideEffectsIsIn(): void
    {
        $store = $this->directory->path.'/usage.log';
        $files = array_map(fn (string $f): string => $this->app.'/'.$f, ['index.php', 'wp-settings.php', 'wp-includes/load.php', 'wp-includes/plugin.php', 'wp-includes/class-wp-widget-cache.php']);
        $required = array_fill_keys(\array_slice($files, 0, 4), 10);
        (new FileUsageStore($store))->append(new UsageBatch(10, array_fill_keys($files, 10), 1_700_000_000, 1_700_000_060, 'web-1', 0, $required));

        $in = PreheatProcess::run(['explain', 'wp-includes/plugin.php', '--project='.$this->app, '--path=.', '--no-cache', '--usage='.$store]);
        self::assertSame(0, $in->getExitCode(), $in->getErrorOutput());
        self::assertStringContainsString('IN  wp-includes/plugin.php (wp-includes/plugin.php) is preloaded.', $in->getOutput());
        self::assertStringContainsString('kept because it runs code when included (assigns a variable on line 3), but every one of its 10 load(s) in the recorded requests was an explicit require or include outside any autoloader', $in->getOutput());

        $autoloaded = PreheatProcess::run(['explain', 'WP_Widget_Cache', '--project='.$this->app, '--path=.', '--no-cache', '--usage='.$store]);
        self::assertStringContainsString('OUT WP_Widget_Cache (wp-includes/class-wp-widget-cache.php) is not preloaded.', $autoloaded->getOutput());
        self::assertStringContainsString('not kept as only ever required: the recorded requests loaded it from inside an autoloader, or could not tell', $autoloaded->getOutput());

        $without = PreheatProcess::run(['explain', 'wp-includes/plugin.php', '--project='.$this->app, '--path=.', '--no-cache']);
        self::assertStringContainsString('OUT wp-includes/plugin.php', $without->getOutput(), 'without usage, side effects keep it out');
    }

    /**
     * @param list<string> $files
     *
     * @return list<string>
     */
    private function sorted(array $files): array
    {
        sort($files);

        return $files;
    }
}
