<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan;

use PHPUnit\Framework\TestCase;
use Preheat\Composer\ComposerProjectLoader;
use Preheat\Inventory\Inventory;
use Preheat\Inventory\InventoryBuilder;
use Preheat\Inventory\InventoryCache;
use Preheat\Plan\BuiltinSymbols;
use Preheat\Plan\DropReason;
use Preheat\Plan\Explainer;
use Preheat\Plan\PlanContext;
use Preheat\Plan\Planner;
use Preheat\Plan\PlanOptions;
use Preheat\Plan\PreloadPlan;
use Preheat\Plan\RequireEvidence;
use Preheat\Report\ExplanationTextRenderer;
use Preheat\Tests\Support\TemporaryDirectory;
use Symfony\Component\Process\Process;

/**
 * Which side-effect files of an app that loads its core with require may be preloaded, over the
 * fixture app tests/Fixtures/bench/require-app (a blog engine in that style).
 */
final class RequireLoadedRuleTest extends TestCase
{
    private const CORE = ['wp-includes/load.php', 'wp-includes/plugin.php', 'wp-includes/formatting.php', 'wp-includes/class-wp-post.php'];

    private string $root;

    protected function setUp(): void
    {
        $this->root = (string) realpath(__DIR__.'/../../Fixtures/bench/require-app');
    }

    public function testWithoutEvidenceEverySideEffectFileStaysOut(): void
    {
        $plan = $this->plan(null);

        self::assertSame(['wp-includes/kses.php', 'wp-includes/template.php'], $this->included($plan));
        foreach (self::CORE as $file) {
            self::assertSame(DropReason::SideEffects, $plan->droppedFiles[$this->root.'/'.$file]->exclusion->reason);
        }
    }

    public function testFilesOnlyEverRequiredAreKeptWithTheReason(): void
    {
        $plan = $this->plan($this->traced());

        self::assertSame(['wp-includes/class-wp-post.php', 'wp-includes/formatting.php', 'wp-includes/kses.php', 'wp-includes/load.php', 'wp-includes/plugin.php', 'wp-includes/template.php'], $this->included($plan));
        $load = $plan->includedFile($this->root.'/wp-includes/load.php');
        self::assertNotNull($load);
        self::assertStringContainsString("it runs code when included (define('WP_START_LOADED', 'load.php ran') on line 4", (string) $load->keptBecause);
        self::assertStringContainsString('every one of its 3 load(s) in the traced requests was an explicit require or include outside any autoloader', (string) $load->keptBecause);
        self::assertNull($plan->includedFile($this->root.'/wp-includes/kses.php')?->keptBecause, 'a file without side effects needs no reason');
    }

    public function testAFileDeclaringWhatAGuardedIncludeAsksAboutStaysOut(): void
    {
        $plan = $this->plan($this->traced());

        $l10n = $plan->droppedFiles[$this->root.'/wp-includes/l10n.php']->exclusion;
        self::assertSame(DropReason::SideEffects, $l10n->reason);
        self::assertStringContainsString('the include on line 14 of wp-includes/load.php runs only depending on a check that asks whether __ exists, which this file declares', $l10n->message);
    }

    public function testAFileAnAutoloaderLoadedOnceStaysOut(): void
    {
        $files = $this->everyFile();
        $required = array_values(array_diff($files, [$this->root.'/wp-includes/class-wp-widget-cache.php', $this->root.'/wp-includes/plugin.php']));
        $loads = array_fill_keys($files, 3);
        $plan = $this->plan(new RequireEvidence($loads, $required, 'the traced requests'));

        self::assertStringContainsString('the traced requests loaded it from inside an autoloader, or could not tell', $plan->droppedFiles[$this->root.'/wp-includes/class-wp-widget-cache.php']->exclusion->message);
        self::assertSame(DropReason::SideEffects, $plan->droppedFiles[$this->root.'/wp-includes/plugin.php']->exclusion->reason);
        self::assertNotNull($plan->includedFile($this->root.'/wp-includes/load.php'));
    }

    public function testAFileTheRequestsDidNotLoadStaysOut(): void
    {
        $files = array_values(array_diff($this->everyFile(), [$this->root.'/wp-includes/formatting.php']));
        $plan = $this->plan($this->evidence($files, $files));

        self::assertSame(DropReason::SideEffects, $plan->droppedFiles[$this->root.'/wp-includes/formatting.php']->exclusion->reason);
    }

    public function testALoadedFileThatWasNotScannedKeepsEverySideEffectFileOut(): void
    {
        $files = [...$this->everyFile(), $this->root.'/plugins/hello.php'];
        $plan = $this->plan($this->evidence($files, $files));

        $message = $plan->droppedFiles[$this->root.'/wp-includes/load.php']->exclusion->message;
        self::assertStringContainsString('1 loaded file(s) were not scanned (plugins/hello.php), so a guarded include there cannot be ruled out', $message);
    }

    public function testExplainSaysWhyAKeptFileIsIn(): void
    {
        [$plan, $inventory] = $this->planWithInventory($this->traced());

        $explanation = (new Explainer())->explain($plan, $inventory, 'wp-includes/plugin.php', $this->root);
        $lines = (new ExplanationTextRenderer())->lines($explanation, $this->root);

        self::assertTrue($explanation->included);
        self::assertSame('<info>IN</info>  wp-includes/plugin.php (wp-includes/plugin.php) is preloaded.', $lines[0]);
        self::assertStringStartsWith('  kept because it runs code when included (assigns a variable on line 3), but every one of its 3 load(s)', $lines[1]);

        $class = (new Explainer())->explain($plan, $inventory, 'WP_Post', $this->root);
        self::assertStringStartsWith('kept because it runs code when included', $class->note);
    }

    public function testInAReleaseDirectoryWhatTheRequestsRequiredByPathStaysOut(): void
    {
        $directory = new TemporaryDirectory();
        try {
            mkdir($directory->path.'/releases');
            (new Process(['cp', '-R', $this->root, $directory->path.'/releases/2']))->mustRun();
            $this->root = $directory->path.'/releases/2';
            $plan = $this->plan($this->traced());
        } finally {
            $directory->remove();
        }

        // The next release requires its own copies from releases/3: declaring them again would be fatal.
        self::assertSame([], $this->included($plan));
        $load = $plan->droppedFiles[$this->root.'/wp-includes/load.php']->exclusion;
        self::assertSame(DropReason::IncludedByPath, $load->reason);
        self::assertStringStartsWith('every load of it in the traced requests was an explicit require or include, and the project is a release directory (releases/): preloaded, ', $load->message);
        self::assertSame(DropReason::IncludedByPath, $plan->droppedFiles[$this->root.'/wp-includes/class-wp-post.php']->exclusion->reason);
        self::assertSame(DropReason::SideEffects, $plan->droppedFiles[$this->root.'/wp-includes/class-wp-widget-cache.php']->exclusion->reason, 'autoloaded');
    }

    /** @return list<string> every PHP file of the app, as a trace of its page loads them */
    private function everyFile(): array
    {
        return array_map(fn (string $f): string => $this->root.'/'.$f, ['index.php', 'wp-settings.php', 'wp-includes/load.php', 'wp-includes/plugin.php', 'wp-includes/formatting.php', 'wp-includes/kses.php', 'wp-includes/class-wp-post.php', 'wp-includes/template.php', 'wp-includes/l10n.php', 'wp-includes/class-wp-widget-cache.php']);
    }

    /** What tracing the page tells: every file loaded three times, all by require but the autoloaded widget cache. */
    private function traced(): RequireEvidence
    {
        $files = $this->everyFile();

        return $this->evidence($files, array_values(array_diff($files, [$this->root.'/wp-includes/class-wp-widget-cache.php'])));
    }

    /**
     * @param list<string> $loaded
     * @param list<string> $required
     */
    private function evidence(array $loaded, array $required): RequireEvidence
    {
        return new RequireEvidence(array_fill_keys($loaded, 3), $required, 'the traced requests');
    }

    private function plan(?RequireEvidence $evidence): PreloadPlan
    {
        return $this->planWithInventory($evidence)[0];
    }

    /** @return array{PreloadPlan, Inventory} */
    private function planWithInventory(?RequireEvidence $evidence): array
    {
        $project = (new ComposerProjectLoader())->load($this->root, false);
        $scan = (new InventoryBuilder(workers: 1))->build([$this->root], InventoryCache::disabled());
        $plan = (new Planner(BuiltinSymbols::ofCurrentProcess()))->plan(new PlanContext($scan->inventory, $project, [$this->root]), (new PlanOptions())->withRequireEvidence($evidence));

        return [$plan, $scan->inventory];
    }

    /** @return list<string> */
    private function included(PreloadPlan $plan): array
    {
        $files = array_map(fn ($f): string => substr($f->path, \strlen($this->root) + 1), $plan->included);
        sort($files);

        return $files;
    }
}
