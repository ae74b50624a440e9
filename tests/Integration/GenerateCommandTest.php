<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\PreheatProcess;
use Preheat\Tests\Support\TemporaryDirectory;
use Preheat\Util\DisplayString;
use Symfony\Component\Process\Process;

/**
 * `preheat generate` end to end: each fixture project gets a script that PHP boots, as php-fpm
 * would, with no warning; bad input gets a clear message and leaves nothing half-written.
 */
#[Group('integration')]
final class GenerateCommandTest extends TestCase
{
    /** Anonymous classes a fixture's script preloads: OPcache counts them, the plan's summary names only named classes. */
    private const ANONYMOUS_CLASSES = ['trait-names' => 3, 'anonymous-cycle' => 1];

    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
    }

    #[DataProvider('fixtures')]
    public function testGeneratedScriptBootsWithoutWarnings(string $fixture): void
    {
        $project = FixtureProjects::copy($fixture, $this->directory);
        [$result, $process] = PreheatProcess::json(['generate', '--project='.$project, '--strict', '--no-cache']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertTrue($result['written']);
        self::assertSame(0, $result['verification']['fatals']);
        self::assertSame(0, $result['verification']['warnings'], json_encode($result['verification']['messages'], \JSON_PRETTY_PRINT) ?: '');
        self::assertSame($result['plan']['summary']['classes'] + (self::ANONYMOUS_CLASSES[$fixture] ?? 0), $result['verification']['preloaded']['classes']);
        self::assertSame($result['plan']['summary']['functions'], $result['verification']['preloaded']['functions']);
        self::assertFileExists($project.'/preload.php');

        $verify = PreheatProcess::run(['verify', $project.'/preload.php', '--strict']);
        self::assertSame(0, $verify->getExitCode(), $verify->getOutput().$verify->getErrorOutput());
        self::assertStringContainsString('0 fatal, 0 warnings', $verify->getOutput());
    }

    public function testAMissingProjectIsTheOnlyThingSaid(): void
    {
        $missing = $this->directory->path.'/no-such-app';

        $process = PreheatProcess::run(['generate', '--project='.$missing]);

        self::assertSame(2, $process->getExitCode());
        self::assertSame(
            'preheat generate: Project directory "'.$missing.'" does not exist: run Preheat in your project root or name '
                ."the project directory. (option --project)\n",
            $process->getErrorOutput(),
            'no hit counts asked for, no PHP located first',
        );
    }

    public function testTheScriptLiftsMemoryLimitForThePreloadOnlyAndRequestsKeepTheIniValue(): void
    {
        // 200 classes of 40 methods: compiling them all in one start-up request peaks over 8 MB.
        $project = $this->directory->path.'/big';
        mkdir($project.'/src', 0777, true);
        for ($class = 0; $class < 200; ++$class) {
            $methods = '';
            for ($method = 0; $method < 40; ++$method) {
                $methods .= "    public function m{$method}(array \$a): string { \$x = 'm{$method}'.count(\$a); foreach (\$a as \$k => \$v) { \$x .= \$k.\$v; } return \$x; }\n";
            }
            file_put_contents("{$project}/src/C{$class}.php", "<?php\nnamespace Big;\nfinal class C{$class}\n{\n{$methods}}\n");
        }
        file_put_contents($project.'/php.ini', "memory_limit=8M\n");
        file_put_contents($project.'/page.php', "<?php echo ini_get('memory_limit'), ' ', class_exists('Big\\\\C199', false) ? 'preloaded' : 'not preloaded';\n");

        [$result, $process] = PreheatProcess::json(['generate', '--project='.$project, '--path=src', '--ini='.$project.'/php.ini', '--strict', '--no-cache']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertTrue($result['verification']['memoryLimitLifted']);
        // generate boots its own script with the C library's allocator, which measures no peak: `verify` (PHP's
        // own allocator, as php-fpm) measures it.
        self::assertNull($result['verification']['peakMemoryBytes'], 'not measured by generate');
        self::assertFalse($result['verification']['peakMemoryMeasured']);
        self::assertSame(0, $result['verification']['warnings']);
        [$verified, $verify] = PreheatProcess::json(['verify', $project.'/preload.php', '--ini='.$project.'/php.ini', '--strict']);
        self::assertSame(0, $verify->getExitCode(), $verify->getErrorOutput());
        self::assertTrue($verified['memoryLimitLifted']);
        self::assertGreaterThan(8 * 1048576, $verified['peakMemoryBytes'], 'the preload needs more than the requests may use');
        self::assertSame(0, $verified['warnings']);

        $preload = ['-d', 'opcache.enable_cli=1', '-d', 'opcache.preload='.$project.'/preload.php'];
        if (0 === posix_geteuid()) {
            array_push($preload, '-d', 'opcache.preload_user=root');
        }
        $request = new Process([\PHP_BINARY, '-c', $project.'/php.ini', '-d', 'opcache.enable=1', ...$preload, $project.'/page.php']);
        $request->mustRun();
        self::assertSame('8M preloaded', $request->getOutput());
    }

    /** @return iterable<string, array{string}> */
    public static function fixtures(): iterable
    {
        // Fix rounds are on by default: fixtures whose problem only PHP sees (incompatible-parameter) boot without warnings too.
        foreach (FixtureProjects::names() as $name) {
            yield $name => [$name];
        }
    }

    public function testStrictVerificationFailureLeavesTheOldScriptInPlace(): void
    {
        $project = FixtureProjects::copy('incompatible-parameter', $this->directory);
        file_put_contents($project.'/preload.php', "<?php\n// the script in production\n");

        [$result, $process] = PreheatProcess::json(['generate', '--project='.$project, '--strict', '--no-fix', '--no-cache']);

        self::assertSame(1, $process->getExitCode());
        self::assertFalse($result['written']);
        self::assertSame('Acme\Bridge\Dbal3Statement', $result['verification']['unlinkedClasses'][0]['class']);
        self::assertStringContainsString('must be compatible with Acme\Dbal\StatementMiddleware::bindValue(string|int $param): void', $result['verification']['unlinkedClasses'][0]['reason']);
        self::assertStringEqualsFile($project.'/preload.php', "<?php\n// the script in production\n");
        self::assertSame(['composer.json', 'preload.php', 'vendor'], array_values(array_diff(scandir($project) ?: [], ['.', '..'])), 'no temporary file is left behind');
    }

    public function testFixDropsWhatPhpRefusedAndTriesAgain(): void
    {
        $project = FixtureProjects::copy('incompatible-parameter', $this->directory);

        [$result, $process] = PreheatProcess::json(['generate', '--project='.$project, '--strict', '--no-cache']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertCount(1, $result['fixRounds']);
        self::assertArrayHasKey('Acme\Bridge\Dbal3Statement', $result['fixRounds'][0]['dropped'], 'as PHP spells it');
        self::assertSame(0, $result['verification']['warnings']);
        $dropped = array_column($result['plan']['droppedClasses'], 'reason', 'class');
        self::assertSame('failed-verification', $dropped['Acme\Bridge\Dbal3Statement']);
        $script = (string) file_get_contents($project.'/preload.php');
        self::assertStringNotContainsString('Dbal3Statement.php', $script);
        self::assertStringContainsString(' * preheat-refused: {"class":"Acme\\\\Bridge\\\\Dbal3Statement"', $script, 'the header records what PHP refused, for explain');
    }

    public function testMethodSignaturesThatNeedAMissingClassAreLeftOutWithoutAFixRound(): void
    {
        $project = FixtureProjects::copy('variance', $this->directory);

        [$result, $process] = PreheatProcess::json(['generate', '--project='.$project, '--strict', '--no-fix', '--no-cache']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertSame([], $result['fixRounds'] ?? []);
        self::assertSame(0, $result['verification']['warnings']);
        self::assertSame([], $result['verification']['unlinkedClasses']);
        $dropped = array_column($result['plan']['droppedClasses'], 'reason', 'class');
        self::assertSame('variance-dependency', $dropped['Acme\Repo\PostRepository']);
        self::assertArrayNotHasKey('Acme\Repo\PostFinder', $dropped, 'the same name on both sides needs nothing loaded');
        self::assertStringContainsString('PostFinder.php', (string) file_get_contents($project.'/preload.php'));

        $explain = PreheatProcess::run(['explain', 'Acme\Repo\CachedPostRepository', '--project='.$project, '--no-cache']);
        self::assertStringContainsString('PHP must load Acme\Blog\Post to check Acme\Repo\PostRepository::find(): Acme\Blog\Post', $explain->getOutput());
    }

    public function testTextOutputSaysWhyFilesWereLeftOut(): void
    {
        $project = FixtureProjects::copy('missing-parent', $this->directory);
        $process = PreheatProcess::run(['generate', '--project='.$project, '--no-cache']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertStringContainsString('vendor/acme/db/src/PostgresDriver.php (Acme\Db\PostgresDriver): its parent Doctrine\DBAL\Driver\AbstractPostgreSQLDriver does not exist here', $process->getOutput());
        self::assertStringContainsString('Wrote '.$project.'/preload.php', $process->getOutput());
        self::assertStringContainsString('Read 4 PHP files', $process->getErrorOutput(), 'progress goes to stderr');
    }

    public function testPreheatJsonGeneratePathsAndIgnoreApplyUnlessTheOptionsReplaceThem(): void
    {
        $project = $this->directory->path.'/configured';
        foreach (['app/Kept.php' => 'Kept', 'app/Ignored.php' => 'Ignored', 'other/Other.php' => 'Other'] as $file => $class) {
            @mkdir(\dirname($project.'/'.$file), 0777, true);
            file_put_contents($project.'/'.$file, "<?php\nnamespace Conf;\nfinal class {$class}\n{\n}\n");
        }
        file_put_contents(
            $project.'/preheat.json',
            json_encode(['generate' => ['paths' => ['app'], 'ignore' => ['app/Ignored.php']]]),
        );
        $classes = fn (string ...$arguments): array => $this->plannedClasses($project, array_values($arguments));

        self::assertSame(['Conf\Kept'], $classes(), 'preheat.json says what to scan and leave out');
        self::assertSame(['Conf\Other'], $classes('--path=other'), '--path replaces generate.paths');
        self::assertSame(['Conf\Ignored', 'Conf\Kept'], $classes('--ignore=nothing/*'), '--ignore replaces it');
    }

    /**
     * @param list<string> $arguments
     *
     * @return list<string> the classes `generate` plans, sorted
     */
    private function plannedClasses(string $project, array $arguments): array
    {
        $command = ['generate', '--project='.$project, '--no-cache', '--no-verify', '--format=json'];
        $process = PreheatProcess::run([...$command, ...$arguments]);
        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        $result = json_decode($process->getOutput(), true, 512, \JSON_THROW_ON_ERROR);
        $names = array_values(array_merge(...array_column($result['plan']['included'], 'classes')));
        sort($names);

        return $names;
    }

    public function testASecondRunOnAnUnchangedTreeUsesTheCacheAndWritesTheSameBytes(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $cache = '--cache-dir='.$this->directory->path.'/cache';
        $first = PreheatProcess::run(['generate', '--project='.$project, $cache]);
        $script = (string) file_get_contents($project.'/preload.php');
        $second = PreheatProcess::run(['generate', '--project='.$project, $cache]);

        self::assertSame(0, $second->getExitCode(), $second->getErrorOutput());
        self::assertStringContainsString('(7 parsed, 0 from cache)', $first->getErrorOutput());
        self::assertStringContainsString('(0 parsed, 7 from cache)', $second->getErrorOutput());
        self::assertSame($script, file_get_contents($project.'/preload.php'));
    }

    public function testAMissingProjectIsNamed(): void
    {
        $process = PreheatProcess::run(['generate', '--project=/no/such/project']);

        self::assertSame(2, $process->getExitCode());
        self::assertStringContainsString('"/no/such/project" does not exist', $process->getErrorOutput());
        self::assertSame('', $process->getOutput());
    }

    public function testAProjectWithoutVendorSaysWhatToDo(): void
    {
        file_put_contents($this->directory->path.'/composer.json', '{"name": "acme/app"}');
        $process = PreheatProcess::run(['generate', '--project='.$this->directory->path]);

        self::assertSame(2, $process->getExitCode());
        self::assertStringContainsString('Run `composer install`', $process->getErrorOutput());
        self::assertFileDoesNotExist($this->directory->path.'/preload.php');
    }

    public function testAMissingPathIsNamed(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $process = PreheatProcess::run(['generate', '--project='.$project, '--path=lib']);

        self::assertSame(2, $process->getExitCode());
        self::assertStringContainsString('Path "lib" to scan does not exist: check the spelling, or that it is relative to the project root. (option --path)', $process->getErrorOutput());
    }

    public function testAnOutputDirectoryThatDoesNotExistIsNamed(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        $process = PreheatProcess::run(['generate', '--project='.$project, '--output='.$this->directory->path.'/nope/preload.php']);

        self::assertSame(2, $process->getExitCode());
        self::assertStringContainsString('nope does not exist', $process->getErrorOutput());
    }

    /**
     * As root, PHP preloads as the pool's user: a vendor file unpacked with mode 0600 (as some packages
     * are) is one error first, naming the user, the file with its mode and the fix, exit 3; no fix rounds.
     */
    public function testAFileThePoolUserCannotReadIsOneErrorWithItsFixBeforeVerifying(): void
    {
        self::requireRootAndWwwData();
        $project = FixtureProjects::copy('clean', $this->directory);
        $closed = $project.'/vendor/acme/container/src/RemembersInstances.php';
        chmod($closed, 0o600);

        $started = microtime(true);
        $process = PreheatProcess::run(['generate', '--project='.$project, '--pool-user=www-data', '--no-cache']);

        self::assertSame(3, $process->getExitCode(), $process->getOutput().$process->getErrorOutput());
        // Seconds on an idle machine; the bound leaves ten times that to a busy one (that no PHP booted, the output
        // below says).
        self::assertLessThan(60, microtime(true) - $started);
        $error = $process->getErrorOutput();
        self::assertStringContainsString("preheat generate: www-data (the user php-fpm preloads as: --pool-user) cannot read 1 of the 6 files to preload:\n  {$closed} (owner root, group root, mode 0600)\n", $error);
        self::assertStringContainsString('Fix: chmod -R a+rX '.\dirname($closed).' (or install the code as www-data), then run again.', $error);
        self::assertStringNotContainsString('Verifying', $error, 'said before PHP boots');
        self::assertStringNotContainsString('Fix round', $error.$process->getOutput());
        self::assertSame([], glob($project.'/.preload.php.*') ?: [], 'no candidate left');
    }

    /** A project inside a directory the pool's user may not enter (a 0700 temporary directory) is named as such, not a raw "Failed opening required" fatal. */
    public function testAProjectInADirectoryThePoolUserMayNotEnterIsOneErrorWithItsFix(): void
    {
        self::requireRootAndWwwData();
        mkdir($this->directory->path.'/private', 0o700);
        $project = $this->directory->path.'/private/app';
        (new Process(['cp', '-a', FixtureProjects::path('clean'), $project]))->mustRun();

        $process = PreheatProcess::run(['generate', '--project='.$project, '--pool-user=www-data', '--no-cache']);

        self::assertSame(3, $process->getExitCode(), $process->getOutput().$process->getErrorOutput());
        self::assertStringContainsString("www-data (the user php-fpm preloads as: --pool-user) may not enter 1 directory on the way to the files to preload:\n  {$this->directory->path}/private (owner root, group root, mode 0700)\n", $process->getErrorOutput());
        self::assertStringContainsString('Fix: chmod a+x '.$this->directory->path.'/private (or install the code as www-data), then run again.', $process->getErrorOutput());
        self::assertStringNotContainsString('Failed opening required', $process->getErrorOutput().$process->getOutput());
    }

    private static function requireRootAndWwwData(): void
    {
        if (0 !== posix_geteuid() || false === posix_getpwnam('www-data')) {
            self::markTestSkipped('needs root (PHP preloads as the pool\'s user only then) and a www-data user');
        }
    }

    public function testAnOutputThatIsADirectoryIsNamedAsOne(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        mkdir($this->directory->path.'/scripts');
        $process = PreheatProcess::run(['generate', '--project='.$project, '--output='.$this->directory->path.'/scripts', '--no-cache']);

        self::assertSame(2, $process->getExitCode(), $process->getOutput());
        self::assertStringContainsString('--output='.$this->directory->path.'/scripts is a directory: give the path of the script file, e.g. --output='.$this->directory->path.'/scripts/preload.php.', $process->getErrorOutput());
        self::assertStringNotContainsString('cannot create files', $process->getErrorOutput());
    }

    public function testAnUnwritableOutputDirectoryIsNamed(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);
        // Nobody, root included, can create files in /proc.
        $process = PreheatProcess::run(['generate', '--project='.$project, '--output=/proc/preload.php', '--no-cache']);

        self::assertSame(2, $process->getExitCode(), $process->getOutput());
        self::assertStringContainsString('Cannot write /proc/preload.php', $process->getErrorOutput());
        self::assertStringNotContainsString('.preload.php.', $process->getErrorOutput(), 'no temporary file named');
    }

    public function testANameThatIsNotUtf8IsPreloadedAndShownLosslessly(): void
    {
        $project = FixtureProjects::copy('binary-name', $this->directory);

        [$result, $process] = PreheatProcess::json(['generate', '--project='.$project, '--strict', '--no-cache']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertSame(2, $result['verification']['preloaded']['classes']);
        $classes = array_merge(...array_column($result['plan']['included'], 'classes'));
        self::assertContains('\xA9', $classes);
        self::assertSame("\xa9", DisplayString::decode('\xA9'));

        $text = PreheatProcess::run(['verify', $project.'/preload.php']);
        self::assertSame(0, $text->getExitCode(), $text->getOutput());
        self::assertStringContainsString('2 classes', $text->getOutput());
    }

    public function testAnUnknownFormatOrStrategyIsRefused(): void
    {
        $project = FixtureProjects::copy('clean', $this->directory);

        $format = PreheatProcess::run(['generate', '--project='.$project, '--format=xml']);
        self::assertSame(2, $format->getExitCode());
        self::assertStringContainsString('--format=xml is not one of text, json', $format->getErrorOutput());

        $option = PreheatProcess::run(['generate', '--project='.$project, '--strategi=hot']);
        self::assertSame(2, $option->getExitCode(), 'an option that does not exist is bad input');
        self::assertStringContainsString('The "--strategi" option does not exist.', $option->getErrorOutput());

        $strategy = PreheatProcess::run(['generate', '--project='.$project, '--strategy=magic']);
        self::assertSame(2, $strategy->getExitCode());
        self::assertStringContainsString('--strategy=magic is not known', $strategy->getErrorOutput());
        self::assertFileDoesNotExist($project.'/preload.php');
    }

    public function testExplainFollowsTheChain(): void
    {
        $project = FixtureProjects::copy('missing-parent', $this->directory);
        $process = PreheatProcess::run(['explain', 'Acme\Db\PooledPostgresDriver', '--project='.$project, '--no-cache']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertStringContainsString('OUT Acme\Db\PooledPostgresDriver', $process->getOutput());
        self::assertStringContainsString('← Acme\Db\PostgresDriver', $process->getOutput());
        self::assertStringContainsString('does not exist here', $process->getOutput());

        [$in] = PreheatProcess::json(['explain', 'vendor/acme/db/src/Connection.php', '--project='.$project, '--no-cache']);
        self::assertTrue($in['included']);
    }
}
