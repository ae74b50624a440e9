<?php

declare(strict_types=1);

namespace Preheat\Script;

use Preheat\Process\ProcessRunner;

/**
 * Boots PHP with a preload script the way php-fpm's master does at start (OPcache on, the script as
 * opcache.preload), then asks OPcache what got preloaded and collects every message PHP printed.
 */
final class PreloadVerifier
{
    private const MARKER = '@@PREHEAT-PROBE@@';

    public function __construct(
        private readonly ProcessRunner $runner,
        private readonly StartupLogParser $parser = new StartupLogParser(),
    ) {
    }

    public function verify(string $scriptPath, VerifyOptions $options): VerificationReport
    {
        $script = realpath($scriptPath);
        if (false === $script || !is_file($script)) {
            throw VerificationError::missingScript($scriptPath);
        }
        $probe = tempnam(sys_get_temp_dir(), 'preheat-probe-');
        if (false === $probe) {
            throw new \RuntimeException('Cannot create a temporary file: check that the temp directory is writable.');
        }
        try {
            file_put_contents($probe, self::probeCode());
            $baseline = $this->runner->run($this->command($options, null, $probe), null, $options->timeoutSeconds);
            $baselineData = $this->probeData($baseline->stdout);
            if (null === $baselineData) {
                throw VerificationError::noOpcache($options->phpBinary, $baseline->stderr.$baseline->stdout);
            }
            if (false === $baselineData['opcache']) {
                throw VerificationError::noOpcache($options->phpBinary, '');
            }
            $command = $this->command($options, $script, $probe);
            $result = $this->runner->run($command, null, $options->timeoutSeconds);
        } finally {
            @unlink($probe);
        }

        $data = $this->probeData($result->stdout);
        $messages = $this->parser->parse($result->stderr);
        $preload = \is_array($data['preload'] ?? null) ? $data['preload'] : [];

        return new VerificationReport(
            $script,
            $result->commandLine(),
            (string) ($data['php'] ?? $baselineData['php'] ?? ''),
            null !== $data && 0 === $result->exitCode,
            $result->exitCode,
            \count($preload['scripts'] ?? []),
            \count($preload['classes'] ?? []),
            \count($preload['functions'] ?? []),
            (int) ($preload['memory_consumption'] ?? 0),
            (int) ($data['memory']['used_memory'] ?? 0),
            (int) ($data['memoryLimit'] ?? 0),
            max(0.0, $result->seconds - $baseline->seconds),
            $messages,
            $this->parser->unlinkedClasses($messages),
        );
    }

    /** @return list<string> */
    private function command(VerifyOptions $options, ?string $script, string $probe): array
    {
        $command = [$options->phpBinary];
        if (null !== $options->iniFile) {
            array_push($command, '-c', $options->iniFile);
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
        ];
        if (null !== $options->opcacheMemoryMb) {
            $settings['opcache.memory_consumption'] = (string) $options->opcacheMemoryMb;
        }
        if (null === $options->iniFile) {
            $settings['opcache.max_accelerated_files'] = '100000';
            $settings['opcache.interned_strings_buffer'] = '64';
        }
        if (null !== $script) {
            $settings['opcache.preload'] = $script;
            // As root, PHP before 8.3 refuses to preload without a user to switch to, as php-fpm's master would.
            if (\function_exists('posix_geteuid') && 0 === posix_geteuid()) {
                $settings['opcache.preload_user'] = (string) (posix_getpwuid(0)['name'] ?? 'root');
            }
        }
        foreach ($settings as $name => $value) {
            array_push($command, '-d', $name.'='.$value);
        }
        $command[] = $probe;

        return $command;
    }

    /** @return array<string, mixed>|null */
    private function probeData(string $stdout): ?array
    {
        $start = strpos($stdout, self::MARKER);
        if (false === $start) {
            return null;
        }
        $json = substr($stdout, $start + \strlen(self::MARKER));
        $end = strpos($json, self::MARKER);
        $data = json_decode(false === $end ? $json : substr($json, 0, $end), true);

        return \is_array($data) ? $data : null;
    }

    private static function probeCode(): string
    {
        return '<?php'."\n"
            .'$status = function_exists("opcache_get_status") ? opcache_get_status(false) : false;'."\n"
            .'echo "'.self::MARKER.'", json_encode(['
            .'"php" => PHP_VERSION, '
            .'"opcache" => is_array($status), '
            .'"preload" => $status["preload_statistics"] ?? null, '
            .'"memory" => $status["memory_usage"] ?? null, '
            .'"memoryLimit" => (int) ini_get("opcache.memory_consumption") * 1048576, '
            .']), "'.self::MARKER.'";'."\n";
    }
}
