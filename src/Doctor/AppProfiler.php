<?php

declare(strict_types=1);

namespace Preheat\Doctor;

use Preheat\Composer\ComposerProjectLoader;
use Preheat\Inventory\SourceFinder;
use Preheat\Php\Probe;
use Preheat\Process\ProcessRunner;
use Preheat\Script\PreloadVerifier;
use Preheat\Script\Severity as StartupSeverity;
use Preheat\Script\VerifyOptions;

/**
 * Profiles the app: its PHP files (the project without tests and docs, plus vendor/, or the paths
 * given), what they take in OPcache, its autoloader, and the preload php-fpm is configured with.
 * OPcache's needs are estimated from the source size by default (ratios measured on Laravel's and
 * Symfony's sources); with measuring on, a PHP with php-fpm's ini and OPcache on compiles every file
 * and reports what it used.
 */
final class AppProfiler
{
    /** Shared memory per byte of source, compiled (Debian's Laravel 8 + Symfony 5: 42 MB for 15.6 MB). */
    public const OPCACHE_BYTES_PER_SOURCE_BYTE = 2.8;

    /** Interned strings per byte of source (the same sources: 6.4 MB). */
    public const INTERNED_BYTES_PER_SOURCE_BYTE = 0.42;

    private const MARKER = '@@PREHEAT-DOCTOR-MEASURE@@';

    public function __construct(private readonly ProcessRunner $runner)
    {
    }

    /** @param list<string> $paths absolute directories or files; none for the project's defaults */
    public function profile(string $root, array $paths, ServerConfig $server, string $phpBinary, bool $measure): AppProfile
    {
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
        $files = (new SourceFinder())->select($root, $roots, $project->hasVendor() ? $project->vendorDir : null)->files;
        $bytes = 0;
        foreach ($files as $file) {
            $bytes += (int) @filesize($file);
        }
        [$opcache, $interned] = $measure && [] !== $files
            ? $this->measure($files, $server, $phpBinary)
            : [(int) ($bytes * self::OPCACHE_BYTES_PER_SOURCE_BYTE), (int) ($bytes * self::INTERNED_BYTES_PER_SOURCE_BYTE)];

        return new AppProfile(
            $root,
            \count($files),
            $bytes,
            $opcache,
            $interned,
            $measure,
            AutoloaderState::inspect($project->hasVendor() ? $project->vendorDir : null),
            $this->preload($server, $measure),
        );
    }

    /**
     * The preload's state; measuring, the memory it takes as verify measures it: the script booted with
     * php-fpm's ini and OPcache memory to spare, so that a preload too big for the server's still reports its size.
     */
    private function preload(ServerConfig $server, bool $measure): PreloadState
    {
        $state = PreloadInspector::inspect($server->setting('opcache.preload'));
        if (!$measure || null === $server->installation || null === $state->script || !\in_array($state->status, [PreloadStatus::Configured, PreloadStatus::Stale], true)) {
            return $state;
        }
        $php = $server->installation->withSettings($server->installation->settings->withOverride('opcache.memory_consumption', '4096', 'doctor measures the preload'));
        $report = (new PreloadVerifier($this->runner))->verify($state->script, new VerifyOptions($php));

        $fatal = $report->withSeverity(StartupSeverity::Fatal)[0] ?? null;
        if (null !== $fatal || !$report->booted) {
            return $state->measuredAt($report->preloadMemoryBytes, null === $fatal ? 'PHP did not boot with it' : $fatal->message);
        }

        return $state->measuredAt($report->preloadMemoryBytes);
    }

    /**
     * @param list<string> $files
     *
     * @return array{int, int} OPcache bytes, interned-string bytes the files added
     */
    private function measure(array $files, ServerConfig $server, string $phpBinary): array
    {
        $list = tempnam(sys_get_temp_dir(), 'preheat-doctor-');
        if (false === $list) {
            throw DoctorEnvironmentError::cannotMeasure('cannot create a temporary file');
        }
        try {
            file_put_contents($list, implode("\n", $files));
            $code = '$before = opcache_get_status(false);'
                .'foreach (file('.var_export($list, true).', FILE_IGNORE_NEW_LINES) as $f) { try { @opcache_compile_file($f); } catch (\Throwable) {} }'
                .'$after = opcache_get_status(false);'
                .Probe::emit('[$after["memory_usage"]["used_memory"] - $before["memory_usage"]["used_memory"], $after["interned_strings_usage"]["used_memory"] - $before["interned_strings_usage"]["used_memory"]]', self::MARKER);
            $command = [$phpBinary];
            if (null !== $server->ini->iniFile) {
                array_push($command, '-c', $server->ini->iniFile);
            }
            array_push(
                $command,
                '-d', 'opcache.enable=1', '-d', 'opcache.enable_cli=1', '-d', 'opcache.preload=', '-d', 'opcache.file_cache=',
                '-d', 'opcache.memory_consumption=4096', '-d', 'opcache.interned_strings_buffer=1024', '-d', 'opcache.max_accelerated_files=1000000',
                '-d', 'opcache.jit_buffer_size=0', '-d', 'memory_limit=-1', '-r', $code,
            );
            $result = $this->runner->run($command, null, 600.0, null === $server->ini->scanDir ? null : ['PHP_INI_SCAN_DIR' => $server->ini->scanDir]);
        } finally {
            @unlink($list);
        }
        $data = Probe::decode($result->stdout, self::MARKER);
        if (!\is_array($data) || !\is_int($data[0] ?? null) || !\is_int($data[1] ?? null)) {
            throw DoctorEnvironmentError::cannotMeasure(trim($result->stderr.$result->stdout) ?: 'PHP printed nothing (is OPcache installed?)');
        }

        return [$data[0], $data[1]];
    }
}
