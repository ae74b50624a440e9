<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

use Preheat\Php\IniValue;
use Preheat\Php\OpcacheStatus;
use Preheat\Php\Probe;
use Preheat\Process\ChildCpu;
use Preheat\Process\ProcessResult;
use Preheat\Process\ProcessRunner;
use Preheat\Progress\Timings;

/**
 * Boots PHP as PreloadVerifier needs it: the command (the installation's php.ini, OPcache on, errors to stderr in
 * PHP's log format, the script's wrapper as opcache.preload or no preload at all for a baseline, settings on top
 * for measuring), timed, with what the OPcache probe and the wrapper reported read back. A boot without the script
 * tells the same each time, so a run's later verifications reuse what the first learnt.
 */
final class PhpBoots
{
    private const PRELOAD_MARKER = '@@PREHEAT-PRELOAD@@';

    /**
     * Boots without the script, by command and environment: they tell the same each time (PHP and its ini
     * are read once per run), so a run's later verifications reuse what the first one learnt.
     *
     * @var array<string, array{ProcessResult, ?OpcacheStatus, float}>
     */
    private array $withoutScript = [];

    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly StartupLogParser $parser,
        private readonly Timings $timings,
    ) {
    }

    /**
     * One boot: how it ended, the OPcache probe's status, and the CPU seconds (user and system) of the boot and of
     * the processes it waited for (the preload as opcache.preload_user runs in one).
     *
     * @param array<string, string> $extra settings on top of the installation's, for measuring
     *
     * @return array{ProcessResult, ?OpcacheStatus, float}
     */
    public function boot(
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
     * Boots PHP with the script and splits what the wrapper reported from PHP's own messages. Last, the boot's CPU
     * seconds (see boot()).
     *
     * @param array<string, string> $extra
     *
     * @return array{ProcessResult, ?OpcacheStatus, mixed, list<StartupMessage>, float}
     */
    public function withScript(
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
     * @param array<string, string> $extra
     *
     * @return list<string>
     */
    public function command(VerifyOptions $options, ?string $wrapper, string $probe, array $extra = []): array
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
    public static function commandLine(
        VerifyOptions $options,
        ProcessResult $result,
        string $wrapper,
        string $script,
    ): string {
        $environment = '';
        foreach ($options->php->settings->environment() as $name => $value) {
            $environment .= $name.'='.escapeshellarg($value).' ';
        }

        return $environment.str_replace($wrapper, $script, $result->commandLine());
    }

    /** Runs the script as opcache.preload would, then reports the preload phase's peak memory and user on stderr. */
    public static function wrapperCode(string $script): string
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

    /** What the wrapper reported on a boot's stderr (see wrapperCode()); null when it reported nothing. */
    public static function wrapperReport(ProcessResult $result): mixed
    {
        return Probe::decode($result->stderr, self::PRELOAD_MARKER);
    }
}
