<?php

declare(strict_types=1);

namespace Preheat\Script;

/**
 * What PHP did with a preload script when it started: what got preloaded, how long it took,
 * and everything it complained about.
 */
final class VerificationReport
{
    /**
     * @param list<StartupMessage> $messages
     * @param list<UnlinkedClass>  $unlinkedClasses
     */
    public function __construct(
        public readonly string $scriptPath,
        public readonly string $commandLine,
        public readonly string $phpVersion,
        public readonly bool $booted,
        public readonly int $exitCode,
        public readonly int $scripts,
        public readonly int $classes,
        public readonly int $functions,
        public readonly int $preloadMemoryBytes,
        public readonly int $opcacheUsedBytes,
        public readonly int $opcacheMemoryBytes,
        public readonly float $startupSeconds,
        public readonly array $messages,
        public readonly array $unlinkedClasses,
    ) {
    }

    /** The same report for the script at another path (a verified candidate moved into place). */
    public function withScript(string $scriptPath, string $commandLine): self
    {
        return new self(
            $scriptPath,
            $commandLine,
            $this->phpVersion,
            $this->booted,
            $this->exitCode,
            $this->scripts,
            $this->classes,
            $this->functions,
            $this->preloadMemoryBytes,
            $this->opcacheUsedBytes,
            $this->opcacheMemoryBytes,
            $this->startupSeconds,
            $this->messages,
            $this->unlinkedClasses,
        );
    }

    /** @return list<StartupMessage> */
    public function withSeverity(Severity $severity): array
    {
        return array_values(array_filter($this->messages, static fn (StartupMessage $m): bool => $m->severity === $severity));
    }

    public function fatalCount(): int
    {
        return \count($this->withSeverity(Severity::Fatal)) + ($this->booted || [] !== $this->withSeverity(Severity::Fatal) ? 0 : 1);
    }

    public function warningCount(): int
    {
        return \count($this->withSeverity(Severity::Warning));
    }

    public function passed(bool $strict): bool
    {
        return 0 === $this->fatalCount() && (!$strict || 0 === $this->warningCount());
    }

    /** @return array<string, mixed> */
    public function toArray(): array
    {
        return [
            'script' => $this->scriptPath,
            'command' => $this->commandLine,
            'php' => $this->phpVersion,
            'booted' => $this->booted,
            'exitCode' => $this->exitCode,
            'preloaded' => [
                'scripts' => $this->scripts,
                'classes' => $this->classes,
                'functions' => $this->functions,
                'memoryBytes' => $this->preloadMemoryBytes,
            ],
            'opcache' => ['usedBytes' => $this->opcacheUsedBytes, 'memoryBytes' => $this->opcacheMemoryBytes],
            'startupSeconds' => round($this->startupSeconds, 4),
            'fatals' => $this->fatalCount(),
            'warnings' => $this->warningCount(),
            'messages' => array_map(static fn (StartupMessage $m): array => $m->toArray(), $this->messages),
            'unlinkedClasses' => array_map(static fn (UnlinkedClass $c): array => $c->toArray(), $this->unlinkedClasses),
        ];
    }
}
