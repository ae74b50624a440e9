<?php

declare(strict_types=1);

namespace Preheat\Script\Verify;

use Preheat\Php\PhpInstallation;

/**
 * What PHP did with a preload script when it started: with which php.ini and as which user, what got
 * preloaded, how long it took, everything it complained about, and what Preheat found on top of that.
 */
final class VerificationReport
{
    /** What a start-up figure measured with the C library's allocator means for php-fpm's (text and JSON). */
    public const SYSTEM_ALLOCATOR_NOTE = "(measured with the C library's allocator to verify faster; php-fpm, with "
        ."PHP's own, takes longer: preheat bench measures its start)";

    /**
     * @param list<StartupMessage> $messages
     * @param list<UnlinkedClass>  $unlinkedClasses
     * @param list<Finding>        $findings
     */
    public function __construct(
        public readonly string $scriptPath,
        public readonly PhpInstallation $php,
        public readonly BootOutcome $boot,
        public readonly PreloadFigures $preloaded,
        public readonly StartupTime $startup,
        public readonly array $messages,
        public readonly array $unlinkedClasses,
        public readonly array $findings = [],
        /** What the boot measured of OPcache's limits, for fitting a plan to them (see ScriptGenerator) */
        public readonly ?OpcacheRoom $room = null,
        /**
         * Not booted itself: a fitted part of the script whose boot this reports, for the files it keeps (the
         * scripts; classes and functions less those planned in the files left out; the messages on the kept
         * files; memory and start-up scaled by source bytes). Null when PHP booted it.
         */
        public readonly ?UnbootedFit $unbootedFit = null,
    ) {
    }

    /** The same report for the script at another path (a verified candidate moved into place). */
    public function withScript(string $scriptPath, string $commandLine): self
    {
        return $this->rebuilt($scriptPath, $commandLine, $this->findings);
    }

    /** The same report with one more finding (one only `verify` reports, beside what the boot found). */
    public function withFinding(Finding $finding): self
    {
        return $this->rebuilt($this->scriptPath, $this->boot->commandLine, [...$this->findings, $finding]);
    }

    /** @param list<Finding> $findings */
    private function rebuilt(string $scriptPath, string $commandLine, array $findings): self
    {
        return new self(
            scriptPath: $scriptPath,
            php: $this->php,
            boot: new BootOutcome(
                commandLine: $commandLine,
                phpVersion: $this->boot->phpVersion,
                booted: $this->boot->booted,
                exitCode: $this->boot->exitCode,
                preloadUser: $this->boot->preloadUser,
            ),
            preloaded: $this->preloaded,
            startup: $this->startup,
            messages: $this->messages,
            unlinkedClasses: $this->unlinkedClasses,
            findings: $findings,
            room: $this->room,
            unbootedFit: $this->unbootedFit,
        );
    }

    /**
     * This boot's report for a fitted part of its script, not booted itself (see UnbootedFit): the counts of
     * the kept files, PHP's messages on them (and on no file, but the overflow), the findings but those on the
     * limits the fit made room in, memory and start-up in proportion to the source bytes kept.
     *
     * @param array<string, true> $keptFiles the kept files' real paths
     */
    public function forFit(
        UnbootedFit $fit,
        array $keptFiles,
        int $classes,
        int $functions,
        float $sourceShare,
        int $preloadMemoryBytes,
    ): self {
        $fitted = array_map(static fn (LimitEstimate $l): string => $l->setting, $fit->limits);
        $kept = static fn (?string $file): bool => null === $file || isset($keptFiles[realpath($file) ?: $file]);

        $preloaded = $this->preloaded;

        return new self(
            scriptPath: $this->scriptPath,
            php: $this->php,
            boot: $this->boot,
            preloaded: new PreloadFigures(
                scripts: \count($keptFiles) + max(0, $preloaded->scripts - $fit->bootedFiles),
                classes: $classes,
                functions: $functions,
                memoryBytes: $preloadMemoryBytes,
                opcacheUsedBytes: max(0, $preloaded->opcacheUsedBytes - $preloaded->memoryBytes + $preloadMemoryBytes),
                opcacheMemoryBytes: $preloaded->opcacheMemoryBytes,
                peakMemoryBytes: null,
                memoryLimitLifted: $preloaded->memoryLimitLifted,
            ),
            startup: new StartupTime(
                seconds: $this->startup->seconds * $sourceShare,
                cpuSeconds: null === $this->startup->cpuSeconds ? null : $this->startup->cpuSeconds * $sourceShare,
                systemAllocator: $this->startup->systemAllocator,
            ),
            messages: array_values(array_filter(
                $this->messages,
                // PHP's word on the overflow the fit made room for is not the fitted script's.
                static fn (StartupMessage $m): bool => $kept($m->file) && !(
                    StartupChecks::isInternedOverflow($m) && \in_array('opcache.interned_strings_buffer', $fitted, true)
                ),
            )),
            unlinkedClasses: array_values(
                array_filter($this->unlinkedClasses, static fn (UnlinkedClass $c): bool => $kept($c->file)),
            ),
            findings: array_values(array_filter(
                $this->findings,
                static fn (Finding $f): bool => !\in_array($f->setting, $fitted, true),
            )),
            room: null,
            unbootedFit: $fit,
        );
    }

    /** @return list<StartupMessage> */
    public function withSeverity(Severity $severity): array
    {
        return array_values(
            array_filter($this->messages, static fn (StartupMessage $m): bool => $m->severity === $severity),
        );
    }

    /** @return list<Finding> */
    public function findingsWithSeverity(Severity $severity): array
    {
        return array_values(array_filter($this->findings, static fn (Finding $f): bool => $f->severity === $severity));
    }

    public function fatalCount(): int
    {
        $fatals = \count($this->withSeverity(Severity::Fatal)) + \count($this->findingsWithSeverity(Severity::Fatal));

        return $fatals + ($this->boot->booted || $fatals > 0 ? 0 : 1);
    }

    public function warningCount(): int
    {
        return \count($this->withSeverity(Severity::Warning)) + \count($this->findingsWithSeverity(Severity::Warning));
    }

    public function deprecationCount(): int
    {
        return \count($this->withSeverity(Severity::Deprecated)) + \count($this->withSeverity(Severity::Notice));
    }

    /**
     * The classes PHP compiled but refused to preload ("Can't preload unlinked class"): OPcache still lists
     * them among the preloaded classes, yet each request compiles and links them again.
     */
    public function refusedClassCount(): int
    {
        return \count(array_unique(array_map(
            static fn (UnlinkedClass $c): string => strtolower($c->class),
            $this->unlinkedClasses,
        )));
    }

    /** The script's classes PHP really preloaded: OPcache's count without those it refused. */
    public function preloadedClassCount(): int
    {
        return max(0, $this->preloaded->classes - $this->refusedClassCount());
    }

    public function passed(bool $strict): bool
    {
        return 0 === $this->fatalCount() && (!$strict || 0 === $this->warningCount());
    }

    /**
     * No fatal and no warning: what a script must be to be called OK. A warning (a class PHP could not
     * link, say) appears at every php-fpm start; without --strict the script still passes, but not as clean.
     */
    public function clean(): bool
    {
        return 0 === $this->fatalCount() && 0 === $this->warningCount();
    }
}
