<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Bench\Layering;

use PHPUnit\Framework\TestCase;
use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Config\UrlSpec;
use Preheat\Bench\Layering\ScenarioLayering;
use Preheat\Bench\Scenario\AutoloadLayer;
use Preheat\Bench\Scenario\OpcacheLayer;
use Preheat\Bench\Scenario\ScenarioSpec;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpSettings;
use Preheat\Plan\PlanPipeline;
use Preheat\Plan\Strategy\Strategies;
use Preheat\Server\PhpIni;
use Preheat\Tests\Support\BenchConfigs;
use Preheat\Tests\Support\FakeProcessRunner;

/**
 * The ladder's baseline runs with the app's php.ini as it is: what a plain bench adds on top of it
 * (validate_timestamps=0) is a layer of its own, not something every server is forced to run with.
 */
final class ScenarioLayeringTest extends TestCase
{
    public function testOnlyThePlainBenchsLayerTurnsTimestampsOffAndTheBaselineKeepsTheIniAsItIs(): void
    {
        $runner = new FakeProcessRunner();
        $layering = new ScenarioLayering(new PlanPipeline($runner), $runner, new PhpInstallation('php', 'php-fpm', new PhpSettings('/etc/php/8.2/fpm/php.ini', 'test')));
        $config = $this->config();

        self::assertSame([], $layering->opcache(OpcacheLayer::AsConfigured, $config)->ini);
        self::assertSame(['opcache.validate_timestamps' => '0'], $layering->opcache(OpcacheLayer::TimestampsOff, $config)->ini);
        self::assertSame([], $layering->autoload(AutoloadLayer::AsIs, $config, sys_get_temp_dir())->ini);
        self::assertArrayNotHasKey('opcache.validate_timestamps', PhpIni::benchmarkSettings('/tmp/php-errors.log'), 'what every server gets must not decide the baseline\'s timestamps');
        self::assertSame([], $runner->ran, 'no layer of these scans or measures anything');
    }

    public function testTheNaiveScenarioGetsEveryScannedFileTheSafePlanLeftOutIncluded(): void
    {
        $runner = new FakeProcessRunner();
        $layering = new ScenarioLayering(new PlanPipeline($runner), $runner, new PhpInstallation('php', 'php-fpm', new PhpSettings('/etc/php/8.2/fpm/php.ini', 'test')));
        $src = realpath(\dirname(__DIR__, 3).'/Fixtures/bench/app/src');

        $files = $layering->scannedFiles($this->config());

        self::assertContains($src.'/Greeting.php', $files, 'a define() beside the class: the plan leaves it out, a compile-everything preloader does not');
        foreach (['Renderable', 'Page', 'HomePage'] as $class) {
            self::assertContains($src.'/'.$class.'.php', $files);
        }
        self::assertContains(realpath(\dirname(__DIR__, 3).'/Fixtures/bench/app/public/index.php'), $files, 'every PHP file, the front controller too: compiling runs none of it');
        self::assertSame([], $runner->ran, 'listing the files boots no PHP');
    }

    private function config(): BenchConfig
    {
        $app = \dirname(__DIR__, 3).'/Fixtures/bench/app';

        return BenchConfigs::make($app, [new UrlSpec('/')], [ScenarioSpec::parse('none', 'none', $app, Strategies::standard())]);
    }
}
