<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Inventory\FileAnalyzer;
use Preheat\Php\FastCgi\FastCgiClient;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\PlannerCase;
use Preheat\Tests\Support\PreheatProcess;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * The planner cases planned for a PHP version (case.json "php": PHP 8.3 and 8.4 syntax and link rules), checked
 * against the real php-fpm of the PHP running the tests (`make test-php84` runs them on 8.4):
 *
 * - on that PHP or a newer one, php-fpm preloads the case's golden script without a warning, and declares
 *   every class of the files the case expects included;
 * - on an older PHP, `generate` plans for the PHP that will run the script: it leaves out every file that PHP
 *   cannot parse, saying which PHP it needs, and php-fpm preloads what is left without a warning.
 */
#[Group('integration')]
final class PhpVersionFixturesTest extends TestCase
{
    private TemporaryDirectory $directory;

    private ?Process $fpm = null;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->fpm?->stop(5);
        $this->directory->remove();
    }

    #[DataProvider('cases')]
    public function testPhpFpmPreloadsTheCaseWithoutAWarning(string $name): void
    {
        $case = PlannerCase::load($name);
        self::assertNotNull($case->php);
        $project = FixtureProjects::copy($name, $this->directory);

        if (version_compare(\PHP_VERSION, $case->php, '>=')) {
            copy($case->goldenScript(), $project.'/preload.php');
            $included = $case->included;
        } else {
            [$result, $process] = PreheatProcess::json(['generate', '--project='.$project, '--no-verify', '--no-cache']);
            self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
            $included = $this->includedFiles($result, $project);
            $dropped = array_column($result['plan']['dropped'], null, 'file');
            foreach ($case->included as $file) {
                $inventory = (new FileAnalyzer())->analyze($project.'/'.$file);
                if ($inventory->compilesOn(\PHP_VERSION)) {
                    continue;
                }
                self::assertNotContains($file, $included, 'PHP '.\PHP_VERSION." cannot parse $file");
                $entry = $dropped[$file] ?? null;
                self::assertIsArray($entry, "$file should be left out");
                self::assertSame('parse-error', $entry['reason']);
                self::assertStringContainsString(
                    \sprintf('does not parse on PHP %s, which the plan is for: ', \PHP_VERSION),
                    $entry['message'],
                );
            }
        }

        [$log, $classes] = $this->bootPhpFpm($project);

        self::assertSame([], preg_grep('/Warning|Fatal|Parse error|Can\'t preload|ERROR:/i', $log), implode("\n", $log));
        if ('php84-implicit-nullable' === $name && \PHP_VERSION_ID >= 80400) {
            // PHP 8.4 deprecates it while compiling the file, so at start-up when the file is preloaded: a
            // deprecation (shown only where error_reporting has E_DEPRECATED), not a warning; the class preloads.
            self::assertNotSame([], preg_grep('/Deprecated: .*Implicitly marking parameter \$transport as nullable/', $log));
        }
        $expected = [];
        foreach ($included as $file) {
            foreach ((new FileAnalyzer())->analyze($project.'/'.$file)->classLikes() as $declaration) {
                $expected[] = $declaration->name;
            }
        }
        self::assertTrue([] !== $expected || version_compare(\PHP_VERSION, (string) $case->php, '<'), 'nothing to check');
        self::assertEqualsCanonicalizing($expected, $classes, implode("\n", $log));
    }

    /** @return iterable<string, array{string}> every case planned for a PHP version of its own */
    public static function cases(): iterable
    {
        foreach (PlannerCase::names() as $name) {
            if (null !== PlannerCase::load($name)->php) {
                yield $name => [$name];
            }
        }
    }

    /**
     * @param array<string, mixed> $result
     *
     * @return list<string> relative to the project
     */
    private function includedFiles(array $result, string $project): array
    {
        $files = [];
        foreach ($result['plan']['included'] as $file) {
            $files[] = str_starts_with($file['file'], $project.'/') ? substr($file['file'], \strlen($project) + 1) : $file['file'];
        }

        return $files;
    }

    /**
     * Starts the php-fpm of the PHP running the tests with the project's preload.php, asks it which of the
     * project's classes it has, stops it by its PID, and returns what it logged at start-up.
     *
     * @return array{list<string>, list<string>} the log lines, the classes declared in a request
     */
    private function bootPhpFpm(string $project): array
    {
        $fpmBinary = '/usr/sbin/php-fpm'.\PHP_MAJOR_VERSION.'.'.\PHP_MINOR_VERSION;
        if (!is_executable($fpmBinary)) {
            self::markTestSkipped("$fpmBinary is not installed");
        }
        $run = $this->directory->path.'/fpm';
        mkdir($run);
        $socket = $run.'/fpm.sock';
        file_put_contents($run.'/php-fpm.conf', implode("\n", [
            '[global]',
            'error_log = '.$run.'/fpm.log',
            'pid = '.$run.'/fpm.pid',
            'daemonize = no',
            '[fixture]',
            'listen = '.$socket,
            'pm = static',
            'pm.max_children = 1',
            'catch_workers_output = yes',
            '',
        ]));
        file_put_contents(
            $run.'/probe.php',
            '<?php echo json_encode(array_values(array_filter([...get_declared_classes(), ...get_declared_interfaces(), '
            .'...get_declared_traits()], static fn ($c) => str_starts_with($c, "Acme\\\\"))));',
        );
        $settings = [
            'zend_extension=opcache', 'opcache.enable=1', 'opcache.preload='.$project.'/preload.php',
            'error_reporting=-1', 'log_errors=1', 'display_errors=0', 'display_startup_errors=0',
            'error_log='.$run.'/php.log',
        ];
        $root = 0 === posix_geteuid();
        if ($root) {
            $settings[] = 'opcache.preload_user=root';
        }
        $arguments = [$fpmBinary, '--nodaemonize', '-n', '--fpm-config', $run.'/php-fpm.conf'];
        foreach ($settings as $setting) {
            array_push($arguments, '-d', $setting);
        }
        if ($root) {
            $arguments[] = '--allow-to-run-as-root';
        }
        $this->fpm = new Process($arguments, $run, null, null, 60);
        $this->fpm->start();
        $deadline = microtime(true) + 15;
        while (!file_exists($socket) && $this->fpm->isRunning() && microtime(true) < $deadline) {
            usleep(50_000);
        }
        $fpm = $this->fpm;
        $log = static fn (): array => array_values(array_filter(
            [...(@file($run.'/fpm.log', \FILE_IGNORE_NEW_LINES) ?: []),
                ...(@file($run.'/php.log', \FILE_IGNORE_NEW_LINES) ?: []),
                ...explode("\n", $fpm->getErrorOutput().$fpm->getOutput())],
            static fn (string $line): bool => '' !== trim($line)
                && 0 === preg_match('/NOTICE: (fpm is running|ready to handle|Terminating|exiting|systemd monitor)/', $line),
        ));
        self::assertFileExists($socket, 'php-fpm did not start: '.implode("\n", $log()));

        $response = (new FastCgiClient(10.0))->runScript($socket, $run.'/probe.php', $run, 'preheat-test');
        $classes = json_decode($response->body, true);
        self::assertIsArray($classes, $response->body.$response->stderr);
        $this->fpm->stop(5);

        return [$log(), array_values(array_map('strval', $classes))];
    }
}
