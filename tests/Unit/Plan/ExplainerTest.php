<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Plan;

use PHPUnit\Framework\TestCase;
use Preheat\Composer\ComposerProjectLoader;
use Preheat\Inventory\InventoryBuilder;
use Preheat\Inventory\InventoryCache;
use Preheat\Plan\BuiltinSymbols;
use Preheat\Plan\DropReason;
use Preheat\Plan\Explainer;
use Preheat\Plan\PlanContext;
use Preheat\Plan\Planner;
use Preheat\Plan\PlanOptions;
use Preheat\Report\ExplanationTextRenderer;
use Preheat\Tests\Support\FixtureProjects;

final class ExplainerTest extends TestCase
{
    public function testFollowsTheChainToTheRootCause(): void
    {
        [$plan, $inventory] = $this->planned('missing-parent');
        $explanation = (new Explainer())->explain($plan, $inventory, 'Acme\Db\PooledPostgresDriver', $plan->projectRoot);

        self::assertFalse($explanation->included);
        self::assertCount(3, $explanation->chain);
        self::assertSame(DropReason::DroppedDependency, $explanation->chain[0]->exclusion?->reason);
        self::assertSame('Acme\Db\PostgresDriver', $explanation->chain[1]->subject);
        self::assertSame(DropReason::MissingDependency, $explanation->chain[1]->exclusion?->reason);
        self::assertSame('Doctrine\DBAL\Driver\AbstractPostgreSQLDriver', $explanation->chain[2]->subject);

        $text = implode("\n", (new ExplanationTextRenderer())->lines($explanation, $plan->projectRoot));
        self::assertStringContainsString('OUT', $text);
        self::assertStringContainsString('does not exist here', $text);
    }

    public function testAnIncludedClassAndFile(): void
    {
        [$plan, $inventory] = $this->planned('missing-parent');
        $explainer = new Explainer();

        self::assertTrue($explainer->explain($plan, $inventory, '\Acme\Db\Connection', $plan->projectRoot)->included);
        self::assertTrue($explainer->explain($plan, $inventory, 'vendor/acme/db/src/Connection.php', $plan->projectRoot)->included);
    }

    public function testAFileLeftOutForItsOwnReason(): void
    {
        [$plan, $inventory] = $this->planned('define-side-effect');
        $explanation = (new Explainer())->explain($plan, $inventory, 'vendor/acme/grapheme/src/Grapheme.php', $plan->projectRoot);

        self::assertFalse($explanation->included);
        self::assertSame(DropReason::SideEffects, $explanation->chain[0]->exclusion?->reason);
        self::assertStringContainsString("define('ACME_GRAPHEME_RX'", (string) $explanation->chain[0]->exclusion->message);
    }

    public function testAnUnknownNameIsNotFound(): void
    {
        [$plan, $inventory] = $this->planned('clean');
        $explanation = (new Explainer())->explain($plan, $inventory, 'No\Such\Thing', $plan->projectRoot);

        self::assertFalse($explanation->found);
        self::assertStringContainsString('No scanned file declares it', $explanation->note);
    }

    public function testAConditionalClassIsExplained(): void
    {
        [$plan, $inventory] = $this->planned('conditional-class');
        $explanation = (new Explainer())->explain($plan, $inventory, 'Acme\Compat\BaseCommand', $plan->projectRoot);

        self::assertFalse($explanation->included);
        self::assertStringContainsString('only conditionally', $explanation->note);
    }

    /** @return array{\Preheat\Plan\PreloadPlan, \Preheat\Inventory\Inventory} */
    private function planned(string $fixture): array
    {
        $project = (new ComposerProjectLoader())->load(FixtureProjects::path($fixture));
        $scan = (new InventoryBuilder(workers: 1))->build($project->defaultRoots(), InventoryCache::disabled());
        $plan = (new Planner(BuiltinSymbols::ofCurrentProcess()))->plan(new PlanContext($scan->inventory, $project, $project->defaultRoots()), new PlanOptions());

        return [$plan, $scan->inventory];
    }
}
