<?php

declare(strict_types=1);

namespace Preheat\Tests\Unit\Php;

use Preheat\Process\ProcessResult;
use Preheat\Process\ProcessRunner;
use Preheat\Process\RunningProcess;

/** php-fpm -i and php -r as a Debian installation answers them. */
final class FakeInstallation implements ProcessRunner
{
    /** @var list<string> */
    public array $settingsCommand = [];
    /** @var list<string> */
    public array $infoCommand = [];

    /** @param array<string, string> $extra */
    public function __construct(
        private readonly string $ini,
        private readonly ?string $scanDir,
        private readonly array $extra = [],
    ) {
    }

    public function run(
        array $command,
        ?string $workingDirectory = null,
        float $timeoutSeconds = 300.0,
        ?array $environment = null,
    ): ProcessResult {
        if (\in_array('-i', $command, true)) {
            $this->infoCommand = $command;
            $info = "PHP Version => 8.2.0\nLoaded Configuration File => {$this->ini}\n"
                .'Scan this dir for additional .ini files => '.($this->scanDir ?? '(none)')."\n";

            return new ProcessResult($command, 0, $info, '', 0.01);
        }
        $this->settingsCommand = $command;
        $values = [
            'memory_limit' => '128M',
            'opcache.memory_consumption' => '128',
            'opcache.interned_strings_buffer' => '8',
            'opcache.max_accelerated_files' => '10000',
            'opcache.preload_user' => '',
            'opcache.jit' => '',
            'opcache.preload' => '/srv/app/preload.php',
        ];
        $values = array_replace($values, $this->extra);

        $probe = base64_encode(serialize(['loaded' => $this->ini, 'values' => array_values($values)]));

        return new ProcessResult($command, 0, '@@PREHEAT-INI@@'.$probe.'@@PREHEAT-INI@@', '', 0.01);
    }

    public function start(array $command, ?string $workingDirectory = null, ?array $environment = null): RunningProcess
    {
        throw new \LogicException('No server is started here.');
    }
}
