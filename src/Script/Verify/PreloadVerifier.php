<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

use Preheat\Php\InternedStrings;
use Preheat\Php\OpcachePreload;
use Preheat\Php\OpcacheStatus;
use Preheat\Php\PhpUnusable;
use Preheat\Php\Probe;
use Preheat\Process\InterruptGuard;
use Preheat\Process\ProcessResult;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\Timings;
use Preheat\Util\FileSystemError;

/**
 * Boots PHP with a preload script the way php-fpm's master does at start: with the php.ini php-fpm uses
 * (and its extra .ini directory), OPcache on, the script as opcache.preload, and, as root, the pool's
 * user as opcache.preload_user, so that files only root can read fail here and not in production.
 * The script runs inside a small wrapper that reports the peak memory of the preload phase; the OPcache
 * probe (`Php\OpcacheStatus`, the one the bench's servers serve too) then asks what got preloaded. Both hand
 * their data back with serialize() (names may be any bytes). When PHP ran out of memory or of interned-string
 * space, one more boot with room to spare measures what it needs, so that the advice can name a value.
 *
 * `PhpBoots` runs the boots and reads what they report; `LargerBuffers` works out what a boot with larger
 * OPcache buffers would have shown with the php.ini's own; this class decides which boots a verification needs
 * and judges them (`StartupChecks`).
 */
final class PreloadVerifier
{
    /** Boots PHP for this verifier; it keeps the boots without the script a run has made already. */
    private readonly PhpBoots $boots;

    public function __construct(
        ProcessRunner $runner,
        private readonly StartupLogParser $parser = new StartupLogParser(),
        private readonly StartupChecks $checks = new StartupChecks(),
        Timings $timings = new Timings(),
        private readonly PreloadUserAccess $access = new PreloadUserAccess(),
    ) {
        $this->boots = new PhpBoots($runner, $parser, $timings);
    }

    public function verify(string $scriptPath, VerifyOptions $options): VerificationReport
    {
        $script = realpath($scriptPath);
        if (false === $script || !is_file($script)) {
            throw VerificationError::missingScript($scriptPath);
        }
        $preloadUser = $options->php->preloadUser();
        if (null !== $preloadUser && \function_exists('posix_geteuid') && 0 === posix_geteuid()) {
            $this->access->checkTemporaryDirectory(
                $preloadUser,
                $options->php->preloadUserSource(),
                sys_get_temp_dir(),
            );
        }
        $probe = $this->temporaryFile('preheat-probe-', OpcacheStatus::probeCode());
        $wrapper = $this->temporaryFile('preheat-preload-', PhpBoots::wrapperCode($script));
        try {
            [$baseline, $baselineStatus, $baselineCpu] = $this->boots->boot(
                'PHP boot: baseline, no preload',
                $options,
                null,
                $probe,
            );
            if (null === $baselineStatus) {
                throw PhpUnusable::noOpcache($options->php->phpBinary, $baseline->stderr.$baseline->stdout);
            }
            if (!$baselineStatus->enabled) {
                throw PhpUnusable::noOpcache($options->php->phpBinary, '');
            }
            $user = $options->php->preloadUser();
            $purpose = null === $user
                ? 'PHP boot: with the script'
                : \sprintf('PHP boot: with the script, preloading as %s', $user);
            // A PHP that does not report its interned strings has nothing to measure them by.
            $larger = $options->measureCapacity && null !== $baselineStatus->interned->usedBytes
                ? LargerBuffers::settings($options)
                : [];
            [$result, $status, $preload, $messages, $cpu] = $this->boots->withScript(
                [] === $larger ? $purpose : $purpose.' (larger OPcache buffers, to measure)',
                $options,
                $wrapper,
                $probe,
                $larger,
            );
            $largerBaseline = $this->largerBaseline($options, $probe, $larger);
            $real = null === $largerBaseline
                ? null
                : LargerBuffers::asThePhpIniSizes($status, $baselineStatus, $largerBaseline, $messages, $larger);
            $measured = $real[1] ?? [];
            if ([] !== $larger && (null === $real || !$real[2])) {
                // Close to a limit, or over the php.ini's OPcache memory, only PHP can say what happens (and without
                // a baseline to measure against there is nothing to tell): boot again with the php.ini's own sizes,
                // keeping what the larger boot measured.
                $real = null;
                unset($measured['internedOverflow']);
                [$result, $status, $preload, $messages, $cpu] = $this->boots->withScript(
                    $purpose,
                    $options,
                    $wrapper,
                    $probe,
                );
            }
            $measurement = $this->measurement(
                $real[0] ?? $status,
                \is_array($preload) ? $preload : [],
                $wrapper,
                $baselineStatus->php,
                $options->systemAllocator,
            );
            $startup = max(0.0, $result->seconds - $baseline->seconds);
            // What the verdict is judged on: the wall clock grows with what else the machine runs, CPU time hardly.
            $startupCpu = max(0.0, $cpu - $baselineCpu);
            $needs = $measured + $this->measureNeeds(
                $options,
                $messages,
                $wrapper,
                $probe,
                [] === $measured ? [] : $larger,
            );
            // The command as the php.ini sets OPcache's sizes, not as this boot enlarged them.
            $commandLine = PhpBoots::commandLine(
                $options,
                new ProcessResult($this->boots->command($options, $wrapper, $probe), 0, '', '', 0.0),
                $wrapper,
                $script,
            );
        } finally {
            @unlink($probe);
            @unlink($wrapper);
            InterruptGuard::instance()->forgetPath($probe);
            InterruptGuard::instance()->forgetPath($wrapper);
        }
        $booted = null !== $status && 0 === $result->exitCode;
        $expected = $options->expectedFiles ?? substr_count(
            (string) file_get_contents($script),
            'opcache_compile_file(',
        );
        $findings = $this->checks->check(
            $options,
            $measurement,
            $messages,
            $booted,
            $startup,
            $expected,
            $script,
            $needs,
            $startupCpu,
        );

        return new VerificationReport(
            scriptPath: $script,
            php: $options->php,
            boot: new BootOutcome(
                commandLine: $commandLine,
                phpVersion: $measurement->phpVersion,
                booted: $booted,
                exitCode: $result->exitCode,
                preloadUser: $measurement->phase->user ?? $options->php->preloadUser(),
            ),
            preloaded: new PreloadFigures(
                scripts: \count($measurement->preload->scripts),
                classes: $measurement->preload->classes,
                functions: $measurement->preload->functions,
                memoryBytes: $measurement->preload->memoryBytes,
                opcacheUsedBytes: $measurement->opcacheUsedBytes,
                opcacheMemoryBytes: $measurement->opcacheMemoryBytes,
                peakMemoryBytes: $measurement->phase->peakMemoryBytes,
                memoryLimitLifted: $measurement->phase->liftsMemoryLimit(),
            ),
            startup: new StartupTime(
                seconds: $startup,
                cpuSeconds: $startupCpu,
                systemAllocator: $options->systemAllocator,
            ),
            messages: $messages,
            unlinkedClasses: $this->parser->unlinkedClasses($messages),
            findings: $findings,
            room: new OpcacheRoom(
                $baselineStatus->interned->usedBytes ?? 0,
                $measurement->interned->bufferBytes ?: $baselineStatus->interned->bufferBytes,
                isset($needs['internedBytes'])
                    ? $needs['internedBytes'] - ($needs['internedBaselineBytes'] ?? 0)
                    : null,
                $baselineStatus->memory->usedBytes,
                $measurement->opcacheMemoryBytes > 0
                    ? $measurement->opcacheMemoryBytes
                    : $baselineStatus->memoryConsumptionBytes(),
                $measurement->preload->memoryBytes,
            ),
        );
    }

    /**
     * PHP without the script at the larger sizes: OPcache's hash table takes a share of the buffer, so what PHP
     * itself interns grows with it, and the buffer is carved out of OPcache memory. Null without larger sizes,
     * or when this PHP does not report its interned strings (nothing to measure against).
     *
     * @param array<string, string> $larger
     */
    private function largerBaseline(VerifyOptions $options, string $probe, array $larger): ?OpcacheStatus
    {
        if ([] === $larger) {
            return null;
        }
        [, $base] = $this->boots->boot('PHP boot: baseline, larger OPcache buffers', $options, null, $probe, $larger);

        return null === $base?->interned->usedBytes ? null : $base;
    }

    /**
     * When PHP ran out of memory or of interned-string space, boot once more with plenty and measure; not for
     * the interned strings when the boot had larger buffers already ($larger): it measured them.
     *
     * @param list<StartupMessage>  $messages
     * @param array<string, string> $larger
     *
     * @return array{memoryBytes?: int, internedBytes?: int, internedTried?: int, internedBaselineBytes?: int}
     */
    private function measureNeeds(
        VerifyOptions $options,
        array $messages,
        string $wrapper,
        string $probe,
        array $larger = [],
    ): array {
        $needs = [];
        foreach ($messages as $message) {
            if (StartupChecks::isMemoryExhausted($message) && !isset($needs['memoryBytes'])) {
                [$result] = $this->boots->boot(
                    'PHP boot: measure the memory need (memory_limit=-1)',
                    $options,
                    $wrapper,
                    $probe,
                    ['memory_limit' => '-1'] + $larger,
                );
                $peak = PhpBoots::wrapperReport($result);
                if (\is_array($peak) && \is_int($peak['peak'] ?? null)) {
                    $needs['memoryBytes'] = $peak['peak'];
                }
            }
            if ([] === $larger && StartupChecks::isInternedOverflow($message) && !isset($needs['internedTried'])) {
                $larger = LargerBuffers::sizes($options);
                [, $status] = $this->boots->boot(
                    'PHP boot: measure the interned-strings need',
                    $options,
                    $wrapper,
                    $probe,
                    $larger,
                );
                $needs['internedTried'] = (int) $larger['opcache.interned_strings_buffer'] * 1048576;
                if (null !== $status?->interned->usedBytes) {
                    $needs['internedBytes'] = $status->interned->usedBytes;
                    // OPcache's hash table takes a share of the buffer, so what PHP itself interns grows with it:
                    // measured apart.
                    [, $base] = $this->boots->boot(
                        'PHP boot: interned strings without the script',
                        $options,
                        null,
                        $probe,
                        $larger,
                    );
                    $needs['internedBaselineBytes'] = null === $base ? 0 : (int) $base->interned->usedBytes;
                }
            }
        }

        return $needs;
    }

    /**
     * @param array<mixed> $preload what the wrapper reported
     */
    private function measurement(
        ?OpcacheStatus $status,
        array $preload,
        string $wrapper,
        string $baselineVersion,
        bool $systemAllocator,
    ): PreloadMeasurement {
        // Under the C library's allocator memory_get_peak_usage() reports 0: not a peak, so none.
        $peak = !$systemAllocator && \is_int($preload['peak'] ?? null) ? $preload['peak'] : null;

        return new PreloadMeasurement(
            probeAnswered: null !== $status,
            phpVersion: $status->php ?? $baselineVersion,
            preload: new OpcachePreload(
                memoryBytes: $status->preload->memoryBytes ?? 0,
                scripts: array_values(array_filter(
                    $status->preload->scripts ?? [],
                    static fn (string $path): bool => $path !== $wrapper,
                )),
                classes: $status->preload->classes ?? 0,
                functions: $status->preload->functions ?? 0,
            ),
            opcacheUsedBytes: $status->memory->usedBytes ?? 0,
            opcacheMemoryBytes: $status?->memoryConsumptionBytes() ?? 0,
            interned: new InternedStrings(
                usedBytes: $status->interned->usedBytes ?? 0,
                bufferBytes: $status->interned->bufferBytes ?? 0,
            ),
            maxCachedKeys: $status->scripts->maxKeys ?? 0,
            phase: new PreloadPhase(
                peakMemoryBytes: $peak,
                memoryLimitAfterScript: \is_string($preload['limit'] ?? null) ? $preload['limit'] : null,
                user: \is_string($preload['user'] ?? null) ? $preload['user'] : null,
            ),
        );
    }

    /** A file the preload user can read (tempnam() creates 0600, and preloading may run as another user). */
    private function temporaryFile(string $prefix, string $content): string
    {
        $path = InterruptGuard::instance()->temporaryFile(sys_get_temp_dir(), $prefix);
        if (false === $path) {
            throw FileSystemError::cannotCreateTemporaryFile(sys_get_temp_dir());
        }
        file_put_contents($path, $content);
        chmod($path, 0644);

        return $path;
    }
}
