<?php

declare(strict_types=1);

namespace Preheat\Doctor;

use Preheat\Composer\ComposerProjectLoader;
use Preheat\Composer\RuntimeRegistrationScan;
use Preheat\Doctor\Profile\AppProfile;
use Preheat\Doctor\Profile\AutoloaderState;
use Preheat\Doctor\Profile\PreloadState;
use Preheat\Doctor\Profile\PreloadStatus;
use Preheat\Doctor\Profile\ServerConfig;
use Preheat\Inventory\SourceFinder;
use Preheat\Php\OpcacheFootprint;
use Preheat\Process\ProcessRunner;
use Preheat\Script\Verify\AppFiles;
use Preheat\Script\Verify\PreloadUserAccess;
use Preheat\Script\Verify\PreloadVerifier;
use Preheat\Script\Verify\Severity as StartupSeverity;
use Preheat\Script\Verify\VerifyOptions;

/**
 * Profiles the app: its PHP files (the project without tests and docs, plus vendor/, or the paths
 * given), what they take in OPcache, its autoloader, and the preload php-fpm is configured with.
 * OPcache's needs are estimated from the source size by default (ratios measured on Laravel's and
 * Symfony's sources); with measuring on, a PHP with php-fpm's ini and OPcache on compiles every file
 * and reports what it used.
 */
final class AppProfiler
{
    public function __construct(private readonly ProcessRunner $runner)
    {
    }

    /** @param list<string> $paths absolute directories or files; none for the project's defaults */
    public function profile(
        string $root,
        array $paths,
        ServerConfig $server,
        string $phpBinary,
        bool $measure,
    ): AppProfile {
        if (!is_dir($root)) {
            throw DoctorInputError::noProject($root);
        }
        $project = (new ComposerProjectLoader())->load($root, false);
        $roots = [] !== $paths ? $paths : $project->defaultRoots();
        foreach ($roots as $path) {
            if (!file_exists($path)) {
                throw DoctorInputError::noPath($path);
            }
        }
        $selection = (new SourceFinder())->select($root, $roots, $project->hasVendor() ? $project->vendorDir : null);
        $files = $selection->files;
        $bytes = 0;
        foreach ($files as $file) {
            $bytes += (int) @filesize($file);
        }
        $footprint = $measure && [] !== $files
            ? $this->measure($files, $server, $phpBinary)
            : OpcacheFootprint::estimate($bytes);

        return new AppProfile(
            $root,
            \count($files),
            $bytes,
            $footprint->opcacheBytes,
            $footprint->internedBytes,
            $measure,
            AutoloaderState::inspect($project->hasVendor() ? $project->vendorDir : null)->withRuntimeRegistrations(
                (new RuntimeRegistrationScan())->find($files, $project->vendorDir),
            ),
            $this->preload($server, $measure),
            (new PreloadUserAccess())->checkApp($server->poolUser(), AppFiles::of($project, $selection)),
        );
    }

    /**
     * The preload's state; measuring, the memory it takes as verify measures it: the script booted with
     * php-fpm's ini and OPcache memory to spare, so that a preload too big for the server's still reports its size.
     */
    private function preload(ServerConfig $server, bool $measure): PreloadState
    {
        $state = PreloadInspector::inspect($server->setting('opcache.preload'));
        if (
            !$measure || null === $server->installation || null === $state->script || !\in_array(
                $state->status,
                [PreloadStatus::Configured, PreloadStatus::Stale],
                true,
            )
        ) {
            return $state;
        }
        $php = $server->installation->withSettings(
            $server->installation->settings->withOverride(
                'opcache.memory_consumption',
                '4096',
                'doctor measures the preload',
            ),
        );
        $report = (new PreloadVerifier($this->runner))->verify($state->script, new VerifyOptions($php));

        $fatal = $report->withSeverity(StartupSeverity::Fatal)[0] ?? null;
        if (null !== $fatal || !$report->boot->booted) {
            return $state->measuredAt(
                $report->preloaded->memoryBytes,
                null === $fatal ? 'PHP did not boot with it' : $fatal->message,
            );
        }

        return $state->measuredAt($report->preloaded->memoryBytes);
    }

    /** @param list<string> $files */
    private function measure(array $files, ServerConfig $server, string $phpBinary): OpcacheFootprint
    {
        try {
            return OpcacheFootprint::measure(
                $this->runner,
                $phpBinary,
                $server->installation?->iniArgument() ?? $server->ini->iniFile,
                $server->ini->scanDir,
                $files,
            );
        } catch (\RuntimeException $error) {
            throw DoctorEnvironmentError::cannotMeasure($error->getMessage());
        }
    }
}
