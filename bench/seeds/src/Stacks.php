<?php

declare(strict_types=1);

namespace Preheat\Seeds;

use Preheat\Php\PhpInstallation;
use Preheat\Server\ApacheModPhp\ApacheModPhpLauncher;
use Preheat\Server\Binaries;
use Preheat\Server\NginxFpm\NginxFpmLauncher;
use Preheat\Server\ProcessMemory;
use Preheat\Server\ProcessSupervisor;
use Preheat\Server\RuntimeError;
use Preheat\Server\RuntimeFactory;
use Preheat\Server\StackSettings;
use Preheat\Server\Worker\WorkerLauncher;
use Preheat\Server\WorkerSettings;
use Preheat\Worker\WorkerAdapter;

/**
 * Starts the servers the tables compare, each on a free loopback port, all on the seeds document root
 * with the same number of PHP processes, through Preheat's own runtimes; the worker in its plain-script
 * mode (each request runs the script its path names, in a process that stays up).
 */
final class Stacks
{
    public const WORKER = 'worker';
    public const MOD_PHP = 'mod_php';
    public const FPM = 'fpm';
    public const FPM_PRELOADED = 'fpm-preloaded';

    public const LABELS = [
        self::WORKER => 'worker (app booted once)',
        self::MOD_PHP => 'Apache + mod_php',
        self::FPM => 'nginx + php-fpm',
        self::FPM_PRELOADED => 'nginx + php-fpm, preloaded',
    ];

    /** For charts, where panels are narrow. */
    public const SHORT_LABELS = [
        self::WORKER => 'worker',
        self::MOD_PHP => 'mod_php',
        self::FPM => 'fpm',
        self::FPM_PRELOADED => 'fpm + preload',
    ];

    /** @var list<Stack> */
    private array $started = [];

    public function __construct(
        private readonly ProcessSupervisor $supervisor,
        private readonly PhpInstallation $php,
        private readonly Workbench $workbench,
        private readonly string $preloadScript,
    ) {
    }

    public function start(string $key, int $workers): Stack
    {
        $label = self::LABELS[$key] ?? throw new \LogicException('No stack '.$key);
        $factory = $this->factory($key, $workers);
        $directory = $this->workbench->serverDirectory($key.'-'.$workers);
        try {
            $runtime = $factory->start($key, $directory, self::FPM_PRELOADED === $key ? $this->preloadScript : null);
        } catch (RuntimeError $error) {
            return new Stack($key, $label, null, 'did not start: '.strtok($error->getMessage(), "\n"));
        }
        $stack = new Stack($key, $label, $runtime, null, $directory);
        $this->started[] = $stack;

        return $stack;
    }

    public function stop(Stack $stack): void
    {
        $stack->runtime?->stop();
        $this->started = array_values(array_filter($this->started, static fn (Stack $s): bool => $s !== $stack));
    }

    public function stopAll(): void
    {
        foreach ($this->started as $stack) {
            $this->stop($stack);
        }
    }

    /**
     * The PSS of nginx's workers in front of php-fpm, which serve static files without PHP: found from the
     * pid file nginx writes in the server's directory.
     *
     * @return list<int>
     */
    public static function nginxMemory(Stack $stack): array
    {
        $master = null === $stack->directory ? 0 : (int) @file_get_contents($stack->directory.'/nginx.pid');
        if ($master <= 0) {
            return [];
        }

        return array_values(array_filter(array_map(ProcessMemory::pss(...), ProcessMemory::children($master)), static fn (?int $pss): bool => null !== $pss));
    }

    private function factory(string $key, int $workers): RuntimeFactory
    {
        $settings = new StackSettings($this->workbench->documentRoot(), 'hello.php', $workers, Binaries::common()[Binaries::FPM], 'nginx', $this->php);

        return match ($key) {
            self::MOD_PHP => new ApacheModPhpLauncher($this->supervisor, $settings),
            self::FPM, self::FPM_PRELOADED => new NginxFpmLauncher($this->supervisor, $settings),
            default => new WorkerLauncher($this->supervisor, $settings, new WorkerSettings($this->workbench->documentRoot(), WorkerAdapter::Plain)),
        };
    }
}
