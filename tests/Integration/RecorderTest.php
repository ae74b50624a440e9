<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Recorder\Config;
use Preheat\Tests\Support\ExpositionValidators;
use Preheat\Tests\Support\OpenMetricsParser;
use Preheat\Tests\Support\PreheatProcess;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Usage\FileUsageStore;
use Preheat\Usage\RecorderFile;
use Symfony\Component\Process\ExecutableFinder;
use Symfony\Component\Process\Process;

/**
 * The recorder as users enable it: `preheat record --install` writes the bootstrap, PHP runs it through
 * auto_prepend_file (the CLI here: one request per process), `preheat usage` reads what it recorded.
 */
#[Group('integration')]
final class RecorderTest extends TestCase
{
    private TemporaryDirectory $directory;
    private string $project;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        $this->project = $this->directory->path.'/app';
        mkdir($this->project.'/lib', 0777, true);
        mkdir($this->project.'/public');
        file_put_contents($this->project.'/lib/a.php', "<?php\nfunction a(): string { return 'a'; }\n");
        file_put_contents($this->project.'/lib/b.php', "<?php\nfunction b(): string { return 'b'; }\n");
        file_put_contents($this->project.'/public/index.php', "<?php\nrequire __DIR__.'/../lib/a.php';\nrequire __DIR__.'/../lib/b.php';\necho a().b();\n");
        file_put_contents($this->project.'/public/other.php', "<?php\nrequire __DIR__.'/../lib/a.php';\necho a();\n");
    }

    protected function tearDown(): void
    {
        // What a recorder could not write waits in a buffer under the temp dir: remove this test's.
        RecorderFile::load();
        $namespace = Config::fromArray(['store' => $this->project.'/var/usage.log'])->namespace();
        foreach (glob(Config::defaultBufferDir().'/preheat-recorder-'.$namespace.'-*.buf') ?: [] as $buffer) {
            unlink($buffer);
        }
        $this->directory->remove();
    }

    public function testRequestsThroughTheBootstrapAreRecordedAndShown(): void
    {
        $install = PreheatProcess::run(['record', '--install', '--pool-user='.self::me(), '--project='.$this->project, '--sample=1', '--batch=1']);
        self::assertSame(0, $install->getExitCode(), $install->getErrorOutput());
        $bootstrap = $this->project.'/preheat-recorder.php';
        self::assertStringContainsString('Wrote '.$bootstrap.': it records 1 request in 1 into '.$this->project.'/preheat-usage.log.', $install->getOutput());
        self::assertStringContainsString("\n    auto_prepend_file=".$bootstrap."\n", $install->getOutput());
        self::assertStringContainsString("\n    php_admin_value[auto_prepend_file] = ".$bootstrap."\n", $install->getOutput());
        self::assertStringContainsString('To stop: remove the auto_prepend_file line, reload PHP, then delete '.$bootstrap.'.', $install->getOutput());
        self::assertStringContainsString("\nThe pool's user ".self::me().' (--pool-user) can write the store and the buffer directory.', $install->getOutput());

        foreach (['index.php' => 'ab', 'index.php ' => 'ab', 'index.php  ' => 'ab', 'other.php' => 'a', 'other.php ' => 'a'] as $script => $expected) {
            $this->runPhp($bootstrap, trim($script), $expected);
        }

        $usage = (new FileUsageStore($this->project.'/preheat-usage.log'))->read();
        self::assertSame(5, $usage->requests);
        self::assertEquals([
            $this->project.'/public/index.php' => 3,
            $this->project.'/public/other.php' => 2,
            $this->project.'/lib/a.php' => 5,
            $this->project.'/lib/b.php' => 3,
        ], $usage->fileCounts, 'neither the bootstrap nor the recorder');
        self::assertSame([(string) gethostname()], $usage->servers);

        [$json, $process] = PreheatProcess::json(['usage', '--store='.$this->project.'/preheat-usage.log', '--top=2']);
        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertSame(5, $json['requests']);
        self::assertSame(4, $json['files']);
        self::assertSame([['file' => $this->project.'/lib/a.php', 'requests' => 5, 'share' => 1], ['file' => $this->project.'/lib/b.php', 'requests' => 3, 'share' => 0.6]], $json['top']);
        self::assertSame(['share' => 0.5, 'files' => 2], $json['coverage'][0]);

        $metrics = PreheatProcess::run(['usage', '--store='.$this->project.'/preheat-usage.log', '--format=openmetrics']);
        self::assertSame(0, $metrics->getExitCode(), $metrics->getErrorOutput());
        ExpositionValidators::assertValid($metrics->getOutput());
        $families = OpenMetricsParser::parse($metrics->getOutput());
        self::assertSame('5', $families['preheat_usage_requests_total']['samples'][0]['value']);
        self::assertSame('5', $families['preheat_usage_batches_total']['samples'][0]['value']);
        self::assertSame('0', $families['preheat_usage_dropped_requests_total']['samples'][0]['value']);
        self::assertSame('4', $families['preheat_usage_files']['samples'][0]['value']);
        self::assertSame($this->project.'/preheat-usage.log', $families['preheat_usage_files']['samples'][0]['labels']['store']);
        self::assertEqualsWithDelta(time(), (int) $families['preheat_usage_last_request_timestamp_seconds']['samples'][0]['value'], 120);

        $text = PreheatProcess::run(['usage', '--top=1'], $this->project);
        self::assertSame(0, $text->getExitCode(), $text->getErrorOutput());
        self::assertStringContainsString('  Requests   5 sampled, in 5 batches, from 1 server: ', $text->getOutput());
        self::assertStringContainsString('  Coverage   files that account for a share of all loads: 50%: 2 · 80%: 3 · 90%: 4 · 95%: 4 · 99%: 4 · 100%: 4', $text->getOutput());
        self::assertStringContainsString('           5  100.0%  '.$this->project.'/lib/a.php', $text->getOutput());

        // From elsewhere, --project names where the store record wrote is, as it names it for record.
        $elsewhere = PreheatProcess::run(['usage', '--top=1', '--project='.$this->project], \dirname($this->project));
        self::assertSame(0, $elsewhere->getExitCode(), $elsewhere->getErrorOutput());
        self::assertStringContainsString('  Requests   5 sampled, in 5 batches, from 1 server: ', $elsewhere->getOutput());
    }

    public function testAnAppWhoseShutdownFunctionExitsIsRecorded(): void
    {
        // The app's shutdown function runs after the recorder's first one and ends the shutdown with exit.
        file_put_contents($this->project.'/public/exits.php', "<?php\nrequire __DIR__.'/../lib/a.php';\nregister_shutdown_function(function () { require __DIR__.'/../lib/b.php'; echo b(); exit; });\necho a();\n");
        $install = PreheatProcess::run(['record', '--install', '--pool-user='.self::me(), '--project='.$this->project, '--sample=1', '--batch=1']);
        self::assertSame(0, $install->getExitCode(), $install->getErrorOutput());
        $bootstrap = $this->project.'/preheat-recorder.php';

        $this->runPhp($bootstrap, 'exits.php', 'ab');
        $cgi = (new ExecutableFinder())->find('php-cgi'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION) ?? (new ExecutableFinder())->find('php-cgi');
        self::assertNotNull($cgi, 'php-cgi is needed (Debian: php8.2-cgi)');
        $request = new Process([$cgi, '-q', '-d', 'auto_prepend_file='.$bootstrap, '-d', 'display_errors=1', '-d', 'error_reporting=-1', $this->project.'/public/exits.php']);
        $request->mustRun();
        self::assertSame('ab', $request->getOutput());

        $usage = (new FileUsageStore($this->project.'/preheat-usage.log'))->read();
        self::assertSame(2, $usage->requests, 'the CLI and php-cgi request');
        self::assertEquals([
            $this->project.'/public/exits.php' => 2,
            $this->project.'/lib/a.php' => 2,
            $this->project.'/lib/b.php' => 2,
        ], $usage->fileCounts, 'with the file the shutdown function loaded');
    }

    public function testAnAppWhoseShutdownFunctionExitsIsTracedThroughPhpFpm(): void
    {
        $app = $this->directory->path.'/bench-app';
        (new Process(['cp', '-R', \dirname(__DIR__).'/Fixtures/bench/app', $app]))->mustRun();
        $index = (string) file_get_contents($app.'/public/index.php');
        file_put_contents($app.'/public/index.php', str_replace("\n\$path = ", "\nregister_shutdown_function(static function (): void { exit; });\n\n\$path = ", $index));

        [$result, $process] = PreheatProcess::json(['generate', '--project='.$app, '--strategy=trace', '--url=/', '--no-cache', '--no-verify']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertSame(3, $result['selection']['requests'], 'every request through php-fpm was recorded');
        self::assertSame(['src/Renderable.php', 'src/Page.php', 'src/HomePage.php'], array_column($result['plan']['included'], 'file'));
    }

    public function testOnlyFilesUnderBaseAndWithApcuWhenThereIsApcu(): void
    {
        $install = PreheatProcess::run(['record', '--install', '--pool-user='.self::me(), '--project='.$this->project, '--sample=1', '--batch=1', '--base=lib']);
        self::assertSame(0, $install->getExitCode(), $install->getErrorOutput());
        $bootstrap = $this->project.'/preheat-recorder.php';

        $this->runPhp($bootstrap, 'index.php', 'ab');
        $apcu = (new Process([\PHP_BINARY, '-r', 'echo extension_loaded("apcu") ? 1 : 0;']))->mustRun()->getOutput();
        if ('1' === $apcu) {
            $this->runPhp($bootstrap, 'index.php', 'ab', ['-d', 'apc.enable_cli=1']);
        }

        $usage = (new FileUsageStore($this->project.'/preheat-usage.log'))->read();
        $runs = '1' === $apcu ? 2 : 1;
        self::assertSame($runs, $usage->requests);
        self::assertEquals([$this->project.'/lib/a.php' => $runs, $this->project.'/lib/b.php' => $runs], $usage->fileCounts);
    }

    public function testFilesOpcachePreloadedDoNotCount(): void
    {
        file_put_contents($this->project.'/lib/a.php', "<?php\nfunction a(): string { return 'a'; }\nclass A {}\n");
        file_put_contents($this->project.'/preload.php', "<?php\nopcache_compile_file(__DIR__.'/lib/a.php');\n");
        file_put_contents($this->project.'/public/index.php', "<?php\nrequire_once __DIR__.'/../lib/a.php';\nrequire __DIR__.'/../lib/b.php';\necho a().b();\n");
        $install = PreheatProcess::run(['record', '--install', '--pool-user='.self::me(), '--project='.$this->project, '--sample=1', '--batch=1']);
        self::assertSame(0, $install->getExitCode(), $install->getErrorOutput());

        $preload = ['-d', 'opcache.enable_cli=1', '-d', 'opcache.preload='.$this->project.'/preload.php'];
        if (0 === posix_geteuid()) {
            array_push($preload, '-d', 'opcache.preload_user=root');
        }
        $this->runPhp($this->project.'/preheat-recorder.php', 'index.php', 'ab', $preload);

        $usage = (new FileUsageStore($this->project.'/preheat-usage.log'))->read();
        self::assertEquals([$this->project.'/public/index.php' => 1, $this->project.'/lib/b.php' => 1], $usage->fileCounts, 'lib/a.php was preloaded');
    }

    public function testTheRecorderNeverPrintsNorWarnsNorFailsTheRequest(): void
    {
        $install = PreheatProcess::run(['record', '--install', '--pool-user='.self::me(), '--project='.$this->project, '--sample=1', '--batch=1', '--store=var/usage.log'], $this->project);
        self::assertSame(2, $install->getExitCode(), 'var/ does not exist yet');
        self::assertStringContainsString('The directory of the store file '.$this->project.'/var/usage.log does not exist: create it, or choose another store. (option --store)', $install->getErrorOutput());
        mkdir($this->project.'/var');
        $install = PreheatProcess::run(['record', '--install', '--pool-user='.self::me(), '--project='.$this->project, '--sample=1', '--batch=1', '--store=var/usage.log']);
        self::assertSame(0, $install->getExitCode(), $install->getErrorOutput());
        rmdir($this->project.'/var'); // now the recorder cannot write

        $this->runPhp($this->project.'/preheat-recorder.php', 'index.php', 'ab');
        RecorderFile::load();
        $namespace = Config::fromArray(['store' => $this->project.'/var/usage.log'])->namespace();
        self::assertCount(1, glob(Config::defaultBufferDir().'/preheat-recorder-'.$namespace.'-*.buf') ?: [], 'the counts wait for the store');

        // A bootstrap whose recorder is gone records nothing, and says so once in the error log.
        $bootstrap = (string) file_get_contents($this->project.'/preheat-recorder.php');
        file_put_contents($this->project.'/gone.php', str_replace(var_export(realpath(RecorderFile::path()), true), var_export('/no/such/recorder.php', true), $bootstrap));
        mkdir($this->project.'/tmp');
        $log = ['-d', 'error_log='.$this->project.'/error.log', '-d', 'sys_temp_dir='.$this->project.'/tmp'];
        $this->runPhp($this->project.'/gone.php', 'index.php', 'ab', $log);
        $this->runPhp($this->project.'/gone.php', 'index.php', 'ab', $log);
        self::assertSame(1, substr_count(
            (string) file_get_contents($this->project.'/error.log'),
            'Preheat recorder bootstrap '.$this->project.'/gone.php records nothing: '
            .'the recorder it was installed with is gone (looked for /no/such/recorder.php).',
        ));
    }

    public function testOptionsAndEmptyStoresAreClearErrors(): void
    {
        $dryRun = PreheatProcess::run(['record', '--project='.$this->project]);
        self::assertSame(0, $dryRun->getExitCode(), $dryRun->getErrorOutput());
        self::assertStringContainsString('Would write '.$this->project.'/preheat-recorder.php (run again with --install to write it):', $dryRun->getOutput());
        self::assertStringContainsString("        'sample' => 10,", $dryRun->getOutput());
        self::assertFileDoesNotExist($this->project.'/preheat-recorder.php');

        $sample = PreheatProcess::run(['record', '--project='.$this->project, '--sample=0']);
        self::assertSame(2, $sample->getExitCode());
        self::assertStringContainsString('--sample must be a whole number of at least 1, got "0".', $sample->getErrorOutput());

        touch($this->project.'/empty.log');
        $empty = PreheatProcess::run(['usage', '--store='.$this->project.'/empty.log', '--pool-user='.self::me()]);
        self::assertSame(2, $empty->getExitCode());
        self::assertStringContainsString('No traffic recorded yet in '.$this->project.'/empty.log. What to check:', $empty->getErrorOutput());
        self::assertStringContainsString('  - The recorder samples 1 request in 10, and each php-fpm worker writes once it has 50 sampled requests', $empty->getErrorOutput());

        file_put_contents($this->project.'/garbage.log', "not a record\n{\"v\": \"x\"\n");
        $garbage = PreheatProcess::run(['usage', '--store='.$this->project.'/garbage.log', '--pool-user='.self::me()]);
        self::assertSame(2, $garbage->getExitCode());
        self::assertStringContainsString($this->project.'/garbage.log is not a usage store: none of its lines is a record of Preheat\'s recorder (2 damaged lines skipped).', $garbage->getErrorOutput());
        self::assertStringNotContainsString('No traffic recorded yet', $garbage->getErrorOutput());

        $missing = PreheatProcess::run(['usage', '--pool-user=nobody'], $this->project);
        self::assertSame(2, $missing->getExitCode());
        self::assertStringContainsString('No traffic recorded yet in '.$this->project.'/preheat-usage.log (the file does not exist). What to check:', $missing->getErrorOutput());
        self::assertStringContainsString('nobody cannot create the store '.$this->project.'/preheat-usage.log', $missing->getErrorOutput());
        self::assertStringContainsString('Fix: touch '.$this->project.'/preheat-usage.log && chown nobody '.$this->project.'/preheat-usage.log', $missing->getErrorOutput());

        $unwritable = PreheatProcess::run(['record', '--install', '--pool-user=nobody', '--project='.$this->project]);
        self::assertSame(1, $unwritable->getExitCode(), 'installed, but the pool\'s user cannot record');
        self::assertStringContainsString("The pool's user nobody (--pool-user) cannot record as set up:\n  nobody cannot create the store ".$this->project.'/preheat-usage.log', $unwritable->getOutput());
        self::assertStringContainsString("\n    fix: touch ".$this->project.'/preheat-usage.log && chown nobody '.$this->project."/preheat-usage.log\n", $unwritable->getOutput());
        self::assertFileExists($this->project.'/preheat-recorder.php');

        // A store under a directory whose name is console markup: printed as written, even on a terminal.
        mkdir($this->project.'/<fg=red>', 0o755);
        $marked = PreheatProcess::run(['record', '--install', '--pool-user=nobody', '--project='.$this->project, '--store='.$this->project.'/<fg=red>/usage.log', '--ansi']);
        self::assertSame(1, $marked->getExitCode(), $marked->getErrorOutput());
        self::assertStringContainsString('nobody cannot create the store '.$this->project.'/<fg=red>/usage.log', $marked->getOutput());
        self::assertStringContainsString('into '.$this->project.'/<fg=red>/usage.log.', $marked->getOutput());
        self::assertStringNotContainsString("\e[31m", $marked->getOutput(), 'nothing styled by the directory\'s name');

        $badStore = PreheatProcess::run(['usage', '--store=memcached://x']);
        self::assertSame(2, $badStore->getExitCode());
        self::assertStringContainsString('Unsupported store "memcached://x"', $badStore->getErrorOutput());
    }

    /** The user this test's PHP runs as: the pool's user of these recordings. */
    private static function me(): string
    {
        return (posix_getpwuid(posix_geteuid()) ?: ['name' => 'root'])['name'];
    }

    public function testItTellsWhichFilesWereLoadedOutsideAnyAutoloader(): void
    {
        file_put_contents($this->project.'/lib/Widget.php', "<?php\nrequire_once __DIR__.'/c.php';\nclass Widget { public static function name(): string { return 'w'; } }\n");
        file_put_contents($this->project.'/lib/c.php', "<?php\nfunction c(): string { return 'c'; }\n");
        file_put_contents($this->project.'/public/autoload.php', <<<'PHP'
            <?php
            spl_autoload_register(static function (string $class): void {
                if (is_file($file = __DIR__.'/../lib/'.$class.'.php')) {
                    require $file;
                }
            });
            require __DIR__.'/../lib/a.php';
            echo a(), Widget::name(), c(), class_exists('Missing') ? 'y' : 'n';
            PHP);
        file_put_contents($this->project.'/public/late.php', <<<'PHP'
            <?php
            spl_autoload_register(static function (string $class): void {
                require __DIR__.'/../lib/'.$class.'.php';
            }, true, true);
            require __DIR__.'/../lib/a.php';
            echo a(), Widget::name();
            PHP);
        $install = PreheatProcess::run(['record', '--install', '--pool-user='.self::me(), '--project='.$this->project, '--sample=1', '--batch=1']);
        self::assertSame(0, $install->getExitCode(), $install->getErrorOutput());
        $bootstrap = $this->project.'/preheat-recorder.php';

        $this->runPhp($bootstrap, 'autoload.php', 'awcn');
        $usage = (new FileUsageStore($this->project.'/preheat-usage.log'))->read();
        self::assertSame([$this->project.'/public/autoload.php', $this->project.'/lib/a.php'], $usage->onlyRequiredFiles(), 'the class file and what it required were loaded by the autoloader');

        // An autoloader put in front of the recorder's own: what it loads goes unseen, so the request tells nothing.
        $this->runPhp($bootstrap, 'late.php', 'aw');
        $usage = (new FileUsageStore($this->project.'/preheat-usage.log'))->read();
        self::assertSame(2, $usage->fileCounts[$this->project.'/lib/a.php']);
        self::assertSame([$this->project.'/public/autoload.php'], $usage->onlyRequiredFiles());
    }

    /** @param list<string> $options */
    private function runPhp(string $bootstrap, string $script, string $expected, array $options = []): void
    {
        $php = new Process([\PHP_BINARY, '-d', 'auto_prepend_file='.$bootstrap, '-d', 'display_errors=1', '-d', 'display_startup_errors=1', '-d', 'error_reporting=-1', '-d', 'log_errors=0', ...$options, $this->project.'/public/'.$script]);
        $php->run();

        self::assertSame(0, $php->getExitCode(), $php->getErrorOutput());
        self::assertSame($expected, $php->getOutput(), 'the recorder prints nothing');
        self::assertSame('', $php->getErrorOutput(), 'the recorder warns about nothing');
    }
}
