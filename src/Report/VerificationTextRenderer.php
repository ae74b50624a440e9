<?php

declare(strict_types=1);

namespace Preheat\Report;

use Preheat\Script\Verify\LimitEstimate;
use Preheat\Script\Verify\Severity;
use Preheat\Script\Verify\VerificationReport;
use Preheat\Util\DisplayString;
use Symfony\Component\Console\Formatter\OutputFormatter;
use Symfony\Component\Console\Output\OutputInterface;

/**
 * `preheat verify` as text: the verdict, what got preloaded, and PHP's messages (all of them with -v).
 *
 * @implements Renderer<VerifiedScript>
 */
final class VerificationTextRenderer implements Renderer
{
    public function write(object $report, OutputInterface $output): void
    {
        VerdictStyle::define($output);
        $lines = $this->lines(
            $report->verification,
            $report->strict,
            $output->isVerbose() ? \PHP_INT_MAX : 30,
            !$report->allowRefused,
        );
        $output->writeln(array_map(DisplayString::of(...), $lines));
    }

    /**
     * @param bool $refusedFails a class PHP refused fails the script (verify, unless --allow-refused)
     *
     * @return list<string>
     */
    public function lines(
        VerificationReport $report,
        bool $strict,
        int $maxMessages = 30,
        bool $refusedFails = false,
    ): array {
        $lines = [];
        $refused = $report->refusedClassCount();
        $status = match (true) {
            $refusedFails && $refused > 0 && $report->passed($strict) => \sprintf(
                VerdictStyle::Error->tag('FAILED').': PHP refused to preload %d of its classes (each request compiles'
                .' them again; --allow-refused passes it)',
                $refused,
            ),
            $report->clean() => VerdictStyle::Ok->tag('OK'),
            // Never "OK" while PHP warns at start-up: php-fpm would log it at every start.
            $report->passed($strict) => \sprintf(
                '%s (not clean: --strict fails on them)',
                VerdictStyle::Warning->tag(\sprintf('PASSED WITH %d WARNING(S)', $report->warningCount())),
            ),
            default => VerdictStyle::Error->tag('FAILED'),
        };
        // Paths and PHP's messages are escaped: a <tag> in them is text, not a style.
        $e = OutputFormatter::escape(...);
        $lines[] = \sprintf(
            'Verify %s with PHP %s: %s',
            $e($report->scriptPath),
            $e($report->boot->phpVersion ?: '?'),
            $status,
        );
        $lines[] = \sprintf('  php.ini    %s', $e($report->php->settings->describe()));
        if (null !== $report->boot->preloadUser) {
            $lines[] = \sprintf(
                '  User       preloaded as %s (%s)',
                $e($report->boot->preloadUser),
                $e($report->php->userSource),
            );
        }
        // Not booted itself (a fit): the boot's figures less the files left out (classes and functions as planned in
        // them), memory and time in proportion; only the scripts are counted as PHP counts them.
        $about = null === $report->unbootedFit ? '' : 'about ';
        $lines[] = \sprintf(
            '  Preloaded  %d scripts, %s%d classes%s, %s%d functions, %s%s preload memory (OPcache: %s%s used of %s)',
            $report->preloaded->scripts,
            $about,
            $report->preloadedClassCount(),
            0 === $refused ? '' : \sprintf(' (%d more refused: not preloaded)', $refused),
            $about,
            $report->preloaded->functions,
            $about,
            Format::megabytes($report->preloaded->memoryBytes),
            $about,
            Format::megabytes($report->preloaded->opcacheUsedBytes),
            Format::megabytes($report->preloaded->opcacheMemoryBytes),
        );
        if (null !== $report->unbootedFit) {
            $lines[] = \sprintf(
                '  Fitted     not booted again: the boot of all %d planned files preloaded the %d kept with no '
                .'fatal and no warning but the overflow; %s',
                $report->unbootedFit->bootedFiles,
                $report->unbootedFit->keptFiles,
                implode('; ', array_map(
                    static fn (LimitEstimate $l): string => \sprintf(
                        '%s: at most %s of the %s it leaves the preload (expected %s; the whole plan took %s)',
                        $l->setting,
                        Format::megabytes($l->atMostBytes),
                        Format::megabytes($l->roomBytes),
                        Format::megabytes($l->expectedBytes),
                        Format::megabytes($l->measuredBytes),
                    ),
                    $report->unbootedFit->limits,
                )),
            );
        }
        $limit = $report->php->settings->value('memory_limit') ?? '?';
        $lines[] = \sprintf(
            '  Start-up   %s%s spent preloading%s%s%s',
            $about,
            Format::seconds($report->startup->seconds),
            null === $report->startup->cpuSeconds
                ? ''
                : \sprintf(' (%s of CPU time)', Format::seconds($report->startup->cpuSeconds)),
            $report->startup->systemAllocator ? ' '.VerificationReport::SYSTEM_ALLOCATOR_NOTE : '',
            match (true) {
                // generate's boot: PHP's allocator, which measures the peak, was not the one running.
                $report->startup->systemAllocator => \sprintf(
                    $report->preloaded->memoryLimitLifted
                        ? ', peak memory not measured (memory_limit lifted for the preload; requests keep '.
                            'memory_limit=%s)'
                        : ', peak memory not measured (memory_limit=%s)',
                    $limit,
                ),
                null === $report->preloaded->peakMemoryBytes => '',
                default => \sprintf(
                    $report->preloaded->memoryLimitLifted
                        ? ', peak memory %s (memory_limit lifted for the preload; requests keep memory_limit=%s)'
                        : ', peak memory %s of memory_limit=%s',
                    Format::megabytes($report->preloaded->peakMemoryBytes),
                    $limit,
                ),
            },
        );
        $lines[] = \sprintf(
            '  Messages   %d fatal, %d warnings, %d notices/deprecations',
            $report->fatalCount(),
            $report->warningCount(),
            $report->deprecationCount(),
        );
        if (
            !$report->boot->booted && 0 === \count($report->withSeverity(Severity::Fatal)) && 0 === \count(
                $report->findingsWithSeverity(Severity::Fatal),
            )
        ) {
            $lines[] = \sprintf(
                '  PHP did not start (exit code %d%s). Command: %s',
                $report->boot->exitCode,
                $report->boot->exitCode > 128
                    ? \sprintf(
                        ': killed by signal %d, a crash if 11 (segmentation fault) or 6 (abort)',
                        $report->boot->exitCode - 128,
                    )
                    : '',
                $e($report->boot->commandLine),
            );
        }
        foreach ($report->findings as $finding) {
            $label = match ($finding->severity) {
                Severity::Fatal => VerdictStyle::Error->tag('fatal'),
                Severity::Warning => '<comment>warning</comment>',
                default => '<comment>advice</comment>',
            };
            $lines[] = \sprintf('  %s %s', $label, $e($finding->message));
        }
        foreach ($report->unlinkedClasses as $class) {
            $lines[] = \sprintf('  <comment>unlinked</comment> %s: %s', $e($class->class), $e($class->reason));
        }
        $shown = 0;
        // Fatals and warnings first, then notices and deprecations: all are listed, up to the limit.
        $ordered = [
            ...$report->withSeverity(Severity::Fatal),
            ...$report->withSeverity(Severity::Warning),
            ...$report->withSeverity(Severity::Notice),
            ...$report->withSeverity(Severity::Deprecated),
        ];
        foreach ($ordered as $message) {
            if (str_starts_with($message->message, "Can't preload")) {
                continue;
            }
            if (++$shown > $maxMessages) {
                $lines[] = '  ... (-v or --format=json for all messages)';
                break;
            }
            $where = null === $message->file ? '' : \sprintf(' in %s:%d', $message->file, $message->line ?? 0);
            $times = $message->count > 1 ? \sprintf(' (%s times)', number_format($message->count)) : '';
            $lines[] = \sprintf(
                '  %s %s%s%s',
                Severity::Fatal === $message->severity
                    ? VerdictStyle::Error->tag($message->severity->value)
                    : '<comment>'.$message->severity->value.'</comment>',
                $e($message->message),
                $e($where),
                $times,
            );
        }

        return $lines;
    }
}
