<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Ladder;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Config\BenchOverrides;
use Preheat\Bench\Ladder\Ladder;
use Preheat\Bench\Ladder\LadderRung;
use Preheat\Bench\Scenario\AutoloadLayer;
use Preheat\Bench\Scenario\OpcacheLayer;
use Preheat\Bench\Scenario\ScenarioLayers;
use Preheat\ConfigError;
use Preheat\Doctor\Finding\Rung;
use Preheat\Tests\Support\BenchConfigs;
use Preheat\Tests\Support\TemporaryDirectory;

/** The ladder's rungs: each adds one layer to the rung below, the baseline changes nothing of the app. */
final class LadderTest extends TestCase
{
    public function testEachRungAddsOneLayerToTheRungBelow(): void
    {
        $layers = array_map(
            static fn (LadderRung $rung): array => [
                $rung->number,
                $rung->scenario->spec,
                $rung->scenario->layers->opcache,
                $rung->scenario->layers->autoload,
                $rung->scenario->layers->runtime?->name(),
                $rung->adds,
            ],
            Ladder::standard()->steps(),
        );

        self::assertSame([
            [1, 'none', OpcacheLayer::AsConfigured, AutoloadLayer::AsIs, null, null],
            [2, 'none', OpcacheLayer::Sized, AutoloadLayer::AsIs, null, 'opcache'],
            [3, 'none', OpcacheLayer::Sized, AutoloadLayer::Classmap, null, 'autoload'],
            [4, 'hot', OpcacheLayer::Sized, AutoloadLayer::Classmap, null, 'preload'],
            [5, 'all', OpcacheLayer::Sized, AutoloadLayer::Classmap, null, 'preload'],
            [6, 'none', OpcacheLayer::Sized, AutoloadLayer::Classmap, 'worker', 'runtime'],
        ], $layers);
    }

    public function testTheReferenceIsTheTopPreloadWithTheAppsOwnAutoloader(): void
    {
        $ladder = Ladder::standard();
        $reference = $ladder->rung(Ladder::REFERENCE);

        self::assertNotNull($reference);
        self::assertTrue($reference->reference);
        self::assertSame('all', $reference->scenario->spec);
        self::assertEquals(new ScenarioLayers(OpcacheLayer::Sized, AutoloadLayer::AsIs), $reference->scenario->layers);
        self::assertSame('1-baseline', $ladder->scenarios()[0]->name, 'the baseline comes first: every rung is compared with it');
        self::assertNotContains(Ladder::REFERENCE, array_map(static fn (LadderRung $r): string => $r->name(), $ladder->steps()));
    }

    /** An autoloader rung that does not help must not take the preload rungs down: each is measured on both. */
    public function testBothPreloadRungsAreMeasuredWithTheAppsOwnAutoloaderToo(): void
    {
        $ladder = Ladder::standard();
        $hot = $ladder->rung(Ladder::REFERENCE_HOT);

        self::assertNotNull($hot);
        self::assertTrue($hot->reference);
        self::assertSame(4, $hot->number, 'it mirrors rung 4');
        self::assertSame('hot', $hot->scenario->spec);
        self::assertEquals(new ScenarioLayers(OpcacheLayer::Sized, AutoloadLayer::AsIs), $hot->scenario->layers);
    }

    public function testTheRungsAreTheOnesDoctorNames(): void
    {
        $titles = array_map(static fn (LadderRung $rung): string => $rung->title, \array_slice(Ladder::standard()->steps(), 1));

        self::assertSame(array_map(static fn (Rung $rung): string => $rung->value, Rung::cases()), $titles);
    }

    public function testAPlainBenchKeepsItsLayers(): void
    {
        $layers = new ScenarioLayers();

        self::assertSame(OpcacheLayer::TimestampsOff, $layers->opcache, 'validate_timestamps=0, as every bench ran before the ladder');
        self::assertSame(AutoloadLayer::AsIs, $layers->autoload);
        self::assertNull($layers->runtime);
    }

    public function testTheLadderReplacesTheConfiguredScenariosAndRefusesScenariosGivenWithIt(): void
    {
        $directory = new TemporaryDirectory();
        try {
            mkdir($directory->path.'/public');
            file_put_contents($directory->path.'/public/index.php', "<?php echo 'hi';\n");
            file_put_contents($directory->path.'/preheat.json', json_encode(['bench' => ['scenarios' => ['none' => 'none', 'mine' => 'all']]]));

            $config = BenchConfigs::loader()->load($directory->path, null, new BenchOverrides(ladder: true));
            self::assertNotNull($config->ladder);
            self::assertSame(['1-baseline', '2-opcache-sizing', '3-autoloader', '4-preload-hot', '5-preload-all', '6-ceiling', Ladder::REFERENCE_HOT, Ladder::REFERENCE], array_map(static fn ($s): string => $s->name, $config->scenarios));
            self::assertSame('1-baseline', $config->baseline()->name);

            file_put_contents($directory->path.'/preheat.json', json_encode(['bench' => ['ladder' => true]]));
            self::assertNotNull(BenchConfigs::loader()->load($directory->path, null)->ladder, '"ladder": true in preheat.json');
            self::assertNull(BenchConfigs::loader()->load($directory->path, null, new BenchOverrides(scenarios: ['none']))->ladder ?? null, 'never reached');
        } catch (ConfigError $error) {
            self::assertStringContainsString('the ladder runs its own scenarios (its rungs): give either the ladder or scenarios', $error->getMessage());

            return;
        } finally {
            $directory->remove();
        }
        self::fail('scenarios given with the ladder are refused');
    }

    public function testALadderKeyThatIsNoBooleanIsRefused(): void
    {
        $directory = new TemporaryDirectory();
        try {
            mkdir($directory->path.'/public');
            file_put_contents($directory->path.'/public/index.php', "<?php echo 'hi';\n");
            file_put_contents($directory->path.'/preheat.json', json_encode(['bench' => ['ladder' => 'yes']]));

            $this->expectException(ConfigError::class);
            $this->expectExceptionMessage('key bench.ladder "yes": expected true or false');
            BenchConfigs::loader()->load($directory->path, null);
        } finally {
            $directory->remove();
        }
    }
}
