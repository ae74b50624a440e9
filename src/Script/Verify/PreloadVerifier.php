<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

use Preheat\Php\IniValue;
use Preheat\Php\InternedStrings;
use Preheat\Php\OpcacheMemory;
use Preheat\Php\OpcacheStatus;
use Preheat\Php\PhpUnusable;
use Preheat\Php\Probe;
use Preheat\Process\ChildCpu;
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
 * probe (`Php\OpcacheStatus`, the one the bench's servers serve too) then asks what got preloaded. Both hand their data
 * back with serialize() (names may be any
 * bytes). When PHP ran out of memory or of interned-string space, one more boot with room to spare
 * measures what it needs, so that the advice can name a value.
 */
final class PreloadVerifier
{
    private const PRELOAD_MARKER = '@@PREHEAT-PRELOAD@@';

    /**
     * How close under the php.ini's interned-string buffer a measurement with a larger one is not taken as the
     * php.ini's answer (the larger of the two): PHP with the php.ini's buffer is booted for its own word.
     */
    private const NEAR_BUFFER = 0.02;

    private const NEAR_BUFFER_BYTES = 65536;

    /**
     * Boots without the script, by command and environment: they tell the same each time (PHP and its ini
     * are read once per run), so a run's later verifications reuse what the first one learnt.
     *
     * @var array<string, array{ProcessResult, ?OpcacheStatus, float}>
     */
    private array $withoutScript = [];

    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly StartupLogParser $parser = new StartupLogParser(),
        private readonly StartupChecks $checks = new StartupChecks(),
        private readonly Timings $timings = new Timings(),
        private readonly PreloadUserAccess $access = new PreloadUserAccess(),
    ) {
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
        $wrapper = $this->temporaryFile('preheat-preload-', self::wrapperCode($script));
        try {
            [$baseline, $baselineStatus, $baselineCpu] = $this->boot(
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
                ? self::largerSettings($options)
                : [];
            [$result, $status, $preload, $messages, $cpu] = $this->bootScript(
                [] === $larger ? $purpose : $purpose.' (larger OPcache buffers, to measure)',
                $options,
                $wrapper,
                $probe,
                $larger,
            );
            $largerBaseline = $this->largerBaseline($options, $probe, $larger);
            $real = null === $largerBaseline
                ? null
                : self::asThePhpIniSizes($status, $baselineStatus, $largerBaseline, $messages, $larger);
            $measured = $real[1] ?? [];
            if ([] !== $larger && (null === $real || !$real[2])) {
                // Close to a limit, or over the php.ini's OPcache memory, only PHP can say what happens (and without
                // a baseline to measure against there is nothing to tell): boot again with the php.ini's own sizes,
                // keeping what the larger boot measured.
                $real = null;
                unset($measured['internedOverflow']);
                [$result, $status, $preload, $messages, $cpu] = $this->bootScript($purpose, $options, $wrapper, $probe);
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
            $commandLine = $this->commandLine(
                $options,
                new ProcessResult($this->command($options, $wrapper, $probe), 0, '', '', 0.0),
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
            $script,
            $commandLine,
            $options->php,
            $measurement->phpVersion,
            $booted,
            $result->exitCode,
            \count($measurement->scripts),
            $measurement->classes,
            $measurement->functions,
            $measurement->preloadMemoryBytes,
            $measurement->opcacheUsedBytes,
            $measurement->opcacheMemoryBytes,
            $startup,
            $messages,
            $this->parser->unlinkedClasses($messages),
            $findings,
            $measurement->peakMemoryBytes,
            $measurement->preloadUser ?? $options->php->preloadUser(),
            $measurement->liftsMemoryLimit(),
            new OpcacheRoom(
                $baselineStatus->interned->usedBytes ?? 0,
                $measurement->internedBufferBytes ?: $baselineStatus->interned->bufferBytes,
                isset($needs['internedBytes'])
                    ? $needs['internedBytes'] - ($needs['internedBaselineBytes'] ?? 0)
                    : null,
                $baselineStatus->memory->usedBytes,
                $measurement->opcacheMemoryBytes > 0
                    ? $measurement->opcacheMemoryBytes
                    : $baselineStatus->memoryConsumptionBytes(),
                $measurement->preloadMemoryBytes,
            ),
            $options->systemAllocator,
            null,
            $startupCpu,
        );
    }

    /**
     * Boots PHP with the script and splits what the wrapper reported from PHP's own messages. Last, the boot's CPU
     * seconds (see boot()).
     *
     * @param array<string, string> $extra
     *
     * @return array{ProcessResult, ?OpcacheStatus, mixed, list<StartupMessage>, float}
     */
    private function bootScript(
        string $purpose,
        VerifyOptions $options,
        string $wrapper,
        string $probe,
        array $extra = [],
    ): array {
        [$result, $status, $cpu] = $this->boot($purpose, $options, $wrapper, $probe, $extra);
        $preload = Probe::decode($result->stderr, self::PRELOAD_MARKER);
        $stderr = (string) preg_replace(
            '{\R?'.preg_quote(self::PRELOAD_MARKER, '{').'.*?'.preg_quote(self::PRELOAD_MARKER, '{').'\R?}s',
            "\n",
            $result->stderr,
        );

        return [$result, $status, $preload, $this->parser->parse($stderr), $cpu];
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
        [, $base] = $this->boot('PHP boot: baseline, larger OPcache buffers', $options, null, $probe, $larger);

        return null === $base?->interned->usedBytes ? null : $base;
    }

    /**
     * A buffer four times the php.ini's (64 to 1024 MB), and OPcache memory with room for it on top of the
     * php.ini's: the buffer is carved out of that memory.
     *
     * @return array<string, string>
     */
    private static function largerSettings(VerifyOptions $options): array
    {
        $settings = $options->php->settings;
        $current = (int) ($settings->value('opcache.interned_strings_buffer') ?? 8);
        $tried = min(1024, max(64, 4 * $current));
        if ($tried <= $current) {
            return [];
        }
        $memory = (int) ($settings->value('opcache.memory_consumption') ?? 128);

        return [
            'opcache.interned_strings_buffer' => (string) $tried,
            'opcache.memory_consumption' => (string) ($memory + $tried),
        ];
    }

    /**
     * What a boot with larger buffers would have shown with the php.ini's own: the same preload, what it adds
     * to the buffer and to OPcache memory on top of the php.ini's baseline, whether the buffer would overflow
     * (then the need measured), and whether that is sure. It is not when the php.ini's OPcache memory could not
     * hold the preload (PHP's own messages say what happens then), nor when the interned strings come within
     * NEAR_BUFFER under the buffer: PHP booted with the php.ini's buffer has been seen to need a little more
     * than the sum. A sum over the buffer overflows there too, by as much or more: no boot needs to say so
     * (the bench tree's plan is one, and that boot was a third of a warm run's CPU). A boot that failed fails
     * with the php.ini's sizes too, unless it ran out of room, which larger buffers only make rarer: its
     * messages are kept as they are.
     *
     * @param list<StartupMessage>  $messages
     * @param array<string, string> $larger
     *
     * @return array{?OpcacheStatus, array{internedTried?: int, internedBytes?: int, internedBaselineBytes?: int,
     *     internedOverflow?: int}, bool}
     */
    private static function asThePhpIniSizes(
        ?OpcacheStatus $status,
        OpcacheStatus $baseline,
        OpcacheStatus $largerBaseline,
        array $messages,
        array $larger,
    ): array {
        if (null === $status) {
            return [null, [], true];
        }
        $used = $baseline->memory->usedBytes
            + max(0, $status->memory->usedBytes - $largerBaseline->memory->usedBytes);
        $memory = $baseline->memoryConsumptionBytes();
        $sure = 0 === $memory || $used + $status->memory->wastedBytes <= $memory;
        $needs = ['internedTried' => (int) $larger['opcache.interned_strings_buffer'] * 1048576];
        $buffer = $baseline->interned->bufferBytes;
        $interned = $buffer;
        $overflowed = [] !== array_filter($messages, StartupChecks::isInternedOverflow(...));
        if (!$overflowed && null !== $status->interned->usedBytes) {
            $own = max(0, $status->interned->usedBytes - (int) $largerBaseline->interned->usedBytes);
            $interned = (int) $baseline->interned->usedBytes + $own;
            $needs['internedBytes'] = $status->interned->usedBytes;
            $needs['internedBaselineBytes'] = (int) $largerBaseline->interned->usedBytes;
            if ($interned > $buffer) {
                $needs['internedOverflow'] = $interned;
            }
            $sure = $sure && (
                $interned > $buffer
                || $buffer - $interned > max(self::NEAR_BUFFER_BYTES, self::NEAR_BUFFER * $buffer)
            );
        }
        $ini = array_filter(
            [
                'memory_consumption' => $baseline->ini('memory_consumption'),
                'interned_strings_buffer' => $baseline->ini('interned_strings_buffer'),
            ],
            static fn (string $value): bool => '' !== $value,
        );

        return [
            new OpcacheStatus(
                php: $status->php,
                user: $status->user,
                enabled: $status->enabled,
                preload: $status->preload,
                memory: new OpcacheMemory(
                    usedBytes: $used,
                    freeBytes: max(0, $memory - $used - $status->memory->wastedBytes),
                    wastedBytes: $status->memory->wastedBytes,
                ),
                scripts: $status->scripts,
                ini: $ini + $status->ini,
                interned: new InternedStrings(
                    usedBytes: null === $status->interned->usedBytes ? null : min($interned, $buffer),
                    bufferBytes: $buffer,
                ),
                manifest: $status->manifest,
                lifetime: $status->lifetime,
            ),
            $needs,
            $sure,
        ];
    }

    /**
     * One boot: how it ended, the OPcache probe's status, and the CPU seconds (user and system) of the boot and of
     * the processes it waited for (the preload as opcache.preload_user runs in one).
     *
     * @param array<string, string> $extra settings on top of the installation's, for measuring
     *
     * @return array{ProcessResult, ?OpcacheStatus, float}
     */
    private function boot(
        string $purpose,
        VerifyOptions $options,
        ?string $wrapper,
        string $probe,
        array $extra = [],
    ): array {
        $command = $this->command($options, $wrapper, $probe, $extra);
        $environment = $options->php->settings->environment();
        // The baseline too, so that the start-up figure (the script boot's time less the baseline's) compares like
        // with like; not the boot that measures the memory need (memory_limit=-1): only PHP's allocator measures it.
        if ($options->systemAllocator && !isset($extra['memory_limit'])) {
            $environment = VerifyOptions::SYSTEM_ALLOCATOR_ENVIRONMENT + $environment;
        }
        // The probe's path differs from verification to verification, not what it reports.
        $key = null === $wrapper ? serialize([\array_slice($command, 0, -1), $environment]) : null;
        if (null !== $key && isset($this->withoutScript[$key])) {
            return $this->withoutScript[$key];
        }
        // The run waits for the boot alone, so what the finished children used grows by the boot's CPU time.
        $cpuBefore = ChildCpu::seconds();
        $result = $this->timings->boot(
            $purpose,
            fn (): ProcessResult => $this->runner->run(
                $command,
                null,
                $options->timeoutSeconds,
                $environment ?: null,
            ),
        );
        $booted = [$result, OpcacheStatus::read($result->stdout), max(0.0, ChildCpu::seconds() - $cpuBefore)];
        if (null !== $key && 0 === $result->exitCode) {
            $this->withoutScript[$key] = $booted;
        }

        return $booted;
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
        $settings = $options->php->settings;
        foreach ($messages as $message) {
            if (StartupChecks::isMemoryExhausted($message) && !isset($needs['memoryBytes'])) {
                [$result] = $this->boot(
                    'PHP boot: measure the memory need (memory_limit=-1)',
                    $options,
                    $wrapper,
                    $probe,
                    ['memory_limit' => '-1'] + $larger,
                );
                $peak = Probe::decode($result->stderr, self::PRELOAD_MARKER);
                if (\is_array($peak) && \is_int($peak['peak'] ?? null)) {
                    $needs['memoryBytes'] = $peak['peak'];
                }
            }
            if ([] === $larger && StartupChecks::isInternedOverflow($message) && !isset($needs['internedTried'])) {
                $current = (int) ($settings->value('opcache.interned_strings_buffer') ?? 8);
                $tried = min(1024, max(64, 4 * $current));
                $memory = (int) ($settings->value('opcache.memory_consumption') ?? 128) + $tried;
                $larger = [
                    'opcache.interned_strings_buffer' => (string) $tried,
                    'opcache.memory_consumption' => (string) $memory,
                ];
                [, $status] = $this->boot(
                    'PHP boot: measure the interned-strings need',
                    $options,
                    $wrapper,
                    $probe,
                    $larger,
                );
                $needs['internedTried'] = $tried * 1048576;
                if (null !== $status?->interned->usedBytes) {
                    $needs['internedBytes'] = $status->interned->usedBytes;
                    // OPcache's hash table takes a share of the buffer, so what PHP itself interns grows with it:
                    // measured apart.
                    [, $base] = $this->boot(
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
            null !== $status,
            $status->php ?? $baselineVersion,
            array_values(
                array_filter($status->preload->scripts ?? [], static fn (string $path): bool => $path !== $wrapper),
            ),
            $status->preload->classes ?? 0,
            $status->preload->functions ?? 0,
            $status->preload->memoryBytes ?? 0,
            $status->memory->usedBytes ?? 0,
            $status?->memoryConsumptionBytes() ?? 0,
            $status->interned->usedBytes ?? 0,
            $status->interned->bufferBytes ?? 0,
            $status->scripts->maxKeys ?? 0,
            $peak,
            \is_string($preload['limit'] ?? null) ? $preload['limit'] : null,
            \is_string($preload['user'] ?? null) ? $preload['user'] : null,
        );
    }

    /**
     * @param array<string, string> $extra
     *
     * @return list<string>
     */
    private function command(VerifyOptions $options, ?string $wrapper, string $probe, array $extra = []): array
    {
        $php = $options->php;
        $command = [$php->phpBinary];
        if (null !== $php->iniArgument()) {
            array_push($command, '-c', $php->iniArgument());
        }
        $settings = [
            'opcache.enable' => '1',
            'opcache.enable_cli' => '1',
            // Errors go to stderr in PHP's log format, which carries file and line for each one.
            'display_errors' => '0',
            'display_startup_errors' => '0',
            'log_errors' => '1',
            'error_log' => '',
            'error_reporting' => '-1',
            'html_errors' => '0',
            'opcache.error_log' => '',
            'opcache.log_verbosity_level' => '2',
            // The probe is Preheat's own script, not a request of the app: the ini's prepend and append files
            // (a recorder's bootstrap, say) would run in it and write as the app does.
            'auto_prepend_file' => '',
            'auto_append_file' => '',
        ];
        // The baseline boots without any preload, even when php-fpm's ini already preloads a script.
        $preload = null === $wrapper ? ['opcache.preload' => ''] : $php->preloadSettings($wrapper);
        $settings = array_merge($extra + $php->settings->overrides + $settings, $preload);
        foreach ($settings as $name => $value) {
            // PHP parses each -d as a php.ini line: a value with a line break would add a setting.
            array_push($command, '-d', IniValue::line($name, $value));
        }
        $command[] = $probe;

        return $command;
    }

    /** The command as a user could run it again: the script itself as opcache.preload, the environment in front. */
    private function commandLine(VerifyOptions $options, ProcessResult $result, string $wrapper, string $script): string
    {
        $environment = '';
        foreach ($options->php->settings->environment() as $name => $value) {
            $environment .= $name.'='.escapeshellarg($value).' ';
        }

        return $environment.str_replace($wrapper, $script, $result->commandLine());
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

    /** Runs the script as opcache.preload would, then reports the preload phase's peak memory and user on stderr. */
    private static function wrapperCode(string $script): string
    {
        // php://fd/2 is a copy of file descriptor 2: closing it leaves PHP's own stderr open for the messages
        // that come after the script (linking happens once it returned). php://stderr would close descriptor 2 itself.
        return '<?php'."\n"
            .'try {'."\n"
            .'    return require '.var_export($script, true).';'."\n"
            .'} finally {'."\n"
            .'    @file_put_contents("php://fd/2", "\n'.self::PRELOAD_MARKER.'".base64_encode(serialize(['
            .'"peak" => memory_get_peak_usage(true), '
            .'"limit" => ini_get("memory_limit"), '
            .'"user" => function_exists("posix_geteuid") ? (posix_getpwuid(posix_geteuid())["name"] ?? null) : null, '
            .']))."'.self::PRELOAD_MARKER.'\n");'."\n"
            .'}'."\n";
    }
}
