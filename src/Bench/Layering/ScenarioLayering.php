<?php

declare(strict_types=1);

namespace Preheat\Bench\Layering;

use Preheat\Bench\Config\BenchConfig;
use Preheat\Bench\Ladder\LadderError;
use Preheat\Bench\Scenario\AutoloadLayer;
use Preheat\Bench\Scenario\OpcacheLayer;
use Preheat\Php\OpcacheFootprint;
use Preheat\Php\OpcacheSizing;
use Preheat\Php\PhpInstallation;
use Preheat\Plan\PlanPipeline;
use Preheat\Plan\PlanResult;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\NullProgressLogger;
use Preheat\Progress\ProgressLogger;
use Preheat\Server\PhpIni;

/**
 * What a scenario's OPcache and autoloader layers add to its php.ini. The app is scanned once per run
 * (what `generate` scans), and what its files take in OPcache measured once, by compiling them with the
 * php.ini the bench serves with, so every rung that needs them shares the same figures.
 */
final class ScenarioLayering
{
    private ?PlanResult $scan = null;

    private ?LayerSettings $sized = null;

    private ?Classmap $classmap = null;

    public function __construct(
        private readonly PlanPipeline $pipeline,
        private readonly ProcessRunner $runner,
        private readonly PhpInstallation $php,
        private readonly ProgressLogger $progress = new NullProgressLogger(),
        private readonly ClassmapBuilder $builder = new ClassmapBuilder(),
        private readonly ClassmapAutoloaderWriter $writer = new ClassmapAutoloaderWriter(),
    ) {
    }

    public function opcache(OpcacheLayer $layer, BenchConfig $config): LayerSettings
    {
        return match ($layer) {
            OpcacheLayer::AsConfigured => new LayerSettings([], 'the php.ini as it is'),
            OpcacheLayer::TimestampsOff => new LayerSettings(PhpIni::timestampsOff()),
            OpcacheLayer::Sized => $this->sized ??= $this->size($config),
        };
    }

    public function autoload(AutoloadLayer $layer, BenchConfig $config, string $directory): LayerSettings
    {
        if (AutoloadLayer::AsIs === $layer) {
            return new LayerSettings();
        }
        $scan = $this->scan($config);
        $classmap = $this->classmap ??= $this->builder->build(
            $scan->project,
            $scan->scan->inventory,
            $scan->scan->context,
        );
        if (null !== $classmap->notApplicable) {
            // Scenarios that add more than the classmap run with the app's own autoloader and say so.
            return new LayerSettings(
                [],
                'the app\'s own autoloader (a classmap is not applicable: '.$classmap->notApplicable.')',
                $classmap->notApplicable,
            );
        }

        return new LayerSettings(
            ['auto_prepend_file' => $this->writer->write($classmap, $directory)],
            $classmap->describe(),
        );
    }

    private function size(BenchConfig $config): LayerSettings
    {
        $files = array_keys($this->scan($config)->scan->inventory->files);
        $this->progress->stage(\sprintf('Measuring what %d files take in OPcache', \count($files)));
        try {
            $footprint = OpcacheFootprint::measure(
                $this->runner,
                $this->php->phpBinary,
                $this->php->settings->iniFile,
                $this->php->settings->scanDir,
                $files,
            );
        } catch (\RuntimeException $error) {
            throw LadderError::cannotMeasure($error->getMessage());
        }
        $ini = OpcacheSizing::forApp(\count($files), $footprint->opcacheBytes, $footprint->internedBytes)
            ->iniSettings($this->php->settings);
        $this->progress->finish(\sprintf(
            'OPcache sized for %d files (%.1f MB compiled, %.1f MB interned strings, measured): %s',
            \count($files),
            $footprint->opcacheBytes / 1048576,
            $footprint->internedBytes / 1048576,
            implode(', ', array_map(static fn (string $k, string $v): string => "$k=$v", array_keys($ini), $ini)),
        ));

        return new LayerSettings($ini, \sprintf(
            'memory_consumption=%s, interned_strings_buffer=%s, max_accelerated_files=%s, validate_timestamps=0,'
            .' realpath_cache_size=%s',
            $ini['opcache.memory_consumption'],
            $ini['opcache.interned_strings_buffer'],
            $ini['opcache.max_accelerated_files'],
            $ini['realpath_cache_size'],
        ));
    }

    /**
     * Every PHP file of the scanned paths (what `generate` scans, before any is left out), by real path: what a
     * compile-everything preloader compiles.
     *
     * @return list<string>
     */
    public function scannedFiles(BenchConfig $config): array
    {
        return array_map('strval', array_keys($this->scan($config)->scan->inventory->files));
    }

    private function scan(BenchConfig $config): PlanResult
    {
        return $this->scan ??= $this->pipeline->run($config->scope->request, $config->scope->options);
    }
}
