<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan;

use PHPUnit\Framework\TestCase;
use Preheat\Plan\BuiltinSymbols;
use Preheat\Plan\ClassLocator;
use Preheat\Plan\DropReason;
use Preheat\Plan\Explainer;
use Preheat\Plan\ForcedDrop;
use Preheat\Plan\ForcedDrops;
use Preheat\Plan\PlanContext;
use Preheat\Plan\Planner;
use Preheat\Plan\PlanOptions;
use Preheat\Report\ExplanationTextRenderer;
use Preheat\Script\Write\PreloadScriptWriter;
use Preheat\Script\Write\RefusedHeader;
use Preheat\Setting;
use Preheat\Tests\Support\FixtureProjects;

/** What `explain` knows beyond classes, and where a class missing from the scan is found after all. */
final class ScanScopeTest extends TestCase
{
    public function testAClassOnlyInTheIncludePathIsFoundWithThePathThatAddsIt(): void
    {
        $includeDir = (string) realpath(__DIR__.'/../../Fixtures/include-path');
        $result = FixtureProjects::result(FixtureProjects::path('include-path'));
        $locator = new ClassLocator($result->project->root, $result->scan->context, static fn (): array => ['.', $includeDir]);
        $plan = (new Planner(BuiltinSymbols::ofCurrentProcess()))->plan(new PlanContext($result->scan->inventory, $result->project, $result->plan->roots, $result->scan->context, $locator), new PlanOptions());

        $export = $plan->droppedClass('Admin\SqlExport');
        self::assertSame(DropReason::MissingDependency, $export?->exclusion->reason);
        self::assertSame(
            "its parent PhpMyLib\\Sql\\Parser is not in the scanned paths: it is declared in $includeDir/PhpMyLib/Sql/Parser.php, in PHP's include_path ($includeDir) (to scan it, scan the paths ., $includeDir/PhpMyLib)",
            $export->exclusion->message,
        );
        self::assertNotNull($plan->includedFileDeclaring('Admin\Config'));

        $text = implode("\n", (new ExplanationTextRenderer())->lines((new Explainer())->explain($plan, $result->scan->inventory, 'Admin\SqlExport', $plan->projectRoot), $plan->projectRoot));
        self::assertStringContainsString("in PHP's include_path", $text);
    }

    public function testAClassOutsideTheGivenPathsIsFoundInTheProject(): void
    {
        $result = FixtureProjects::result(FixtureProjects::path('wiki'), paths: ['inc/Parser.php', 'inc/Extension/SyntaxPlugin.php']);

        self::assertSame(
            'its interface dokuwiki\Extension\PluginInterface is not in the scanned paths: it is declared in inc/Extension/PluginInterface.php, in the project, outside the scanned paths (to scan it, scan the paths inc/Parser.php, inc/Extension/SyntaxPlugin.php, inc)',
            $result->plan->droppedClass('dokuwiki\Extension\SyntaxPlugin')?->exclusion->message,
        );
    }

    public function testWithoutALocationTheMessageStaysTheOptionalPackageOne(): void
    {
        $plan = FixtureProjects::plan('missing-parent');

        self::assertStringContainsString('does not exist here (is an optional package not installed?)', (string) $plan->droppedClass('Acme\Db\PostgresDriver')?->exclusion->message);
    }

    public function testExplainFindsFunctions(): void
    {
        $result = FixtureProjects::result(FixtureProjects::path('cms'));
        $explainer = new Explainer();

        $in = $explainer->explain($result->plan, $result->scan->inventory, 'add_action', $result->plan->projectRoot);
        self::assertTrue($in->included);
        self::assertSame('function', $in->kind);
        self::assertSame($result->plan->projectRoot.'/wp-includes/plugin.php', $in->file);

        $out = $explainer->explain($result->plan, $result->scan->inventory, '__()', $result->plan->projectRoot);
        self::assertTrue($out->found);
        self::assertFalse($out->included);
        self::assertSame($result->plan->projectRoot.'/wp-includes/l10n.php', $out->file);
        self::assertSame(DropReason::DuplicateFunction, $out->chain[0]->exclusion?->reason);
        self::assertStringContainsString('Declared in 2 scanned files', $out->note);
    }

    public function testExplainFindsClassAliases(): void
    {
        $result = FixtureProjects::result(FixtureProjects::path('class-alias'));
        $explanation = (new Explainer())->explain($result->plan, $result->scan->inventory, 'Acme\Parser\Node\Expr\ArrayItem', $result->plan->projectRoot);

        self::assertTrue($explanation->found);
        self::assertFalse($explanation->included);
        self::assertSame('alias', $explanation->kind);
        self::assertStringStartsWith(
            'It is an alias of Acme\Parser\Node\ArrayItem declared by class_alias() in vendor/acme/parser/src/Node/ArrayItem.php (line 10): not preloadable because',
            $explanation->note,
        );
    }

    public function testExplainSaysWhyAFileIsNotScanned(): void
    {
        $result = FixtureProjects::result(FixtureProjects::path('cms'), paths: ['wp-includes']);
        $explain = static fn (string $file) => (new Explainer())->explain($result->plan, $result->scan->inventory, $file, $result->plan->projectRoot, $result->scan);

        self::assertSame('The scan skips tests (tests, not run by the app): include the directory tests in the scan to read it.', $explain('tests/phpunit/bootstrap.php')->note);
        self::assertStringStartsWith('The scan skips wp-content/cache (written by the app at run time): never preloaded', $explain('wp-content/cache/page-cache.php')->note);
        $admin = $explain('wp-admin/setup-config.php');
        self::assertTrue($admin->found);
        self::assertSame('wp-admin/setup-config.php is outside the scanned paths, but part of the app: what it declares counts for duplicates. Add wp-admin to the scanned paths to scan it.', $admin->note);
        self::assertSame([Setting::IncludeDirectories, null, Setting::Paths], [$explain('tests/phpunit/bootstrap.php')->about, $explain('wp-content/cache/page-cache.php')->about, $admin->about], 'the console names the option of the setting a note tells to change');
    }

    public function testWhatPHPRefusedIsRecordedInTheScriptAndExplainedFromIt(): void
    {
        $result = FixtureProjects::result(FixtureProjects::path('clean'));
        $why = 'PHP could not link it at start-up: Could not check compatibility, */ because class X is not available';
        $options = (new PlanOptions())->withForcedDrops(new ForcedDrops(ForcedDrop::unlinkedClass('App\Controller\HomeController', substr($why, \strlen('PHP could not link it at start-up: ')))));
        $refused = (new Planner(BuiltinSymbols::ofCurrentProcess()))->plan(new PlanContext($result->scan->inventory, $result->project, $result->plan->roots), $options);
        $script = (new PreloadScriptWriter())->render($refused, $refused->projectRoot.'/preload.php');

        self::assertStringContainsString('preheat-refused: {"class":"App\\\\Controller\\\\HomeController"', $script);
        $comments = array_filter(token_get_all($script), static fn ($t): bool => \is_array($t) && \T_COMMENT === $t[0] && str_starts_with($t[1], '/*'));
        self::assertCount(1, $comments, 'the reason must not close the header comment');
        self::assertStringContainsString('preheat-refused', (string) array_values($comments)[0][1]);

        $drops = RefusedHeader::read($script, $refused->projectRoot);
        self::assertSame(['app\controller\homecontroller' => 'PHP refused it at the last verification: Could not check compatibility, */ because class X is not available'], array_column(array_map(static fn (ForcedDrop $d): array => [$d->key(), $d->why], $drops->all()), 1, 0));

        // explain plans with the recorded drops, so it says OUT with PHP's reason instead of IN.
        $replanned = (new Planner(BuiltinSymbols::ofCurrentProcess()))->plan(new PlanContext($result->scan->inventory, $result->project, $result->plan->roots), new PlanOptions([], false, $drops));
        $explanation = (new Explainer())->explain($replanned, $result->scan->inventory, 'App\Controller\HomeController', $replanned->projectRoot);
        self::assertFalse($explanation->included);
        self::assertSame('PHP refused it at the last verification: Could not check compatibility, */ because class X is not available', $explanation->chain[0]->exclusion?->message);
    }

    public function testAScriptWithoutRefusalsHasNoSuchLines(): void
    {
        $plan = FixtureProjects::plan('clean');

        self::assertSame([], RefusedHeader::lines($plan));
        self::assertSame([], RefusedHeader::read((new PreloadScriptWriter())->render($plan, $plan->projectRoot.'/preload.php'), $plan->projectRoot)->all());
    }
}
