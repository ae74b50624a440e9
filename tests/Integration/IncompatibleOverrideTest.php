<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\PreheatProcess;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * A class PHP cannot link (an override whose parameters do not fit) is never kept: the planner leaves
 * out what it can tell, fix rounds drop what only PHP sees, and a script PHP still warns about is not OK.
 */
#[Group('integration')]
final class IncompatibleOverrideTest extends TestCase
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

    public function testNoFixLeavesOutOverridesWhoseParametersPhpRefusesAndPhpPreloadsWithoutAWarning(): void
    {
        $project = FixtureProjects::copy('incompatible-arity', $this->directory);

        [$result, $process] = PreheatProcess::json(['generate', '--project='.$project, '--no-fix', '--no-cache']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertSame(0, $result['verification']['warnings'], json_encode($result['verification']['messages'], \JSON_PRETTY_PRINT) ?: '');
        self::assertTrue($result['verification']['clean']);
        $dropped = array_column($result['plan']['droppedClasses'], 'message', 'class');
        self::assertStringContainsString('Acme\App\Bad::hi() requires 1 argument(s), more than the 0 of Acme\Greeting\Greeter::hi()', $dropped['Acme\App\Bad'] ?? '');
        self::assertArrayHasKey('Acme\App\LeftOut', $dropped);
        self::assertArrayHasKey('Acme\App\ByValue', $dropped);
        self::assertArrayNotHasKey('Acme\App\ExtraOptional', $dropped);
        self::assertArrayNotHasKey('Acme\App\FewerRequired', $dropped);

        $explain = PreheatProcess::run(['explain', 'Acme\App\Bad', '--project='.$project, '--no-cache']);
        self::assertStringContainsString('requires 1 argument(s)', $explain->getOutput());

        $preload = ['-d', 'opcache.enable=1', '-d', 'opcache.enable_cli=1', '-d', 'opcache.preload='.$project.'/preload.php'];
        if (0 === posix_geteuid()) {
            array_push($preload, '-d', 'opcache.preload_user=root');
        }
        $boot = new Process([\PHP_BINARY, ...$preload, '-r', 'echo class_exists("Acme\\\\App\\\\ExtraOptional", false) ? "preloaded" : "missing";']);
        $boot->run();
        self::assertSame('', $boot->getErrorOutput(), 'PHP warns at start-up');
        self::assertSame('preloaded', $boot->getOutput());
    }

    /** A parameter type PHP refuses that the planner leaves to PHP (a class for int|string): the default mode's fix rounds drop it, strict or not. */
    public function testTheDefaultModeEndsWithoutWarningsAndAWarningIsNeverOk(): void
    {
        $project = $this->directory->path.'/narrowed';
        mkdir($project.'/src', 0755, true);
        file_put_contents($project.'/src/A.php', "<?php\nclass A { function hi(int|string \$x): string { return 'a'; } }\n");
        file_put_contents($project.'/src/Bad.php', "<?php\nclass Bad extends A { function hi(\\Stringable \$x): string { return 'b'; } }\n");

        $noFix = PreheatProcess::run(['generate', '--project='.$project, '--path=src', '--no-fix', '--no-cache']);
        self::assertSame(0, $noFix->getExitCode(), 'without --strict a warning does not fail');
        self::assertStringContainsString(': PASSED WITH 1 WARNING(S) (not clean: --strict fails on them)', $noFix->getOutput());
        self::assertStringNotContainsString(': OK', $noFix->getOutput());
        // verify judges any script: a class PHP refused fails it, unless asked to pass such a script.
        $verify = PreheatProcess::run(['verify', $project.'/preload.php']);
        self::assertSame(1, $verify->getExitCode());
        self::assertStringContainsString('FAILED: PHP refused to preload 1 of its classes', $verify->getOutput());
        $allowed = PreheatProcess::run(['verify', $project.'/preload.php', '--allow-refused']);
        self::assertSame(0, $allowed->getExitCode());
        self::assertStringContainsString('PASSED WITH 1 WARNING(S)', $allowed->getOutput());
        $strict = PreheatProcess::run(['verify', $project.'/preload.php', '--strict', '--allow-refused']);
        self::assertSame(1, $strict->getExitCode());

        [$result, $process] = PreheatProcess::json(['generate', '--project='.$project, '--path=src', '--no-cache']);
        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertSame(0, $result['verification']['warnings']);
        self::assertArrayHasKey('Bad', $result['fixRounds'][0]['dropped']);
    }
}
