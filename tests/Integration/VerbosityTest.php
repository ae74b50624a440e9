<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\PreheatProcess;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * -vvv shows, on stderr, every program a command runs as a shell line and every configuration file it writes for a
 * server; below -vvv none of it appears, and stdout and the exit code are the same either way.
 */
#[Group('integration')]
final class VerbosityTest extends TestCase
{
    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        // php-fpm's workers run as the pool's user (www-data when the tests run as root): they write the counter.
        chmod($this->directory->path, 0777);
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
        self::assertSame([], BenchProcesses::leftBehind(), 'no php-fpm or nginx may survive a benchmark');
    }

    public function testGenerateTracesEveryPhpBootOnlyWithTripleV(): void
    {
        $project = FixtureProjects::copy('cms', $this->directory);

        $traced = PreheatProcess::run(['generate', '--project='.$project, '--no-cache', '--format=json', '-vvv']);
        $plain = PreheatProcess::run(['generate', '--project='.$project, '--no-cache', '--format=json', '-vv']);

        self::assertSame(0, $traced->getExitCode(), $traced->getErrorOutput());
        self::assertSame(0, $plain->getExitCode(), $plain->getErrorOutput());
        $commands = self::commands($traced->getErrorOutput());
        $boots = array_values(array_filter(
            $commands,
            static fn (string $line): bool => str_contains($line, ' -d opcache.enable_cli=1 ')
                && str_contains($line, ' -d opcache.preload='),
        ));
        self::assertGreaterThanOrEqual(2, \count($boots), "the baseline boot and the boot with the script:\n".implode("\n", $commands));
        self::assertMatchesRegularExpression('~^\$ \S*USE_ZEND_ALLOC=0 .*php\S* -c \S+ ~', $boots[0], 'its environment and php.ini');
        self::assertNotEmpty(array_filter($boots, static fn (string $line): bool => str_contains($line, '-d opcache.preload_user=') || str_contains($line, $project.'/preload.php')));
        self::assertSame([], self::commands($plain->getErrorOutput()), '-vv traces nothing');
        self::assertStringContainsString('Timings', $plain->getErrorOutput(), '-vv is the timings');
        foreach ([$traced, $plain] as $process) {
            self::assertIsArray(json_decode($process->getOutput(), true), 'stdout stays the report alone');
        }
    }

    public function testExplainSaysWhereTheTimeWentWithDoubleV(): void
    {
        $project = FixtureProjects::copy('cms', $this->directory);

        $timed = PreheatProcess::run(['explain', '--project='.$project, '--no-cache', 'WP_Cache_Key', '-vv']);
        $plain = PreheatProcess::run(['explain', '--project='.$project, '--no-cache', 'WP_Cache_Key', '-v']);

        self::assertSame(0, $timed->getExitCode(), $timed->getErrorOutput());
        self::assertSame(0, $plain->getExitCode(), $plain->getErrorOutput());
        self::assertSame($plain->getOutput(), $timed->getOutput(), 'stdout the same');
        foreach (['Timings', 'parse', 'close over dependencies', 'total'] as $line) {
            self::assertStringContainsString($line, $timed->getErrorOutput());
        }
        self::assertStringNotContainsString('Timings', $plain->getErrorOutput());
    }

    public function testBenchTracesPhpFpmNginxAndTheirConfigurationFilesOnlyWithTripleV(): void
    {
        $traced = $this->bench(['-vvv']);
        $plain = $this->bench(['-vv']);

        self::assertSame(0, $traced->getExitCode(), $traced->getErrorOutput());
        self::assertSame(0, $plain->getExitCode(), $plain->getErrorOutput());
        $stderr = $traced->getErrorOutput();
        $commands = self::commands($stderr);
        $fpm = array_values(array_filter($commands, static fn (string $l): bool => str_contains($l, ' --nodaemonize --fpm-config ')));
        $nginx = array_values(array_filter($commands, static fn (string $l): bool => 1 === preg_match('~/nginx -p \S+ -c \S+/nginx\.conf ~', $l)));
        self::assertCount(1, $fpm, $stderr);
        self::assertCount(1, $nginx, $stderr);
        self::assertMatchesRegularExpression('~^\$ \(cd (\S+) && (?:PHP_INI_SCAN_DIR=\S+ )?\S*php-fpm\S* --nodaemonize --fpm-config \1/php-fpm\.conf --php-ini \1/php\.ini.*\) &$~', $fpm[0]);
        self::assertStringEndsWith(') &', $nginx[0]);
        self::assertNotEmpty(array_filter($commands, static fn (string $l): bool => str_contains($l, 'wrk ')), 'the load tool too');
        // Each configuration file before the server that reads it, as the lines that write it again.
        self::assertMatchesRegularExpression("~\n\\\$ cat > \\S+/php-fpm\\.conf <<'PREHEAT_EOF'\n\\[global\\]\n(.*\n)*?pm = static\n(.*\n)*?PREHEAT_EOF\n~", $stderr);
        self::assertMatchesRegularExpression("~\n\\\$ cat > \\S+/nginx\\.conf <<'PREHEAT_EOF'\n(.*\n)*? +listen 127\\.0\\.0\\.1:\\d+;\n(.*\n)*?PREHEAT_EOF\n~", $stderr);
        // The php.ini: a copy of php-fpm's, then what the bench adds to it.
        self::assertMatchesRegularExpression("~\n\\\$ \\{ cat \\S+php\\.ini; cat <<'PREHEAT_EOF'; \\} > \\S+/php\\.ini\n\n; Added by preheat bench\n(.*\n)*?opcache\\.enable=1\n~", $stderr);
        self::assertLessThan(strpos($stderr, $fpm[0]), strpos($stderr, '/php-fpm.conf <<'), 'written before php-fpm starts');

        self::assertSame([], self::commands($plain->getErrorOutput()), '-vv traces nothing');
        self::assertStringNotContainsString('PREHEAT_EOF', $plain->getErrorOutput());
        foreach ([$traced, $plain] as $process) {
            $report = json_decode($process->getOutput(), true);
            self::assertIsArray($report, 'stdout stays the report alone');
            self::assertTrue($report['scenarios'][0]['measured']);
        }
    }

    /** @return list<string> the lines of a trace that are commands */
    private static function commands(string $stderr): array
    {
        return array_values(array_filter(
            explode("\n", $stderr),
            static fn (string $line): bool => str_starts_with($line, '$ ') && !str_starts_with($line, '$ cat >')
                && !str_starts_with($line, '$ { cat '),
        ));
    }

    /** @param list<string> $arguments */
    private function bench(array $arguments): Process
    {
        $process = new Process(
            [
                \PHP_BINARY,
                \dirname(__DIR__, 2).'/bin/preheat',
                'bench',
                '--project='.\dirname(__DIR__).'/Fixtures/bench/app',
                '--scenario=none',
                '--rounds=1',
                '--max-time=0',
                '--duration=1',
                '--warmup=0',
                '--concurrency=2',
                '--workers=2',
                '--format=json',
                ...$arguments,
            ],
            null,
            ['PREHEAT_FIXTURE_COUNTER' => $this->directory->path.'/counter'],
            null,
            120,
        );
        $process->run();

        return $process;
    }
}
