<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Script;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Preheat\Plan\PreloadPlan;
use Preheat\Script\Write\PreloadScriptWriter;
use Preheat\Tests\Support\FixtureProjects;
use Preheat\Tests\Support\PlannerCase;
use Preheat\Tests\Support\TemporaryDirectory;

/**
 * Golden files: tests/Fixtures/projects/NAME/expected.preload.php is the script for the project of planner
 * case NAME, written to the project root. Set PREHEAT_UPDATE_FIXTURES=1 to rewrite them after a deliberate change.
 */
final class PreloadScriptWriterTest extends TestCase
{
    #[DataProvider('fixtureNames')]
    public function testScriptMatchesGoldenFile(string $fixture): void
    {
        $case = PlannerCase::load($fixture);
        $plan = $case->result()->plan;
        $script = (new PreloadScriptWriter())->render($plan, $plan->projectRoot.'/preload.php');
        $golden = $case->goldenScript();

        if ('1' === getenv('PREHEAT_UPDATE_FIXTURES')) {
            file_put_contents($golden, $script);
        }
        self::assertStringEqualsFile($golden, $script);
        self::assertStringNotContainsString(
            $plan->projectRoot,
            $script,
            'paths inside the project are relative to the script',
        );
    }

    /** @return iterable<string, array{string}> */
    public static function fixtureNames(): iterable
    {
        foreach (FixtureProjects::names() as $name) {
            yield $name => [$name];
        }
    }

    public function testPathsWithQuotesAndDollarsStayStrings(): void
    {
        $plan = FixtureProjects::plan('quote-dollar-path');
        $script = (new PreloadScriptWriter())->render($plan, $plan->projectRoot.'/preload.php');

        self::assertStringContainsString("__DIR__.'/vendor/acme/it\\'s \$HOME/src/Odd.php'", $script);
        $tokens = token_get_all($script);
        $interpolated = array_filter(
            $tokens,
            static fn ($t): bool => \is_array($t) && \in_array(
                $t[0],
                [\T_VARIABLE, \T_ENCAPSED_AND_WHITESPACE],
                true,
            ) && str_contains($t[1], 'HOME'),
        );
        self::assertSame([], $interpolated, 'a $ in a path must never become a variable');
    }

    public function testScriptOutsideTheProjectUsesAbsolutePaths(): void
    {
        $plan = FixtureProjects::plan('clean');
        $script = (new PreloadScriptWriter())->render($plan, '/etc/php/preload.php');

        self::assertStringContainsString(
            var_export($plan->projectRoot.'/src/Controller/Controller.php', true),
            $script,
        );
        self::assertStringNotContainsString('__DIR__.', $script);
    }

    public function testScriptInASubdirectoryReachesUp(): void
    {
        $plan = FixtureProjects::plan('clean');
        $script = (new PreloadScriptWriter())->render($plan, $plan->projectRoot.'/config/preload.php');

        self::assertStringContainsString("__DIR__.'/../src/Controller/Controller.php'", $script);
    }

    public function testWritingTwiceGivesTheSameBytesAndLeavesNoTemporaryFile(): void
    {
        $directory = new TemporaryDirectory();
        try {
            $project = FixtureProjects::copy('clean', $directory);
            $plan = FixtureProjects::planAt($project);
            $writer = new PreloadScriptWriter();
            $writer->write($plan, $project.'/preload.php');
            $first = (string) file_get_contents($project.'/preload.php');
            $writer->write(FixtureProjects::planAt($project), $project.'/preload.php');

            self::assertSame($first, file_get_contents($project.'/preload.php'));
            self::assertSame(
                ['preload.php'],
                array_values(
                    array_filter(scandir($project) ?: [], static fn (string $f): bool => str_contains($f, 'preload')),
                ),
            );
        } finally {
            $directory->remove();
        }
    }

    public function testRelativePath(): void
    {
        self::assertSame('vendor/a.php', PreloadScriptWriter::relativePath('/app', '/app/vendor/a.php'));
        self::assertSame('../vendor/a.php', PreloadScriptWriter::relativePath('/app/config', '/app/vendor/a.php'));
        self::assertSame('../../x/y.php', PreloadScriptWriter::relativePath('/app/a/b', '/app/x/y.php'));
    }

    public function testEmptyPlanStillRendersValidPhp(): void
    {
        $plan = new PreloadPlan('paths', '/app', ['/app/vendor'], [], [], [], 0);
        $script = (new PreloadScriptWriter())->render($plan, '/app/preload.php');

        self::assertStringContainsString('})(['."\n".']);', $script);
    }
}
