<?php

declare(strict_types=1);

namespace Preheat\Inventory;

use Composer\Autoload\ClassLoader;
use Preheat\Util\PhpJit;

/**
 * How to start a parse worker as a PHP process of its own, under OPcache's tracing JIT: this PHP binary with
 * the JIT's settings and this process's memory_limit, loading Preheat the way this process did (its Composer
 * autoloader, inside preheat.phar when run from it), then ParseWorker::main().
 */
final class JitWorkerCommand
{
    /** @param list<string> $settings -d settings: PhpJit::settings() */
    public function __construct(
        public readonly string $phpBinary,
        public readonly array $settings,
        public readonly string $autoloader,
        public readonly ?string $phar = null,
    ) {
    }

    /** The command for this process, or null when its PHP cannot have the JIT (PhpJit::settings()). */
    public static function forThisProcess(): ?self
    {
        $settings = PhpJit::settings();
        $loader = (new \ReflectionClass(ClassLoader::class))->getFileName();
        if (null === $settings || false === $loader) {
            return null;
        }
        $phar = class_exists(\Phar::class, false) ? \Phar::running(false) : '';

        return new self(\PHP_BINARY, $settings, \dirname($loader, 2).'/autoload.php', '' === $phar ? null : $phar);
    }

    /**
     * @param string|null $grammar FileAnalyzer::grammarVersion()
     *
     * @return list<string>
     */
    public function command(string $pathsFile, string $resultFile, ?string $grammar): array
    {
        // Paths as PHP literals (var_export): the code is PHP's -r, never a shell's.
        $code = (null === $this->phar ? '' : 'Phar::loadPhar('.var_export($this->phar, true).');')
            .'require '.var_export($this->autoloader, true).';'
            .'exit(\Preheat\Inventory\ParseWorker::main($argv));';
        $command = [$this->phpBinary];
        foreach ([...$this->settings, 'memory_limit='.\ini_get('memory_limit')] as $setting) {
            $command[] = '-d';
            $command[] = $setting;
        }

        return [...$command, '-r', $code, '--', $pathsFile, $resultFile, $grammar ?? ''];
    }
}
