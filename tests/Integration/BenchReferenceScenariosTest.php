<?php

declare(strict_types=1);

namespace Preheat\Tests\Integration;

use PHPUnit\Framework\Attributes\Group;
use PHPUnit\Framework\TestCase;
use Preheat\Tests\Support\BenchProcesses;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * The reference scenarios users compare Preheat with, on real php-fpm and nginx: `naive` (every scanned file
 * compiled, as compile-everything preloaders do) and a given script run as they are, their start-up warnings
 * counted from their own servers' logs, beside Preheat's plan, which leaves the dev-only class out.
 */
#[Group('integration')]
final class BenchReferenceScenariosTest extends TestCase
{
    private const SHORT = ['--rounds=1', '--max-time=0', '--duration=1', '--warmup=0', '--concurrency=2', '--workers=2'];

    private const REFUSED = 'Can\'t preload unlinked class Acme\Testkit\FixtureTestCase: Unknown parent '
        .'PHPUnit\Framework\TestCase';

    private TemporaryDirectory $directory;

    protected function setUp(): void
    {
        $this->directory = new TemporaryDirectory();
        // The given script is preloaded by php-fpm's master and verified as the pool's user (www-data as root).
        chmod($this->directory->path, 0777);
    }

    protected function tearDown(): void
    {
        $this->directory->remove();
        self::assertSame([], BenchProcesses::leftBehind(), 'no php-fpm, nginx or apache2 may survive a benchmark');
    }

    public function testNaiveAndAGivenScriptRunAsTheyAreWithTheirWarningsCountedWhilePathsStartsClean(): void
    {
        $app = \dirname(__DIR__).'/Fixtures/bench/dev-app';
        $given = $this->directory->path.'/given-preload.php';
        file_put_contents($given, "<?php\n\nforeach (['vendor/acme/testkit/src/FixtureTestCase.php', 'src/Renderable.php'] as \$file) {\n"
            .'    opcache_compile_file('.var_export($app.'/', true).".\$file);\n}\n");
        chmod($given, 0644);
        $out = $this->directory->path.'/report';

        $process = new Process(
            [\PHP_BINARY, \dirname(__DIR__, 2).'/bin/preheat', 'bench', '--project='.$app, ...self::SHORT, '--url=/', '--scenario=none', '--scenario=naive', '--scenario=given='.$given, '--scenario=paths', '--format=json', '--out='.$out],
            null,
            null,
            null,
            180,
        );
        $process->run();
        $report = json_decode($process->getOutput(), true);

        self::assertSame(0, $process->getExitCode(), $process->getErrorOutput());
        self::assertIsArray($report);
        [$none, $naive, $givenRow, $paths] = $report['scenarios'];
        foreach ([$none, $naive, $givenRow, $paths] as $scenario) {
            self::assertTrue($scenario['measured'], $scenario['name'].': '.json_encode($scenario['problems']));
        }

        self::assertSame('naive', $naive['spec']);
        self::assertStringStartsWith('naive: every scanned file compiled (', $naive['preparation']);
        self::assertStringEndsWith(', run as it is (not fixed)', $naive['preparation']);
        self::assertSame(1, $naive['startupWarnings']['count'], json_encode($naive['startupWarnings']) ?: '');
        self::assertSame(1, $naive['startupWarnings']['refusedClasses']);
        self::assertStringStartsWith(self::REFUSED, $naive['startupWarnings']['examples'][0]);
        self::assertSame(2, $naive['preload']['classes'], 'OPcache\'s own count: Renderable and HomePage, not the refused class');

        self::assertSame(1, $givenRow['startupWarnings']['count'], 'a given script is counted the same way, not fixed');
        self::assertStringStartsWith(self::REFUSED, $givenRow['startupWarnings']['examples'][0]);
        self::assertSame(1, $givenRow['preload']['classes']);

        self::assertSame(['count' => 0, 'refusedClasses' => 0, 'examples' => []], $paths['startupWarnings'], 'the plan leaves the dev package out');
        self::assertSame(2, $paths['preload']['classes']);
        self::assertSame(['count' => 0, 'refusedClasses' => 0, 'examples' => []], $none['startupWarnings']);
        self::assertSame(0, $none['preload']['classes']);
        foreach ([$naive, $givenRow, $paths] as $scenario) {
            self::assertGreaterThan(0, $scenario['preload']['memoryBytes'], $scenario['name']);
            self::assertGreaterThan(0, $scenario['fpmStartSeconds'], $scenario['name']);
        }
        self::assertFileDoesNotExist($app.'/naive-preload.php', 'the naive script is written into the scenario\'s directory, not the app');

        $markdown = (string) file_get_contents($out.'/report.md');
        self::assertMatchesRegularExpression('/\| naive \|.*\| 1 \(1 classes refused\) \| 2 \|/', $markdown);
        self::assertMatchesRegularExpression('/\| paths \|.*\| 0 \| 2 \|/', $markdown);
        self::assertStringContainsString('- naive: 1 warning logged at start-up (at every start; counted, not fixed), first: '.self::REFUSED, $markdown);
    }
}
