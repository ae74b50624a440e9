<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\PreheatProcess;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * A php.ini whose interned-string buffer is too small for the whole app: generate fits the plan to it
 * (fewer files, no overflow, the setting that would fit them all); --no-fit reports the overflow as before.
 * A fit the boot of the whole plan already tells enough about is not booted again (unless --strict); one
 * that needs far more than the buffer is.
 */
#[Group('integration')]
final class CapacityFitTest extends TestCase
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

    public function testGenerateFitsThePlanToTheInternedStringBuffer(): void
    {
        $project = $this->manyStrings();

        [$result, $process] = PreheatProcess::json(['generate', '--project='.$project, '--path=src', '--ini='.$project.'/php.ini', '--no-cache']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertTrue($result['written']);
        self::assertSame(0, $result['verification']['fatals']);
        self::assertSame(0, $result['verification']['warnings'], json_encode($result['verification']['messages'], \JSON_PRETTY_PRINT) ?: '');
        $kept = $result['plan']['summary']['includedFiles'];
        self::assertGreaterThan(3, $kept, 'part of the app still fits');
        self::assertLessThan(303, $kept);
        self::assertNotSame([], $result['fitRounds']);
        self::assertNull($result['verification']['unbootedFit'], 'the whole plan needs many times the buffer: booted');
        self::assertMatchesRegularExpression(
            '{^fitted to opcache\.interned_strings_buffer=1 in .*/php\.ini: preloading '.$kept.' of 303 planned files; to preload all of them set opcache\.interned_strings_buffer=\d+ \(and restart php-fpm\)$}',
            (string) $result['fitted'],
        );
        self::assertFileExists($project.'/preload.php');
        $kept = (string) file_get_contents($project.'/preload.php');
        self::assertStringContainsString('Base0.php', $kept, 'what every class needs is kept first');
        self::assertStringContainsString('Named.php', $kept);

        $verify = PreheatProcess::run(['verify', $project.'/preload.php', '--ini='.$project.'/php.ini', '--strict']);
        self::assertSame(0, $verify->getExitCode(), $verify->getOutput().$verify->getErrorOutput());

        $text = PreheatProcess::run(['generate', '--project='.$project, '--path=src', '--ini='.$project.'/php.ini']);
        self::assertSame(0, $text->getExitCode(), $text->getErrorOutput());
        self::assertStringContainsString('Fitted to opcache.interned_strings_buffer=1 in ', $text->getOutput());
        self::assertStringContainsString('does not fit the php.ini\'s OPcache sizes', $text->getOutput());

        $explain = PreheatProcess::run(['explain', 'Many\\C299', '--project='.$project, '--path=src']);
        self::assertStringContainsString('opcache.interned_strings_buffer', $explain->getOutput().$explain->getErrorOutput());
    }

    public function testAFitTheWholePlansBootTellsEnoughAboutIsNotBootedAgain(): void
    {
        // About 2.4 MB of interned strings where a 3 MB buffer leaves the preload about 2.2 MB.
        $project = $this->manyStrings(480, 3);
        $ini = '--ini='.$project.'/php.ini';

        [$result, $process] = PreheatProcess::json(['generate', '--project='.$project, '--path=src', $ini, '--no-cache']);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertTrue($result['written']);
        $kept = $result['plan']['summary']['includedFiles'];
        self::assertLessThan(483, $kept);
        self::assertCount(1, $result['fitRounds']);
        $fit = $result['verification']['unbootedFit'];
        self::assertIsArray($fit, 'fitted from the measurement, not booted again');
        self::assertSame(483, $fit['bootedFiles']);
        self::assertSame($kept, $fit['keptFiles']);
        self::assertSame('opcache.interned_strings_buffer', $fit['limits'][0]['setting']);
        self::assertLessThan($fit['limits'][0]['roomBytes'], $fit['limits'][0]['atMostBytes']);
        self::assertGreaterThanOrEqual($fit['limits'][0]['expectedBytes'], $fit['limits'][0]['atMostBytes']);
        self::assertSame(0, $result['verification']['warnings']);
        self::assertSame([], $result['verification']['findings'], 'the overflow is the whole plan\'s, not the script\'s');
        self::assertSame($kept + 1, $result['verification']['preloaded']['scripts'], 'the kept files and the script');
        $unbooted = (string) file_get_contents($project.'/preload.php');

        // What the estimate promised, PHP confirms: the script starts with the php.ini's buffer, no warning.
        $verify = PreheatProcess::run(['verify', $project.'/preload.php', $ini, '--strict']);
        self::assertSame(0, $verify->getExitCode(), $verify->getOutput().$verify->getErrorOutput());

        // --strict boots the fitted script: the same script, with PHP's own figures.
        [$strict, $process] = PreheatProcess::json(['generate', '--project='.$project, '--path=src', $ini, '--no-cache', '--strict']);
        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertNull($strict['verification']['unbootedFit']);
        self::assertSame($unbooted, file_get_contents($project.'/preload.php'));
        $measured = $strict['verification']['internedStrings']['preloadBytes'];
        self::assertLessThanOrEqual($fit['limits'][0]['atMostBytes'], $measured, 'the most it may need is a bound');

        $text = PreheatProcess::run(['generate', '--project='.$project, '--path=src', $ini, '--no-cache']);
        self::assertStringContainsString('Fitted     not booted again: the boot of all 483 planned files', $text->getOutput());
        self::assertMatchesRegularExpression(
            '{Preloaded  '.($kept + 1).' scripts, about \d+ classes, about 0 functions, about [\d.]+ MB preload memory}',
            $text->getOutput(),
            'only the scripts are counted as PHP counts them',
        );
        self::assertStringContainsString('Not booted again: the boot preloaded all '.$kept.' kept files', $text->getErrorOutput());
    }

    public function testNoFitReportsTheOverflowAsBefore(): void
    {
        $project = $this->manyStrings();

        [$result] = PreheatProcess::json(['generate', '--project='.$project, '--path=src', '--ini='.$project.'/php.ini', '--no-cache', '--no-fit']);

        self::assertSame([], $result['fitRounds']);
        self::assertNull($result['fitted']);
        self::assertSame(303, $result['plan']['summary']['includedFiles']);
        self::assertGreaterThan(0, $result['verification']['warnings']);
        $settings = array_column($result['verification']['findings'], 'setting');
        self::assertContains('opcache.interned_strings_buffer', $settings);
    }

    /** Classes on two shared parents and an interface, each with many string literals of its own. */
    private function manyStrings(int $classes = 300, int $bufferMegabytes = 1): string
    {
        $project = $this->directory->path.'/many-strings';
        mkdir($project.'/src', 0777, true);
        file_put_contents($project.'/src/Named.php', "<?php\nnamespace Many;\ninterface Named\n{\n    public function name(): string;\n}\n");
        for ($base = 0; $base < 2; ++$base) {
            file_put_contents("{$project}/src/Base{$base}.php", "<?php\nnamespace Many;\nabstract class Base{$base} implements Named\n{\n}\n");
        }
        for ($class = 0; $class < $classes; ++$class) {
            $strings = '';
            for ($i = 0; $i < 40; ++$i) {
                $strings .= "        'key_{$class}_{$i}' => 'a string literal only class {$class} has, number {$i}',\n";
            }
            $base = $class % 2;
            file_put_contents("{$project}/src/C{$class}.php", "<?php\nnamespace Many;\nfinal class C{$class} extends Base{$base}\n{\n    public function name(): string\n    {\n        return 'C{$class}';\n    }\n\n    public function strings(): array\n    {\n        return [\n{$strings}        ];\n    }\n}\n");
        }
        file_put_contents($project.'/php.ini', "opcache.interned_strings_buffer={$bufferMegabytes}\n");

        return $project;
    }
}
