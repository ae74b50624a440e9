<?php

declare(strict_types=1);

namespace Preheat\Bench\Ladder;

use Preheat\Bench\Scenario\AutoloadLayer;
use Preheat\Bench\Scenario\Generated;
use Preheat\Bench\Scenario\NoPreload;
use Preheat\Bench\Scenario\OpcacheLayer;
use Preheat\Bench\Scenario\ScenarioLayers;
use Preheat\Bench\Scenario\ScenarioPreload;
use Preheat\Bench\Scenario\ScenarioSpec;
use Preheat\Plan\Strategy\EverySafeFile;
use Preheat\Plan\Strategy\HotKind;
use Preheat\Server\Worker\WorkerKind;

/**
 * The ladder: every step that makes a PHP app start warm, each on top of the one below, measured side
 * by side in one run. Its titles are the rungs `preheat doctor` names for its findings.
 */
final class Ladder
{
    /** The reference scenario: the top preload rung with the app's own autoloader. */
    public const REFERENCE = 'all-app-autoloader';

    /**
     * The other reference: the first preload rung with the app's own autoloader. Both preload rungs are measured on
     * both autoloaders, so that an autoloader rung that does not help takes no preload rung down with it.
     */
    public const REFERENCE_HOT = 'hot-app-autoloader';

    public const AUTOLOADER = '3-autoloader';
    public const PRELOAD_ALL = '5-preload-all';

    /** @param list<LadderRung> $rungs the steps in order, then the references */
    private function __construct(public readonly array $rungs)
    {
    }

    public static function standard(): self
    {
        $sized = OpcacheLayer::Sized;
        $classmap = AutoloadLayer::Classmap;
        $everySafeFile = new Generated(new EverySafeFile(), 'all');
        $hot = new Generated(new HotKind(), 'hot');

        return new self([
            new LadderRung(
                1,
                'baseline',
                'the app as it is: its php.ini and its autoloader, no preloading',
                self::spec('1-baseline', new NoPreload(), new ScenarioLayers(OpcacheLayer::AsConfigured)),
            ),
            new LadderRung(
                2,
                'opcache sizing',
                'OPcache sized for this app (memory, interned strings, max_accelerated_files as measured),'
                .' validate_timestamps=0, realpath cache',
                self::spec('2-opcache-sizing', new NoPreload(), new ScenarioLayers($sized)),
                'opcache',
            ),
            new LadderRung(
                3,
                'autoloader',
                'a classmap of the classes the app\'s autoloader would find, built for the run from Preheat\'s'
                .' inventory (with Composer: its own loader made authoritative, what its classmap lacks answered on its'
                .' misses; with its optimised classmap, the authoritative loader alone); the app\'s files untouched',
                self::spec(self::AUTOLOADER, new NoPreload(), new ScenarioLayers($sized, $classmap)),
                'autoload',
            ),
            new LadderRung(
                4,
                'preload hot',
                'preloading what the pages\' traffic loads most (the hot strategy)',
                self::spec('4-preload-hot', $hot, new ScenarioLayers($sized, $classmap)),
                'preload',
            ),
            new LadderRung(
                5,
                'preload all',
                'preloading every safe file (generate)',
                self::spec(self::PRELOAD_ALL, $everySafeFile, new ScenarioLayers($sized, $classmap)),
                'preload',
            ),
            new LadderRung(
                6,
                'ceiling',
                'the app booted once and kept in memory by a persistent worker',
                self::spec('6-ceiling', new NoPreload(), new ScenarioLayers($sized, $classmap, new WorkerKind())),
                'runtime',
            ),
            new LadderRung(
                4,
                'preload hot, app\'s autoloader',
                'rung 4 without rung 3: what preloading what the pages load gains with the app\'s own autoloader',
                self::spec(self::REFERENCE_HOT, $hot, new ScenarioLayers($sized)),
                'preload',
                true,
            ),
            new LadderRung(
                5,
                'preload all, app\'s autoloader',
                'rung 5 without rung 3: what preloading gains with the app\'s own autoloader',
                self::spec(self::REFERENCE, $everySafeFile, new ScenarioLayers($sized)),
                'preload',
                true,
            ),
        ]);
    }

    /** @return list<ScenarioSpec> the scenarios to run, the baseline first */
    public function scenarios(): array
    {
        return array_map(static fn (LadderRung $rung): ScenarioSpec => $rung->scenario, $this->rungs);
    }

    public function rung(string $scenario): ?LadderRung
    {
        foreach ($this->rungs as $rung) {
            if ($rung->name() === $scenario) {
                return $rung;
            }
        }

        return null;
    }

    /** @return list<LadderRung> the steps, without the references */
    public function steps(): array
    {
        return array_values(array_filter($this->rungs, static fn (LadderRung $rung): bool => !$rung->reference));
    }

    private static function spec(string $name, ScenarioPreload $preload, ScenarioLayers $layers): ScenarioSpec
    {
        return ScenarioSpec::of($name, $preload, $layers);
    }
}
