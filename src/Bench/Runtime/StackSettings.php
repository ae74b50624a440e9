<?php

declare(strict_types=1);

namespace Preheat\Bench\Runtime;

use Preheat\Bench\Config\BenchConfig;
use Preheat\Php\PhpInstallation;
use Preheat\Php\PhpInstallationLocator;
use Preheat\Process\SymfonyProcessRunner;

/** What every scenario's server stack shares; only the preload script differs between scenarios. */
final class StackSettings
{
    /** @param PhpInstallation|null $php the installation found once for the run; null finds it now */
    public static function fromConfig(BenchConfig $config, ?PhpInstallation $php = null): self
    {
        return new self(
            $config->documentRoot,
            $config->frontController,
            $config->workers,
            $config->fpmBinary,
            $config->nginxBinary,
            $php ?? self::installation($config),
        );
    }

    /** The PHP installation a bench serves with: php-fpm's own ini unless preheat.json names one, its settings as they are unless configured. */
    public static function installation(BenchConfig $config, ?string $user = null): PhpInstallation
    {
        $php = (new PhpInstallationLocator(new SymfonyProcessRunner()))->locate($config->phpBinary, $config->phpIni, $config->fpmBinary, $user);
        if (null === $config->opcacheMemoryMb) {
            return $php;
        }

        return $php->withSettings($php->settings->withOverride('opcache.memory_consumption', (string) $config->opcacheMemoryMb, 'preheat.json bench.opcacheMemory'));
    }

    public function __construct(
        public readonly string $documentRoot,
        public readonly string $frontController,
        public readonly int $workers,
        public readonly string $fpmBinary,
        public readonly string $nginxBinary,
        public readonly PhpInstallation $php,
        public readonly float $startTimeout = 60.0,
    ) {
    }
}
